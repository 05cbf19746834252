import { randomInt } from 'node:crypto'
import { sql, type Kysely, type Updateable } from 'kysely'
import { refreshQuestions } from '~/models/question.server'
import type {
  Database,
  NotificationStatus,
  NotificationsTable,
  TextPurpose,
  TextRecipient,
} from '../../db/schema.ts'
import type { AlertKind } from '~/domain/alerts'
import { deliveryStatus, statusesBefore } from '~/domain/delivery'

/*
 * The outbox: one row per text an opening calls for, written before anything is sent, then moved
 * along by the send job, Twilio's status callbacks and the subscriber's taps and replies.
 */

type Executor = Kysely<Database>

const SHORT_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'

export function newShortCode(length = 8): string {
  return Array.from(
    { length },
    () => SHORT_CODE_ALPHABET[randomInt(SHORT_CODE_ALPHABET.length)],
  ).join('')
}

export interface NewNotification {
  userId: string
  alertKind: AlertKind
  alertId: string
  openingKey: string
  toNumber: string
  bookingUrl: string
  /** A split stay's second booking, behind /o/<code>/2. */
  secondBookingUrl?: string
  shortCode: string
  body: string
  seenAt: Date
}

/**
 * Writes the outbox row of a text about the account (a test, a plan-end reminder) or to one of its
 * clients (the consent text), before anything is sent; its send job goes the way of every other
 * text. It carries no short link.
 */
export function recordAccountText(
  db: Executor,
  text: {
    userId: string
    purpose: Exclude<TextPurpose, 'opening'>
    toNumber: string
    body: string
    recipient?: TextRecipient
    clientId?: string
  },
) {
  return db
    .insertInto('notifications')
    .values({ ...text, shortCode: newShortCode() })
    .returning(['id', 'toNumber'])
    .executeTakeFirstOrThrow()
}

/** The account's last test text and how far it got, for Settings. */
export function latestTestText(db: Executor, userId: string) {
  return db
    .selectFrom('notifications')
    .select(['toNumber', 'status', 'errorCode', 'createdAt'])
    .where('userId', '=', userId)
    .where('purpose', '=', 'test')
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/** An opening text whose opening closed: not sent if it was not tried yet (decision 0029). */
const openingClosed = sql<boolean>`exists (select 1 from openings o
  where o.id = notifications.opening_id and o.closed_at is not null
    and notifications.purpose = 'opening')`

/** A text, with whether its number has opted out and its opening closed: one round trip. */
export function findTextToSend(db: Executor, id: string) {
  return db
    .selectFrom('notifications')
    .selectAll()
    .select((eb) => [
      eb
        .exists(
          eb
            .selectFrom('smsOptOuts')
            .whereRef('smsOptOuts.phoneNumber', '=', 'notifications.toNumber'),
        )
        .as('optedOut'),
      openingClosed.as('openingClosed'),
    ])
    .where('id', '=', id)
    .executeTakeFirst()
}

/**
 * Takes a text for sending, in one round trip: a pending text, or one a send left "sending", to
 * a number that has not opted out, about an opening still open, becomes "sending" with one
 * attempt more. Answers it with the status it had (locked while read), or nothing when it is not
 * to be sent now.
 */
export function takeTextToSend(db: Executor, id: string, now = new Date()) {
  return (
    db
      .with('before', (qb) =>
        qb.selectFrom('notifications').select(['id', 'status']).where('id', '=', id).forUpdate(),
      )
      .updateTable('notifications')
      .from('before')
      .set((eb) => ({
        status: 'sending',
        attempts: eb('notifications.attempts', '+', 1),
        updatedAt: now,
      }))
      .whereRef('notifications.id', '=', 'before.id')
      .where('before.status', 'in', ['pending', 'sending'])
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('smsOptOuts').whereRef(
              'smsOptOuts.phoneNumber',
              '=',
              'notifications.toNumber',
            ),
          ),
        ),
      )
      // A text a send left "sending" may have gone out: it is asked after, whatever its opening did.
      .where(sql<boolean>`not (before.status = 'pending' and ${openingClosed})`)
      .returningAll('notifications')
      .returning('before.status as statusBefore')
      .executeTakeFirst()
  )
}

export type TextChanges = Updateable<NotificationsTable>

/** Moves a text along (sending, sent, skipped, failed, back to pending). */
export async function updateText(db: Executor, id: string, changes: TextChanges) {
  await db
    .updateTable('notifications')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .execute()
}

/** Outbox rows not yet sent (pending or sending) and untouched since before `before`, oldest first. */
export function untouchedUnsentTexts(db: Executor, before: Date, limit: number) {
  return db
    .selectFrom('notifications')
    .select('id')
    .where('status', 'in', ['pending', 'sending'])
    .where('updatedAt', '<', before)
    .orderBy('updatedAt')
    .limit(limit)
    .execute()
}

export function findNotificationByCode(db: Executor, shortCode: string) {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('shortCode', '=', shortCode)
    .executeTakeFirst()
}

/** Counts a tap on the link in a text. */
export async function recordClick(db: Executor, id: string, now = new Date()) {
  await db
    .updateTable('notifications')
    .set((eb) => ({ clicks: eb('clicks', '+', 1), lastClickedAt: now }))
    .where('id', '=', id)
    .execute()
}

/**
 * A delivery status callback. Twilio may post them out of order, so a text only moves forward,
 * never back and never from one outcome to another. Answers the status the text moved to, if it
 * moved.
 */
export async function recordDeliveryStatus(
  db: Executor,
  sid: string,
  twilioStatus: string,
  errorCode: number | null,
): Promise<NotificationStatus | null> {
  const status = deliveryStatus(twilioStatus)
  if (!status) return null
  const moved = await db
    .updateTable('notifications')
    .set({
      status,
      updatedAt: new Date(),
      ...(errorCode !== null && { errorCode, error: `Twilio error ${errorCode}` }),
    })
    .where('twilioSid', '=', sid)
    .where('status', 'in', statusesBefore(status))
    .returning('status')
    .executeTakeFirst()
  return moved?.status ?? null
}

/** A number replied STOP: nothing more is texted to it, and its alerts are no longer asked. */
export async function optOut(db: Executor, phoneNumber: string) {
  await db
    .insertInto('smsOptOuts')
    .values({ phoneNumber })
    .onConflict((oc) => oc.doNothing())
    .execute()
  await refreshQuestions(db, { phoneNumber }, new Date())
}

/** When the number replied STOP, if it has not texted START since. */
export async function optedOutAt(db: Executor, phoneNumber: string): Promise<Date | null> {
  const row = await db
    .selectFrom('smsOptOuts')
    .select('optedOutAt')
    .where('phoneNumber', '=', phoneNumber)
    .executeTakeFirst()
  return row ? new Date(row.optedOutAt) : null
}

export async function isOptedOut(db: Executor, phoneNumber: string) {
  return (await optedOutAt(db, phoneNumber)) !== null
}

/** A number texted START: its alerts are asked again. */
export async function optIn(db: Executor, phoneNumber: string) {
  await db.deleteFrom('smsOptOuts').where('phoneNumber', '=', phoneNumber).execute()
  await refreshQuestions(db, { phoneNumber }, new Date())
}

/** A text as a history lists it: its alert, whose phone, what it said and how it went. */
export const TEXT_HISTORY_COLUMNS = [
  'alertKind',
  'alertId',
  'recipient',
  'body',
  'status',
  'error',
  'errorCode',
  'createdAt',
  'sentAt',
] as const

/** The texts of some alerts, newest first, for the dashboard's history. */
export async function textsOfAlerts(db: Executor, alerts: { kind: AlertKind; id: string }[]) {
  if (alerts.length === 0) return []
  return db
    .selectFrom('notifications')
    .select(TEXT_HISTORY_COLUMNS)
    .where((eb) =>
      eb.or(
        alerts.map((alert) =>
          eb.and([eb('alertKind', '=', alert.kind), eb('alertId', '=', alert.id)]),
        ),
      ),
    )
    .orderBy('createdAt', 'desc')
    .execute()
}
