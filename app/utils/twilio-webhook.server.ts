import twilio from 'twilio'
import { getEnv } from '~/env.server'

/**
 * Reads a Twilio webhook: the form fields, if X-Twilio-Signature proves that Twilio sent them
 * to this URL with our auth token; null otherwise.
 */
export async function readTwilioWebhook(request: Request): Promise<Record<string, string> | null> {
  const signature = request.headers.get('X-Twilio-Signature')
  if (!signature) return null
  const form = await request.formData().catch(() => null)
  if (!form) return null
  const params: Record<string, string> = {}
  for (const [key, value] of form) if (typeof value === 'string') params[key] = value
  // Twilio signs the public URL it called; behind a proxy that is APP_URL, not the inner address.
  const url = `${getEnv().appUrl}${new URL(request.url).pathname}${new URL(request.url).search}`
  return twilio.validateRequest(getEnv().twilio.authToken, signature, url, params) ? params : null
}

/** An empty TwiML answer: heard, and nothing to reply. */
export function twiml() {
  const response = new twilio.twiml.MessagingResponse()
  return new Response(response.toString(), { headers: { 'Content-Type': 'text/xml' } })
}
