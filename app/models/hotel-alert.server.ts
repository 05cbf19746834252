import type { Kysely } from 'kysely'
import { AppError, parseOrRefuse } from '~/domain/app-error'
import type { Database, HotelAlert } from '../../db/schema.ts'
import { HOTEL_STATUS, HOTEL_TYPE } from '~/domain/alerts'
import { nightsBetween, todayIn } from '~/domain/dates'
import { findDestination } from '~/domain/destinations'
import { HOTEL_MESSAGES, partyOf, resolveRoomSelection } from '~/domain/hotel-alert'
import { hotelAlertSchema } from '~/domain/hotel-alert-schema'
import { assertAlertId, editAlert, insertAlert } from '~/models/alert-rules.server'
import {
  findResort,
  listRoomTypes,
  resortsById,
  roomTypesById,
  toResortJson,
  toRoomTypeJson,
} from '~/models/catalogue.server'
import { answersSeenBy } from '~/models/question.server'
import { snoozeKeptBefore } from '~/models/snooze.server'

type Executor = Kysely<Database>

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null)

/** The hotel alert (availability query) of the JSON contract (accounts §3). */
async function toJson(db: Executor, alerts: HotelAlert[]) {
  if (alerts.length === 0) return []
  const [resorts, rooms, seen] = await Promise.all([
    resortsById(
      db,
      alerts.map((alert) => alert.resortId),
    ),
    roomTypesById(
      db,
      alerts.flatMap((alert) => alert.roomTypeIds),
    ),
    answersSeenBy(db, alerts[0]!.userId, alerts),
  ])
  return alerts.map((alert) => ({
    id: alert.id,
    resort: toResortJson(resorts.get(alert.resortId)!),
    resortId: alert.resortId,
    checkInDate: alert.checkInDate,
    checkOutDate: alert.checkOutDate,
    numberOfAdults: alert.numberOfAdults,
    numberOfChildren: alert.agesOfChildren.length,
    agesOfChildren: alert.agesOfChildren,
    accessible: alert.accessible,
    rooms: alert.roomTypeIds.flatMap((id) => {
      const room = rooms.get(id)
      return room ? [toRoomTypeJson(room)] : []
    }),
    roomIds: alert.roomTypeIds,
    /** After a text: keeps watching for the next opening, or stops as found (status 2). */
    keepWatching: alert.keepWatching,
    /** Sends nothing through this date at its destination; null when not snoozed. */
    snoozedUntil: alert.snoozedUntil,
    active: alert.status === HOTEL_STATUS.running,
    status: alert.status,
    statusReason: alert.statusReason,
    type: alert.type,
    created: iso(alert.createdAt)!,
    lastCheckedAt: seen(alert).lastCheckedAt,
    lastFoundAt: iso(alert.lastFoundAt),
    /** Disney's last answer: these dates cannot be booked yet; the alert keeps checking. */
    notBookableYet: seen(alert).notBookableYet,
  }))
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

/**
 * Validates a hotel alert against the schema, its resort's own room types and its party,
 * with "today" taken at the resort's destination.
 */
async function validate(db: Executor, raw: Record<string, unknown>, now: Date) {
  const resort = typeof raw.resortId === 'string' ? await findResort(db, raw.resortId) : undefined
  if (!resort || !resort.listed)
    throw new AppError(400, 'INVALID', HOTEL_MESSAGES.resort, 'resortId')
  const destination = findDestination(resort.locationIdentifier)!
  const input = parseOrRefuse(
    hotelAlertSchema(todayIn(destination.timeZone, now)),
    raw,
    'Invalid hotel alert.',
  )
  const selection = resolveRoomSelection(
    input.roomIds,
    await listRoomTypes(db, resort.id),
    partyOf(input),
  )
  if (!selection.ok) throw new AppError(400, 'INVALID', selection.message, 'roomIds')
  return { ...input, roomIds: selection.roomIds }
}

function columns(input: Awaited<ReturnType<typeof validate>>) {
  return {
    resortId: input.resortId,
    checkInDate: input.checkInDate,
    checkOutDate: input.checkOutDate,
    numberOfAdults: input.numberOfAdults,
    agesOfChildren: input.agesOfChildren,
    accessible: input.accessible,
    roomTypeIds: input.roomIds,
    // Not given: a new alert takes the column's default (true), an edited one keeps its own.
    ...(input.keepWatching !== undefined && { keepWatching: input.keepWatching }),
    ...(input.snoozedUntil !== undefined && { snoozedUntil: input.snoozedUntil }),
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
  const id = await insertAlert(db, userId, 'hotel', columns(input), options.active ?? true, now, {
    kind: 'hotel',
    resort: input.resortId,
    room_count: input.roomIds.length,
    nights: nightsBetween(input.checkInDate, input.checkOutDate),
    adults: input.numberOfAdults,
    children: input.agesOfChildren.length,
    accessible: input.accessible,
  })
  return (await listHotelAlerts(db, userId, [id]))[0]!
}

/**
 * Replaces a hotel alert's fields and, when given, its status. An edited running alert waits
 * for its (maybe new) question's next answer, asked at once if its plan allows.
 */
export async function updateHotelAlert(
  db: Executor,
  userId: string,
  id: unknown,
  raw: Record<string, unknown>,
  options: { status?: number; now?: Date } = {},
) {
  assertAlertId(id)
  const now = options.now ?? new Date()
  const input = await validate(db, raw, now)
  const nextStatus = (current: number) => {
    const asked = options.status ?? current
    // A client may start, stop, or keep what the worker set (completed, errored).
    if (![HOTEL_STATUS.stopped, HOTEL_STATUS.running, current].includes(asked)) {
      throw new AppError(400, 'INVALID', 'Status must be 0 (stopped) or 1 (running).', 'status')
    }
    return asked
  }
  await editAlert(db, userId, 'hotel', id, nextStatus, now, ({ status, previous }) => ({
    ...columns(input),
    ...(input.snoozedUntil === undefined && { snoozedUntil: snoozeKeptBefore(input.checkInDate) }),
    ...(status !== previous && { statusReason: null }),
  }))
  return (await listHotelAlerts(db, userId, [id]))[0]!
}
