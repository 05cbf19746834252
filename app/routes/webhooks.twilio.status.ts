import type { ActionFunctionArgs } from '@remix-run/node'
import { recordDeliveryStatus } from '~/models/outbox.server'
import { apiError, methodNotAllowed } from '~/utils/api.server'
import { getDb } from '~/utils/db.server'
import { readTwilioWebhook } from '~/utils/twilio-webhook.server'

export const loader = () => methodNotAllowed(['POST'])

/** Twilio's delivery status callback: moves the text's outbox row forward. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const params = await readTwilioWebhook(request)
  if (!params) return apiError(403, 'Invalid Twilio signature.')
  if (!params.MessageSid || !params.MessageStatus)
    return apiError(400, 'MessageSid and MessageStatus are required.')
  await recordDeliveryStatus(getDb(), params.MessageSid, params.MessageStatus, params.ErrorCode)
  return new Response(null, { status: 204 })
}
