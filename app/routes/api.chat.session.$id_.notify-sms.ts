import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { z } from 'zod'
import { messageText, supportAnsweredSms } from '~/domain/chat'
import { getEnv } from '~/env.server'
import { smsTarget } from '~/models/chat.server'
import { apiError, methodNotAllowed, readJson } from '~/utils/api.server'
import { requireChatAdmin, sessionIdParam } from '~/utils/chat.server'
import { getDb } from '~/utils/db.server'
import { getLogger } from '~/utils/logger.server'
import { consume } from '~/utils/rate-limit.server'
import { sendSms } from '~/utils/sms.server'

const notifyBody = z.strictObject({ message: messageText.optional() })

/**
 * POST /api/chat/session/{id}/notify-sms {message?}: texts the customer that support has
 * answered and asks them to log in (admins; only a user's conversation, never one who sent STOP).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const admin = await requireChatAdmin(request)
  const sessionId = sessionIdParam(params)
  const input = await readJson(request, notifyBody)
  const target = await smsTarget(getDb(), sessionId)
  if (!target)
    return apiError(404, 'This conversation has no customer with a phone number to text.')
  if (target.optedOut) return apiError(409, 'This customer has opted out of texts.')
  for (const [name, key] of [
    ['chatSmsPerSession', sessionId],
    ['chatSmsPerAdmin', admin.id],
  ] as const) {
    const limit = await consume(name, key)
    if (!limit.ok)
      return apiError(429, 'Too many texts for now. Please try again later.', undefined, {
        'Retry-After': String(limit.retryAfterS),
      })
  }
  try {
    await sendSms(target.phoneNumber, input.message ?? supportAnsweredSms(getEnv().appUrl))
  } catch (error) {
    // Twilio's message may quote the number: only its code is logged.
    const code = (error as { code?: unknown }).code
    getLogger().error({ sessionId, twilioCode: code }, 'chat: SMS notification failed')
    return json({ success: false, message: 'Failed to send SMS.' }, { status: 502 })
  }
  getLogger().info({ sessionId }, 'chat: customer notified by SMS')
  return json({ success: true })
}

export const loader = () => methodNotAllowed(['POST'])
