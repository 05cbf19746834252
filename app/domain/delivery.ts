import type { NotificationStatus } from '../../db/schema.ts'

/*
 * A text's delivery as Twilio reports it (the create answer, then status callbacks), and how the
 * dashboard says it. Twilio's callbacks may arrive out of order, so a status only moves forward.
 */

/** Twilio's message statuses (`message_enum_status`), as the outbox keeps them. */
const FROM_TWILIO: Record<string, NotificationStatus> = {
  accepted: 'queued',
  scheduled: 'queued',
  queued: 'queued',
  sending: 'sent',
  sent: 'sent',
  delivered: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
  canceled: 'failed',
}

export function deliveryStatus(twilioStatus: string): NotificationStatus | undefined {
  return FROM_TWILIO[twilioStatus]
}

/**
 * How far along each status is. The three outcomes share the last rank: a `delivered` posted
 * after `undelivered` (or the reverse) is a late duplicate, not news.
 */
export const DELIVERY_RANK: Record<Exclude<NotificationStatus, 'skipped' | 'held'>, number> = {
  pending: 0,
  sending: 1,
  queued: 2,
  sent: 3,
  delivered: 4,
  undelivered: 4,
  failed: 4,
}

/** The statuses a callback reporting `status` may move a text from. */
export function statusesBefore(status: NotificationStatus): NotificationStatus[] {
  if (status === 'skipped' || status === 'held') return []
  const rank = DELIVERY_RANK[status]
  return (Object.keys(DELIVERY_RANK) as (keyof typeof DELIVERY_RANK)[]).filter(
    (earlier) => DELIVERY_RANK[earlier] < rank,
  )
}

/** The outcomes a delivery counter reports: the last word Twilio gives on a text. */
export const DELIVERY_OUTCOMES = ['delivered', 'undelivered', 'failed'] as const
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number]

export function isOutcome(status: NotificationStatus): status is DeliveryOutcome {
  return (DELIVERY_OUTCOMES as readonly string[]).includes(status)
}

export type TextStatus = NotificationStatus

/** A text's status in the dashboard's words. */
export const TEXT_STATUS_LABEL: Record<TextStatus, string> = {
  pending: 'Sending',
  sending: 'Sending',
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  undelivered: 'Not delivered',
  failed: 'Failed',
  // Why is beside it: STOP, the day's cap, or an opening gone before its text could go.
  skipped: 'Not sent',
  held: 'Held for quiet hours',
}

/**
 * The carrier's reason in plain words, from Twilio's error code
 * (https://www.twilio.com/docs/api/errors/{code}); codes we have no words for get a generic line.
 */
const CARRIER_REASONS: Record<number, string> = {
  30003: 'your phone was off or out of coverage',
  30004: 'your number blocks texts from us',
  30005: 'the number is unknown or no longer in service',
  30006: 'the number is a landline or cannot receive texts',
  30007: 'your carrier filtered it as spam',
  30008: 'your carrier reported an unknown error',
  30034: 'your carrier refused texts from our number until its registration is approved',
}

export function deliveryProblem(errorCode: number | null): string | null {
  if (errorCode === null) return null
  return CARRIER_REASONS[errorCode] ?? `the carrier refused it (Twilio error ${errorCode})`
}

/**
 * What went wrong with a text, in plain words: the carrier's reason, or, for a text we did not
 * send (or still hold), ours.
 */
export function textProblem(text: {
  status: TextStatus
  error: string | null
  errorCode: number | null
}): string | null {
  return text.status === 'skipped' || text.status === 'held'
    ? text.error
    : deliveryProblem(text.errorCode)
}

/** Why no text will arrive, and how to have them again, in the carriers' own keyword. */
export function textsOffNotice({ since, ourNumber }: { since: string; ourNumber: string }) {
  return `Texts are off: your number replied STOP on ${since}, so your alerts are paused and not checked. Text START to ${ourNumber} to turn them back on.`
}
