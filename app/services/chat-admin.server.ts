import { checkReply, supportAnsweredSms } from '~/domain/chat'
import { getEnv } from '~/env.server'
import {
  addSupportReply,
  deleteSession,
  listSessionMessages,
  smsTarget,
} from '~/models/chat.server'
import { publishChatEvent } from '~/utils/chat-events.server'
import { getDb } from '~/utils/db.server'
import { getLogger } from '~/utils/logger.server'
import { consume } from '~/utils/rate-limit.server'
import { sendSms } from '~/utils/sms.server'

/**
 * What the support admin does, shared by the JSON API and the /chat-admin page's own forms
 * (which work without JavaScript). Each answers a result; the caller turns it into a response.
 */
export type AdminResult<T = object> =
  ({ ok: true } & T) | { ok: false; status: number; message: string; retryAfterS?: number }

/** Support answers a visitor's message. */
export async function replyTo(
  messageId: string,
  text: string,
): Promise<AdminResult<{ messageId: string; sessionId: string }>> {
  const reply = await addSupportReply(getDb(), { replyToMessageId: messageId, text })
  if (!reply)
    return { ok: false, status: 404, message: 'There is no message from a visitor with that id.' }
  await publishChatEvent({ type: 'message', sessionId: reply.sessionId, sender: 'support' })
  return { ok: true, ...reply }
}

/** A reply to a conversation: to its newest visitor message, trimmed, never empty (accounts §5). */
export async function replyInSession(sessionId: string, raw: string): Promise<AdminResult> {
  const check = checkReply(raw, await listSessionMessages(getDb(), sessionId))
  if (!check.ok) return { ok: false, status: 400, message: `Reply not sent (${check.reason}).` }
  return replyTo(check.replyToMessageId, check.text)
}

export async function removeSession(
  sessionId: string,
): Promise<AdminResult<{ deletedCount: number }>> {
  const deletedCount = await deleteSession(getDb(), sessionId)
  if (deletedCount === null)
    return { ok: false, status: 404, message: 'There is no conversation with that id.' }
  await publishChatEvent({ type: 'deleted', sessionId })
  return { ok: true, deletedCount }
}

/**
 * Texts the conversation's customer that support has answered and asks them to log in: only a
 * user's conversation, never a number that sent STOP; 3 per conversation and 30 per admin an hour.
 */
export async function notifyCustomer(
  sessionId: string,
  adminId: string,
  message?: string,
): Promise<AdminResult> {
  const target = await smsTarget(getDb(), sessionId)
  if (!target)
    return {
      ok: false,
      status: 404,
      message: 'This conversation has no customer with a phone number to text.',
    }
  if (target.optedOut)
    return { ok: false, status: 409, message: 'This customer has opted out of texts.' }
  for (const [name, key] of [
    ['chatSmsPerSession', sessionId],
    ['chatSmsPerAdmin', adminId],
  ] as const) {
    const limit = await consume(name, key)
    if (!limit.ok)
      return {
        ok: false,
        status: 429,
        message: 'Too many texts for now. Please try again later.',
        retryAfterS: limit.retryAfterS,
      }
  }
  try {
    await sendSms(target.phoneNumber, message ?? supportAnsweredSms(getEnv().appUrl))
  } catch (error) {
    // Twilio's message may quote the number: only its code is logged.
    const code = (error as { code?: unknown }).code
    getLogger().error({ sessionId, twilioCode: code }, 'chat: SMS notification failed')
    return { ok: false, status: 502, message: 'Failed to send SMS.' }
  }
  getLogger().info({ sessionId }, 'chat: customer notified by SMS')
  return { ok: true }
}
