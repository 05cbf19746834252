import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { Plan, User } from '../../db/schema.ts'
import { AppError } from '~/domain/app-error'
import { BILLING_MESSAGES, planChange } from '~/domain/billing'
import { ALERT_INTENT_KEYS, alertIntentQuery } from '~/domain/checkout'
import { getEnv } from '~/env.server'
import { findPlan, findPlanByPriceId } from '~/models/plan.server'
import {
  currentSubscription,
  moveToUnbilledPlan,
  saveCustomerId,
} from '~/models/subscription.server'
import {
  applySubscriptionState,
  callStripe,
  endSubscriptionNow,
  stripe,
  subscriptionState,
} from '~/services/stripe.server'
import { apiError, readJson } from '~/utils/api.server'
import { getDb } from '~/utils/db.server'
import { getLogger } from '~/utils/logger.server'
import { consume } from '~/utils/rate-limit.server'

/** Checkout, its completion, plan changes and cancellation (accounts §4). */

/** The user's Stripe customer, created once and reused for every checkout. */
async function customerFor(user: User): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId
  const customer = await callStripe('customer create', BILLING_MESSAGES.paymentFailed, () =>
    stripe().customers.create(
      { phone: user.phoneNumber, metadata: { userId: user.id } },
      { idempotencyKey: `customer-${user.id}` },
    ),
  )
  return saveCustomerId(getDb(), user.id, customer.id)
}

export interface CheckoutStart {
  /** Null for the free plan, which starts at once without a card. */
  clientSecret: string | null
  sessionId: string | null
  stripeKey: string
}

/**
 * Starts paying for `plan`: an embedded Checkout session for a paid plan, or the free plan at
 * once. `requestKey` makes a repeated submit of the same page answer with the same session.
 */
export async function createCheckout(
  user: User,
  plan: Plan | undefined,
  requestKey: string = randomUUID(),
  /** The alert intent (openAddAlert, hotel, …) Stripe's return address carries to the dashboard. */
  alertIntent: URLSearchParams = new URLSearchParams(),
): Promise<CheckoutStart> {
  const { publishableKey } = getEnv().stripe
  if (!plan || plan.legacy || !plan.stripePriceId)
    throw new AppError(400, 'INVALID', BILLING_MESSAGES.invalidPlan)
  const current = user.planId ? await findPlan(getDb(), user.planId) : undefined
  if (current && !current.free)
    throw new AppError(409, 'CONFLICT', BILLING_MESSAGES.alreadySubscribed)
  if (plan.free) {
    // A user back from a cancelled plan may have more alerts running than the free plan allows.
    if (!current) await moveToUnbilledPlan(getDb(), user.id, plan)
    return { clientSecret: null, sessionId: null, stripeKey: publishableKey }
  }

  if (!(await consume('checkoutPerUser', user.id)).ok)
    throw new AppError(429, 'RATE_LIMITED', BILLING_MESSAGES.tooManyCheckouts)
  const customer = await customerFor(user)
  const { appUrl } = getEnv()
  const session = await callStripe('checkout create', BILLING_MESSAGES.paymentFailed, () =>
    stripe().checkout.sessions.create(
      {
        ui_mode: 'embedded_page',
        mode: 'subscription',
        customer,
        client_reference_id: user.id,
        line_items: [{ price: plan.stripePriceId!, quantity: 1 }],
        metadata: { userId: user.id, planId: plan.id },
        subscription_data: { metadata: { userId: user.id } },
        return_url: `${appUrl}/complete-checkout?session_id={CHECKOUT_SESSION_ID}${alertIntent.size ? `&${alertIntent}` : ''}`,
      },
      { idempotencyKey: `checkout-${user.id}-${plan.id}-${requestKey}` },
    ),
  )
  if (!session.client_secret)
    throw new AppError(502, 'UPSTREAM_FAILED', BILLING_MESSAGES.paymentFailed)
  return { clientSecret: session.client_secret, sessionId: session.id, stripeKey: publishableKey }
}

/**
 * Confirms a finished Checkout session for its own user and puts them on the plan they paid
 * for, without waiting for the webhook; calling it again changes nothing. An empty session id
 * is the free plan's completion: it succeeds when the user already has a plan.
 */
export async function completeCheckout(user: User, sessionId: string): Promise<User> {
  if (!sessionId) {
    if (user.planId) return user
    throw new AppError(400, 'INVALID', BILLING_MESSAGES.checkoutFailed)
  }
  if (!/^cs_\w+$/.test(sessionId))
    throw new AppError(400, 'INVALID', BILLING_MESSAGES.checkoutFailed)
  const askedAt = new Date()
  const session = await callStripe('checkout retrieve', BILLING_MESSAGES.checkoutFailed, () =>
    stripe().checkout.sessions.retrieve(sessionId, { expand: ['subscription'] }),
  )
  const subscription = session.subscription
  if (
    session.client_reference_id !== user.id ||
    session.status !== 'complete' ||
    !subscription ||
    typeof subscription === 'string'
  ) {
    getLogger().warn(
      { sessionId, userId: user.id, status: session.status },
      'checkout completion refused',
    )
    throw new AppError(400, 'INVALID', BILLING_MESSAGES.checkoutFailed)
  }
  const move = await applySubscriptionState(
    getDb(),
    subscriptionState(subscription, user.id, askedAt),
  )
  if (!move.user.planId) throw new AppError(400, 'INVALID', BILLING_MESSAGES.checkoutFailed)
  return move.user
}

export type PlanChangeResult =
  | { kind: 'checkout'; url: string }
  | { kind: 'changed'; user: User; stopped: number; downgraded: boolean }

/**
 * Changes the user's plan (accounts §4): to a paid plan from no plan or the free plan through
 * checkout; between paid plans by updating the Stripe subscription with proration; to the free
 * plan by ending the paid subscription now. A lower limit stops the excess alerts in the same
 * transaction as the change. Choosing the current plan while a cancellation is pending resumes it.
 */
export async function changePlan(
  user: User,
  target: Plan | undefined,
  requestKey: string = randomUUID(),
): Promise<PlanChangeResult> {
  const db = getDb()
  const current = user.planId ? await findPlan(db, user.planId) : undefined
  if (!target || (target.legacy && target.id !== current?.id))
    throw new AppError(400, 'INVALID', BILLING_MESSAGES.invalidPlan)
  const change = planChange(current ?? null, target)
  const subscription = await currentSubscription(db, user)

  if (change === 'checkout' || (!target.free && !subscription && change !== 'current'))
    return { kind: 'checkout', url: `/payment/${target.id}` }

  if (change === 'start-free' || target.free) {
    const askedAt = new Date()
    const ended = subscription ? await endSubscriptionNow(subscription.id) : undefined
    const moved = await moveToUnbilledPlan(db, user.id, target)
    // Stored as ended, so that a delayed event of its active state cannot grant the paid plan again.
    if (ended) await applySubscriptionState(db, subscriptionState(ended, user.id, askedAt))
    return {
      kind: 'changed',
      ...moved,
      downgraded: change === 'downgrade',
    }
  }

  if (change === 'current' && !subscription?.cancelAtPeriodEnd)
    return { kind: 'changed', user, stopped: 0, downgraded: false }

  const subscriptionId = subscription!.id
  const askedAt = new Date()
  const updated = await callStripe(
    'subscription update',
    BILLING_MESSAGES.updateFailed,
    async () => {
      const live = await stripe().subscriptions.retrieve(subscriptionId)
      const item = live.items.data[0]
      if (!item) throw new Error(`subscription ${subscriptionId} has no item`)
      return stripe().subscriptions.update(
        subscriptionId,
        {
          items: [{ id: item.id, price: target.stripePriceId! }],
          proration_behavior: 'create_prorations',
          cancel_at_period_end: false,
          metadata: { userId: user.id },
        },
        { idempotencyKey: `change-${subscriptionId}-${requestKey}` },
      )
    },
  )
  const move = await applySubscriptionState(db, subscriptionState(updated, user.id, askedAt))
  return {
    kind: 'changed',
    user: move.user,
    stopped: move.stopped,
    downgraded: change === 'downgrade',
  }
}

/**
 * Cancels the user's plan: a paid plan at the end of the period they paid for (alerts keep
 * working until then, as the terms promise), the free plan at once. Answers the refreshed user
 * and the day a paid plan ends.
 */
export async function cancelSubscription(
  user: User,
  requestKey: string = randomUUID(),
): Promise<{ user: User; endsAt: Date | null }> {
  const db = getDb()
  if (!user.planId) throw new AppError(400, 'INVALID', BILLING_MESSAGES.nothingToCancel)
  const subscription = await currentSubscription(db, user)
  if (!subscription) {
    const moved = await moveToUnbilledPlan(db, user.id, null)
    return { user: moved.user, endsAt: null }
  }
  const askedAt = new Date()
  const updated = await callStripe('subscription cancel', BILLING_MESSAGES.cancelFailed, () =>
    stripe().subscriptions.update(
      subscription.id,
      { cancel_at_period_end: true },
      { idempotencyKey: `cancel-${subscription.id}-${requestKey}` },
    ),
  )
  const state = subscriptionState(updated, user.id, askedAt)
  const move = await applySubscriptionState(db, state)
  return { user: move.user, endsAt: state.currentPeriodEnd }
}

const priceBody = z.object({
  priceId: z.string().regex(/^price_\w+$/),
  alertIntent: z
    .partialRecord(z.enum(ALERT_INTENT_KEYS), z.string().max(200))
    .optional()
    .transform((intent) => alertIntentQuery(new URLSearchParams(intent))),
})

/**
 * The plan a JSON body names by {priceId}, as the billing calls of the API take it. A body that
 * names no plan (not JSON, no priceId, not a price, an unknown one) is the one refusal of the
 * specification.
 */
export async function planOfBody(
  request: Request,
): Promise<{ plan: Plan; alertIntent: URLSearchParams }> {
  const parsed = await readJson(request, priceBody).catch(() => null)
  const plan = parsed && (await findPlanByPriceId(getDb(), parsed.priceId))
  if (!plan) throw apiError(400, BILLING_MESSAGES.invalidPlan)
  return { plan, alertIntent: parsed.alertIntent }
}

/** A client's Idempotency-Key header, so that its retry of a call is answered, not repeated. */
export function requestKeyOf(request: Request): string | undefined {
  const key = request.headers.get('Idempotency-Key')
  return key && /^[\w-]{8,100}$/.test(key) ? key : undefined
}
