import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { z } from 'zod'
import { addSupportReply } from '~/models/chat.server'
import { apiError, methodNotAllowed, readJson } from '~/utils/api.server'
import { publishChatEvent } from '~/utils/chat-events.server'
import { messageText } from '~/domain/chat'
import { requireChatAdmin } from '~/utils/chat.server'
import { getDb } from '~/utils/db.server'

const respondBody = z.strictObject({
  messageId: z.uuid('messageId must be a UUID.'),
  responseText: messageText,
})

/** POST /api/chat/respond {messageId, responseText}: support answers a visitor's message. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  await requireChatAdmin(request)
  const input = await readJson(request, respondBody)
  const reply = await addSupportReply(getDb(), {
    replyToMessageId: input.messageId,
    text: input.responseText,
  })
  if (!reply) return apiError(404, 'There is no message from a visitor with that id.')
  await publishChatEvent({ type: 'message', sessionId: reply.sessionId, sender: 'support' })
  return json({ success: true, messageId: reply.messageId, sessionId: reply.sessionId })
}

export const loader = () => methodNotAllowed(['POST'])
