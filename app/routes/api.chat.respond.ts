import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { z } from 'zod'
import { messageText } from '~/domain/chat-schema'
import { apiError, methodNotAllowed, readJson } from '~/utils/api.server'
import { replyTo } from '~/services/chat-admin.server'
import { requireChatAdmin } from '~/utils/chat.server'

const respondBody = z.strictObject({
  messageId: z.uuid('messageId must be a UUID.'),
  responseText: messageText,
})

/** POST /api/chat/respond {messageId, responseText}: support answers a visitor's message. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  await requireChatAdmin(request)
  const input = await readJson(request, respondBody)
  const reply = await replyTo(input.messageId, input.responseText)
  if (!reply.ok) return apiError(reply.status, reply.message)
  return json({ success: true, messageId: reply.messageId, sessionId: reply.sessionId })
}

export const loader = () => methodNotAllowed(['POST'])
