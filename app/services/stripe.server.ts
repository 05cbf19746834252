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

/** The Stripe SDK (answered by msw in mock mode). A hung call must not hold a page open. */
export function stripe(): Stripe {
  return singleton(
    'stripe',
    () =>
      new Stripe(getEnv().stripe.secretKey, {
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
 * Applies Stripe's state of a subscription; when it takes over from another live subscription
 * of the same user, that one is ended now (its unused time becomes credit), so nobody pays twice.
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

export async function endSubscriptionNow(subscriptionId: string) {
  // Unused paid time becomes credit on the customer's balance (fees are non-refundable).
  return callStripe('subscription cancel', BILLING_MESSAGES.updateFailed, () =>
    stripe().subscriptions.cancel(
      subscriptionId,
      { prorate: true },
      { idempotencyKey: `end-${subscriptionId}` },
    ),
  )
}
