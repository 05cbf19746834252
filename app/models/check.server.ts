import { sql, type Kysely } from 'kysely'
import { jsonArrayFrom } from 'kysely/helpers/postgres'
import type { Database } from '../../db/schema.ts'
import { DINING_STATUS, HOTEL_STATUS } from '~/domain/alerts'
import { recordCheck, type NewNotification } from './outbox.server.ts'

type Executor = Kysely<Database>

/**
 * The queries of one check job: the alerts of its questions with everything their texts need,
 * and one write of the outcome of all of them with their new outbox rows.
 */

/** `id = any($1)`: one parameter however many alerts a job holds. */
const anyId = (ids: readonly string[]) => sql<string>`any(${ids}::uuid[])`

/**
 * The alerts a job's claim still holds. A job retried through a long database outage may find
 * its alerts claimed again by a later tick (their slot passed meanwhile): that claim's job checks
 * them, and this one leaves them, so no alert is checked twice for a slot. Jobs queued before
 * claims were stamped carry no moment and hold all of theirs.
 *
 * The tick queues a claim's jobs before it commits (so a failed enqueue rolls the claim back),
 * and an idle worker starts one within milliseconds: read under that statement's snapshot, the
 * alerts would still carry the previous claim and the job would check nothing. So the readers
 * first lock the alerts by id alone (`claimed` below), which waits for the claim's row locks and
 * yields the rows as the claim left them, and compare the claim after that.
 */
function heldByClaim(table: 'hotel_alerts' | 'dining_alerts', claimedAt: number | undefined) {
  return claimedAt === undefined
    ? sql<boolean>`true`
    : sql<boolean>`${sql.ref(`${table}.claimed_at`)} = ${new Date(claimedAt)}`
}

/** Running hotel alerts of a check job, each with its chosen room types and their Disney keys. */
export function hotelAlertsToCheck(
  db: Executor,
  ids: readonly string[],
  claimedAt: number | undefined,
) {
  return db
    .with('claimed', (cte) =>
      cte
        .selectFrom('hotelAlerts')
        .selectAll()
        .where('id', '=', anyId(ids))
        .where('status', '=', HOTEL_STATUS.running)
        .forKeyShare(),
    )
    .selectFrom('claimed as hotelAlerts')
    .innerJoin('users', 'users.id', 'hotelAlerts.userId')
    .innerJoin('resorts', 'resorts.id', 'hotelAlerts.resortId')
    .select([
      'hotelAlerts.id',
      'hotelAlerts.userId',
      'hotelAlerts.checkInDate',
      'hotelAlerts.checkOutDate',
      'hotelAlerts.numberOfAdults',
      'hotelAlerts.agesOfChildren',
      'hotelAlerts.accessible',
      'users.phoneNumber',
      'resorts.name as resortName',
      'resorts.locationIdentifier',
      'resorts.sold',
      'resorts.disneySlug',
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
    .where(heldByClaim('hotel_alerts', claimedAt))
    .execute()
}

/** Running dining alerts of a check job, with the restaurant's name for the text. */
export function diningAlertsToCheck(
  db: Executor,
  ids: readonly string[],
  claimedAt: number | undefined,
) {
  return db
    .with('claimed', (cte) =>
      cte
        .selectFrom('diningAlerts')
        .selectAll()
        .where('id', '=', anyId(ids))
        .where('status', '=', DINING_STATUS.running)
        .forKeyShare(),
    )
    .selectFrom('claimed as diningAlerts')
    .innerJoin('users', 'users.id', 'diningAlerts.userId')
    .innerJoin('diningLocations', 'diningLocations.id', 'diningAlerts.diningLocationId')
    .select([
      'diningAlerts.id',
      'diningAlerts.userId',
      'diningAlerts.diningLocationId',
      'diningAlerts.resortLocationIdentifier',
      'diningAlerts.reserveDate',
      'diningAlerts.partySize',
      'diningAlerts.preferredTime',
      'diningAlerts.timeRangeStart',
      'diningAlerts.timeRangeEnd',
      'users.phoneNumber',
      'diningLocations.name as restaurant',
    ])
    .where(heldByClaim('dining_alerts', claimedAt))
    .execute()
}

/**
 * One write for every hotel alert of a check job, found or not: a hotel alert that found its room
 * has done its job (one text, then completed); one told "not bookable yet" keeps waiting, marked.
 */
export function recordHotelCheck(
  db: Executor,
  check: {
    alertIds: readonly string[]
    found: readonly string[]
    notBookableYet: readonly string[]
    rows: NewNotification[]
    now: Date
    claimedAt: number | undefined
  },
) {
  const { alertIds, found, notBookableYet, now } = check
  return recordCheck(
    db,
    check.rows,
    db
      .updateTable('hotelAlerts')
      .set((eb) => {
        const isFound = eb('id', '=', anyId(found))
        return {
          lastCheckedAt: now,
          notBookableSince: notBookableYet.length
            ? eb
                .case()
                .when('id', '=', anyId(notBookableYet))
                .then(eb.fn.coalesce('notBookableSince', sql<Date>`${now}`))
                .else(null)
                .end()
            : null,
          ...(found.length && {
            status: eb
              .case()
              .when(isFound)
              .then(HOTEL_STATUS.completed)
              .else(eb.ref('status'))
              .end(),
            lastFoundAt: eb.case().when(isFound).then(now).else(eb.ref('lastFoundAt')).end(),
            nextCheckAt: eb.case().when(isFound).then(null).else(eb.ref('nextCheckAt')).end(),
          }),
        }
      })
      .where('id', '=', anyId(alertIds))
      .where(heldByClaim('hotel_alerts', check.claimedAt)),
  )
}

/** One write for every dining alert of a check job; dining alerts keep running after a find. */
export function recordDiningCheck(
  db: Executor,
  check: {
    alertIds: readonly string[]
    found: readonly string[]
    rows: NewNotification[]
    now: Date
    claimedAt: number | undefined
  },
) {
  const { found, now } = check
  return recordCheck(
    db,
    check.rows,
    db
      .updateTable('diningAlerts')
      .set((eb) => ({
        lastCheckedAt: now,
        ...(found.length && {
          lastFoundAt: eb
            .case()
            .when('id', '=', anyId(found))
            .then(now)
            .else(eb.ref('lastFoundAt'))
            .end(),
        }),
      }))
      .where('id', '=', anyId(check.alertIds))
      .where(heldByClaim('dining_alerts', check.claimedAt)),
  )
}

/** The alerts' own question cannot be asked (a resort Disney no longer sells): status 3. */
export async function markHotelQuestionErrored(
  db: Executor,
  alertIds: readonly string[],
  reason: string,
  now: Date,
) {
  await db
    .updateTable('hotelAlerts')
    .set({
      status: HOTEL_STATUS.errored,
      statusReason: reason,
      lastCheckedAt: now,
      nextCheckAt: null,
    })
    .where('id', '=', anyId(alertIds))
    .execute()
}
