import type { User } from '../../db/schema.ts'
import { billingDate } from '~/domain/billing'
import { textsOffNotice } from '~/domain/delivery'
import { formatPhoneNumber } from '~/domain/phone'
import { TEST_TEXT_MESSAGES } from '~/domain/test-text'
import { testText } from '~/domain/texts'
import { getEnv } from '~/env.server'
import { optedOutAt, recordAccountText } from '~/models/outbox.server'
import { getDb } from '~/utils/db.server'
import { consume } from '~/utils/rate-limit.server'
import { queueTextFromWeb } from '~/utils/sms-queue.server'

export type TestTextResult =
  | { ok: true; message: string }
  | { ok: false; status: 409 | 429; message: string; retryAfterS?: number }

/**
 * "Send me a test text": a text to the account's own number through the outbox and the send
 * job, like every alert text, so it gets a delivery status like them. Any plan or none; a few
 * an hour. A number that replied STOP is told how to turn texts back on, and nothing is spent or
 * written.
 */
export async function sendTestText(user: User): Promise<TestTextResult> {
  const db = getDb()
  const stoppedAt = await optedOutAt(db, user.phoneNumber)
  if (stoppedAt) {
    const ourNumber = formatPhoneNumber(getEnv().twilio.fromNumber)
    return {
      ok: false,
      status: 409,
      message: TEST_TEXT_MESSAGES.stopped(
        textsOffNotice({ since: billingDate(stoppedAt), ourNumber }),
      ),
    }
  }
  const limit = await consume('testTextPerUser', user.id)
  if (!limit.ok)
    return {
      ok: false,
      status: 429,
      message: TEST_TEXT_MESSAGES.tooMany(limit.retryAfterS),
      retryAfterS: limit.retryAfterS,
    }
  const text = await recordAccountText(db, {
    userId: user.id,
    purpose: 'test',
    toNumber: user.phoneNumber,
    body: testText(),
  })
  await queueTextFromWeb(text.id)
  return { ok: true, message: TEST_TEXT_MESSAGES.sent(formatPhoneNumber(text.toNumber)) }
}
