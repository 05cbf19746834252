import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { methodNotAllowed } from '~/utils/api.server'
import { removeSession } from '~/services/chat-admin.server'
import { requireChatAdmin, sessionIdParam } from '~/utils/chat.server'

/** DELETE /api/chat/session/{id}: deletes a conversation and its messages (admins). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed(['DELETE'])
  await requireChatAdmin(request)
  const result = await removeSession(sessionIdParam(params))
  if (!result.ok)
    return json({ success: false, deletedCount: 0, message: result.message }, { status: 404 })
  return json({ success: true, deletedCount: result.deletedCount })
}

export const loader = () => methodNotAllowed(['DELETE'])
