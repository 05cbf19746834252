import Stripe from 'stripe'
import { AppError } from '~/domain/app-error'
import { BILLING_MESSAGES } from '~/domain/billing'
import { getEnv } from '~/env.server'
import {
  applySubscriptionState as storeSubscriptionState,
  findUserByCustomerId,
  type SubscriptionState,
} from '~/models/subscription.server'
import { findUserById } from '~/models/user.server'
import { getDb } from '~/utils/db.server'
import { getLogger } from '~/utils/logger.server'
import { singleton } from '~/utils/singleton.server'

/*
 * The Stripe client, and how a Stripe subscription becomes our row: the part checkout, plan
 * changes and the webhook share.
 */

/**
 * The Stripe API version this code reads (decision 0025): the version the installed SDK's types
 * describe. Requests are made in it, and `npm run stripe:setup` pins the webhook endpoint to it,
 * since Stripe renders each event in its endpoint's version (or the account's default) and an
 * event's body never changes after. Upgrading the SDK means a new endpoint: a unit test says so.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive'

/** The events the webhook reads; the endpoint is subscribed to these and no others. */
export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const satisfies Stripe.Event.Type[]

/** The Stripe SDK (answered by msw in mock mode). A hung call must not hold a page open. */
export function stripe(): Stripe {
  return singleton(
    'stripe',
    () =>
      new Stripe(getEnv().stripe.secretKey, {
        apiVersion: STRIPE_API_VERSION,
        timeout: 10_000,
        maxNetworkRetries: 2,
        appInfo: { name: 'Disney Hotel Alerts' },
      }),
  )
}

/** Runs a Stripe call; a failure of Stripe's (network, outage, refusal) becomes `message`. */
export async function callStripe<T>(
  what: string,
  message: string,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run()
  } catch (error) {
    getLogger().error({ err: error }, `stripe: ${what} failed`)
    // Stripe refusing the request (an unknown session, say) is the caller's; the rest is ours.
    if (error instanceof Stripe.errors.StripeInvalidRequestError)
      throw new AppError(400, 'INVALID', message)
    throw new AppError(502, 'UPSTREAM_FAILED', message)
  }
}

/** Our row of a subscription as Stripe answered it at `stateAt`. */
export function subscriptionState(
  subscription: Stripe.Subscription,
  userId: string,
  stateAt: Date,
): SubscriptionState {
  const item = subscription.items.data[0]
  return {
    id: subscription.id,
    userId,
    priceId: item?.price.id ?? '',
    status: subscription.status,
    currentPeriodEnd: item ? new Date(item.current_period_end * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    stateAt,
  }
}

/**
 * Applies Stripe's state of a subscription. When it takes over from another live subscription of
 * the same user (two checkouts raced), that one is ended now and its payment refunded as a
 * duplicate, so nobody pays twice for one month.
 */
export async function applySubscriptionState(
  db: ReturnType<typeof getDb>,
  state: SubscriptionState,
) {
  const move = await storeSubscriptionState(db, state)
  if (move.replaced) {
    const log = getLogger().child({ userId: state.userId, replaced: move.replaced })
    log.warn('a second subscription took over; ending the first')
    try {
      const askedAt = new Date()
      const ended = await endSubscriptionNow(move.replaced)
      await storeSubscriptionState(db, subscriptionState(ended, state.userId, askedAt))
      await refundDuplicate(ended, log)
    } catch (error) {
      // The new plan stands; the old subscription needs a person (it is in the log).
      log.error({ err: error }, 'could not end the replaced subscription')
    }
  }
  return move
}

/** Whose subscription this is: the user named in its metadata, or the owner of its customer. */
export async function ownerOf(subscription: Stripe.Subscription): Promise<string | null> {
  const db = getDb()
  const named = subscription.metadata?.userId
  if (named && /^[0-9a-f-]{36}$/i.test(named) && (await findUserById(db, named))) return named
  const customer =
    typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id
  return (await findUserByCustomerId(db, customer))?.id ?? null
}

/**
 * Ends a subscription now. Nothing is credited for the unused part of the month: the terms give
 * no refunds or credits for partial months (Stripe's `prorate` would leave a credit item).
 */
export async function endSubscriptionNow(subscriptionId: string) {
  // A DELETE is idempotent at Stripe by itself: an idempotency key would have no effect.
  return callStripe('subscription cancel', BILLING_MESSAGES.updateFailed, () =>
    stripe().subscriptions.cancel(subscriptionId, { prorate: false }),
  )
}

/** A replaced subscription younger than this was a racing second checkout, not a month of use. */
const DUPLICATE_WITHIN_S = 24 * 60 * 60

/**
 * Refunds in full what a replaced subscription was paid (terms §8: a duplicate charge is not a
 * fee for the service). One older than a day is not a duplicate; it ends without credit, and a
 * person looks at it.
 */
async function refundDuplicate(ended: Stripe.Subscription, log: ReturnType<typeof getLogger>) {
  if (Date.now() / 1000 - ended.created > DUPLICATE_WITHIN_S)
    return log.warn({ created: ended.created }, 'replaced subscription was not new; not refunded')
  const invoice = ended.latest_invoice
  const invoiceId = typeof invoice === 'string' ? invoice : invoice?.id
  if (!invoiceId) return
  for await (const paid of stripe().invoicePayments.list({ invoice: invoiceId, status: 'paid' })) {
    const intent = paid.payment.payment_intent
    const paymentIntent = typeof intent === 'string' ? intent : intent?.id
    if (!paymentIntent) continue
    await stripe().refunds.create(
      { payment_intent: paymentIntent, reason: 'duplicate', metadata: { replaced: ended.id } },
      { idempotencyKey: `refund-duplicate-${paid.id}` },
    )
    log.info({ invoiceId, paymentIntent }, 'refunded the replaced subscription as a duplicate')
  }
}
