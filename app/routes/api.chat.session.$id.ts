import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { deleteSession } from '~/models/chat.server'
import { methodNotAllowed } from '~/utils/api.server'
import { publishChatEvent } from '~/utils/chat-events.server'
import { requireChatAdmin, sessionIdParam } from '~/utils/chat.server'
import { getDb } from '~/utils/db.server'

/** DELETE /api/chat/session/{id}: deletes a conversation and its messages (admins). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed(['DELETE'])
  await requireChatAdmin(request)
  const sessionId = sessionIdParam(params)
  const deletedCount = await deleteSession(getDb(), sessionId)
  if (deletedCount === null)
    return json(
      { success: false, deletedCount: 0, message: 'There is no conversation with that id.' },
      { status: 404 },
    )
  await publishChatEvent({ type: 'deleted', sessionId })
  return json({ success: true, deletedCount })
}

export const loader = () => methodNotAllowed(['DELETE'])
