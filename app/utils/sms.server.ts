import twilio from 'twilio'
import { getEnv } from '~/env.server'
import { singleton } from '~/utils/singleton.server'

function client() {
  const { accountSid, authToken } = getEnv().twilio
  // 10 s is plenty for Twilio's API; a hung request must not hold a login open.
  return singleton('twilio', () =>
    twilio(accountSid, authToken, { timeout: 10_000, autoRetry: true, maxRetries: 2 }),
  )
}

/** Sends one text through Twilio's Messages API (answered by msw in mock mode). */
export async function sendSms(to: string, body: string, options: { statusCallback?: string } = {}) {
  const message = await client().messages.create({
    to,
    from: getEnv().twilio.fromNumber,
    body,
    ...(options.statusCallback && { statusCallback: options.statusCallback }),
  })
  return { sid: message.sid, status: message.status }
}

/** A text with this body already sent to this number since a moment, if Twilio has one. */
export async function findSentText(to: string, body: string, since: Date) {
  const messages = await client().messages.list({ to, dateSentAfter: since, limit: 50 })
  return messages.find((message) => message.body === body)
}
