import { sql, type Kysely } from 'kysely'
import { jsonArrayFrom } from 'kysely/helpers/postgres'
import type { Database } from '../../db/schema.ts'
import { HOTEL_STATUS, type AlertKind } from '~/domain/alerts'
import type { NewNotification } from '~/models/outbox.server'
import { refreshQuestions } from '~/models/question.server'
import {
  isRunningDiningAlert,
  isRunningHotelAlert,
  mayBeChecked,
} from '~/models/running-alerts.server'

type Executor = Kysely<Database>

/**
 * The queries of one check job: the questions its claim holds, the alerts of those whose answer
 * had openings, and one write of the outcome with the openings' outbox rows.
 */

/** `id = any($1)`: one parameter however many alerts a job holds. */
const anyId = (ids: readonly string[]) => sql<string>`any(${ids}::uuid[])`

/**
 * The questions a job's claim still holds, with what asking them takes. A job retried through a
 * long database outage may find a question claimed again by a later tick (its slot passed
 * meanwhile): that claim's job asks it, and this one leaves it, so no slot is asked twice.
 *
 * The tick queues a claim's jobs before it commits (so a failed enqueue rolls the claim back),
 * and an idle worker starts one within milliseconds: read under that statement's snapshot, the
 * questions would still carry the previous claim and the job would ask nothing. So they are
 * first locked by id alone (`claimed`), which waits for the claim's row locks and yields the
 * rows as the claim left them, and the claim is compared after that.
 */
export function heldQuestions(db: Executor, ids: readonly number[], claimedAt: number) {
  return db
    .with('claimed', (cte) =>
      cte
        .selectFrom('questions')
        .selectAll()
        .where('id', '=', sql<number>`any(${ids}::bigint[])`)
        .forKeyShare(),
    )
    .selectFrom('claimed as q')
    .leftJoin('resorts', 'resorts.id', 'q.resortId')
    .select([
      'q.id',
      'q.key',
      'q.resortId',
      'q.checkInDate',
      'q.checkOutDate',
      'q.numberOfAdults',
      'q.agesOfChildren',
      'q.accessible',
      'q.resortLocationIdentifier',
      'q.partySize',
      'q.reserveDate',
      'q.alertCount',
      'q.lastCheckedAt',
      'resorts.name as resortName',
      'resorts.locationIdentifier',
      'resorts.sold',
      'resorts.disneySlug',
    ])
    .where('q.claimedAt', '=', new Date(claimedAt))
    .execute()
}
export type HeldQuestion = Awaited<ReturnType<typeof heldQuestions>>[number]

/**
 * The alerts an answer with openings may concern: running, of owners who may have them checked
 * (a plan, a trial not over, a number not STOPped), with their plan's interval and last change
 * for the slot test. An answer with nothing open reads no alert at all; one with bookable rooms
 * reads only the alerts that chose a room type listed under one of their keys.
 */
export function hotelAlertsAnswered(
  db: Executor,
  questionIds: readonly number[],
  open: { codes: readonly string[]; ids: readonly string[] },
) {
  return db
    .selectFrom('hotelAlerts')
    .innerJoin('users', 'users.id', 'hotelAlerts.userId')
    .innerJoin('plans', 'plans.id', 'users.planId')
    .select([
      'hotelAlerts.id',
      'hotelAlerts.questionId',
      'hotelAlerts.userId',
      'hotelAlerts.checkInDate',
      'hotelAlerts.checkOutDate',
      'hotelAlerts.updatedAt',
      'users.phoneNumber',
      'plans.intervalMinutes',
      // The chosen room types come with the alert, their keys joined with the ones an admin has
      // mapped to them since (applied from the next check): no second round trip.
      (eb) =>
        jsonArrayFrom(
          eb
            .selectFrom('roomTypes')
            .select([
              'roomTypes.id',
              'roomTypes.name',
              sql<string[]>`room_types.disney_room_codes || array(
                select m.disney_key from room_key_mappings m
                where m.room_type_id = room_types.id and m.key_kind = 'code')`.as(
                'disneyRoomCodes',
              ),
              sql<string[]>`room_types.disney_room_ids || array(
                select m.disney_key from room_key_mappings m
                where m.room_type_id = room_types.id and m.key_kind = 'id')`.as('disneyRoomIds'),
            ])
            .where((inner) => inner('roomTypes.id', '=', inner.fn.any('hotelAlerts.roomTypeIds'))),
        ).as('roomTypes'),
    ])
    .where('hotelAlerts.questionId', '=', sql<number>`any(${questionIds}::bigint[])`)
    .where(
      sql<boolean>`exists (
        select 1 from room_types t where t.id = any(hotel_alerts.room_type_ids)
          and (t.disney_room_codes && ${open.codes}::text[] or t.disney_room_ids && ${open.ids}::text[]
            or exists (select 1 from room_key_mappings m where m.room_type_id = t.id
              and m.disney_key = any(case m.key_kind when 'code' then ${open.codes}::text[] else ${open.ids}::text[] end))))`,
    )
    .where(
      sql<boolean>`${isRunningHotelAlert('hotel_alerts')} and ${mayBeChecked('users', 'plans')}`,
    )
    .execute()
}

/** The same for dining, narrowed to the restaurants that had a table in the answer. */
export function diningAlertsAnswered(
  db: Executor,
  questionIds: readonly number[],
  venueIds: readonly string[],
) {
  return db
    .selectFrom('diningAlerts')
    .innerJoin('users', 'users.id', 'diningAlerts.userId')
    .innerJoin('plans', 'plans.id', 'users.planId')
    .innerJoin('diningLocations', 'diningLocations.id', 'diningAlerts.diningLocationId')
    .select([
      'diningAlerts.id',
      'diningAlerts.questionId',
      'diningAlerts.userId',
      'diningAlerts.diningLocationId',
      'diningAlerts.reserveDate',
      'diningAlerts.partySize',
      'diningAlerts.preferredTime',
      'diningAlerts.timeRangeStart',
      'diningAlerts.timeRangeEnd',
      'diningAlerts.updatedAt',
      'users.phoneNumber',
      'plans.intervalMinutes',
      'diningLocations.name as restaurant',
    ])
    .where('diningAlerts.questionId', '=', sql<number>`any(${questionIds}::bigint[])`)
    .where('diningAlerts.diningLocationId', '=', sql<string>`any(${venueIds}::text[])`)
    .where(
      sql<boolean>`${isRunningDiningAlert('dining_alerts')} and ${mayBeChecked('users', 'plans')}`,
    )
    .execute()
}

/** A text about to be written, with the question whose answer found it. */
export type FoundOpening = NewNotification & { questionId: number }

/**
 * The one write of a check job's answers: each question still held by the job's claim gets its
 * check (and, for hotels, whether Disney said "not bookable yet"); an answer with nothing in it
 * writes that row alone. Openings for alerts of those questions get their outbox rows, skipped
 * by the unique key when an alert was already told, and their alerts are marked found: a hotel
 * alert has then done its job (completed, and its question asked for the others only).
 */
export async function recordChecks(
  db: Executor,
  check: {
    kind: AlertKind
    questionIds: readonly number[]
    notBookableYet?: readonly number[]
    openings: readonly FoundOpening[]
    now: Date
    claimedAt: number
  },
) {
  const { kind, questionIds, now } = check
  const notBookableYet = check.notBookableYet ?? []
  const recordQuestions = (executor: Executor) =>
    executor
      .updateTable('questions')
      .set((eb) => ({
        lastCheckedAt: now,
        ...(kind === 'hotel' && {
          notBookableSince: notBookableYet.length
            ? eb
                .case()
                .when('id', '=', sql<number>`any(${notBookableYet}::bigint[])`)
                .then(eb.fn.coalesce('notBookableSince', sql<Date>`${now}`))
                .else(null)
                .end()
            : null,
        }),
      }))
      .where('id', '=', sql<number>`any(${questionIds}::bigint[])`)
      .where('claimedAt', '=', new Date(check.claimedAt))
      .returning('id')
      .execute()
  if (check.openings.length === 0) {
    await recordQuestions(db)
    return []
  }
  return db.transaction().execute(async (trx) => {
    const held = new Set((await recordQuestions(trx)).map((row) => row.id))
    const rows = check.openings.filter((row) => held.has(row.questionId))
    if (rows.length === 0) return []
    const created = await trx
      .insertInto('notifications')
      .values(rows.map(({ questionId: _, ...row }) => row))
      .onConflict((oc) => oc.columns(['alertKind', 'alertId', 'openingKey']).doNothing())
      .returning(['id', 'alertKind', 'alertId'])
      .execute()
    const found = [...new Set(rows.map((row) => row.alertId))]
    if (kind === 'dining') {
      await trx
        .updateTable('diningAlerts')
        .set({ lastFoundAt: now })
        .where('id', '=', anyId(found))
        .execute()
    } else {
      await trx
        .updateTable('hotelAlerts')
        .set({ status: HOTEL_STATUS.completed, lastFoundAt: now })
        .where('id', '=', anyId(found))
        .where('status', '=', HOTEL_STATUS.running)
        .execute()
      await refreshQuestions(trx, { ids: [...new Set(rows.map((row) => row.questionId))] }, now)
    }
    return created
  })
}

/**
 * A question that cannot be asked (a resort Disney no longer sells): its running alerts are
 * errored (status 3) with the reason, and it is asked no more.
 */
export async function markHotelQuestionErrored(
  db: Executor,
  questionId: number,
  reason: string,
  now: Date,
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('hotelAlerts')
      .set({ status: HOTEL_STATUS.errored, statusReason: reason, updatedAt: now })
      .where('questionId', '=', questionId)
      .where('status', '=', HOTEL_STATUS.running)
      .execute()
    await trx
      .updateTable('questions')
      .set({ lastCheckedAt: now })
      .where('id', '=', questionId)
      .execute()
    await refreshQuestions(trx, { ids: [questionId] }, now)
  })
}
