import type { Kysely } from 'kysely'
import { AppError, parseOrRefuse } from '~/domain/app-error'
import type { Database, DiningAlert } from '../../db/schema.ts'
import { DINING_STATUS } from '~/domain/alerts'
import { todayIn } from '~/domain/dates'
import { findDestination } from '~/domain/destinations'
import { DINING_MESSAGES } from '~/domain/dining-alert'
import { flexibleDiningAlertSchema } from '~/domain/flexible-alert-schema'
import { assertAlertId } from '~/models/alert-rules.server'
import {
  alertStateJson,
  answersAndClients,
  createAlert,
  updateAlert,
} from '~/models/alert-save.server'
import { alertClientJson } from '~/models/client.server'
import type { answersSeenBy } from '~/models/question.server'

type Executor = Kysely<Database>

type Restaurants = Map<string, { name: string; listed: boolean }>

/**
 * The dining alert of the JSON contract (accounts §3), in the simplest shape that says it
 * (issue 29): today's `diningLocationId` for one restaurant, else `diningLocationIds`; today's
 * `reserveDate` for one date, else `reserveDates`; `mealPeriods` when it has them.
 */
function toJson(
  alert: DiningAlert,
  restaurants: Restaurants,
  seen: Awaited<ReturnType<typeof answersSeenBy>>,
) {
  const named = alert.diningLocationIds.map((id) => ({ id, ...restaurants.get(id)! }))
  const where =
    named.length === 1
      ? {
          diningLocationId: named[0]!.id,
          diningLocationName: named[0]!.name,
          /** False once Disney no longer lists the restaurant: still checked, but may never open. */
          diningLocationListed: named[0]!.listed,
        }
      : { diningLocationIds: alert.diningLocationIds, diningLocations: named }
  const when =
    alert.reserveDates.length === 1
      ? { reserveDate: alert.reserveDate }
      : { reserveDates: alert.reserveDates }
  const times = alert.mealPeriods.length
    ? { mealPeriods: alert.mealPeriods }
    : {
        preferredTime: alert.preferredTime,
        timeRangeStart: alert.timeRangeStart,
        timeRangeEnd: alert.timeRangeEnd,
      }
  return {
    id: alert.id,
    resortLocationIdentifier: alert.resortLocationIdentifier,
    ...where,
    ...when,
    partySize: alert.partySize,
    ...times,
    ...alertStateJson('dining', alert, seen),
  }
}
/** A dining alert of the JSON contract, with its client fields (`alertClientJson`). */
export type DiningAlertJson = ReturnType<typeof toJson> & ReturnType<typeof alertClientJson>

/** The user's dining alerts, newest first; `ids` narrows to some of them. */
export async function listDiningAlerts(db: Executor, userId: string, ids?: string[]) {
  if (ids?.length === 0) return []
  let query = db.selectFrom('diningAlerts').selectAll().where('userId', '=', userId)
  if (ids) query = query.where('id', 'in', ids)
  const alerts = await query.orderBy('createdAt', 'desc').execute()
  if (alerts.length === 0) return []
  const [restaurants, [seen, clients]] = await Promise.all([
    db
      .selectFrom('diningLocations')
      .select(['id', 'name', 'listed'])
      .where('id', 'in', [...new Set(alerts.flatMap((alert) => alert.diningLocationIds))])
      .execute(),
    answersAndClients(db, userId, 'dining', alerts),
  ])
  const byId: Restaurants = new Map(
    restaurants.map((row) => [row.id, { name: row.name, listed: row.listed }]),
  )
  return alerts.map((alert) => ({
    ...toJson(alert, byId, seen),
    ...alertClientJson(alert, clients),
  }))
}

/** Checks an alert by every rule of its creation without saving it (a visitor's draft). */
export async function checkDiningAlert(db: Executor, raw: Record<string, unknown>) {
  await validate(db, raw, new Date())
}

/**
 * Validates against the schema (the destination's "today") and the restaurant list; an edit may
 * keep the restaurants its alert already has though Disney no longer lists them (`kept`).
 */
async function validate(
  db: Executor,
  raw: Record<string, unknown>,
  now: Date,
  kept: readonly string[] = [],
) {
  const destination = findDestination(
    typeof raw.resortLocationIdentifier === 'string' ? raw.resortLocationIdentifier : '',
  )
  const today = todayIn(destination?.timeZone ?? 'America/Los_Angeles', now)
  const input = parseOrRefuse(flexibleDiningAlertSchema(today), raw, 'Invalid dining alert.')
  const restaurants = await db
    .selectFrom('diningLocations')
    .select(['id', 'resortLocationIdentifier', 'listed'])
    .where('id', 'in', input.diningLocationIds)
    .execute()
  const byId = new Map(restaurants.map((restaurant) => [restaurant.id, restaurant]))
  for (const id of input.diningLocationIds) {
    const restaurant = byId.get(id)
    if (
      !restaurant ||
      (!restaurant.listed && !kept.includes(id)) ||
      restaurant.resortLocationIdentifier !== input.resortLocationIdentifier
    )
      throw new AppError(
        400,
        'INVALID',
        DINING_MESSAGES.restaurant,
        raw.diningLocationIds === undefined ? 'diningLocationId' : 'diningLocationIds',
      )
  }
  return input
}

function columns(input: Awaited<ReturnType<typeof validate>>) {
  return {
    resortLocationIdentifier: input.resortLocationIdentifier,
    diningLocationIds: input.diningLocationIds,
    reserveDates: input.reserveDates,
    mealPeriods: input.mealPeriods,
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
  const id = await createAlert(
    db,
    userId,
    'dining',
    raw,
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
    .select('diningLocationIds')
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst()
  const input = await validate(db, raw, now, current?.diningLocationIds)
  // Dining alerts are running (1) or stopped (0); the schema refuses any other status.
  const nextStatus = (current: number) => options.status ?? current
  await updateAlert(db, userId, 'dining', id, raw, {
    columns: columns(input),
    lastDate: input.reserveDates.at(-1)!,
    nextStatus,
    clearsReason: ({ starting }) => starting,
    now,
  })
  return (await listDiningAlerts(db, userId, [id]))[0]!
}
