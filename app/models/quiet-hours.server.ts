import { sql, type Insertable, type Kysely } from 'kysely'
import type {
  Database,
  NotificationStatus,
  NotificationsTable,
  TextRecipient,
  User,
} from '../../db/schema.ts'
import type { AccountSettings } from '~/domain/account-settings'
import { clockOf, quietUntil, startsSoon, type QuietSettings } from '~/domain/quiet-hours'
import { quietHoursOverText } from '~/domain/texts'
import { newShortCode } from '~/models/outbox.server'
import { toUserJson } from '~/models/user.server'

type Executor = Kysely<Database>

/*
 * Quiet hours (decision 0031): a text found in its owner's quiet hours is recorded "held" with
 * when they end, and not queued; the tick releases what has come due as one text per owner. They
 * are the owner's own: a text to one of the owner's clients is never held (decision 0035).
 */

/** The users' columns a check reads with its alerts so that holding costs no query of its own. */
export const QUIET_COLUMNS = ['users.timeZone', 'users.quietStart', 'users.quietEnd'] as const

/** A text a check is about to record, with what deciding whether it waits takes. */
export interface TextToRecord {
  userId: string
  status?: NotificationStatus
  /** Whose phone it goes to: the owner's unless said (a client's is sent at once). */
  recipient?: TextRecipient
  /** Its owner's quiet hours, read with the alert (QUIET_COLUMNS). */
  quiet: QuietSettings
  /** When the stay or meal begins (`startsAt` of app/domain/quiet-hours.ts). */
  startsAt: Date
}

/**
 * A check's texts as they are recorded: a text to send to its owner that falls in their quiet
 * hours is held until they end, unless the stay or meal is within 48 hours; a text to a client,
 * who agreed to be texted when an opening comes, is not; a text not to be sent (over the day's
 * cap) stays as it is. Each owner's quiet hours are read once per check.
 */
export function holdInQuietHours<Text extends TextToRecord>(texts: readonly Text[], now: Date) {
  const ends = new Map<string, Date | null>()
  const endOf = (userId: string, quiet: QuietSettings) => {
    if (!ends.has(userId)) ends.set(userId, quietUntil(quiet, now))
    return ends.get(userId)!
  }
  return texts.map(({ quiet, startsAt, ...text }) => {
    const heldUntil =
      text.status === undefined &&
      text.recipient !== 'client' &&
      !startsSoon(startsAt, now) &&
      endOf(text.userId, quiet)
    return heldUntil ? { ...text, status: 'held' as const, heldUntil } : text
  })
}

/** Why a held text was not sent when quiet hours ended. */
export const NOT_RELEASED = {
  closed: 'The opening closed before quiet hours ended.',
  deleted: 'The alert was deleted before quiet hours ended.',
  snoozed: 'The alert was snoozed before quiet hours ended.',
} as const

/** Owners whose held texts one round releases, in one transaction. */
const OWNERS_PER_ROUND = 200
/** At most this many rounds a tick, so one tick never runs for long. */
const MAX_ROUNDS = 10

/**
 * Releases the texts whose owners' quiet hours have ended (every tick; run twice, or by two
 * workers at once, it sends each once). Per owner, the held openings still open and still
 * wanted (their alert neither deleted nor snoozed) become one text: the text of the opening
 * itself when it is the only one, else one text naming them with the dashboard's link; the others
 * are left unsent with the reason. Answers the ids of the texts to queue; should queueing fail,
 * the tick queues them again a minute later as it does any text.
 */
export async function releaseHeldTexts(db: Executor, options: { now: Date; appUrl: string }) {
  const queued: string[] = []
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const released = await db.transaction().execute((trx) => releaseRound(trx, options))
    queued.push(...released.texts)
    if (released.owners < OWNERS_PER_ROUND) break
  }
  return queued
}

/** What becomes of a held text: sent on its own (pending), gathered, or left with the reason. */
interface Release {
  id: string
  status: 'pending' | 'held'
  error?: string
  toNumber?: string
  gatheredIn?: string
}

type HeldText = Awaited<ReturnType<typeof heldTextsOf>>[number]

/** Why a held text is not sent: its alert went or was snoozed, or its opening closed. */
function notReleasedBecause(text: HeldText) {
  if (text.alertName === null) return NOT_RELEASED.deleted
  if (text.snoozedUntil !== null) return NOT_RELEASED.snoozed
  // A price text is about a price, not an opening: it stays news when quiet hours end.
  if (text.purpose !== 'price' && (text.openingId === null || text.closedAt !== null))
    return NOT_RELEASED.closed
  return null
}

/**
 * The due held texts of some owners, with their opening's closing and their alert's name. Only
 * texts to the owners themselves wait for quiet hours, and only they may go to the owner's phone.
 */
function heldTextsOf(trx: Executor, owners: readonly string[], now: Date) {
  return trx
    .selectFrom('notifications as n')
    .leftJoin('openings as o', 'o.id', 'n.openingId')
    .leftJoin('hotelAlerts as h', (join) =>
      join.onRef('h.id', '=', 'n.alertId').on('n.alertKind', '=', 'hotel'),
    )
    .leftJoin('resorts as r', 'r.id', 'h.resortId')
    .leftJoin('diningAlerts as d', (join) =>
      join.onRef('d.id', '=', 'n.alertId').on('n.alertKind', '=', 'dining'),
    )
    .leftJoin('diningLocations as l', 'l.id', 'd.diningLocationId')
    .select([
      'n.id',
      'n.userId',
      'n.purpose',
      'n.openingId',
      'o.closedAt',
      sql<string | null>`coalesce(r.name, l.name)`.as('alertName'),
      sql<string | null>`coalesce(h.snoozed_until, d.snoozed_until)`.as('snoozedUntil'),
    ])
    .where('n.userId', 'in', owners)
    .where('n.heldUntil', '<=', now)
    .where('n.recipient', '=', 'agent')
    .orderBy('n.createdAt')
    .execute()
}

async function releaseRound(trx: Executor, { now, appUrl }: { now: Date; appUrl: string }) {
  // The owner's row is the lock: another worker skips the owner, and reads their texts only after
  // this round commits, released by then.
  const owners = await trx
    .selectFrom('users')
    .select(['id', 'phoneNumber'])
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('notifications')
        .select('userId')
        .where('heldUntil', '<=', now)
        .where('recipient', '=', 'agent'),
    )
    .limit(OWNERS_PER_ROUND)
    .forNoKeyUpdate()
    .skipLocked()
    .execute()
  if (owners.length === 0) return { owners: 0, texts: [] }
  const held = await heldTextsOf(
    trx,
    owners.map((owner) => owner.id),
    now,
  )
  const changes: Release[] = []
  const gathered: (Insertable<NotificationsTable> & { texts: string[] })[] = []
  for (const owner of owners) {
    const wanted: HeldText[] = []
    for (const text of held.filter((row) => row.userId === owner.id)) {
      const reason = notReleasedBecause(text)
      if (reason) changes.push({ id: text.id, status: 'held', error: reason })
      else wanted.push(text)
    }
    if (wanted.length === 1)
      changes.push({ id: wanted[0]!.id, status: 'pending', toNumber: owner.phoneNumber })
    else if (wanted.length > 1)
      gathered.push({
        userId: owner.id,
        purpose: 'quiet-hours',
        toNumber: owner.phoneNumber,
        shortCode: newShortCode(),
        body: quietHoursOverText({
          openings: wanted.length,
          alertNames: wanted.map((text) => text.alertName!),
          link: `${appUrl}/dashboard`,
        }),
        texts: wanted.map((text) => text.id),
      })
  }
  const inserted = gathered.length
    ? await trx
        .insertInto('notifications')
        .values(gathered.map(({ texts: _, ...text }) => text))
        .returning(['id', 'userId'])
        .execute()
    : []
  for (const text of inserted)
    for (const id of gathered.find((entry) => entry.userId === text.userId)!.texts)
      changes.push({ id, status: 'held', gatheredIn: text.id })
  // One statement releases the round's texts, whatever becomes of each.
  const column = <Key extends keyof Release>(key: Key) =>
    changes.map((change) => change[key] ?? null)
  if (changes.length)
    await sql`
      update notifications n set held_until = null, updated_at = ${now}, status = c.status,
        error = c.error, to_number = coalesce(c.to_number, n.to_number), gathered_in = c.gathered_in
      from unnest(${column('id')}::uuid[], ${column('status')}::text[], ${column('error')}::text[],
        ${column('toNumber')}::text[], ${column('gatheredIn')}::uuid[])
        c(id, status, error, to_number, gathered_in)
      where n.id = c.id
    `.execute(trx)
  return {
    owners: owners.length,
    texts: [
      ...changes.filter((change) => change.status === 'pending').map((change) => change.id),
      ...inserted.map((text) => text.id),
    ],
  }
}

/**
 * Saves the account's settings given (left out: kept). Texts waiting for the end of quiet hours
 * wait for the end of the new ones, or go at the next tick when the new hours are over or off.
 */
export function saveAccountSettings(
  db: Executor,
  userId: string,
  settings: AccountSettings,
  now = new Date(),
): Promise<User> {
  const given = Object.fromEntries(
    Object.entries(settings).filter(([, value]) => value !== undefined),
  )
  return db.transaction().execute(async (trx) => {
    const user = await (
      Object.keys(given).length
        ? trx.updateTable('users').set(given).where('id', '=', userId).returningAll()
        : trx.selectFrom('users').selectAll().where('id', '=', userId)
    ).executeTakeFirstOrThrow()
    await trx
      .updateTable('notifications')
      .set({ heldUntil: quietUntil(user, now) ?? now })
      .where('userId', '=', userId)
      .where('heldUntil', 'is not', null)
      .execute()
    return user
  })
}

/** The user of the JSON contract with their quiet hours, as PUT /api/account/settings answers. */
export function toSettingsJson(user: User) {
  return {
    ...toUserJson(user),
    timeZone: user.timeZone,
    quietStart: clockOf(user.quietStart),
    quietEnd: clockOf(user.quietEnd),
  }
}
