import type { ActionFunctionArgs } from '@remix-run/node'
import { normalizePhoneNumber } from '~/domain/phone'
import { readKeyword } from '~/domain/sms-keywords'
import { recordConsentReply } from '~/models/client-consent.server'
import { optIn, optOut } from '~/models/outbox.server'
import { apiError, methodNotAllowed } from '~/utils/api.server'
import { getDb } from '~/utils/db.server'
import { readTwilioWebhook, twiml } from '~/utils/twilio-webhook.server'

export const loader = () => methodNotAllowed(['POST'])

/**
 * Replies to our number: STOP and its synonyms opt out, START (or YES) opts back in. A client's
 * phone answers its consent text too (decision 0035): YES agrees for the client last asked, STOP
 * stops every client at the number. Twilio has already answered the keyword (decision 0025), so
 * the TwiML we return is always empty.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const params = await readTwilioWebhook(request)
  if (!params) return apiError(403, 'Invalid Twilio signature.')
  const from = normalizePhoneNumber(params.From ?? '')
  const keyword = readKeyword(params)
  if (from && (keyword === 'stop' || keyword === 'start')) {
    await (keyword === 'stop' ? optOut : optIn)(getDb(), from)
    await recordConsentReply(getDb(), from, keyword, new Date())
  }
  return twiml()
}
