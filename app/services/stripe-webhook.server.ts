import { NoResultError } from 'kysely'
import Stripe from 'stripe'
import { AppError } from '~/domain/app-error'
import { getEnv } from '~/env.server'
import {
  applyInvoiceOutcome,
  findSubscription,
  hasStripeEvent,
  recordStripeEvent,
} from '~/models/subscription.server'
import { findUserById } from '~/models/user.server'
import {
  applySubscriptionState,
  ownerOf,
  stripe,
  STRIPE_API_VERSION,
  subscriptionState,
} from '~/services/stripe.server'
import { getDb } from '~/utils/db.server'
import { getLogger } from '~/utils/logger.server'

/**
 * Verifies and applies one webhook delivery. Each event id is applied once; a replay answers
 * `duplicate`. Applying is safe to repeat, so the id is recorded after the work is done.
 */
export async function handleStripeWebhook(
  payload: string,
  signature: string | null,
): Promise<{ duplicate: boolean; type: string }> {
  let event: Stripe.Event
  try {
    event = stripe().webhooks.constructEvent(
      payload,
      signature ?? '',
      getEnv().stripe.webhookSecret,
    )
  } catch {
    throw new AppError(400, 'INVALID', 'Invalid Stripe signature.')
  }
  // An event's body is rendered once, in its endpoint's API version: one of another version has
  // other fields, and reading it as ours would silently miss what it says. Refused, and loud: the
  // endpoint needs pinning (`npm run stripe:setup`); Stripe retries it for three days meanwhile.
  if (event.api_version !== STRIPE_API_VERSION) {
    getLogger().error(
      {
        alert: 'stripe-api-version',
        eventId: event.id,
        type: event.type,
        eventVersion: event.api_version,
        expected: STRIPE_API_VERSION,
      },
      'stripe event of another API version refused; pin the webhook endpoint with npm run stripe:setup',
    )
    throw new AppError(
      400,
      'INVALID',
      `This endpoint reads events of Stripe API version ${STRIPE_API_VERSION}, not ${event.api_version ?? 'none'}.`,
    )
  }
  const db = getDb()
  if (await hasStripeEvent(db, event.id)) return { duplicate: true, type: event.type }
  await applyEvent(event)
  await recordStripeEvent(db, {
    id: event.id,
    type: event.type,
    created: new Date(event.created * 1000),
  })
  return { duplicate: false, type: event.type }
}

/**
 * Fetches a subscription an event names and applies its state as of when we asked (a change
 * applied while the answer travels is newer and wins). One Stripe does not know is not worth a
 * retry; a failure to reach Stripe is (the webhook answers 503).
 */
async function syncSubscription(subscriptionId: string, userId?: string) {
  const askedAt = new Date()
  let subscription: Stripe.Subscription
  try {
    subscription = await stripe().subscriptions.retrieve(subscriptionId)
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error
    return getLogger().warn(
      { subscriptionId },
      'an event names a subscription Stripe does not know',
    )
  }
  const owner = userId ?? (await ownerOf(subscription))
  if (!owner) return getLogger().warn({ subscriptionId }, 'subscription of no user')
  await applyToOwner(subscriptionState(subscription, owner, askedAt), getLogger())
}

/**
 * Applies a subscription's state to the account that owns it. Deleting an account cancels its
 * subscription first, and Stripe announces that at once: the event can find the account, then
 * wait for its row while the deletion commits. With no account left there is nothing to apply,
 * now or on a retry, so it is answered like an event of no user.
 */
async function applyToOwner(
  state: ReturnType<typeof subscriptionState>,
  log: ReturnType<typeof getLogger>,
) {
  const db = getDb()
  try {
    await applySubscriptionState(db, state)
  } catch (error) {
    if (!(error instanceof NoResultError) || (await findUserById(db, state.userId))) throw error
    log.warn({ subscription: state.id, userId: state.userId }, 'subscription of a deleted account')
  }
}

async function applyEvent(event: Stripe.Event) {
  const db = getDb()
  const at = new Date(event.created * 1000)
  const log = getLogger().child({ eventId: event.id, type: event.type })
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object
      const userId = session.client_reference_id ?? session.metadata?.userId
      const subscriptionId =
        typeof session.subscription === 'string' ? session.subscription : session.subscription?.id
      if (session.mode !== 'subscription' || !subscriptionId || !userId) return
      if (!(await findUserById(db, userId))) return log.warn({ userId }, 'checkout for no user')
      await syncSubscription(subscriptionId, userId)
      return
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object
      const userId = await ownerOf(subscription)
      if (!userId) return log.warn({ subscription: subscription.id }, 'subscription of no user')
      await applyToOwner(subscriptionState(subscription, userId, at), log)
      return
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object
      const owner = invoice.parent?.subscription_details?.subscription
      const subscriptionId = typeof owner === 'string' ? owner : owner?.id
      if (!subscriptionId) return
      // An invoice can arrive before any event of its subscription: fetch that first.
      if (!(await findSubscription(db, subscriptionId))) await syncSubscription(subscriptionId)
      await applyInvoiceOutcome(db, subscriptionId, {
        paid: event.type === 'invoice.paid',
        at,
        fixUrl: invoice.hosted_invoice_url ?? null,
      })
      return
    }
    default:
      log.debug('stripe event not used')
  }
}
