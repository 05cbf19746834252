import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { findSession, listSessionMessages } from '~/models/chat.server'
import { apiError, methodNotAllowed } from '~/utils/api.server'
import { chatCaller, sessionIdParam } from '~/utils/chat.server'
import { getDb } from '~/utils/db.server'
import { PRIVATE } from '~/utils/http.server'

/**
 * GET /api/chat/session/{id}/messages: one conversation, oldest first. Admins read any; a
 * visitor reads only their own (someone else's is answered as if it did not exist).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const sessionId = sessionIdParam(params)
  const caller = await chatCaller(request)
  const session = await findSession(getDb(), sessionId)
  const own =
    session &&
    caller.owner &&
    ('userId' in caller.owner
      ? session.userId === caller.owner.userId
      : session.visitorId === caller.owner.visitorId)
  if (!own && caller.user?.role !== 'admin') {
    if (!caller.owner) return apiError(401, 'Unauthorized')
    return apiError(404, 'There is no conversation with that id.')
  }
  if (!session) return apiError(404, 'There is no conversation with that id.')
  return json(await listSessionMessages(getDb(), sessionId), {
    headers: PRIVATE,
  })
}

export const action = () => methodNotAllowed(['GET'])
