/**
 * What Twilio keeps, kept where every process running the stand-in can read it: beside the outbox
 * file (SMS_OUTBOX_PATH), which the web, the worker and the simulator share. Each file is a log of
 * JSON lines that writers only append to (one short write each, so concurrent writers never
 * interleave), and a reader folds it: nothing is rewritten, nothing is held in a process.
 *
 * - the outbox: each text a phone got, as a phone would show it;
 * - `<outbox>.twilio-messages.jsonl`: every Message resource, with the life planned for it when
 *   it was created. Its status is derived from the clock, so any process answers alike;
 * - `<outbox>.twilio-numbers.jsonl`: numbers that replied STOP/START, and injected failures.
 */
import { randomBytes } from 'node:crypto'
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { DELIVERY_FAILURES, type DeliveryFailure } from './twilio-errors.ts'

export const API_VERSION = '2010-04-01'

/** A text as the phone that got it shows it. */
export interface OutboxEntry {
  to: string
  from: string
  body: string
  time: string
  sid: string
}

export type Direction = 'inbound' | 'outbound-api' | 'outbound-reply'

/** How long a text waits in Twilio's queue, and then how long until the carrier reports on it. */
export interface Timing {
  queuedForMs: number
  deliveredAfterMs: number
}
export const DEVELOPMENT_TIMING: Timing = { queuedForMs: 1_000, deliveredAfterMs: 2_000 }

/** A Message resource as Twilio keeps it: what was sent, and the life planned for it. */
export interface MessageRecord {
  sid: string
  accountSid: string
  messagingServiceSid: string | null
  direction: Direction
  from: string
  to: string
  body: string
  createdAt: number
  timing: Timing
  failure: DeliveryFailure | null
}

type NumberEvent =
  | { kind: 'opt-out' | 'opt-in' | 'deliver'; phone: string }
  | { kind: 'fail'; phone: string; code: DeliveryFailure }
/** Clears injected failures for every number. */
const EVERY_NUMBER = '*'

const messagesLog = (outboxPath: string) => `${outboxPath}.twilio-messages.jsonl`
const numbersLog = (outboxPath: string) => `${outboxPath}.twilio-numbers.jsonl`

function readLog<T>(file: string): T[] {
  if (!existsSync(file)) return []
  // A line another process is writing this instant may be torn: it is read next time.
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      try {
        return line ? [JSON.parse(line) as T] : []
      } catch {
        return []
      }
    })
}

function appendLog(file: string, value: unknown) {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
  appendFileSync(file, `${JSON.stringify(value)}\n`)
}

/** Every text the phones got, oldest first. */
export function readOutbox(outboxPath: string): OutboxEntry[] {
  return readLog<OutboxEntry>(outboxPath)
}

/** Whether Twilio refuses to text a number (it replied STOP), and how its next texts will fail. */
export function numberState(outboxPath: string, phone: string) {
  let optedOut = false
  let failure: DeliveryFailure | null = null
  for (const event of readLog<NumberEvent>(numbersLog(outboxPath))) {
    if (event.phone !== phone && event.phone !== EVERY_NUMBER) continue
    if (event.kind === 'opt-out' || event.kind === 'opt-in') optedOut = event.kind === 'opt-out'
    else failure = event.kind === 'fail' ? event.code : null
  }
  return { optedOut, failure }
}

export function recordOptOut(outboxPath: string, phone: string, optedOut: boolean) {
  appendLog(numbersLog(outboxPath), { kind: optedOut ? 'opt-out' : 'opt-in', phone })
}

/** Every later text to this number fails after Twilio took it, with this error, in any process. */
export function failDeliveriesTo(outboxPath: string, phone: string, code: DeliveryFailure) {
  appendLog(numbersLog(outboxPath), { kind: 'fail', phone, code })
}

/** Texts to this number (or to every number) are delivered again. */
export function clearDeliveryFailures(outboxPath: string, phone = EVERY_NUMBER) {
  appendLog(numbersLog(outboxPath), { kind: 'deliver', phone })
}

export function newMessageSid() {
  return `SM${randomBytes(16).toString('hex')}`
}

/** Keeps a new Message; a text to a phone goes in the outbox too. */
export function recordMessage(outboxPath: string, message: MessageRecord) {
  appendLog(messagesLog(outboxPath), message)
  if (message.direction === 'inbound') return
  const entry: OutboxEntry = {
    to: message.to,
    from: message.from,
    body: message.body,
    time: new Date(message.createdAt).toISOString(),
    sid: message.sid,
  }
  appendLog(outboxPath, entry)
}

/** The account's Messages, oldest first. */
export function readMessages(outboxPath: string, accountSid: string) {
  return readLog<MessageRecord>(messagesLog(outboxPath)).filter(
    (message) => message.accountSid === accountSid,
  )
}

export type MessageStatus =
  'accepted' | 'queued' | 'sent' | 'delivered' | 'undelivered' | 'failed' | 'received'

/**
 * The statuses a Message goes through and when. Twilio creates it `queued`, or `accepted` when a
 * Messaging Service is to pick the sender; then `sent` once a carrier took it and `delivered` or
 * `undelivered` on the carrier's report, or straight `failed` if it never left Twilio.
 */
export function lifeOf(message: MessageRecord): { status: MessageStatus; at: number }[] {
  const { createdAt, timing, failure } = message
  if (message.direction === 'inbound') return [{ status: 'received', at: createdAt }]
  const sentAt = createdAt + timing.queuedForMs
  const waiting: { status: MessageStatus; at: number }[] = message.messagingServiceSid
    ? [
        { status: 'accepted', at: createdAt },
        { status: 'queued', at: createdAt + timing.queuedForMs / 2 },
      ]
    : [{ status: 'queued', at: createdAt }]
  if (failure && DELIVERY_FAILURES[failure].status === 'failed')
    return [...waiting, { status: 'failed', at: sentAt }]
  return [
    ...waiting,
    { status: 'sent', at: sentAt },
    { status: failure ? 'undelivered' : 'delivered', at: sentAt + timing.deliveredAfterMs },
  ]
}

/**
 * A message's status at a moment, and when it was sent if it was. The answer to its create shows
 * the status it was created with, however soon the next one is due.
 */
export function messageAt(message: MessageRecord, now: number, asCreated = false) {
  const life = lifeOf(message)
  const reached = asCreated ? life.slice(0, 1) : life.filter((step) => step.at <= now)
  const current = reached.at(-1) ?? life[0]!
  const sent = reached.find((step) => step.status === 'sent' || step.status === 'received')
  return { status: current.status, updatedAt: current.at, sentAt: sent?.at ?? null }
}

/** GSM 03.38: the basic set costs a character, the extension table two (an escape first). */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
)
const GSM_EXTENSION = new Set('^{}\\[~]|€\f')

/** Segments a body takes: 160 GSM-7 characters alone or 153 each when split, 70/67 in UCS-2. */
export function segmentsOf(body: string) {
  let gsm = 0
  for (const char of body) {
    if (GSM_BASIC.has(char)) gsm += 1
    else if (GSM_EXTENSION.has(char)) gsm += 2
    else {
      // UCS-2 counts UTF-16 code units: an emoji takes two.
      return body.length <= 70 ? 1 : Math.ceil(body.length / 67)
    }
  }
  return gsm <= 160 ? 1 : Math.ceil(gsm / 153)
}

/** A date as Twilio writes it: RFC 2822, in GMT. */
export function rfc2822(time: number) {
  return new Date(time).toUTCString().replace(/GMT$/, '+0000')
}

/** Twilio's price for a US SMS segment, in USD, negative as Twilio writes charges. */
const PRICE_PER_SEGMENT = 0.0079

/** The `api.v2010.account.message` resource as Twilio answers it at a moment. */
export function messageResource(message: MessageRecord, now: number, asCreated = false) {
  const { status, updatedAt, sentAt } = messageAt(message, now, asCreated)
  const base = `/${API_VERSION}/Accounts/${message.accountSid}/Messages/${message.sid}`
  const charged = sentAt !== null
  const failed = status === 'undelivered' || status === 'failed'
  const segments = segmentsOf(message.body)
  return {
    body: message.body,
    // Through a Messaging Service Twilio counts segments only once it has picked the sender.
    num_segments: String(status === 'accepted' ? 0 : segments),
    direction: message.direction,
    from: status === 'accepted' ? null : message.from,
    to: message.to,
    date_updated: rfc2822(updatedAt),
    price: charged ? (-PRICE_PER_SEGMENT * segments).toFixed(5) : null,
    error_message: failed && message.failure ? DELIVERY_FAILURES[message.failure].message : null,
    uri: `${base}.json`,
    account_sid: message.accountSid,
    num_media: '0',
    status,
    messaging_service_sid: message.messagingServiceSid,
    sid: message.sid,
    date_sent: sentAt === null ? null : rfc2822(sentAt),
    date_created: rfc2822(message.createdAt),
    error_code: failed ? message.failure : null,
    price_unit: charged ? 'USD' : null,
    api_version: API_VERSION,
    subresource_uris: { media: `${base}/Media.json` },
  }
}
export type MessageResource = ReturnType<typeof messageResource>
