import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { listAllMessages } from '~/models/chat.server'
import { methodNotAllowed } from '~/utils/api.server'
import { requireChatAdmin } from '~/utils/chat.server'
import { getDb } from '~/utils/db.server'
import { PRIVATE } from '~/utils/http.server'

/** GET /api/chat/messages: every message of the recent conversations, oldest first (admins). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireChatAdmin(request)
  return json(await listAllMessages(getDb()), { headers: PRIVATE })
}

export const action = () => methodNotAllowed(['GET'])
