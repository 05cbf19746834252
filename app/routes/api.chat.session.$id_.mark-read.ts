import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { findSession, markRead } from '~/models/chat.server'
import { apiError, methodNotAllowed } from '~/utils/api.server'
import { publishChatEvent } from '~/utils/chat-events.server'
import { requireChatAdmin, sessionIdParam } from '~/utils/chat.server'
import { getDb } from '~/utils/db.server'

/** POST /api/chat/session/{id}/mark-read: support has read the visitor's messages (admins). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  await requireChatAdmin(request)
  const sessionId = sessionIdParam(params)
  if (!(await findSession(getDb(), sessionId)))
    return apiError(404, 'There is no conversation with that id.')
  const updatedCount = await markRead(getDb(), sessionId, 'user')
  if (updatedCount > 0) await publishChatEvent({ type: 'read', sessionId, sender: 'user' })
  return json({ success: true, updatedCount })
}

export const loader = () => methodNotAllowed(['POST'])
