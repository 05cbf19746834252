import twilio from 'twilio'
import { getEnv } from '~/env.server'

const g = globalThis as typeof globalThis & { __twilio?: ReturnType<typeof twilio> }

function client() {
  const { accountSid, authToken } = getEnv().twilio
  // 10 s is plenty for Twilio's API; a hung request must not hold a login open.
  g.__twilio ??= twilio(accountSid, authToken, { timeout: 10_000, autoRetry: true, maxRetries: 2 })
  return g.__twilio
}

/** Sends one text through Twilio's Messages API (answered by msw in mock mode). */
export async function sendSms(to: string, body: string) {
  const message = await client().messages.create({ to, from: getEnv().twilio.fromNumber, body })
  return { sid: message.sid, status: message.status }
}
