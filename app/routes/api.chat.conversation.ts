import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { listSessionMessages } from '~/models/chat.server'
import { methodNotAllowed } from '~/utils/api.server'
import { chatCaller, ownSession } from '~/utils/chat.server'
import { getDb } from '~/utils/db.server'
import { PRIVATE } from '~/utils/http.server'

/**
 * GET /api/chat/conversation: the caller's own conversation ({sessionId, messages}; both empty
 * before the first message). The widget polls it; reading it marks nothing read.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await ownSession(await chatCaller(request))
  const messages = session ? await listSessionMessages(getDb(), session.id) : []
  return json({ sessionId: session?.id ?? null, messages }, { headers: PRIVATE })
}

export const action = () => methodNotAllowed(['GET'])
