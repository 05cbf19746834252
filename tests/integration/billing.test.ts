import { randomUUID } from 'node:crypto'
import Stripe from 'stripe'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createDiningAlertRow,
  createHotelAlertRow,
  createUser,
  legacyPlan,
} from '../../db/factories.ts'
import type { User } from '../../db/schema.ts'
import { resetStripeMock } from '../../mocks/stripe.ts'
import {
  action as accountSettings,
  loader as accountSettingsLoader,
} from '~/routes/api.account.settings'
import { action as cancelRoute } from '~/routes/api.stripe.cancel-subscription'
import { action as changePlanRoute } from '~/routes/api.stripe.change-plan'
import { action as completeRoute } from '~/routes/api.stripe.complete-checkout'
import { action as createCheckoutRoute } from '~/routes/api.stripe.create-checkout'
import { action as webhookRoute } from '~/routes/api.stripe.webhook'
import { loader as dashboardPage } from '~/routes/dashboard'
import { action as settingsAction, loader as settingsPage } from '~/routes/settings'
import { AppError } from '~/domain/app-error'
import { payTestCheckout } from '~/services/test-payment.server'
import { getDb } from '~/utils/db.server'
import { callRoute, cookiesFrom, formRequest, getRequest, jsonRequest } from '../support/routes.ts'
import { expectErrorLog } from '../support/logs.ts'
import { cookieFor, tokenFor } from '../support/session.ts'

const db = () => getDb()

const PRICE = {
  pixieDust: 'price_mock_pixie_dust',
  magicHour: 'price_mock_magic_hour',
  lightningLane: 'price_mock_lightning_lane',
  theClub: 'price_mock_the_club',
} as const

const MESSAGES = {
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

const WEBHOOK_SECRET = 'whsec_mock_signing_secret'
const DAY_MS = 24 * 60 * 60 * 1000
const MONTH_MS = 30 * DAY_MS

/** The SDK pointed at the msw stand-in, to look at what the app left in "Stripe". */
const stripeApi = new Stripe('sk_test_x', { maxNetworkRetries: 0 })

beforeEach(() => {
  resetStripeMock()
})

afterEach(() => {
  vi.restoreAllMocks()
})

/** Watches customers.create of every Stripe client (the app's included): it lives on the prototype. */
function watchCustomerCreates() {
  return vi.spyOn(Object.getPrototypeOf(stripeApi.customers) as Stripe.CustomerResource, 'create')
}

async function userRow(id: string) {
  return db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

async function subscriptionRows(userId: string) {
  return db().selectFrom('subscriptions').selectAll().where('userId', '=', userId).execute()
}

async function subscriptionRow(id: string) {
  return db().selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

async function signedIn(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db(), overrides)
  return { user, token: await tokenFor(user) }
}

const post = (fn: typeof createCheckoutRoute, path: string, body: unknown, token?: string) =>
  callRoute(fn, jsonRequest(path, body, { token }))

const createCheckout = (body: unknown, token?: string) =>
  post(createCheckoutRoute, '/api/stripe/create-checkout', body, token)
const completeCheckout = (body: unknown, token?: string) =>
  post(completeRoute, '/api/stripe/complete-checkout', body, token)
const changePlan = (priceId: unknown, token?: string) =>
  post(changePlanRoute, '/api/stripe/change-plan', { priceId }, token)
const cancel = (token?: string) => post(cancelRoute, '/api/stripe/cancel-subscription', {}, token)

/** An open Checkout session of the user's for `priceId`, through the route. */
async function openSession(token: string, priceId: string): Promise<string> {
  const response = await createCheckout({ priceId }, token)
  expect(response.status).toBe(200)
  const { sessionId } = (await response.json()) as { sessionId: string }
  expect(sessionId).toMatch(/^cs_/)
  return sessionId
}

/** Subscribes the user to a paid plan the way the payment page does: checkout, card, completion. */
async function subscribe(user: User, token: string, priceId: string) {
  const sessionId = await openSession(token, priceId)
  await payTestCheckout(sessionId, '4242424242424242')
  const response = await completeCheckout({ sessionId }, token)
  expect(response.status).toBe(200)
  const row = await userRow(user.id)
  expect(row.subscriptionId).toMatch(/^sub_/)
  return { sessionId, subscriptionId: row.subscriptionId!, customerId: row.stripeCustomerId! }
}

// --- webhook helpers -------------------------------------------------------------------------

const unix = (date: Date | number) => Math.floor(new Date(date).getTime() / 1000)

function subscriptionObject(options: {
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

function invoiceObject(subscriptionId: string, fixUrl = 'https://invoice.stripe.com/i/in_test_1') {
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

function eventPayload(type: string, object: unknown, created: number, id = newEventId()) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    created,
    livemode: false,
    data: { object },
  })
}

const newEventId = () => `evt_test_${randomUUID().replace(/-/g, '')}`
const newSubscriptionId = () => `sub_test_${randomUUID().replace(/-/g, '')}`

function sign(payload: string, secret = WEBHOOK_SECRET) {
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

async function deliver(payload: string, signature: string | null = sign(payload)) {
  return callRoute(webhookRoute, webhookRequest(payload, signature))
}

/** Posts one signed event; answers the route's status and body. */
async function sendEvent(
  type: string,
  object: unknown,
  created: number,
  id = newEventId(),
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await deliver(eventPayload(type, object, created, id))
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

async function storedEvent(id: string) {
  return db().selectFrom('stripeEvents').selectAll().where('id', '=', id).executeTakeFirst()
}

// --- alert helpers ---------------------------------------------------------------------------

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000)
const tomorrow = () => new Date(Date.now() + DAY_MS)

async function alertRow(kind: 'hotel' | 'dining', id: string) {
  return db()
    .selectFrom(kind === 'hotel' ? 'hotelAlerts' : 'diningAlerts')
    .select(['id', 'status', 'statusReason', 'nextCheckAt'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}

async function runningCount(userId: string) {
  const hotel = await db()
    .selectFrom('hotelAlerts')
    .select('id')
    .where('userId', '=', userId)
    .where('status', '=', 1)
    .execute()
  const dining = await db()
    .selectFrom('diningAlerts')
    .select('id')
    .where('userId', '=', userId)
    .where('status', '=', 1)
    .execute()
  return hotel.length + dining.length
}

// ============================================================================================

describe('POST /api/stripe/create-checkout', () => {
  it('answers 401 without a token and creates nothing', async () => {
    const response = await createCheckout({ priceId: PRICE.magicHour })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ message: 'Unauthorized' })
  })

  it.each([
    ['an unknown price id', { priceId: 'price_mock_no_such_plan' }],
    ['a price id that is not one', { priceId: 'magic-hour' }],
    ['a missing price id', {}],
    ['a numeric price id', { priceId: 42 }],
    ['a null price id', { priceId: null }],
  ])('refuses %s with Invalid plan selected', async (_label, body) => {
    const { user, token } = await signedIn()
    const response = await createCheckout(body, token)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: MESSAGES.invalidPlan })
    const row = await userRow(user.id)
    expect(row.planId).toBeNull()
    expect(row.stripeCustomerId).toBeNull()
  })

  it('refuses malformed JSON with Invalid plan selected', async () => {
    const { user, token } = await signedIn()
    const response = await callRoute(
      createCheckoutRoute,
      jsonRequest('/api/stripe/create-checkout', null, { token, raw: '{"priceId": ' }),
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: MESSAGES.invalidPlan })
    expect((await userRow(user.id)).stripeCustomerId).toBeNull()
  })

  it('opens an embedded session for a paid plan with one customer, reused next time', async () => {
    const { user, token } = await signedIn()
    const response = await createCheckout({ priceId: PRICE.magicHour }, token)
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const first = (await response.json()) as {
      clientSecret: string
      sessionId: string
      stripeKey: string
    }
    expect(first.stripeKey).toBe('pk_test_mock')
    expect(first.clientSecret).toMatch(new RegExp(`^${first.sessionId}_secret_`))

    const afterFirst = await userRow(user.id)
    expect(afterFirst.stripeCustomerId).toMatch(/^cus_/)
    // Opening the page does not grant anything yet.
    expect(afterFirst.planId).toBeNull()
    expect(afterFirst.subscriptionId).toBeNull()

    const creates = watchCustomerCreates()
    const second = (await (await createCheckout({ priceId: PRICE.theClub }, token)).json()) as {
      sessionId: string
    }
    expect(second.sessionId).not.toBe(first.sessionId)
    expect(creates).not.toHaveBeenCalled()
    expect((await userRow(user.id)).stripeCustomerId).toBe(afterFirst.stripeCustomerId)

    const sessions = await Promise.all(
      [first.sessionId, second.sessionId].map((id) =>
        stripeApi.checkout.sessions.retrieve(id, { expand: ['line_items'] }),
      ),
    )
    for (const session of sessions) {
      expect(session.customer).toBe(afterFirst.stripeCustomerId)
      expect(session.client_reference_id).toBe(user.id)
      expect(session.status).toBe('open')
      expect(session.metadata).toMatchObject({ userId: user.id })
    }
    expect(sessions.map((session) => session.metadata?.planId)).toEqual(['magic-hour', 'the-club'])
    expect(sessions.map((session) => session.line_items?.data[0]?.price?.id)).toEqual([
      PRICE.magicHour,
      PRICE.theClub,
    ])
  })

  it('refuses a 31st Checkout session within the hour for one user, and only that user', async () => {
    const { token } = await signedIn()
    for (let i = 0; i < 30; i++)
      expect((await createCheckout({ priceId: PRICE.magicHour }, token)).status).toBe(200)
    const refused = await createCheckout({ priceId: PRICE.magicHour }, token)
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({ message: MESSAGES.tooManyCheckouts })
    const other = await signedIn()
    expect((await createCheckout({ priceId: PRICE.magicHour }, other.token)).status).toBe(200)
  })

  it('uses the Stripe customer the user already has', async () => {
    const existing = await stripeApi.customers.create({ phone: '+12015550123' })
    const { user, token } = await signedIn({ stripeCustomerId: existing.id })
    const creates = watchCustomerCreates()
    const sessionId = await openSession(token, PRICE.lightningLane)
    expect(creates).not.toHaveBeenCalled()
    const session = await stripeApi.checkout.sessions.retrieve(sessionId)
    expect(session.customer).toBe(existing.id)
    expect((await userRow(user.id)).stripeCustomerId).toBe(existing.id)
  })

  it('starts the free plan at once, without a card or a customer', async () => {
    const { user, token } = await signedIn()
    const before = Date.now()
    const response = await createCheckout({ priceId: PRICE.pixieDust }, token)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      clientSecret: null,
      sessionId: null,
      stripeKey: 'pk_test_mock',
    })
    const row = await userRow(user.id)
    expect(row.planId).toBe('pixie-dust')
    expect(row.stripeSubscriptionPlanId).toBe(PRICE.pixieDust)
    expect(new Date(row.trialStartUtc!).getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(row.stripeCustomerId).toBeNull()
    expect(row.subscriptionId).toBeNull()
  })

  it('keeps only the earliest started alert running when a user back from a cancelled plan starts free', async () => {
    const { user, token } = await signedIn()
    const first = await createDiningAlertRow(db(), user.id, { startedAt: minutesAgo(90) })
    const later = await createHotelAlertRow(db(), user.id, { startedAt: minutesAgo(10) })
    expect((await createCheckout({ priceId: PRICE.pixieDust }, token)).status).toBe(200)
    expect((await alertRow('dining', first.id)).status).toBe(1)
    expect((await alertRow('hotel', later.id)).status).toBe(0)
    expect(await runningCount(user.id)).toBe(1)
  })

  it('refuses a user already on a paid plan with 409, for a paid or the free plan', async () => {
    const { user, token } = await signedIn()
    const { subscriptionId } = await subscribe(user, token, PRICE.magicHour)
    for (const priceId of [PRICE.lightningLane, PRICE.magicHour, PRICE.pixieDust]) {
      const response = await createCheckout({ priceId }, token)
      expect(response.status).toBe(409)
      expect(await response.json()).toEqual({ message: MESSAGES.alreadySubscribed })
    }
    const row = await userRow(user.id)
    expect(row.planId).toBe('magic-hour')
    expect(row.subscriptionId).toBe(subscriptionId)
  })
})

describe('POST /api/stripe/complete-checkout', () => {
  it('ends the first subscription when a second checkout, paid in another tab, takes over', async () => {
    const { user, token } = await signedIn()
    const first = await openSession(token, PRICE.magicHour)
    const second = await openSession(token, PRICE.lightningLane)
    await payTestCheckout(first, '4242424242424242')
    await payTestCheckout(second, '4242424242424242')
    expect((await completeCheckout({ sessionId: first }, token)).status).toBe(200)
    const firstSubscription = (await userRow(user.id)).subscriptionId!
    expect((await completeCheckout({ sessionId: second }, token)).status).toBe(200)

    const row = await userRow(user.id)
    expect(row.planId).toBe('lightning-lane')
    expect(row.subscriptionId).not.toBe(firstSubscription)
    expect((await stripeApi.subscriptions.retrieve(firstSubscription)).status).toBe('canceled')
    expect((await subscriptionRow(firstSubscription)).status).toBe('canceled')
  })

  it('puts the user on the plan they paid for and can be called again', async () => {
    const { user, token } = await signedIn()
    const sessionId = await openSession(token, PRICE.lightningLane)
    await payTestCheckout(sessionId, '4242 4242 4242 4242')

    const response = await completeCheckout({ sessionId }, token)
    expect(response.status).toBe(200)
    const answer = await response.json()
    expect(answer.user).toMatchObject({
      id: user.id,
      planId: 'lightning-lane',
      stripeSubscriptionPlanId: PRICE.lightningLane,
    })

    const row = await userRow(user.id)
    expect(row.planId).toBe('lightning-lane')
    expect(row.stripeSubscriptionPlanId).toBe(PRICE.lightningLane)
    const session = await stripeApi.checkout.sessions.retrieve(sessionId)
    expect(row.subscriptionId).toBe(session.subscription)

    const rows = await subscriptionRows(user.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      id: row.subscriptionId,
      priceId: PRICE.lightningLane,
      status: 'active',
      cancelAtPeriodEnd: false,
      paymentFailedAt: null,
    })
    const periodEnd = new Date(rows[0]!.currentPeriodEnd!).getTime()
    expect(Math.abs(periodEnd - (Date.now() + MONTH_MS))).toBeLessThan(60_000)

    const again = await completeCheckout({ sessionId: ` ${sessionId} ` }, token)
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual(answer)
    expect(await subscriptionRows(user.id)).toHaveLength(1)
    expect((await userRow(user.id)).subscriptionId).toBe(row.subscriptionId)
  })

  it('refuses a session that was not paid', async () => {
    const { user, token } = await signedIn()
    const sessionId = await openSession(token, PRICE.magicHour)
    const response = await completeCheckout({ sessionId }, token)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: MESSAGES.checkoutFailed })
    expect((await userRow(user.id)).planId).toBeNull()
    expect(await subscriptionRows(user.id)).toEqual([])
  })

  it("refuses another user's paid session and leaves both users as they were", async () => {
    const owner = await signedIn()
    const sessionId = await openSession(owner.token, PRICE.theClub)
    await payTestCheckout(sessionId, '4242424242424242')
    const intruder = await signedIn()

    const response = await completeCheckout({ sessionId }, intruder.token)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: MESSAGES.checkoutFailed })

    for (const user of [owner.user, intruder.user]) {
      const row = await userRow(user.id)
      expect(row.planId).toBeNull()
      expect(row.subscriptionId).toBeNull()
      expect(await subscriptionRows(user.id)).toEqual([])
    }
    // The owner can still complete their own session.
    expect((await completeCheckout({ sessionId }, owner.token)).status).toBe(200)
    expect((await userRow(owner.user.id)).planId).toBe('the-club')
  })

  it.each(['not-a-session', 'cs_test_doesnotexist', 'cs_test/../../v1/customers', 'sub_test_123'])(
    'refuses the session id %j',
    async (sessionId) => {
      // A well-formed id Stripe does not know is asked of Stripe, which refuses it.
      if (sessionId === 'cs_test_doesnotexist') expectErrorLog(/stripe: checkout retrieve failed/)
      const { user, token } = await signedIn()
      const response = await completeCheckout({ sessionId }, token)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ message: MESSAGES.checkoutFailed })
      expect((await userRow(user.id)).planId).toBeNull()
    },
  )

  it('answers 401 without a token', async () => {
    const response = await completeCheckout({ sessionId: '' })
    expect(response.status).toBe(401)
  })

  it('completes the free plan with an empty session id only when the user has a plan', async () => {
    const { user, token } = await signedIn()
    for (const body of [{ sessionId: '' }, {}]) {
      const refused = await completeCheckout(body, token)
      expect(refused.status).toBe(400)
      expect(await refused.json()).toEqual({ message: MESSAGES.checkoutFailed })
    }
    expect((await userRow(user.id)).planId).toBeNull()

    expect((await createCheckout({ priceId: PRICE.pixieDust }, token)).status).toBe(200)
    const response = await completeCheckout({ sessionId: '' }, token)
    expect(response.status).toBe(200)
    expect((await response.json()).user).toMatchObject({
      id: user.id,
      planId: 'pixie-dust',
      stripeSubscriptionPlanId: PRICE.pixieDust,
    })
  })

  it('leaves the session open when the card is declined (402 from payTestCheckout)', async () => {
    const { user, token } = await signedIn()
    const sessionId = await openSession(token, PRICE.magicHour)
    const error = await payTestCheckout(sessionId, '4000000000000002').catch(
      (thrown: unknown) => thrown,
    )
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).status).toBe(402)
    expect((error as AppError).message).toBe('Your card was declined.')

    const session = await stripeApi.checkout.sessions.retrieve(sessionId)
    expect(session.status).toBe('open')
    expect(session.subscription).toBeNull()
    expect((await completeCheckout({ sessionId }, token)).status).toBe(400)
    expect((await userRow(user.id)).planId).toBeNull()

    // The same session can still be paid with a good card.
    await payTestCheckout(sessionId, '4242424242424242')
    expect((await completeCheckout({ sessionId }, token)).status).toBe(200)
    expect((await userRow(user.id)).planId).toBe('magic-hour')
  })
})

describe('POST /api/stripe/webhook', () => {
  const T = unix(Date.now()) - 3600

  it('applies a correctly signed event once and records its id', async () => {
    const user = await createUser(db())
    const subscriptionId = newSubscriptionId()
    const id = newEventId()
    const { status, body } = await sendEvent(
      'customer.subscription.updated',
      subscriptionObject({ id: subscriptionId, userId: user.id, priceId: PRICE.magicHour }),
      T,
      id,
    )
    expect(status).toBe(200)
    expect(body).toMatchObject({ received: true, duplicate: false })

    const row = await userRow(user.id)
    expect(row.planId).toBe('magic-hour')
    expect(row.subscriptionId).toBe(subscriptionId)
    expect(await subscriptionRow(subscriptionId)).toMatchObject({
      userId: user.id,
      priceId: PRICE.magicHour,
      status: 'active',
    })
    expect(await storedEvent(id)).toMatchObject({ type: 'customer.subscription.updated' })
  })

  it.each([
    ['a signature made with another secret', (payload: string) => sign(payload, 'whsec_wrong')],
    ['a garbage signature', () => 't=1,v1=deadbeef'],
    ['no signature', () => null],
    [
      'a signature of another body',
      (payload: string) => sign(payload.replace('price_mock_magic_hour', 'price_mock_the_club')),
    ],
  ])('refuses %s with 400 and changes nothing', async (_label, signatureOf) => {
    const user = await createUser(db())
    const subscriptionId = newSubscriptionId()
    const id = newEventId()
    const payload = eventPayload(
      'customer.subscription.updated',
      subscriptionObject({ id: subscriptionId, userId: user.id, priceId: PRICE.magicHour }),
      T,
      id,
    )
    const response = await deliver(payload, signatureOf(payload))
    expect(response.status).toBe(400)
    expect((await userRow(user.id)).planId).toBeNull()
    expect(await subscriptionRows(user.id)).toEqual([])
    expect(await storedEvent(id)).toBeUndefined()
  })

  it('answers a replayed event id as a duplicate and does not apply it again', async () => {
    const user = await createUser(db())
    const subscriptionId = newSubscriptionId()
    const id = newEventId()
    const object = subscriptionObject({
      id: subscriptionId,
      userId: user.id,
      priceId: PRICE.lightningLane,
    })
    expect((await sendEvent('customer.subscription.updated', object, T, id)).body).toMatchObject({
      duplicate: false,
    })
    expect((await userRow(user.id)).planId).toBe('lightning-lane')

    // Something else moved the user since; a replay of the same event must not undo it.
    await db()
      .updateTable('subscriptions')
      .set({ priceId: PRICE.magicHour })
      .where('id', '=', subscriptionId)
      .execute()
    await db()
      .updateTable('users')
      .set({ planId: 'magic-hour', stripeSubscriptionPlanId: PRICE.magicHour })
      .where('id', '=', user.id)
      .execute()

    const replay = await sendEvent('customer.subscription.updated', object, T, id)
    expect(replay.status).toBe(200)
    expect(replay.body).toMatchObject({ received: true, duplicate: true })
    expect((await userRow(user.id)).planId).toBe('magic-hour')
    expect((await subscriptionRow(subscriptionId)).priceId).toBe(PRICE.magicHour)
    const events = await db().selectFrom('stripeEvents').selectAll().where('id', '=', id).execute()
    expect(events).toHaveLength(1)
  })

  it('keeps the newer state when subscription events arrive out of order', async () => {
    const user = await createUser(db())
    const subscriptionId = newSubscriptionId()
    const newer = await sendEvent(
      'customer.subscription.updated',
      subscriptionObject({ id: subscriptionId, userId: user.id, priceId: PRICE.lightningLane }),
      T + 10,
    )
    expect(newer.status).toBe(200)
    const older = await sendEvent(
      'customer.subscription.updated',
      subscriptionObject({ id: subscriptionId, userId: user.id, priceId: PRICE.magicHour }),
      T,
    )
    expect(older.status).toBe(200)

    const row = await userRow(user.id)
    expect(row.planId).toBe('lightning-lane')
    expect(row.stripeSubscriptionPlanId).toBe(PRICE.lightningLane)
    const stored = await subscriptionRow(subscriptionId)
    expect(stored.priceId).toBe(PRICE.lightningLane)
    expect(new Date(stored.stateAt).getTime()).toBe((T + 10) * 1000)
  })

  it('ends the plan on customer.subscription.deleted, and no later event revives it', async () => {
    const user = await createUser(db())
    const subscriptionId = newSubscriptionId()
    const object = (status: string) =>
      subscriptionObject({ id: subscriptionId, userId: user.id, priceId: PRICE.magicHour, status })
    await sendEvent('customer.subscription.created', object('active'), T)
    expect((await userRow(user.id)).planId).toBe('magic-hour')

    expect(
      (await sendEvent('customer.subscription.deleted', object('canceled'), T + 20)).status,
    ).toBe(200)
    let row = await userRow(user.id)
    expect(row.planId).toBeNull()
    expect(row.stripeSubscriptionPlanId).toBeNull()
    expect(row.subscriptionId).toBeNull()
    expect((await subscriptionRow(subscriptionId)).status).toBe('canceled')

    // A delayed older update, and even a newer one, cannot bring back an ended subscription.
    for (const created of [T + 10, T + 30]) {
      expect(
        (await sendEvent('customer.subscription.updated', object('active'), created)).status,
      ).toBe(200)
    }
    row = await userRow(user.id)
    expect(row.planId).toBeNull()
    expect(row.subscriptionId).toBeNull()
    expect((await subscriptionRow(subscriptionId)).status).toBe('canceled')
  })

  it('finds the owner by Stripe customer when the subscription names no user', async () => {
    const customer = `cus_test_${randomUUID().replace(/-/g, '')}`
    const user = await createUser(db(), { stripeCustomerId: customer })
    const subscriptionId = newSubscriptionId()
    await sendEvent(
      'customer.subscription.created',
      subscriptionObject({ id: subscriptionId, customer, priceId: PRICE.theClub }),
      T,
    )
    expect((await userRow(user.id)).planId).toBe('the-club')
    expect((await subscriptionRow(subscriptionId)).userId).toBe(user.id)
  })

  it('accepts and ignores a subscription of nobody', async () => {
    const subscriptionId = newSubscriptionId()
    const id = newEventId()
    const { status } = await sendEvent(
      'customer.subscription.created',
      subscriptionObject({ id: subscriptionId, userId: randomUUID(), priceId: PRICE.theClub }),
      T,
      id,
    )
    expect(status).toBe(200)
    expect(
      await db()
        .selectFrom('subscriptions')
        .select('id')
        .where('id', '=', subscriptionId)
        .execute(),
    ).toEqual([])
    expect(await storedEvent(id)).toBeDefined()
  })

  it('records a failed payment with its fix link until a newer paid invoice', async () => {
    const user = await createUser(db())
    const subscriptionId = newSubscriptionId()
    await sendEvent(
      'customer.subscription.created',
      subscriptionObject({ id: subscriptionId, userId: user.id, priceId: PRICE.magicHour }),
      T,
    )
    const fixUrl = 'https://invoice.stripe.com/i/in_test_fix_me'
    const failed = await sendEvent(
      'invoice.payment_failed',
      invoiceObject(subscriptionId, fixUrl),
      T + 10,
    )
    expect(failed.status).toBe(200)
    let stored = await subscriptionRow(subscriptionId)
    expect(new Date(stored.paymentFailedAt!).getTime()).toBe((T + 10) * 1000)
    expect(stored.paymentFixUrl).toBe(fixUrl)

    await sendEvent('invoice.paid', invoiceObject(subscriptionId), T + 20)
    stored = await subscriptionRow(subscriptionId)
    expect(stored.paymentFailedAt).toBeNull()
    expect(stored.paymentFixUrl).toBeNull()

    // A failure older than the payment, delivered late, does not bring the banner back.
    await sendEvent('invoice.payment_failed', invoiceObject(subscriptionId, fixUrl), T + 15)
    stored = await subscriptionRow(subscriptionId)
    expect(stored.paymentFailedAt).toBeNull()
    expect(stored.paymentFixUrl).toBeNull()
    // The plan itself is not touched by invoices.
    expect((await userRow(user.id)).planId).toBe('magic-hour')
  })

  it('fetches the subscription of an invoice that arrives before any of its events', async () => {
    const { user, token } = await signedIn()
    const sessionId = await openSession(token, PRICE.magicHour)
    await payTestCheckout(sessionId, '4242424242424242')
    const session = await stripeApi.checkout.sessions.retrieve(sessionId)
    const subscriptionId = String(session.subscription)
    expect(await subscriptionRows(user.id)).toHaveLength(0)

    const fixUrl = 'https://invoice.stripe.com/i/in_test_early'
    const { status } = await sendEvent(
      'invoice.payment_failed',
      invoiceObject(subscriptionId, fixUrl),
      unix(Date.now()),
    )
    expect(status).toBe(200)
    const stored = await subscriptionRow(subscriptionId)
    expect(stored.paymentFixUrl).toBe(fixUrl)
    expect((await userRow(user.id)).planId).toBe('magic-hour')
  })

  it('shows the failed payment on the dashboard and settings with its fix link', async () => {
    const user = await createUser(db())
    const subscriptionId = newSubscriptionId()
    await sendEvent(
      'customer.subscription.created',
      subscriptionObject({ id: subscriptionId, userId: user.id, priceId: PRICE.magicHour }),
      T,
    )
    const cookie = await cookieFor(await userRow(user.id))
    const pages = async () => [
      await (await callRoute(dashboardPage, getRequest('/dashboard', { cookie }))).json(),
      await (await callRoute(settingsPage, getRequest('/settings', { cookie }))).json(),
    ]
    for (const page of await pages()) expect(page.paymentFixUrl).toBeNull()
    const fixUrl = 'https://invoice.stripe.com/i/in_test_banner'
    await sendEvent('invoice.payment_failed', invoiceObject(subscriptionId, fixUrl), T + 10)
    for (const page of await pages()) expect(page.paymentFixUrl).toBe(fixUrl)
    await sendEvent('invoice.paid', invoiceObject(subscriptionId), T + 20)
    for (const page of await pages()) expect(page.paymentFixUrl).toBeNull()
  })

  it('puts the user on the plan on checkout.session.completed for a paid session', async () => {
    const { user, token } = await signedIn()
    const sessionId = await openSession(token, PRICE.lightningLane)
    await payTestCheckout(sessionId, '4242424242424242')
    const session = await stripeApi.checkout.sessions.retrieve(sessionId)
    expect(session.status).toBe('complete')
    expect((await userRow(user.id)).planId).toBeNull()

    const { status } = await sendEvent('checkout.session.completed', session, unix(Date.now()))
    expect(status).toBe(200)
    const row = await userRow(user.id)
    expect(row.planId).toBe('lightning-lane')
    expect(row.subscriptionId).toBe(session.subscription)
    expect(await subscriptionRows(user.id)).toHaveLength(1)

    // The page's own completion afterwards agrees and adds nothing.
    expect((await completeCheckout({ sessionId }, token)).status).toBe(200)
    expect(await subscriptionRows(user.id)).toHaveLength(1)
  })

  it('accepts and ignores a completed checkout naming a subscription Stripe does not know', async () => {
    const { user, token } = await signedIn()
    const sessionId = await openSession(token, PRICE.magicHour)
    await payTestCheckout(sessionId, '4242424242424242')
    const session = await stripeApi.checkout.sessions.retrieve(sessionId)
    const { status, body } = await sendEvent(
      'checkout.session.completed',
      { ...session, subscription: 'sub_test_unknown' },
      unix(Date.now()),
    )
    expect(status).toBe(200)
    expect(body).toMatchObject({ received: true, duplicate: false })
    expect((await userRow(user.id)).planId).toBeNull()
    expect(await subscriptionRows(user.id)).toHaveLength(0)
  })

  it('answers 405 to anything but POST', async () => {
    const response = await callRoute(
      webhookRoute,
      new Request('http://localhost/api/stripe/webhook', { method: 'PUT', body: '{}' }),
    )
    expect(response.status).toBe(405)
  })
})

describe('POST /api/stripe/change-plan', () => {
  it('sends a user with no plan or the free plan to checkout, changing nothing', async () => {
    const none = await signedIn()
    const free = await signedIn({ planId: 'pixie-dust', trialStartUtc: new Date() })
    for (const { user, token } of [none, free]) {
      const before = await userRow(user.id)
      const response = await changePlan(PRICE.lightningLane, token)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({
        checkoutRequired: true,
        url: '/payment/lightning-lane',
      })
      expect(await userRow(user.id)).toEqual(before)
      expect(await subscriptionRows(user.id)).toEqual([])
    }
  })

  it('upgrades between paid plans on the same subscription and re-phases running alerts', async () => {
    const { user, token } = await signedIn()
    const { subscriptionId } = await subscribe(user, token, PRICE.magicHour)
    const hotel = await createHotelAlertRow(db(), user.id, {
      startedAt: minutesAgo(30),
      nextCheckAt: tomorrow(),
    })
    const dining = await createDiningAlertRow(db(), user.id, {
      startedAt: minutesAgo(20),
      nextCheckAt: tomorrow(),
    })
    const stopped = await createDiningAlertRow(db(), user.id, { status: 0, nextCheckAt: null })

    const before = Date.now()
    const response = await changePlan(PRICE.lightningLane, token)
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toMatchObject({
      planId: 'lightning-lane',
      stoppedAlerts: 0,
      message: MESSAGES.updated,
      user: {
        id: user.id,
        planId: 'lightning-lane',
        stripeSubscriptionPlanId: PRICE.lightningLane,
      },
    })

    const row = await userRow(user.id)
    expect(row.planId).toBe('lightning-lane')
    expect(row.subscriptionId).toBe(subscriptionId)
    expect(await subscriptionRows(user.id)).toHaveLength(1)
    expect((await subscriptionRow(subscriptionId)).priceId).toBe(PRICE.lightningLane)
    const live = await stripeApi.subscriptions.retrieve(subscriptionId)
    expect(live.items.data[0]!.price.id).toBe(PRICE.lightningLane)

    for (const [kind, id] of [
      ['hotel', hotel.id],
      ['dining', dining.id],
    ] as const) {
      const alert = await alertRow(kind, id)
      expect(alert.status).toBe(1)
      const next = new Date(alert.nextCheckAt!).getTime()
      expect(next).toBeGreaterThanOrEqual(before - 1000)
      expect(next).toBeLessThanOrEqual(Date.now() + 1000)
    }
    expect((await alertRow('dining', stopped.id)).nextCheckAt).toBeNull()
  })

  it('downgrades and stops exactly the most recently started running alert', async () => {
    const { user, token } = await signedIn()
    const { subscriptionId } = await subscribe(user, token, PRICE.lightningLane)
    const running = [
      {
        kind: 'hotel',
        row: await createHotelAlertRow(db(), user.id, { startedAt: minutesAgo(60) }),
      },
      {
        kind: 'dining',
        row: await createDiningAlertRow(db(), user.id, { startedAt: minutesAgo(50) }),
      },
      {
        kind: 'hotel',
        row: await createHotelAlertRow(db(), user.id, { startedAt: minutesAgo(40) }),
      },
      {
        kind: 'dining',
        row: await createDiningAlertRow(db(), user.id, { startedAt: minutesAgo(30) }),
      },
      {
        kind: 'dining',
        row: await createDiningAlertRow(db(), user.id, { startedAt: minutesAgo(5) }),
      },
      {
        kind: 'hotel',
        row: await createHotelAlertRow(db(), user.id, { startedAt: minutesAgo(20) }),
      },
    ] as const
    for (const { kind, row } of running) {
      await db()
        .updateTable(kind === 'hotel' ? 'hotelAlerts' : 'diningAlerts')
        .set({ nextCheckAt: tomorrow() })
        .where('id', '=', row.id)
        .execute()
    }
    // Neither a stopped alert nor an internal query (type 1) counts against the limit.
    const paused = await createHotelAlertRow(db(), user.id, { status: 0, startedAt: minutesAgo(1) })
    const internal = await createHotelAlertRow(db(), user.id, { type: 1, startedAt: minutesAgo(2) })
    expect(await runningCount(user.id)).toBe(7)

    const before = Date.now()
    const response = await changePlan(PRICE.magicHour, token)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      planId: 'magic-hour',
      stoppedAlerts: 1,
      message: MESSAGES.downgraded,
    })

    const newest = await alertRow('dining', running[4].row.id)
    expect(newest.status).toBe(0)
    expect(newest.nextCheckAt).toBeNull()
    expect(newest.statusReason).toBe('Stopped when the plan changed to one with fewer alerts.')
    for (const { kind, row } of running.filter((_, index) => index !== 4)) {
      const alert = await alertRow(kind, row.id)
      expect(alert.status).toBe(1)
      expect(new Date(alert.nextCheckAt!).getTime()).toBeGreaterThanOrEqual(before - 1000)
      expect(new Date(alert.nextCheckAt!).getTime()).toBeLessThanOrEqual(Date.now() + 1000)
    }
    expect((await alertRow('hotel', paused.id)).status).toBe(0)
    expect((await alertRow('hotel', internal.id)).status).toBe(1)

    const row = await userRow(user.id)
    expect(row.planId).toBe('magic-hour')
    expect(row.subscriptionId).toBe(subscriptionId)
    expect((await subscriptionRow(subscriptionId)).priceId).toBe(PRICE.magicHour)
  })

  it('moves a paid user to the free plan, ending the Stripe subscription now', async () => {
    const { user, token } = await signedIn()
    const { subscriptionId } = await subscribe(user, token, PRICE.magicHour)
    const oldest = await createHotelAlertRow(db(), user.id, { startedAt: minutesAgo(30) })
    const others = [
      await createDiningAlertRow(db(), user.id, { startedAt: minutesAgo(20) }),
      await createDiningAlertRow(db(), user.id, { startedAt: minutesAgo(10) }),
    ]

    const response = await changePlan(PRICE.pixieDust, token)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      planId: 'pixie-dust',
      stoppedAlerts: 2,
      message: MESSAGES.downgraded,
    })

    const row = await userRow(user.id)
    expect(row.planId).toBe('pixie-dust')
    expect(row.stripeSubscriptionPlanId).toBe(PRICE.pixieDust)
    expect(row.subscriptionId).toBeNull()
    expect(row.trialStartUtc).not.toBeNull()
    expect((await stripeApi.subscriptions.retrieve(subscriptionId)).status).toBe('canceled')
    expect((await subscriptionRow(subscriptionId)).status).toBe('canceled')

    expect(await runningCount(user.id)).toBe(1)
    expect((await alertRow('hotel', oldest.id)).status).toBe(1)
    for (const alert of others) expect((await alertRow('dining', alert.id)).status).toBe(0)
  })

  it('keeps a user who moved to the free plan there when a delayed paid-plan event arrives', async () => {
    const { user, token } = await signedIn()
    const { subscriptionId, customerId } = await subscribe(user, token, PRICE.magicHour)
    // The subscription was bought a while ago and renewed since; the renewal's event is late.
    await db()
      .updateTable('subscriptions')
      .set({ stateAt: new Date(Date.now() - 2 * 3600_000) })
      .where('id', '=', subscriptionId)
      .execute()
    expect((await changePlan(PRICE.pixieDust, token)).status).toBe(200)

    const renewal = subscriptionObject({
      id: subscriptionId,
      userId: user.id,
      customer: customerId,
      priceId: PRICE.magicHour,
    })
    await sendEvent('customer.subscription.updated', renewal, unix(Date.now() - 3600_000))
    await sendEvent(
      'customer.subscription.deleted',
      { ...renewal, status: 'canceled' },
      unix(Date.now()),
    )
    const row = await userRow(user.id)
    expect(row.planId).toBe('pixie-dust')
    expect(row.subscriptionId).toBeNull()
  })

  it('resumes a pending cancellation when the current plan is chosen again', async () => {
    const { user, token } = await signedIn()
    const { subscriptionId } = await subscribe(user, token, PRICE.magicHour)
    expect((await cancel(token)).status).toBe(200)
    expect((await subscriptionRow(subscriptionId)).cancelAtPeriodEnd).toBe(true)

    const response = await changePlan(PRICE.magicHour, token)
    expect(response.status).toBe(200)
    expect((await response.json()).message).toBe(MESSAGES.updated)
    expect((await subscriptionRow(subscriptionId)).cancelAtPeriodEnd).toBe(false)
    expect((await stripeApi.subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(
      false,
    )
    expect((await userRow(user.id)).planId).toBe('magic-hour')
  })

  it.each([['price_mock_no_such_plan'], ['magic-hour'], [''], [7]])(
    'refuses the price id %j with Invalid plan selected',
    async (priceId) => {
      const { user, token } = await signedIn({ planId: 'pixie-dust', trialStartUtc: new Date() })
      const response = await changePlan(priceId, token)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ message: MESSAGES.invalidPlan })
      expect((await userRow(user.id)).planId).toBe('pixie-dust')
    },
  )

  it('refuses to move anyone onto a legacy plan', async () => {
    await legacyPlan(db())
    const { user, token } = await signedIn()
    const { subscriptionId } = await subscribe(user, token, PRICE.magicHour)

    const response = await changePlan('price_mock_castle_classic', token)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: MESSAGES.invalidPlan })
    expect((await userRow(user.id)).planId).toBe('magic-hour')
    expect((await stripeApi.subscriptions.retrieve(subscriptionId)).items.data[0]!.price.id).toBe(
      PRICE.magicHour,
    )
    const checkout = await createCheckout({ priceId: 'price_mock_castle_classic' }, token)
    expect(checkout.status).toBe(400)
  })

  it('answers 401 without a token', async () => {
    expect((await changePlan(PRICE.magicHour)).status).toBe(401)
  })
})

describe('POST /api/stripe/cancel-subscription', () => {
  it('refuses a user with no plan', async () => {
    const { user, token } = await signedIn()
    const response = await cancel(token)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: MESSAGES.nothingToCancel })
    expect((await userRow(user.id)).planId).toBeNull()
  })

  it('clears the free plan at once', async () => {
    const { user, token } = await signedIn({ planId: 'pixie-dust', trialStartUtc: new Date() })
    const response = await cancel(token)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      endsAt: null,
      message: MESSAGES.cancelled,
      user: { id: user.id, planId: null },
    })
    const row = await userRow(user.id)
    expect(row.planId).toBeNull()
    expect(row.stripeSubscriptionPlanId).toBeNull()
  })

  it('keeps a paid plan to the end of the period, then the deleted event ends it', async () => {
    const { user, token } = await signedIn()
    const { subscriptionId } = await subscribe(user, token, PRICE.lightningLane)

    const response = await cancel(token)
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toMatchObject({
      message: MESSAGES.cancelled,
      user: { id: user.id, planId: 'lightning-lane' },
    })
    expect(body.endsAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    const endsAt = new Date(body.endsAt).getTime()
    expect(Math.abs(endsAt - (Date.now() + MONTH_MS))).toBeLessThan(60_000)

    let row = await userRow(user.id)
    expect(row.planId).toBe('lightning-lane')
    expect(row.subscriptionId).toBe(subscriptionId)
    const stored = await subscriptionRow(subscriptionId)
    expect(stored.cancelAtPeriodEnd).toBe(true)
    expect(new Date(stored.currentPeriodEnd!).getTime()).toBe(endsAt)
    const live = await stripeApi.subscriptions.retrieve(subscriptionId)
    expect(live.cancel_at_period_end).toBe(true)

    // The period ends: Stripe deletes the subscription and says so.
    const { status } = await sendEvent(
      'customer.subscription.deleted',
      { ...live, status: 'canceled' },
      unix(Date.now()) + 60,
    )
    expect(status).toBe(200)
    row = await userRow(user.id)
    expect(row.planId).toBeNull()
    expect(row.subscriptionId).toBeNull()
    expect((await subscriptionRow(subscriptionId)).status).toBe('canceled')
  })

  it('answers 401 without a token', async () => {
    expect((await cancel()).status).toBe(401)
  })
})

describe('PUT /api/account/settings', () => {
  const put = (body: unknown, token?: string, method = 'PUT') =>
    callRoute(accountSettings, jsonRequest('/api/account/settings', body, { token, method }))

  it('saves the name and the email, lowercased', async () => {
    const { user, token } = await signedIn()
    const response = await put(
      { name: '  Ada Lovelace ', email: ' Ada.Lovelace@Example.COM ' },
      token,
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      id: user.id,
      name: 'Ada Lovelace',
      email: 'ada.lovelace@example.com',
    })
    const row = await userRow(user.id)
    expect(row.name).toBe('Ada Lovelace')
    expect(row.email).toBe('ada.lovelace@example.com')
  })

  it('clears a field given as empty text and keeps one left out', async () => {
    const { user, token } = await signedIn({ name: 'Walt', email: 'walt@example.com' })
    const response = await put({ name: '' }, token)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ name: null, email: 'walt@example.com' })
    const row = await userRow(user.id)
    expect(row.name).toBeNull()
    expect(row.email).toBe('walt@example.com')

    expect((await put({ email: '' }, token)).status).toBe(200)
    expect((await userRow(user.id)).email).toBeNull()
  })

  it('refuses any other key', async () => {
    const { user, token } = await signedIn({ name: 'Walt' })
    const response = await put({ name: 'Roy', phoneNumber: '+12015550100' }, token)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: 'Only name and email can be changed.' })
    const row = await userRow(user.id)
    expect(row.name).toBe('Walt')
    expect(row.phoneNumber).toBe(user.phoneNumber)
  })

  it.each(['not-an-email', 'walt@', 42])('refuses the email %j', async (email) => {
    const { user, token } = await signedIn({ email: 'walt@example.com' })
    const response = await put({ email }, token)
    expect(response.status).toBe(400)
    expect((await response.json()).message).toMatch(/email/)
    expect((await userRow(user.id)).email).toBe('walt@example.com')
  })

  it('answers 405 to anything but PUT', async () => {
    const { user, token } = await signedIn()
    const posted = await put({ name: 'Roy' }, token, 'POST')
    expect(posted.status).toBe(405)
    expect(posted.headers.get('Allow')).toBe('PUT')
    const got = await callRoute(
      accountSettingsLoader,
      getRequest('/api/account/settings', { token }),
    )
    expect(got.status).toBe(405)
    expect((await userRow(user.id)).name).toBeNull()
  })

  it('answers 401 without a token', async () => {
    const response = await put({ name: 'Roy' })
    expect(response.status).toBe(401)
  })
})

describe('/settings', () => {
  const settingsPost = (fields: Record<string, string>, cookie: string) =>
    callRoute(settingsAction, formRequest('/settings', fields, { cookie }))

  it('sends a visitor to login with settings as the redirect', async () => {
    const response = await callRoute(settingsPage, getRequest('/settings'))
    expect(response.headers.get('Location')).toBe('/login?redirect=%2Fsettings')
  })

  it('labels each plan card for a user on Lightning Lane', async () => {
    const { user, token } = await signedIn()
    await subscribe(user, token, PRICE.magicHour)
    expect((await changePlan(PRICE.lightningLane, token)).status).toBe(200)
    const cookie = await cookieFor(await userRow(user.id))
    const page = await (await callRoute(settingsPage, getRequest('/settings', { cookie }))).json()
    expect(
      page.cards.map((card: { plan: { id: string }; label: string }) => [card.plan.id, card.label]),
    ).toEqual([
      ['pixie-dust', 'Downgrade'],
      ['magic-hour', 'Downgrade'],
      ['lightning-lane', 'Current Plan'],
      ['the-club', 'Upgrade'],
    ])
    expect(page.currentPlanId).toBe('lightning-lane')
  })

  it('asks for a downgrade on a page of its own without JavaScript, then stops the excess', async () => {
    const { user, token } = await signedIn()
    await subscribe(user, token, PRICE.lightningLane)
    const alerts = []
    for (let minutes = 60; minutes > 0; minutes -= 10)
      alerts.push(await createDiningAlertRow(db(), user.id, { startedAt: minutesAgo(minutes) }))
    const cookie = await cookieFor(await userRow(user.id))

    const asked = await settingsPost({ intent: 'change', planId: 'magic-hour' }, cookie)
    expect(asked.headers.get('Location')).toBe('/settings?confirm=magic-hour')
    expect(await runningCount(user.id)).toBe(6)
    const confirmPage = await (
      await callRoute(settingsPage, getRequest('/settings?confirm=magic-hour', { cookie }))
    ).json()
    expect(confirmPage.confirm).toEqual({
      kind: 'downgrade',
      planId: 'magic-hour',
      text: 'You are downgrading from 15 to 5 alerts. Any running alerts above your new limit will be automatically stopped. Are you sure you want to continue?',
    })

    const done = await settingsPost(
      { intent: 'change', planId: 'magic-hour', confirmed: '1' },
      cookie,
    )
    expect(done.headers.get('Location')).toBe('/settings')
    const after = await (
      await callRoute(
        settingsPage,
        getRequest('/settings', { cookie: `${cookie}; ${cookiesFrom(done)}` }),
      )
    ).json()
    expect(after.notice).toEqual({
      tone: 'success',
      message:
        'Plan downgraded successfully! Any excess running alerts have been automatically stopped.',
    })
    expect((await userRow(user.id)).planId).toBe('magic-hour')
    expect(await runningCount(user.id)).toBe(5)
    expect((await alertRow('dining', alerts.at(-1)!.id)).status).toBe(0)
  })

  it('cancels a paid plan at the period end after its confirmation, and says until when', async () => {
    const { user, token } = await signedIn()
    await subscribe(user, token, PRICE.magicHour)
    const cookie = await cookieFor(await userRow(user.id))
    const asked = await settingsPost({ intent: 'cancel' }, cookie)
    expect(asked.headers.get('Location')).toBe('/settings?confirm=cancel')
    expect((await subscriptionRows(user.id))[0]?.cancelAtPeriodEnd).toBe(false)

    const done = await settingsPost({ intent: 'cancel', confirmed: '1' }, cookie)
    expect(done.headers.get('Location')).toBe('/settings')
    const page = await (
      await callRoute(
        settingsPage,
        getRequest('/settings', { cookie: `${cookie}; ${cookiesFrom(done)}` }),
      )
    ).json()
    expect(page.notice).toEqual({
      tone: 'success',
      message: 'Subscription cancelled successfully.',
    })
    expect(page.currentPlanId).toBe('magic-hour')
    expect(page.endsAt).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/)
  })

  it('answers a bad plan id with the specification message and changes nothing', async () => {
    const { user } = await signedIn({ planId: 'pixie-dust' })
    const cookie = await cookieFor(await userRow(user.id))
    const response = await settingsPost({ intent: 'change', planId: 'castle-deluxe' }, cookie)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ error: 'Invalid plan selected. Please try again.' })
    expect((await userRow(user.id)).planId).toBe('pixie-dust')
  })
})
