import type { Kysely } from 'kysely'
import { AppError, parseOrRefuse } from '~/domain/app-error'
import type { AlertResort, Database, HotelAlert } from '../../db/schema.ts'
import { HOTEL_STATUS, HOTEL_TYPE } from '~/domain/alerts'
import { todayIn } from '~/domain/dates'
import { findDestination } from '~/domain/destinations'
import { FLEXIBLE_HOTEL_MESSAGES, flexibleHotelAlertSchema } from '~/domain/flexible-alert-schema'
import { isExactStay, staysOf } from '~/domain/flexible-stays'
import { HOTEL_MESSAGES, partyOf, resolveRoomSelection } from '~/domain/hotel-alert'
import { priceFieldsOf } from '~/domain/price-terms'
import { filterRoomTypes } from '~/domain/room-filter'
import { assertAlertId } from '~/models/alert-rules.server'
import {
  alertStateJson,
  answersAndClients,
  createAlert,
  updateAlert,
} from '~/models/alert-save.server'
import {
  findResort,
  listRoomTypes,
  resortsById,
  roomTypesById,
  toResortJson,
  toRoomTypeJson,
} from '~/models/catalogue.server'
import { alertClientJson } from '~/models/client.server'

type Executor = Kysely<Database>

/**
 * The hotel alert (availability query) of the JSON contract (accounts §3), in the simplest shape
 * that says it (issue 29): today's `resortId` and `roomIds` for one resort with chosen rooms, else
 * `resorts`; today's `checkOutDate` for one stay, else the window and nights. A body read is a
 * body that may be sent back.
 */
async function toJson(db: Executor, alerts: HotelAlert[]) {
  if (alerts.length === 0) return []
  const [resorts, rooms, [seen, clients]] = await Promise.all([
    resortsById(
      db,
      alerts.flatMap((alert) => alert.resorts.map((resort) => resort.resortId)),
    ),
    roomTypesById(
      db,
      alerts.flatMap((alert) =>
        alert.resorts.flatMap((resort) => (resort.roomIds === 'any' ? [] : resort.roomIds)),
      ),
    ),
    answersAndClients(db, alerts[0]!.userId, 'hotel', alerts),
  ])
  const roomsOf = (ids: readonly string[]) =>
    ids.flatMap((id) => {
      const room = rooms.get(id)
      return room ? [toRoomTypeJson(room)] : []
    })
  return alerts.map((alert) => {
    const [first] = alert.resorts
    const oneResort = alert.resorts.length === 1 && first!.roomIds !== 'any'
    const where = oneResort
      ? {
          resort: toResortJson(resorts.get(alert.resortId)!),
          resortId: alert.resortId,
          rooms: roomsOf(first!.roomIds as string[]),
          roomIds: first!.roomIds as string[],
        }
      : {
          resorts: alert.resorts.map((choice) => ({
            resortId: choice.resortId,
            resort: toResortJson(resorts.get(choice.resortId)!),
            roomIds: choice.roomIds,
            rooms: choice.roomIds === 'any' ? [] : roomsOf(choice.roomIds),
          })),
        }
    const when = isExactStay(alert)
      ? { checkInDate: alert.checkInDate, checkOutDate: alert.checkOutDate }
      : {
          checkInDate: alert.checkInDate,
          latestCheckInDate: alert.latestCheckInDate,
          minNights: alert.minNights,
          maxNights: alert.maxNights,
        }
    return {
      id: alert.id,
      ...where,
      ...when,
      /** How many stays it watches (read-only): check-ins times lengths. */
      stays: staysOf(alert).length,
      splitStays: alert.splitStays,
      numberOfAdults: alert.numberOfAdults,
      numberOfChildren: alert.agesOfChildren.length,
      agesOfChildren: alert.agesOfChildren,
      accessible: alert.accessible,
      /** After a text: keeps watching for the next opening, or stops as found (status 2). */
      keepWatching: alert.keepWatching,
      ...alertClientJson(alert, clients),
      ...priceFieldsOf(alert),
      /** A price watch's last price texted, in dollars (read-only); null before any. */
      ...(alert.watch === 'price' && {
        priceTexted: alert.priceTextedCents === null ? null : alert.priceTextedCents / 100,
      }),
      ...alertStateJson('hotel', alert, seen),
      active: alert.status === HOTEL_STATUS.running,
      type: alert.type,
      /** Disney's last answers: none of these stays can be booked yet; the alert keeps checking. */
      notBookableYet: seen('hotel', alert).notBookableYet,
    }
  })
}
export type HotelAlertJson = Awaited<ReturnType<typeof toJson>>[number]

/** The user's hotel alerts, newest first; `ids` narrows to some of them. */
export async function listHotelAlerts(db: Executor, userId: string, ids?: string[]) {
  if (ids?.length === 0) return []
  let query = db
    .selectFrom('hotelAlerts')
    .selectAll()
    .where('userId', '=', userId)
    .where('type', '<>', HOTEL_TYPE.internal)
  if (ids) query = query.where('id', 'in', ids)
  return toJson(db, await query.orderBy('createdAt', 'desc').execute())
}

/** Checks an alert by every rule of its creation without saving it (a visitor's draft). */
export async function checkHotelAlert(db: Executor, raw: Record<string, unknown>) {
  await validate(db, raw, new Date())
}

/** The resort a payload names first, today's way or in `resorts`, to read its destination. */
function firstResortId(raw: Record<string, unknown>) {
  const first: unknown = Array.isArray(raw.resorts) ? raw.resorts[0] : undefined
  const id =
    first && typeof first === 'object' ? (first as Record<string, unknown>).resortId : raw.resortId
  return typeof id === 'string' ? id : undefined
}

/**
 * Validates a hotel alert against the schema, its resorts (listed, at one destination) and each
 * one's own room types for its party, with "today" taken at the destination. Chosen room types
 * come back sorted (an alert watches a set of them); "any room" needs one that fits the party.
 */
async function validate(db: Executor, raw: Record<string, unknown>, now: Date) {
  const byResorts = raw.resorts !== undefined
  const firstId = firstResortId(raw)
  const first = firstId ? await findResort(db, firstId) : undefined
  if (!first || !first.listed)
    throw new AppError(400, 'INVALID', HOTEL_MESSAGES.resort, byResorts ? 'resorts' : 'resortId')
  const destination = findDestination(first.locationIdentifier)!
  const input = parseOrRefuse(
    flexibleHotelAlertSchema(todayIn(destination.timeZone, now)),
    raw,
    'Invalid hotel alert.',
  )
  const party = partyOf(input)
  const resorts: AlertResort[] = []
  for (const [index, choice] of input.resorts.entries()) {
    const field = (name: string) => (byResorts ? `resorts[${index}].${name}` : name)
    const resort = await findResort(db, choice.resortId)
    if (!resort || !resort.listed)
      throw new AppError(400, 'INVALID', HOTEL_MESSAGES.resort, field('resortId'))
    if (resort.locationIdentifier !== first.locationIdentifier)
      throw new AppError(400, 'INVALID', FLEXIBLE_HOTEL_MESSAGES.oneDestination, field('resortId'))
    const rooms = await listRoomTypes(db, resort.id)
    if (choice.roomIds === 'any') {
      if (!filterRoomTypes(rooms, party).length)
        throw new AppError(400, 'INVALID', HOTEL_MESSAGES.noRoomsForParty, field('roomIds'))
      resorts.push({ resortId: resort.id, roomIds: 'any' })
      continue
    }
    const selection = resolveRoomSelection(choice.roomIds, rooms, party)
    if (!selection.ok) throw new AppError(400, 'INVALID', selection.message, field('roomIds'))
    resorts.push({ resortId: resort.id, roomIds: [...selection.roomIds].sort() })
  }
  return { ...input, resorts }
}

function columns(input: Awaited<ReturnType<typeof validate>>) {
  return {
    resorts: JSON.stringify(input.resorts),
    checkInDate: input.checkInDate,
    latestCheckInDate: input.latestCheckInDate,
    minNights: input.minNights,
    maxNights: input.maxNights,
    splitStays: input.splitStays,
    numberOfAdults: input.numberOfAdults,
    agesOfChildren: input.agesOfChildren,
    accessible: input.accessible,
    // Not given: a new alert takes the column's default (true), an edited one keeps its own.
    ...(input.keepWatching !== undefined && { keepWatching: input.keepWatching }),
    ...(input.snoozedUntil !== undefined && { snoozedUntil: input.snoozedUntil }),
    ...input.price,
    // A watch edited starts over: what it texted was about the terms it had.
    priceTextedCents: null,
    offersTexted: [],
  }
}

/**
 * Creates a hotel alert for its owner. A running alert (the default) needs a free slot, and
 * its question is asked at once if its plan allows.
 */
export async function createHotelAlert(
  db: Executor,
  userId: string,
  raw: Record<string, unknown>,
  options: { active?: boolean; now?: Date } = {},
) {
  const now = options.now ?? new Date()
  const input = await validate(db, raw, now)
  const id = await createAlert(
    db,
    userId,
    'hotel',
    raw,
    columns(input),
    options.active ?? true,
    now,
    {
      kind: 'hotel',
      resort: input.resorts[0]!.resortId,
      room_count: input.resorts.reduce(
        (count, resort) => count + (resort.roomIds === 'any' ? 0 : resort.roomIds.length),
        0,
      ),
      nights: input.minNights,
      adults: input.numberOfAdults,
      children: input.agesOfChildren.length,
      accessible: input.accessible,
    },
  )
  return (await listHotelAlerts(db, userId, [id]))[0]!
}

/** Why a page form refuses to edit an alert of the other kind. */
export const WATCH_EDITED_ELSEWHERE = {
  price:
    'This alert watches the price of a stay you booked: change it on its Edit Price Watch page.',
  availability: 'This alert watches for an opening: change it on its Edit Hotel Alert page.',
} as const

/**
 * Replaces a hotel alert's fields and, when given, its status. An edited running alert waits
 * for its (maybe new) question's next answer, asked at once if its plan allows.
 */
export async function updateHotelAlert(
  db: Executor,
  userId: string,
  id: unknown,
  raw: Record<string, unknown>,
  options: {
    status?: number
    now?: Date
    /** A page form edits one kind only: the hotel form never turns a watch into an alert. */
    kind?: HotelAlert['watch']
  } = {},
) {
  assertAlertId(id)
  const now = options.now ?? new Date()
  const input = await validate(db, raw, now)
  if (options.kind) {
    const stored = await db
      .selectFrom('hotelAlerts')
      .select('watch')
      .where('id', '=', id)
      .where('userId', '=', userId)
      .executeTakeFirst()
    if (stored && stored.watch !== options.kind)
      throw new AppError(400, 'INVALID', WATCH_EDITED_ELSEWHERE[stored.watch])
  }
  const nextStatus = (current: number) => {
    const asked = options.status ?? current
    // A client may start, stop, or keep what the worker set (completed, errored).
    if (![HOTEL_STATUS.stopped, HOTEL_STATUS.running, current].includes(asked)) {
      throw new AppError(400, 'INVALID', 'Status must be 0 (stopped) or 1 (running).', 'status')
    }
    return asked
  }
  await updateAlert(db, userId, 'hotel', id, raw, {
    columns: columns(input),
    lastDate: input.latestCheckInDate,
    nextStatus,
    clearsReason: ({ status, previous }) => status !== previous,
    now,
  })
  return (await listHotelAlerts(db, userId, [id]))[0]!
}
