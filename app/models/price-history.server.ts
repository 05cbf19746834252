import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { hotelQuestionsOf, type FlexibleHotelAlert } from '~/domain/flexible-stays'
import { partyOf } from '~/domain/hotel-alert'
import type { PriceChangeRow } from '~/domain/price-history'
import type { CategoryPrices } from '~/domain/price-stats'
import { filterRoomTypes } from '~/domain/room-filter'
import { HOTEL_STAY_COLUMNS } from '~/models/alert-save.server'

type Executor = Kysely<Database>

/**
 * The price rows of some questions' rooms, oldest first: a scan of price_changes' primary key
 * (question_key, room_key, seen_at) for each question and room key asked.
 */
export function alertPriceChangesQuery(
  questionKeys: readonly string[],
  roomKeys: readonly string[],
) {
  return sql<PriceChangeRow>`
    select question_key, room_key, seen_at, nightly_cents, total_cents
    from price_changes
    where question_key = any(${questionKeys}::text[]) and room_key = any(${roomKeys}::text[])
    order by seen_at, question_key, room_key`
}

/** A hotel alert's price columns, and what its questions and room types are made of. */
async function alertRow(db: Executor, alertId: string) {
  return db
    .selectFrom('hotelAlerts as a')
    .innerJoin('resorts as r', 'r.id', 'a.resortId')
    .select([
      ...HOTEL_STAY_COLUMNS,
      'a.watch',
      'a.paidTotalCents',
      'a.rateType',
      'a.minSavingCents',
      'a.minSavingPercent',
      'a.priceTextedCents',
      'a.offersTexted',
      'r.locationIdentifier as destination',
    ])
    .where('a.id', '=', alertId)
    .executeTakeFirstOrThrow()
}
export type AlertPriceTerms = Awaited<ReturnType<typeof alertRow>>

/**
 * The room types of some resorts with every key Disney lists them under: the catalogue's, and
 * those an admin has mapped to them since (as the worker matches them).
 */
function roomTypesWithKeys(db: Executor, resortIds: readonly string[]) {
  return db
    .selectFrom('roomTypes as t')
    .select([
      't.id',
      't.resortId',
      't.listed',
      't.maxOccupancy',
      't.maxAdultOccupancy',
      't.maxNonAdultOccupancy',
      't.maxNonInfantOccupancy',
      't.numberOfBedrooms',
      't.accessible',
      sql<string[]>`t.disney_room_codes || t.disney_room_ids || array(
        select m.disney_key from room_key_mappings m where m.room_type_id = t.id)`.as('keys'),
    ])
    .where('t.resortId', '=', sql<string>`any(${resortIds}::uuid[])`)
    .execute()
}

/**
 * A hotel alert's price terms and the price rows of the rooms it watches, oldest first. Its
 * questions are those its stays give at its resorts (not its split stays' parts: they are not
 * its stays), keyed as the worker keys them, so a question deleted since still has its rows.
 * A room counts at a question when it carries a key of a room type the alert watches at that
 * question's resort ("any room": the listed ones that fit the party, as the alert's questions
 * are linked).
 */
export async function readAlertPrices(db: Executor, alertId: string) {
  const alert = await alertRow(db, alertId)
  const shape: FlexibleHotelAlert = alert
  const rooms = await roomTypesWithKeys(
    db,
    shape.resorts.map((resort) => resort.resortId),
  )
  const keysAt = new Map(
    shape.resorts.map((resort) => {
      const here = rooms.filter((room) => room.resortId === resort.resortId)
      const watched =
        resort.roomIds === 'any'
          ? filterRoomTypes(
              here.filter((room) => room.listed),
              partyOf(shape),
            )
          : here.filter((room) => resort.roomIds.includes(room.id))
      return [resort.resortId, new Set(watched.flatMap((room) => room.keys))] as const
    }),
  )
  const questions = new Map(
    hotelQuestionsOf(shape).map((question) => [question.key, question.resortId]),
  )
  const roomKeys = [...new Set([...keysAt.values()].flatMap((keys) => [...keys]))]
  const { rows } = await alertPriceChangesQuery([...questions.keys()], roomKeys).execute(db)
  // A key is one resort's: an answer for a complex lists its neighbours' rooms under theirs.
  const watchedRows = rows.filter((row) =>
    keysAt.get(questions.get(row.questionKey)!)!.has(row.roomKey),
  )
  return { alert, rows: watchedRows }
}

/**
 * A resort's nightly prices seen in a period, by the catalogue's room category: one observation
 * per question and room, its latest price in the period (a room that stopped being bookable
 * keeps its last price), how many stays they come from, and their median. A range scan of
 * price_changes_resort_idx (resort_id, seen_at); a room key is given the category of the first
 * room type (in the catalogue's order) of the resort that carries it, a key no room type of the
 * resort carries (a neighbour's, in a complex's answer) is left out.
 */
export function priceStatsQuery(resortId: string, since: Date, until: Date) {
  return sql<CategoryPrices>`
    with latest as (
      select distinct on (p.question_key, p.room_key) p.question_key, p.room_key, p.nightly_cents
      from price_changes p
      where p.resort_id = ${resortId} and p.seen_at >= ${since} and p.seen_at <= ${until}
        and p.nightly_cents is not null
      order by p.question_key, p.room_key, p.seen_at desc
    ), categories as (
      select distinct on (k.key) k.key, t.category_name
      from room_types t
      cross join lateral unnest(t.disney_room_codes || t.disney_room_ids || array(
        select m.disney_key from room_key_mappings m where m.room_type_id = t.id)) as k(key)
      where t.resort_id = ${resortId}
      order by k.key, t.sort_order
    )
    select c.category_name as category, count(*)::int as prices,
      count(distinct l.question_key)::int as stays,
      percentile_cont(0.5) within group (order by l.nightly_cents) as median_cents
    from latest l
    join categories c on c.key = l.room_key
    group by c.category_name`
}

/** A resort's nightly prices by room category over the `days` before `until`. */
export async function readPriceStats(
  db: Executor,
  resortId: string,
  days: number,
  until = new Date(),
): Promise<CategoryPrices[]> {
  const since = new Date(until.getTime() - days * 86_400_000)
  const { rows } = await priceStatsQuery(resortId, since, until).execute(db)
  return rows
}

/**
 * How long a room's price history is drawn: older rows go once a newer one says the same room's
 * price, so a price that has not moved for longer is still the current one.
 */
export const PRICE_HISTORY_DAYS = 180
/** A stay's history is kept this long after its check-in: the hotel page's window. */
const AFTER_STAY_DAYS = 30

/** Deletes price history past its use (hourly maintenance); answers how many rows went. */
export async function deleteOldPriceChanges(db: Executor, now: Date) {
  const day = (days: number) => new Date(now.getTime() - days * 86_400_000)
  const { numDeletedRows } = await db
    .deleteFrom('priceChanges as p')
    .where((eb) =>
      eb.or([
        eb('p.checkInDate', '<', day(AFTER_STAY_DAYS).toISOString().slice(0, 10)),
        eb.and([
          eb('p.seenAt', '<', day(PRICE_HISTORY_DAYS)),
          eb.exists(
            eb
              .selectFrom('priceChanges as n')
              .select(sql`1`.as('newer'))
              .whereRef('n.questionKey', '=', 'p.questionKey')
              .whereRef('n.roomKey', '=', 'p.roomKey')
              .whereRef('n.seenAt', '>', 'p.seenAt'),
          ),
        ]),
      ]),
    )
    .executeTakeFirst()
  return Number(numDeletedRows)
}
