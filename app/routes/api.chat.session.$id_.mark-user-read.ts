import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { markRead } from '~/models/chat.server'
import { apiError, methodNotAllowed } from '~/utils/api.server'
import { publishChatEvent } from '~/utils/chat-events.server'
import { chatCaller, ownSession, sessionIdParam } from '~/utils/chat.server'
import { getDb } from '~/utils/db.server'

/**
 * POST /api/chat/session/{id}/mark-user-read: the visitor has seen support's replies in their
 * own conversation (support then sees them as Read).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const sessionId = sessionIdParam(params)
  const caller = await chatCaller(request)
  if (!caller.owner) return apiError(401, 'Unauthorized')
  const session = await ownSession(caller)
  if (session?.id !== sessionId) return apiError(404, 'There is no conversation with that id.')
  const updatedCount = await markRead(getDb(), sessionId, 'support')
  if (updatedCount > 0) await publishChatEvent({ type: 'read', sessionId, sender: 'support' })
  return json({ success: true, updatedCount })
}

export const loader = () => methodNotAllowed(['POST'])
