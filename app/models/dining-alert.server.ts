import type { Kysely } from 'kysely'
import { AppError, parseOrRefuse } from '~/domain/app-error'
import type { Database, DiningAlert } from '../../db/schema.ts'
import { DINING_STATUS } from '~/domain/alerts'
import { todayIn } from '~/domain/dates'
import { findDestination } from '~/domain/destinations'
import { DINING_MESSAGES } from '~/domain/dining-alert'
import { diningAlertSchema } from '~/domain/dining-alert-schema'
import { assertAlertId, editAlert, insertAlert } from '~/models/alert-rules.server'
import { answersSeenBy } from '~/models/question.server'
import { snoozeKeptBefore } from '~/models/snooze.server'

type Executor = Kysely<Database>

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null)

/** The dining alert of the JSON contract (accounts §3). */
function toJson(
  alert: DiningAlert & { diningLocationName: string; diningLocationListed: boolean },
  seen: Awaited<ReturnType<typeof answersSeenBy>>,
) {
  return {
    id: alert.id,
    resortLocationIdentifier: alert.resortLocationIdentifier,
    diningLocationId: alert.diningLocationId,
    diningLocationName: alert.diningLocationName,
    /** False once Disney no longer lists the restaurant: still checked, but may never open. */
    diningLocationListed: alert.diningLocationListed,
    reserveDate: alert.reserveDate,
    partySize: alert.partySize,
    preferredTime: alert.preferredTime,
    timeRangeStart: alert.timeRangeStart,
    timeRangeEnd: alert.timeRangeEnd,
    /** Sends nothing through this date at its destination; null when not snoozed. */
    snoozedUntil: alert.snoozedUntil,
    status: alert.status,
    statusReason: alert.statusReason,
    created: iso(alert.createdAt)!,
    lastCheckedAt: seen(alert).lastCheckedAt,
    lastFoundAt: iso(alert.lastFoundAt),
  }
}
export type DiningAlertJson = ReturnType<typeof toJson>

/** The user's dining alerts, newest first; `ids` narrows to some of them. */
export async function listDiningAlerts(db: Executor, userId: string, ids?: string[]) {
  if (ids?.length === 0) return []
  let query = db
    .selectFrom('diningAlerts')
    .innerJoin('diningLocations', 'diningLocations.id', 'diningAlerts.diningLocationId')
    .selectAll('diningAlerts')
    .select([
      'diningLocations.name as diningLocationName',
      'diningLocations.listed as diningLocationListed',
    ])
    .where('diningAlerts.userId', '=', userId)
  if (ids) query = query.where('diningAlerts.id', 'in', ids)
  const alerts = await query.orderBy('diningAlerts.createdAt', 'desc').execute()
  const seen = await answersSeenBy(db, userId, alerts)
  return alerts.map((alert) => toJson(alert, seen))
}

/** Checks an alert by every rule of its creation without saving it (a visitor's draft). */
export async function checkDiningAlert(db: Executor, raw: Record<string, unknown>) {
  await validate(db, raw, new Date())
}

/**
 * Validates against the schema (the destination's "today") and the restaurant list; an edit may
 * keep the restaurant its alert already has though Disney no longer lists it (`kept`).
 */
async function validate(db: Executor, raw: Record<string, unknown>, now: Date, kept?: string) {
  const destination = findDestination(
    typeof raw.resortLocationIdentifier === 'string' ? raw.resortLocationIdentifier : '',
  )
  const today = todayIn(destination?.timeZone ?? 'America/Los_Angeles', now)
  const input = parseOrRefuse(diningAlertSchema(today), raw, 'Invalid dining alert.')
  const restaurant = await db
    .selectFrom('diningLocations')
    .select(['id', 'resortLocationIdentifier', 'listed'])
    .where('id', '=', input.diningLocationId)
    .executeTakeFirst()
  if (
    !restaurant ||
    (!restaurant.listed && restaurant.id !== kept) ||
    restaurant.resortLocationIdentifier !== input.resortLocationIdentifier
  ) {
    throw new AppError(400, 'INVALID', DINING_MESSAGES.restaurant, 'diningLocationId')
  }
  return input
}

function columns(input: Awaited<ReturnType<typeof validate>>) {
  return {
    resortLocationIdentifier: input.resortLocationIdentifier,
    diningLocationId: input.diningLocationId,
    reserveDate: input.reserveDate,
    partySize: input.partySize,
    preferredTime: input.preferredTime,
    timeRangeStart: input.timeRangeStart,
    timeRangeEnd: input.timeRangeEnd,
    ...(input.snoozedUntil !== undefined && { snoozedUntil: input.snoozedUntil }),
  }
}

/** Creates a running (status 1) or stopped dining alert for its owner. */
export async function createDiningAlert(
  db: Executor,
  userId: string,
  raw: Record<string, unknown>,
  options: { now?: Date } = {},
) {
  const now = options.now ?? new Date()
  const input = await validate(db, raw, now)
  const status =
    raw.status === DINING_STATUS.stopped ? DINING_STATUS.stopped : DINING_STATUS.running
  const id = await insertAlert(
    db,
    userId,
    'dining',
    columns(input),
    status === DINING_STATUS.running,
    now,
    { kind: 'dining', resort: input.resortLocationIdentifier, party_size: input.partySize },
  )
  return (await listDiningAlerts(db, userId, [id]))[0]!
}

/** Replaces a dining alert's fields and, when given, its status (1 running, else stopped). */
export async function updateDiningAlert(
  db: Executor,
  userId: string,
  id: unknown,
  raw: Record<string, unknown>,
  options: { status?: number; now?: Date } = {},
) {
  assertAlertId(id)
  const now = options.now ?? new Date()
  const current = await db
    .selectFrom('diningAlerts')
    .select('diningLocationId')
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst()
  const input = await validate(db, raw, now, current?.diningLocationId)
  // Dining alerts are running (1) or stopped (0); the schema refuses any other status.
  const nextStatus = (current: number) => options.status ?? current
  await editAlert(db, userId, 'dining', id, nextStatus, now, ({ starting }) => ({
    ...columns(input),
    ...(input.snoozedUntil === undefined && { snoozedUntil: snoozeKeptBefore(input.reserveDate) }),
    ...(starting && { statusReason: null }),
  }))
  return (await listDiningAlerts(db, userId, [id]))[0]!
}
