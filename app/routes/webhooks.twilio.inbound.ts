import type { ActionFunctionArgs } from '@remix-run/node'
import { normalizePhoneNumber } from '~/domain/phone'
import { keywordReply, readKeyword } from '~/domain/sms-keywords'
import { getEnv } from '~/env.server'
import { optIn, optOut } from '~/models/outbox.server'
import { apiError, methodNotAllowed } from '~/utils/api.server'
import { getDb } from '~/utils/db.server'
import { readTwilioWebhook, twiml } from '~/utils/twilio-webhook.server'

export const loader = () => methodNotAllowed(['POST'])

/**
 * Replies to our number: STOP and its synonyms opt out, START opts back in, HELP says who we are.
 * Twilio's own opt-out handling, when on, has answered already: then we only record it.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const params = await readTwilioWebhook(request)
  if (!params) return apiError(403, 'Invalid Twilio signature.')
  const from = normalizePhoneNumber(params.From ?? '')
  const found = readKeyword(params)
  if (!from || !found) return twiml()
  if (found.keyword === 'stop') await optOut(getDb(), from)
  if (found.keyword === 'start') await optIn(getDb(), from)
  return found.twilioReplied ? twiml() : twiml(keywordReply(found.keyword, getEnv().appUrl))
}
