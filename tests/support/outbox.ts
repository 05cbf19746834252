import { readOutbox as readStandInOutbox, type OutboxEntry } from '../../mocks/twilio.ts'

/** Every text the Twilio stand-in has "sent", oldest first, as a phone would show them. */
export function readOutbox(outboxPath = process.env.SMS_OUTBOX_PATH!): OutboxEntry[] {
  return readStandInOutbox(outboxPath)
}

/** The login code in the newest text to a number. */
export function latestCode(phoneNumber: string, outboxPath?: string): string {
  const texts = readOutbox(outboxPath).filter((entry) => entry.to === phoneNumber)
  const code = texts.at(-1)?.body.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`no login code has been texted to ${phoneNumber}`)
  return code
}
