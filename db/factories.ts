import { randomInt } from 'node:crypto'
import type { DB } from './client.ts'
import type { Insertable } from 'kysely'
import type { AlertKind } from '../app/domain/alerts.ts'
import { isIsoDate, nightsBetween } from '../app/domain/dates.ts'
import { insertDiningAlert, insertHotelAlert } from '../app/models/alert-rules.server.ts'
import { refreshQuestions } from '../app/models/question.server.ts'
import type {
  AlertResort,
  DiningAlert,
  DiningAlertsTable,
  HotelAlert,
  HotelAlertsTable,
  NewUser,
  PriceChangesTable,
  User,
} from './schema.ts'

/**
 * A new alert's columns, or today's exact fields most tests say an alert with (one resort and
 * its room types, a check-out; one restaurant and one date), made into the columns of the
 * flexible alert they are the simplest case of.
 */
type NewHotelAlert = Omit<
  Insertable<HotelAlertsTable>,
  'resorts' | 'latestCheckInDate' | 'minNights' | 'maxNights'
> &
  Partial<Pick<Insertable<HotelAlertsTable>, 'latestCheckInDate' | 'minNights' | 'maxNights'>> & {
    resorts?: AlertResort[]
    resortId?: string
    roomTypeIds?: string[]
    checkOutDate?: string
  }
type NewDiningAlert = Partial<
  Pick<Insertable<DiningAlertsTable>, 'diningLocationIds' | 'reserveDates'>
> &
  Omit<Insertable<DiningAlertsTable>, 'diningLocationIds' | 'reserveDates'> & {
    diningLocationId?: string
    reserveDate?: string
  }
/** Where its question's schedule stands, for a test that needs it due now or checked before. */
type QuestionState = { nextCheckAt?: Date | null; lastCheckedAt?: Date | null }

const AREA_CODES = [201, 202, 212, 213, 305, 312, 407, 415, 617, 702, 714, 718] as const

const issued = new Set<string>()

/** A valid US number, random and never the same twice in one process (so tests do not collide). */
export function fakePhoneNumber(): string {
  for (;;) {
    const area = AREA_CODES[randomInt(0, AREA_CODES.length)]
    const number = `+1${area}${randomInt(200, 1000)}${String(randomInt(0, 10_000)).padStart(4, '0')}`
    if (!issued.has(number)) {
      issued.add(number)
      return number
    }
  }
}

/**
 * A price history row as the worker writes it (issue 30): a room of a question's stay priced
 * $450 a night, $1,800 for the stay, now, unless `change` says otherwise (both prices null: the
 * room stopped being bookable).
 */
/** The check-in a hotel question's key carries (hotelQueryKey: hotel|resort|in|out|…). */
function checkInOfKey(questionKey: string) {
  const part = questionKey.split('|')[2]
  return isIsoDate(part) ? part : null
}

export function createPriceChange(
  db: DB,
  change: Pick<Insertable<PriceChangesTable>, 'questionKey' | 'resortId' | 'roomKey'> &
    Partial<Insertable<PriceChangesTable>>,
) {
  return db
    .insertInto('priceChanges')
    .values({
      seenAt: new Date(),
      nightlyCents: 45_000,
      totalCents: 180_000,
      checkInDate: checkInOfKey(change.questionKey) ?? daysFromToday(30),
      ...change,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** A plan taken off sale that a few users still have (legacy plans are hidden from lists). */
export async function legacyPlan(db: DB) {
  await db
    .insertInto('plans')
    .values({
      id: 'castle-classic',
      name: 'Castle Classic',
      tagline: 'An old plan',
      priceCents: 999,
      alertLimit: 10,
      intervalMinutes: 15,
      legacy: true,
      legacyPrice: '$9.99 per month',
      sortOrder: 9,
      stripePriceId: 'price_mock_castle_classic',
    })
    .onConflict((oc) => oc.doNothing())
    .execute()
  return db
    .selectFrom('plans')
    .selectAll()
    .where('id', '=', 'castle-classic')
    .executeTakeFirstOrThrow()
}

/** Factories shared by the tests and the seed: rows with sensible defaults, any field overridable. */
export async function createUser(db: DB, overrides: Partial<NewUser> = {}): Promise<User> {
  return db
    .insertInto('users')
    .values({ phoneNumber: fakePhoneNumber(), ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** A date `days` from today, YYYY-MM-DD (UTC), for alerts that must be in the future. */
export function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
}

/** A listed resort of the catalogue with a room type for two adults, by name. */
export async function catalogueResort(db: DB, name = "Disney's Pop Century Resort") {
  const resort = await db
    .selectFrom('resorts')
    .selectAll()
    .where('name', '=', name)
    .executeTakeFirstOrThrow()
  const rooms = await db
    .selectFrom('roomTypes')
    .selectAll()
    .where('resortId', '=', resort.id)
    .where('accessible', '=', false)
    .orderBy('sortOrder')
    .execute()
  return { resort, rooms }
}

/**
 * An alert row with its questions, and the first of them (an exact alert's only one); a hotel
 * alert's with its first resort's room types (an exact alert's only ones).
 */
type WithQuestions<Alert> = Alert extends HotelAlert
  ? Alert & { questionIds: number[]; questionId: number; roomTypeIds: string[] }
  : Alert & { questionIds: number[]; questionId: number }

/**
 * An alert row of either kind for `userId`, running unless `overrides` say otherwise: a stay at
 * Pop Century for two adults a month out, or a table for four at a Walt Disney World restaurant
 * 20 days out.
 */
export function createAlertRow(
  db: DB,
  kind: 'hotel',
  userId: string,
  overrides?: Partial<NewHotelAlert> & QuestionState,
): Promise<WithQuestions<HotelAlert>>
export function createAlertRow(
  db: DB,
  kind: 'dining',
  userId: string,
  overrides?: Partial<NewDiningAlert> & QuestionState,
): Promise<WithQuestions<DiningAlert>>
export function createAlertRow(
  db: DB,
  kind: AlertKind,
  userId: string,
  overrides?: Partial<NewHotelAlert> & Partial<NewDiningAlert> & QuestionState,
): Promise<WithQuestions<HotelAlert | DiningAlert>>
/**
 * An alert row as the app makes it, with its question; a running alert's question is due at
 * once (as after a create) unless `nextCheckAt` says otherwise.
 */
export async function createAlertRow(
  db: DB,
  kind: AlertKind,
  userId: string,
  overrides: (Partial<NewHotelAlert> | Partial<NewDiningAlert>) & QuestionState = {},
) {
  const { nextCheckAt, lastCheckedAt, ...fields } = overrides
  const row =
    kind === 'dining'
      ? await insertDiningAlert(
          db,
          diningColumns({
            userId,
            resortLocationIdentifier: 'disney-world',
            diningLocationId: '90002464',
            reserveDate: daysFromToday(20),
            partySize: 4,
            status: 1,
            ...(fields as Partial<NewDiningAlert>),
          }),
        )
      : await insertHotelAlert(
          db,
          hotelColumns({
            userId,
            ...(await defaultStay(db)),
            status: 1,
            ...(fields as Partial<NewHotelAlert>),
          }),
        )
  // Its first question and room types, for the many tests of an exact alert (which has one).
  const alert = {
    ...row,
    questionId: row.questionIds[0]!,
    ...('resorts' in row && { roomTypeIds: [row.resorts[0]!.roomIds].flat() }),
  }
  // As a create does: a running alert (not an internal query) waits for its first answer.
  const running = alert.status === 1 && !('type' in alert && alert.type === 1)
  await refreshQuestions(db, { ids: alert.questionIds }, new Date(), { soon: running })
  if (nextCheckAt !== undefined || lastCheckedAt !== undefined)
    await db
      .updateTable('questions')
      .set({
        ...(nextCheckAt !== undefined && { nextCheckAt }),
        ...(lastCheckedAt !== undefined && { lastCheckedAt }),
      })
      .where('id', 'in', alert.questionIds)
      .execute()
  return alert
}

function hotelColumns(alert: NewHotelAlert): Insertable<HotelAlertsTable> {
  const { resortId, roomTypeIds, checkOutDate, resorts, ...columns } = alert
  const nights = checkOutDate ? nightsBetween(alert.checkInDate, checkOutDate) : undefined
  return {
    ...columns,
    resorts: JSON.stringify(resorts ?? [{ resortId: resortId!, roomIds: roomTypeIds! }]),
    latestCheckInDate: columns.latestCheckInDate ?? alert.checkInDate,
    minNights: columns.minNights ?? nights!,
    maxNights: columns.maxNights ?? nights!,
  }
}

function diningColumns(alert: NewDiningAlert): Insertable<DiningAlertsTable> {
  const { diningLocationId, reserveDate, ...columns } = alert
  return {
    ...columns,
    diningLocationIds: columns.diningLocationIds ?? [diningLocationId!],
    reserveDates: columns.reserveDates ?? [reserveDate!],
  }
}

async function defaultStay(db: DB) {
  const { resort, rooms } = await catalogueResort(db)
  return {
    resortId: resort.id,
    checkInDate: daysFromToday(30),
    checkOutDate: daysFromToday(34),
    numberOfAdults: 2,
    roomTypeIds: [rooms[0]!.id],
  }
}
