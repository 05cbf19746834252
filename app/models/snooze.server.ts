import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { AppError } from '~/domain/app-error'
import { ALERT_ERRORS, type AlertKind } from '~/domain/alerts'
import { todayIn } from '~/domain/dates'
import { DESTINATIONS, findDestination } from '~/domain/destinations'
import { TABLES } from '~/models/alert-rules.server'
import { questionsOfAlerts, refreshQuestions } from '~/models/question.server'

type Executor = Kysely<Database>

/*
 * Snoozed alerts (decision 0031): an alert with a `snoozed_until` date sends nothing and its
 * question does not count it; the tick clears the date once the destination's day is over.
 */

/** The date now at a destination, in SQL: `identifier` is a destination's identifier. */
export function destinationToday(identifier: RawBuilder<unknown>, now: Date) {
  const zones = DESTINATIONS.map(
    (destination) => sql`when ${destination.identifier} then ${destination.timeZone}`,
  )
  return sql<string>`(${now}::timestamptz at time zone (case ${identifier} ${sql.join(zones, sql` `)} end))::date`
}

/**
 * An alert of its owner as its snooze form needs it: its name, the date of its stay or meal and
 * its destination's today; a made-up id, or another user's, is not found.
 */
export async function snoozeTarget(
  db: Executor,
  userId: string,
  kind: AlertKind,
  id: string,
  now = new Date(),
) {
  const alert =
    kind === 'hotel'
      ? await db
          .selectFrom('hotelAlerts as a')
          .innerJoin('resorts as r', 'r.id', 'a.resortId')
          .select([
            'a.id',
            'a.status',
            'a.snoozedUntil',
            'a.checkInDate as startsOn',
            'r.name',
            'r.locationIdentifier as destination',
          ])
          .where('a.id', '=', id)
          .where('a.userId', '=', userId)
          .executeTakeFirst()
      : await db
          .selectFrom('diningAlerts as a')
          .innerJoin('diningLocations as l', 'l.id', 'a.diningLocationId')
          .select([
            'a.id',
            'a.status',
            'a.snoozedUntil',
            'a.reserveDate as startsOn',
            'l.name',
            'a.resortLocationIdentifier as destination',
          ])
          .where('a.id', '=', id)
          .where('a.userId', '=', userId)
          .executeTakeFirst()
  if (!alert) throw new AppError(404, 'NOT_FOUND', ALERT_ERRORS.NOT_FOUND)
  const timeZone = findDestination(alert.destination)?.timeZone ?? 'America/New_York'
  return { ...alert, kind, today: todayIn(timeZone, now) }
}
export type SnoozeTarget = Awaited<ReturnType<typeof snoozeTarget>>

/**
 * Snoozes an alert until a date (checked by the caller against `snoozeTarget`), or wakes it with
 * null. Its status, and so its plan's count, stay as they are; its question counts it no more
 * (or again). Not an edit: the alert's pace and its place in its question's slots are kept.
 */
export async function setSnooze(
  db: Executor,
  userId: string,
  target: { kind: AlertKind; id: string },
  snoozedUntil: string | null,
  now = new Date(),
) {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable(TABLES[target.kind])
      .set({ snoozedUntil })
      .where('id', '=', target.id)
      .where('userId', '=', userId)
      .returning('id')
      .executeTakeFirst()
    if (!row) throw new AppError(404, 'NOT_FOUND', ALERT_ERRORS.NOT_FOUND)
    await refreshQuestions(trx, { ids: await questionsOfAlerts(trx, target.kind, [row.id]) }, now)
  })
}

/**
 * An edit that does not say `snoozedUntil` keeps the snooze, unless the new dates put the stay or
 * meal on or before it: it could never wake before it, so it ends.
 */
export function snoozeKeptBefore(startsOn: string) {
  return sql<string | null>`case when snoozed_until < ${startsOn}::date then snoozed_until end`
}

/**
 * Wakes the alerts whose snooze date is over at their destination (every tick): their date is
 * cleared and their questions count them again. Answers how many woke.
 */
export async function wakeSnoozedAlerts(db: Executor, now = new Date()) {
  // No destination's day is later than this one: the index finds the few alerts that may wake.
  const latestToday = DESTINATIONS.map((destination) => todayIn(destination.timeZone, now))
    .sort()
    .at(-1)!
  return db.transaction().execute(async (trx) => {
    const hotels = await trx
      .updateTable('hotelAlerts')
      .from('resorts')
      .set({ snoozedUntil: null })
      .whereRef('resorts.id', '=', 'hotelAlerts.resortId')
      .where('hotelAlerts.snoozedUntil', '<', latestToday)
      .where(
        'hotelAlerts.snoozedUntil',
        '<',
        destinationToday(sql.ref('resorts.location_identifier'), now),
      )
      .returning('hotelAlerts.id')
      .execute()
    const dinings = await trx
      .updateTable('diningAlerts')
      .set({ snoozedUntil: null })
      .where('snoozedUntil', '<', latestToday)
      .where('snoozedUntil', '<', destinationToday(sql.ref('resort_location_identifier'), now))
      .returning('id')
      .execute()
    const questions = [
      ...(await questionsOfAlerts(
        trx,
        'hotel',
        hotels.map((row) => row.id),
      )),
      ...(await questionsOfAlerts(
        trx,
        'dining',
        dinings.map((row) => row.id),
      )),
    ]
    if (questions.length) await refreshQuestions(trx, { ids: [...new Set(questions)] }, now)
    return hotels.length + dinings.length
  })
}
