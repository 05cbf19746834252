import { sql, type Kysely, type Transaction } from 'kysely'
import type { Database, Plan, User } from '../../db/schema.ts'
import { grantsPlan, hasEnded, isNewerState } from '~/domain/billing'
import { lockAccount } from '~/models/alert-rules.server'
import { recordServerEvent } from '~/models/analytics.server'
import { refreshQuestions } from '~/models/question.server'
import { isRunningDiningAlert, isRunningHotelAlert } from '~/models/running-alerts.server'

type Executor = Kysely<Database>

/** Stripe's state of one subscription, as of `stateAt`. */
export interface SubscriptionState {
  id: string
  userId: string
  priceId: string
  status: string
  currentPeriodEnd: Date | null
  cancelAtPeriodEnd: boolean
  stateAt: Date
}

export interface PlanMove {
  user: User
  /** Whether this state was newer than what we had, and so was written. */
  applied: boolean
  /** Running alerts stopped because the new plan allows fewer. */
  stopped: number
  /**
   * Another live subscription that granted the plan until this one took over (two checkouts
   * paid in two tabs): the caller ends it, so that nobody pays twice.
   */
  replaced?: string
}

/**
 * Stops the running alerts above `limit`, the most recently started first, and answers how many
 * it stopped. Runs inside the transaction that changes the plan.
 */
async function stopAlertsAbove(trx: Transaction<Database>, userId: string, limit: number) {
  const result = await sql<{ stopped: number }>`
    with running as (
      select 'hotel' as kind, id, started_at, created_at from hotel_alerts
        where user_id = ${userId} and ${isRunningHotelAlert('hotel_alerts')}
      union all
      select 'dining', id, started_at, created_at from dining_alerts
        where user_id = ${userId} and ${isRunningDiningAlert('dining_alerts')}
    ),
    excess as (
      select kind, id from running
      order by coalesce(started_at, created_at), created_at
      offset ${limit}
    ),
    hotel as (
      update hotel_alerts set status = 0, updated_at = now(),
        status_reason = 'Stopped when the plan changed to one with fewer alerts.'
      where id in (select id::uuid from excess where kind = 'hotel') returning 1
    ),
    dining as (
      update dining_alerts set status = 0, updated_at = now(),
        status_reason = 'Stopped when the plan changed to one with fewer alerts.'
      where id in (select id::uuid from excess where kind = 'dining') returning 1
    )
    select (select count(*) from hotel) + (select count(*) from dining) as stopped
  `.execute(trx)
  return Number(result.rows[0]?.stopped ?? 0)
}

/**
 * Moves a locked user to `plan` (or to no plan), in the caller's transaction. A lower limit
 * stops the excess alerts; a new interval takes effect through the user's questions.
 */
async function moveUser(
  trx: Transaction<Database>,
  user: User,
  from: Plan | undefined,
  to: Plan | null,
  changes: { subscriptionId: string | null; trialStartUtc?: Date },
): Promise<{ user: User; stopped: number }> {
  const now = new Date()
  const stopped = await stopAlertsAbove(trx, user.id, to?.alertLimit ?? Number.MAX_SAFE_INTEGER)
  const updated = await trx
    .updateTable('users')
    .set({
      planId: to?.id ?? null,
      stripeSubscriptionPlanId: to?.stripePriceId ?? null,
      subscriptionId: changes.subscriptionId,
      ...(changes.trialStartUtc && {
        trialStartUtc: sql<Date>`coalesce(trial_start_utc, ${changes.trialStartUtc})`,
      }),
    })
    .where('id', '=', user.id)
    .returningAll()
    .executeTakeFirstOrThrow()
  // The user's questions follow the new plan: asked faster at once, slower from their next check.
  await refreshQuestions(trx, { userId: user.id }, now)
  // Every change of plan passes here: a first plan, an upgrade or downgrade, a plan that ended.
  if (from?.id !== to?.id)
    await recordServerEvent(trx, {
      name: 'plan_changed',
      props: { from: from?.id ?? null, to: to?.id ?? null },
    })
  return { user: updated, stopped }
}

/**
 * Writes Stripe's state of a subscription unless an equal or newer one is stored, and lets the
 * user's plan follow it: a subscription that grants a plan puts the user on it; one that has
 * ended takes the plan away if it was the one granting it. One transaction, with the user's row
 * locked, so a downgrade and the alerts it stops land together.
 */
export async function applySubscriptionState(
  db: Executor,
  state: SubscriptionState,
): Promise<PlanMove> {
  return db.transaction().execute(async (trx) => {
    const { user, plan: current } = await lockAccount(trx, state.userId)
    const stored = await trx
      .selectFrom('subscriptions')
      .select(['status', 'stateAt'])
      .where('id', '=', state.id)
      .forUpdate()
      .executeTakeFirst()
    if (stored && !isNewerState({ ...stored, stateAt: new Date(stored.stateAt) }, state.stateAt))
      return { user, applied: false, stopped: 0 }

    const row = {
      priceId: state.priceId,
      status: state.status,
      currentPeriodEnd: state.currentPeriodEnd,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      stateAt: state.stateAt,
      updatedAt: new Date(),
    }
    await trx
      .insertInto('subscriptions')
      .values({ id: state.id, userId: state.userId, ...row })
      .onConflict((oc) => oc.column('id').doUpdateSet(row))
      .execute()

    if (grantsPlan(state.status)) {
      const plan = await trx
        .selectFrom('plans')
        .selectAll()
        .where('stripePriceId', '=', state.priceId)
        .executeTakeFirst()
      if (!plan) return { user, applied: true, stopped: 0 }
      // Once per subscription, whichever of the webhook and the return page confirms it first.
      if (!stored || !grantsPlan(stored.status))
        await recordServerEvent(trx, {
          name: 'subscription_completed',
          props: { plan: plan.id },
          dedupeKey: state.id,
        })
      const previous =
        user.subscriptionId && user.subscriptionId !== state.id
          ? await trx
              .selectFrom('subscriptions')
              .select(['id', 'status'])
              .where('id', '=', user.subscriptionId)
              .executeTakeFirst()
          : undefined
      const moved = await moveUser(trx, user, current, plan, { subscriptionId: state.id })
      return {
        ...moved,
        applied: true,
        ...(previous && grantsPlan(previous.status) && { replaced: previous.id }),
      }
    }
    if (hasEnded(state.status) && user.subscriptionId === state.id) {
      const moved = await moveUser(trx, user, current, null, { subscriptionId: null })
      return { ...moved, applied: true }
    }
    return { user, applied: true, stopped: 0 }
  })
}

/**
 * A plan change made here rather than by Stripe: to the free plan (its trial keeps the date of
 * an earlier one), or to no plan. The paid subscription, if any, stops granting the plan.
 */
export async function moveToUnbilledPlan(db: Executor, userId: string, plan: Plan | null) {
  return db.transaction().execute(async (trx) => {
    const { user, plan: current } = await lockAccount(trx, userId)
    return moveUser(trx, user, current, plan, {
      subscriptionId: null,
      ...(plan?.free && { trialStartUtc: new Date() }),
    })
  })
}

/**
 * Records the outcome of an invoice (paid or failed) on its subscription, unless a later invoice
 * event was already applied. A failure keeps the link Stripe gives for paying it.
 */
export async function applyInvoiceOutcome(
  db: Executor,
  subscriptionId: string,
  outcome: { paid: boolean; at: Date; fixUrl: string | null },
) {
  await db
    .updateTable('subscriptions')
    .set({
      paymentFailedAt: outcome.paid ? null : outcome.at,
      paymentFixUrl: outcome.paid ? null : outcome.fixUrl,
      paymentStateAt: outcome.at,
      updatedAt: new Date(),
    })
    .where('id', '=', subscriptionId)
    .where((eb) =>
      eb.or([eb('paymentStateAt', 'is', null), eb('paymentStateAt', '<=', outcome.at)]),
    )
    .execute()
}

export function findSubscription(db: Executor, id: string) {
  return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The subscription granting the user's plan, if a paid one does. */
export async function currentSubscription(db: Executor, user: Pick<User, 'subscriptionId'>) {
  return user.subscriptionId ? findSubscription(db, user.subscriptionId) : undefined
}

/** Stores the user's Stripe customer unless one is stored already; answers the one that stays. */
export async function saveCustomerId(db: Executor, userId: string, customerId: string) {
  await db
    .updateTable('users')
    .set({ stripeCustomerId: customerId })
    .where('id', '=', userId)
    .where('stripeCustomerId', 'is', null)
    .execute()
  const user = await db
    .selectFrom('users')
    .select('stripeCustomerId')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  return user.stripeCustomerId!
}

export async function findUserByCustomerId(db: Executor, customerId: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('stripeCustomerId', '=', customerId)
    .executeTakeFirst()
}

/** Records a webhook event id; answers false when it was seen before. */
export async function recordStripeEvent(
  db: Executor,
  event: { id: string; type: string; created: Date },
) {
  const result = await db
    .insertInto('stripeEvents')
    .values({ id: event.id, type: event.type, createdAt: event.created })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

export async function hasStripeEvent(db: Executor, id: string) {
  return Boolean(
    await db.selectFrom('stripeEvents').select('id').where('id', '=', id).executeTakeFirst(),
  )
}
