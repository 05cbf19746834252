import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { listSessions } from '~/models/chat.server'
import { methodNotAllowed } from '~/utils/api.server'
import { requireChatAdmin } from '~/utils/chat.server'
import { getDb } from '~/utils/db.server'
import { PRIVATE } from '~/utils/http.server'

/** GET /api/chat/sessions: the conversations, newest activity first (admins). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireChatAdmin(request)
  return json(await listSessions(getDb()), { headers: PRIVATE })
}

export const action = () => methodNotAllowed(['GET'])
