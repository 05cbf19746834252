import { sql, type Insertable, type Kysely, type Transaction, type UpdateObject } from 'kysely'
import type { Database, DiningAlertsTable, HotelAlertsTable, Plan, User } from '../../db/schema.ts'
import { AppError } from '~/domain/app-error'
import { ALERT_ERRORS, canStartAnother, type AlertKind } from '~/domain/alerts'
import { isTrialOver } from '~/domain/plans'
import { recordServerEvent, type AlertCreatedProps } from '~/models/analytics.server'
import { linkQuestions, questionsOfAlerts, refreshQuestions } from '~/models/question.server'
import { isRunningDiningAlert, isRunningHotelAlert } from '~/models/running-alerts.server'

type Executor = Kysely<Database>

export const TABLES: Record<AlertKind, 'hotelAlerts' | 'diningAlerts'> = {
  hotel: 'hotelAlerts',
  dining: 'diningAlerts',
}

/**
 * Locks the user's row for the rest of the transaction, so that two starts racing each other
 * cannot both take the last free slot, and answers the user with their plan.
 */
export async function lockAccount(trx: Transaction<Database>, userId: string) {
  const user = await trx
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow()
  const plan = user.planId
    ? await trx.selectFrom('plans').selectAll().where('id', '=', user.planId).executeTakeFirst()
    : undefined
  return { user, plan }
}

/** Creating, editing or starting an alert needs a plan, and on the free plan a trial that runs. */
export function assertMayRunAlerts(
  user: User,
  plan: Plan | undefined,
  now: Date,
): asserts plan is Plan {
  if (!plan) throw new AppError(400, 'NO_PLAN', ALERT_ERRORS.NO_PLAN)
  if (isTrialOver(plan, user.trialStartUtc ? new Date(user.trialStartUtc) : null, now)) {
    throw new AppError(400, 'SUBSCRIPTION_REQUIRED', ALERT_ERRORS.SUBSCRIPTION_REQUIRED)
  }
}

/** The user's running alerts of both kinds, as an SQL expression; `except` leaves one out. */
export function runningAlertsCount(userId: string, except?: { kind: AlertKind; id: string }) {
  return sql<number>`
    (select count(*) from hotel_alerts
      where user_id = ${userId} and ${isRunningHotelAlert('hotel_alerts')}
      and id is distinct from ${except?.kind === 'hotel' ? except.id : null}::uuid)
    + (select count(*) from dining_alerts
      where user_id = ${userId} and ${isRunningDiningAlert('dining_alerts')}
      and id is distinct from ${except?.kind === 'dining' ? except.id : null}::uuid)`
}

/** Running hotel alerts plus running dining alerts (accounts §4). */
export async function runningCount(
  db: Executor,
  userId: string,
  except?: { kind: AlertKind; id: string },
) {
  const row = await sql<{ running: number }>`
    select ${runningAlertsCount(userId, except)} as running
  `.execute(db)
  return Number(row.rows[0]?.running ?? 0)
}

/** Refuses a start (or a create that starts) when the running count already meets the limit. */
async function assertSlotFree(
  db: Executor,
  userId: string,
  plan: Plan,
  except?: { kind: AlertKind; id: string },
) {
  if (!canStartAnother(await runningCount(db, userId, except), plan.alertLimit)) {
    throw new AppError(400, 'QUOTA_EXCEEDED', ALERT_ERRORS.QUOTA_EXCEEDED(plan.alertLimit))
  }
}

/**
 * Starts or stops an alert of either kind for its owner. Starting needs a running plan and a
 * free slot, and schedules the first check for the next tick; stopping is always allowed.
 */
export async function setAlertStatus(
  db: Executor,
  userId: string,
  kind: AlertKind,
  id: string,
  status: number,
  now = new Date(),
) {
  await editAlert(
    db,
    userId,
    kind,
    id,
    () => status,
    now,
    ({ starting }) => (starting ? { statusReason: null } : {}),
  )
}

/** A kind's own columns of a new alert: everything but its owner, question and status. */
type Fields<Table> = Omit<Table, 'userId' | keyof ReturnType<typeof newAlertStatus>>
type AlertFields<Kind extends AlertKind> = Kind extends 'hotel'
  ? Fields<Insertable<HotelAlertsTable>>
  : Fields<Insertable<DiningAlertsTable>>

/** What an authorised edit decided: the new status, and whether it starts the alert. */
export type AlertEdit = Awaited<ReturnType<typeof authorizeEdit>>

/**
 * Creates an alert of either kind after the create checks; a running one waits for its
 * question's next answer, asked at once if its plan allows. Answers the new alert's id.
 */
export async function insertAlert<Kind extends AlertKind>(
  db: Executor,
  userId: string,
  kind: Kind,
  fields: AlertFields<Kind>,
  running: boolean,
  now: Date,
  created: AlertCreatedProps,
) {
  return db.transaction().execute(async (trx) => {
    await authorizeCreate(trx, userId, running, now)
    const values = { userId, ...newAlertStatus(running, now) }
    const row =
      kind === 'hotel'
        ? await insertHotelAlert(trx, { ...values, ...(fields as AlertFields<'hotel'>) })
        : await insertDiningAlert(trx, { ...values, ...(fields as AlertFields<'dining'>) })
    await refreshQuestions(trx, { ids: row.questionIds }, now, { soon: running })
    if (running) await assertNoRunningTwin(trx, kind, row.id)
    // Counted in the same transaction: every way in (form, API, sign-in draft) counts once.
    await recordServerEvent(trx, { name: 'alert_created', props: created })
    return row.id
  })
}

/**
 * Edits an alert of either kind after the edit checks. `nextStatus` turns the stored status into
 * the one asked for (or refuses it); `changes` adds the kind's own columns for that decision.
 */
export async function editAlert(
  db: Executor,
  userId: string,
  kind: AlertKind,
  id: string,
  nextStatus: (current: number) => number,
  now: Date,
  changes: (
    edit: AlertEdit,
  ) => UpdateObject<Database, 'hotelAlerts'> | UpdateObject<Database, 'diningAlerts'>,
) {
  await db.transaction().execute(async (trx) => {
    const edit = await authorizeEdit(trx, userId, kind, id, nextStatus, now)
    await trx
      .updateTable(TABLES[kind])
      .set({
        status: edit.status,
        updatedAt: now,
        ...(edit.starting && { startedAt: now }),
        ...changes(edit),
      })
      .where('id', '=', id)
      .execute()
    const { previous, current } = await linkQuestions(trx, kind, id)
    if (previous.length) await refreshQuestions(trx, { ids: previous }, now)
    await refreshQuestions(trx, { ids: current }, now, { soon: edit.status === 1 })
    if (edit.status === 1) await assertNoRunningTwin(trx, kind, id)
  })
}

/**
 * What makes two alerts the same question: the place, the dates and the party, and the rooms
 * (as a set) or the time of day. Two running copies would spend two slots to send one text twice.
 */
const TWIN: Record<AlertKind, ReturnType<typeof sql>> = {
  // A watch on a booked stay is no twin of an alert for an opening of the same stay.
  hotel: sql`twin.resorts = me.resorts and twin.split_stays = me.split_stays and twin.watch = me.watch
    and twin.check_in_date = me.check_in_date and twin.latest_check_in_date = me.latest_check_in_date
    and twin.min_nights = me.min_nights and twin.max_nights = me.max_nights
    and twin.number_of_adults = me.number_of_adults and twin.accessible = me.accessible
    and (select array_agg(age order by age) from unnest(twin.ages_of_children) age)
      is not distinct from (select array_agg(age order by age) from unnest(me.ages_of_children) age)
    and ${isRunningHotelAlert('twin')}`,
  dining: sql`twin.dining_location_ids @> me.dining_location_ids
    and twin.dining_location_ids <@ me.dining_location_ids
    and twin.reserve_dates = me.reserve_dates and twin.party_size = me.party_size
    and twin.meal_periods = me.meal_periods
    and twin.preferred_time is not distinct from me.preferred_time
    and twin.time_range_start is not distinct from me.time_range_start
    and twin.time_range_end is not distinct from me.time_range_end
    and ${isRunningDiningAlert('twin')}`,
}

/**
 * Refuses, inside the transaction that just wrote it, a running alert that repeats another
 * running alert of the same user; the refusal names that alert so the user can go to it.
 */
async function assertNoRunningTwin(trx: Transaction<Database>, kind: AlertKind, id: string) {
  const table = sql.table(kind === 'hotel' ? 'hotel_alerts' : 'dining_alerts')
  const { rows } = await sql<{ id: string }>`
    select twin.id from ${table} me join ${table} twin
      on twin.user_id = me.user_id and twin.id <> me.id and ${TWIN[kind]}
    where me.id = ${id}
    order by twin.created_at
    limit 1
  `.execute(trx)
  const twin = rows[0]
  if (twin) throw new AppError(409, 'DUPLICATE_ALERT', ALERT_ERRORS.DUPLICATE, undefined, twin.id)
}

/** Deletes an alert of its owner; another user's id is as unknown as a made-up one. */
export async function deleteAlert(db: Executor, userId: string, kind: AlertKind, id: string) {
  await db.transaction().execute(async (trx) => {
    const asked = await questionsOfAlerts(trx, kind, [id])
    const deleted = await trx
      .deleteFrom(TABLES[kind])
      .where('id', '=', id)
      .where('userId', '=', userId)
      .returning('id')
      .executeTakeFirst()
    if (!deleted) throw new AppError(404, 'NOT_FOUND', ALERT_ERRORS.NOT_FOUND)
    await refreshQuestions(trx, { ids: asked }, new Date())
    await recordServerEvent(trx, { name: 'alert_deleted', props: { kind } })
  })
}

/** Whether `id` names one of the user's alerts of that kind (anything else is simply not). */
export async function isOwnAlert(db: Executor, userId: string, kind: AlertKind, id: unknown) {
  if (typeof id !== 'string' || !UUID.test(id)) return false
  const row = await db
    .selectFrom(TABLES[kind])
    .select('id')
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst()
  return row !== undefined
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Alert ids are UUIDs; anything else cannot name an alert, so it is simply not found. */
export function assertAlertId(id: unknown): asserts id is string {
  if (typeof id !== 'string' || !UUID.test(id))
    throw new AppError(404, 'NOT_FOUND', ALERT_ERRORS.NOT_FOUND)
}

/** The checks of a create: a plan that runs, and a free slot when the alert starts running. */
async function authorizeCreate(
  trx: Transaction<Database>,
  userId: string,
  running: boolean,
  now: Date,
) {
  const { user, plan } = await lockAccount(trx, userId)
  assertMayRunAlerts(user, plan, now)
  if (running) await assertSlotFree(trx, userId, plan)
}

/**
 * The checks of an edit: the alert is the user's, the plan runs, and a start has a free slot.
 * `nextStatus` turns the stored status into the one asked for (or refuses it).
 */
async function authorizeEdit(
  trx: Transaction<Database>,
  userId: string,
  kind: AlertKind,
  id: string,
  nextStatus: (current: number) => number,
  now: Date,
) {
  const { user, plan } = await lockAccount(trx, userId)
  const current = await trx
    .selectFrom(TABLES[kind])
    .select('status')
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst()
  if (!current) throw new AppError(404, 'NOT_FOUND', ALERT_ERRORS.NOT_FOUND)
  const status = nextStatus(current.status)
  // Pausing needs no plan: a lapsed subscriber, or a trial that ended, can still stop an alert.
  if (status !== 1 && current.status === 1)
    return { status, starting: false, previous: current.status }
  assertMayRunAlerts(user, plan, now)
  const starting = current.status !== 1
  if (starting) await assertSlotFree(trx, userId, plan, { kind, id })
  return { status, starting, previous: current.status }
}

/** A new alert: if it runs, it started now. */
function newAlertStatus(running: boolean, now: Date) {
  return {
    status: running ? 1 : 0,
    startedAt: running ? now : null,
    createdAt: now,
    updatedAt: now,
  }
}

/** A new hotel alert, linked to its questions (made if they are new). */
export async function insertHotelAlert(db: Executor, alert: Insertable<HotelAlertsTable>) {
  const row = await db
    .insertInto('hotelAlerts')
    .values(alert)
    .returningAll()
    .executeTakeFirstOrThrow()
  return { ...row, questionIds: (await linkQuestions(db, 'hotel', row.id)).current }
}

/** A new dining alert, linked to its questions (made if they are new). */
export async function insertDiningAlert(db: Executor, alert: Insertable<DiningAlertsTable>) {
  const row = await db
    .insertInto('diningAlerts')
    .values(alert)
    .returningAll()
    .executeTakeFirstOrThrow()
  return { ...row, questionIds: (await linkQuestions(db, 'dining', row.id)).current }
}
