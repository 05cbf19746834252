/**
 * What the billing integration tests share: plan prices and messages, signed-in users, the
 * billing routes called as a client would, a subscription made the way the payment page makes
 * it, and Stripe's webhook events signed as Stripe signs them.
 */
import { getEnv } from '~/env.server'
import { randomUUID } from 'node:crypto'
import Stripe from 'stripe'
import { afterEach, beforeEach, expect, vi } from 'vitest'
import { createUser } from '../../db/factories.ts'
import { alertRow, userRow } from './rows.ts'
import type { User } from '../../db/schema.ts'
import { resetStripeMock } from '../../mocks/stripe.ts'
import { eventObject, type EventType } from '../../mocks/stripe-objects.ts'
import { action as cancelRoute } from '~/routes/api.stripe.cancel-subscription'
import { action as changePlanRoute } from '~/routes/api.stripe.change-plan'
import { action as completeRoute } from '~/routes/api.stripe.complete-checkout'
import { action as createCheckoutRoute } from '~/routes/api.stripe.create-checkout'
import { action as webhookRoute } from '~/routes/api.stripe.webhook'
import { STRIPE_API_VERSION } from '~/services/stripe.server'
import { payTestCheckout } from '~/services/test-payment.server'
import { getDb } from '~/utils/db.server'
import { callRoute, jsonRequest } from './routes.ts'
import { tokenFor } from './session.ts'

export const db = () => getDb()

export const PRICE = {
  pixieDust: 'price_mock_pixie_dust',
  magicHour: 'price_mock_magic_hour',
  lightningLane: 'price_mock_lightning_lane',
  theClub: 'price_mock_the_club',
} as const

export const MESSAGES = {
  invalidPlan: 'Invalid plan selected. Please try again.',
  checkoutFailed: 'Failed to complete your subscription. Please contact support.',
  updated: 'Plan updated successfully!',
  downgraded:
    'Plan downgraded successfully! Any excess running alerts have been automatically stopped.',
  cancelled: 'Subscription cancelled successfully.',
  nothingToCancel: 'You have no subscription to cancel.',
  alreadySubscribed: 'You already have a paid plan. Change plans from Settings.',
  tooManyCheckouts: 'Too many payment attempts. Please wait an hour and try again.',
} as const

const DAY_MS = 24 * 60 * 60 * 1000
export const MONTH_MS = 30 * DAY_MS

/** The SDK pointed at the msw stand-in, to look at what the app left in "Stripe". */
export const stripeApi = new Stripe('sk_test_x', { maxNetworkRetries: 0 })

/** Each test starts with an empty Stripe stand-in and no spies left from the last. */
export function resetStripeBetweenTests() {
  beforeEach(() => {
    resetStripeMock()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })
}

/** Watches customers.create of every Stripe client (the app's included): it lives on the prototype. */
export function watchCustomerCreates() {
  return vi.spyOn(Object.getPrototypeOf(stripeApi.customers) as Stripe.CustomerResource, 'create')
}

export async function subscriptionRows(userId: string) {
  return db().selectFrom('subscriptions').selectAll().where('userId', '=', userId).execute()
}

export async function subscriptionRow(id: string) {
  return db().selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

export async function signedIn(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db(), overrides)
  return { user, token: await tokenFor(user) }
}

export const post = (fn: typeof createCheckoutRoute, path: string, body: unknown, token?: string) =>
  callRoute(fn, jsonRequest(path, body, { token }))

export const createCheckout = (body: unknown, token?: string) =>
  post(createCheckoutRoute, '/api/stripe/create-checkout', body, token)
export const completeCheckout = (body: unknown, token?: string) =>
  post(completeRoute, '/api/stripe/complete-checkout', body, token)
export const changePlan = (priceId: unknown, token?: string) =>
  post(changePlanRoute, '/api/stripe/change-plan', { priceId }, token)
export const cancel = (token?: string) =>
  post(cancelRoute, '/api/stripe/cancel-subscription', {}, token)

/** An open Checkout session of the user's for `priceId`, through the route. */
export async function openSession(token: string, priceId: string): Promise<string> {
  const response = await createCheckout({ priceId }, token)
  expect(response.status).toBe(200)
  const { sessionId } = (await response.json()) as { sessionId: string }
  expect(sessionId).toMatch(/^cs_/)
  return sessionId
}

/** Subscribes the user to a paid plan the way the payment page does: checkout, card, completion. */
export async function subscribe(user: User, token: string, priceId: string) {
  const sessionId = await openSession(token, priceId)
  await payTestCheckout(sessionId, '4242424242424242')
  const response = await completeCheckout({ sessionId }, token)
  expect(response.status).toBe(200)
  const row = await userRow(user.id)
  expect(row.subscriptionId).toMatch(/^sub_/)
  return { sessionId, subscriptionId: row.subscriptionId!, customerId: row.stripeCustomerId! }
}

/** A new user on a paid plan, bought as above: their API token and their Stripe ids. */
export async function subscribed(priceId: string) {
  const { user, token } = await signedIn()
  return { user, token, ...(await subscribe(user, token, priceId)) }
}

// --- webhook helpers -------------------------------------------------------------------------

export const unix = (date: Date | number) => Math.floor(new Date(date).getTime() / 1000)

export function subscriptionObject(options: {
  id: string
  userId?: string
  customer?: string
  status?: string
  priceId: string
  periodEnd?: number
  cancelAtPeriodEnd?: boolean
}) {
  return {
    id: options.id,
    object: 'subscription',
    customer: options.customer ?? `cus_test_${randomUUID().replace(/-/g, '')}`,
    status: options.status ?? 'active',
    cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
    metadata: options.userId ? { userId: options.userId } : {},
    items: {
      object: 'list',
      data: [
        {
          id: 'si_x',
          price: { id: options.priceId },
          current_period_end: options.periodEnd ?? unix(Date.now() + MONTH_MS),
        },
      ],
    },
  }
}

export function invoiceObject(
  subscriptionId: string,
  fixUrl = 'https://invoice.stripe.com/i/in_test_1',
) {
  return {
    id: `in_test_${randomUUID().replace(/-/g, '')}`,
    object: 'invoice',
    hosted_invoice_url: fixUrl,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscriptionId, metadata: {} },
    },
  }
}

/** An event as Stripe delivers it to our endpoint, pinned to the version the app reads. */
export function eventPayload(type: string, object: unknown, created: number, id = newEventId()) {
  return JSON.stringify(
    eventObject({
      id,
      type: type as EventType,
      object,
      apiVersion: STRIPE_API_VERSION,
      pendingWebhooks: 1,
      request: { id: null, idempotency_key: null },
      created,
    }),
  )
}

export const newEventId = () => `evt_test_${randomUUID().replace(/-/g, '')}`
export const newSubscriptionId = () => `sub_test_${randomUUID().replace(/-/g, '')}`

export function sign(payload: string, secret = getEnv().stripe.webhookSecret) {
  return stripeApi.webhooks.generateTestHeaderString({ payload, secret })
}

function webhookRequest(payload: string, signature: string | null) {
  const headers = new Headers({ 'Content-Type': 'application/json' })
  if (signature !== null) headers.set('Stripe-Signature', signature)
  return new Request('http://localhost/api/stripe/webhook', {
    method: 'POST',
    headers,
    body: payload,
  })
}

export async function deliver(payload: string, signature: string | null = sign(payload)) {
  return callRoute(webhookRoute, webhookRequest(payload, signature))
}

/** Posts one signed event; answers the route's status and body. */
export async function sendEvent(
  type: string,
  object: unknown,
  created: number,
  id = newEventId(),
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await deliver(eventPayload(type, object, created, id))
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

export async function storedEvent(id: string) {
  return db().selectFrom('stripeEvents').selectAll().where('id', '=', id).executeTakeFirst()
}

// --- alert helpers ---------------------------------------------------------------------------

export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000)
export const tomorrow = () => new Date(Date.now() + DAY_MS)

export async function runningCount(userId: string) {
  let running = 0
  for (const table of ['hotelAlerts', 'diningAlerts'] as const) {
    const rows = await db()
      .selectFrom(table)
      .select('id')
      .where('userId', '=', userId)
      .where('status', '=', 1)
      .execute()
    running += rows.length
  }
  return running
}

export { alertRow, userRow }
