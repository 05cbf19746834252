import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { isOutcome } from '~/domain/delivery'
import { recordDeliveryStatus } from '~/models/outbox.server'
import { apiError, methodNotAllowed } from '~/utils/api.server'
import { getDb } from '~/utils/db.server'
import { countDelivery } from '~/utils/delivery-metrics.server'
import { readTwilioWebhook } from '~/utils/twilio-webhook.server'

export const loader = () => methodNotAllowed(['POST'])

/** The fields of Twilio's status callback we read; Twilio sends more, which are left alone. */
const callback = z.object({
  MessageSid: z.string().regex(/^(SM|MM)[0-9a-f]{32}$/, 'MessageSid must be a message SID.'),
  MessageStatus: z.string().regex(/^[a-z_]+$/, 'MessageStatus must be a Twilio message status.'),
  ErrorCode: z
    .string()
    .regex(/^\d{1,6}$/, 'ErrorCode must be a number.')
    .transform(Number)
    .optional(),
})

/** Twilio's delivery status callback: moves the text's outbox row forward. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const params = await readTwilioWebhook(request)
  if (!params) return apiError(403, 'Invalid Twilio signature.')
  if (!params.MessageSid || !params.MessageStatus)
    return apiError(400, 'MessageSid and MessageStatus are required.')
  const parsed = callback.safeParse(params)
  if (!parsed.success) return apiError(400, parsed.error.issues[0]!.message)
  const { MessageSid, MessageStatus, ErrorCode } = parsed.data
  // A code of 0 (or none) is Twilio's "no error".
  const moved = await recordDeliveryStatus(getDb(), MessageSid, MessageStatus, ErrorCode || null)
  if (moved && isOutcome(moved)) countDelivery(moved)
  return new Response(null, { status: 204 })
}
