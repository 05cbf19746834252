import type { ActionFunctionArgs } from '@remix-run/node'
import { normalizePhoneNumber } from '~/domain/phone'
import { getEnv } from '~/env.server'
import { optIn, optOut } from '~/models/monitoring.server'
import { apiError, methodNotAllowed } from '~/utils/api.server'
import { getDb } from '~/utils/db.server'
import { readTwilioWebhook, twiml } from '~/utils/twilio-webhook.server'

export const loader = () => methodNotAllowed(['POST'])

const STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']
const START_WORDS = ['START', 'UNSTOP', 'YES']
const HELP_WORDS = ['HELP', 'INFO']

/** Replies to our number: STOP and its synonyms opt out, START opts back in, HELP says who we are. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const params = await readTwilioWebhook(request)
  if (!params) return apiError(403, 'Invalid Twilio signature.')
  const from = normalizePhoneNumber(params.From ?? '')
  const word = (params.Body ?? '').trim().toUpperCase()
  if (!from) return twiml()
  if (STOP_WORDS.includes(word)) {
    await optOut(getDb(), from)
    return twiml(
      'Disney Hotel Alerts: you are unsubscribed and will get no more texts. Reply START to resubscribe.',
    )
  }
  if (START_WORDS.includes(word)) {
    await optIn(getDb(), from)
    return twiml(
      'Disney Hotel Alerts: you are subscribed again. Reply STOP to unsubscribe, HELP for help.',
    )
  }
  if (HELP_WORDS.includes(word)) {
    return twiml(
      `Disney Hotel Alerts: texts when Disney openings match your alerts. Help: ${getEnv().appUrl}/faq. Msg&data rates may apply. Reply STOP to unsubscribe.`,
    )
  }
  return twiml()
}
