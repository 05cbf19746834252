/** Checkout: opening a session and completing it. */
import { describe, expect, it } from 'vitest'
import { createAlertRow } from '../../db/factories.ts'
import { AppError } from '~/domain/app-error'
import { payTestCheckout } from '~/services/test-payment.server'
import {
  alertRow,
  completeCheckout,
  createCheckout,
  db,
  MESSAGES,
  minutesAgo,
  MONTH_MS,
  openSession,
  PRICE,
  resetStripeBetweenTests,
  runningCount,
  signedIn,
  stripeApi,
  subscribed,
  subscriptionRow,
  subscriptionRows,
  userRow,
  watchCustomerCreates,
} from '../support/billing.ts'
import { action as createCheckoutRoute } from '~/routes/api.stripe.create-checkout'
import { callRoute, jsonRequest } from '../support/routes.ts'
import { expectErrorLog } from '../support/logs.ts'

resetStripeBetweenTests()

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
    const first = await createAlertRow(db(), 'dining', user.id, { startedAt: minutesAgo(90) })
    const later = await createAlertRow(db(), 'hotel', user.id, { startedAt: minutesAgo(10) })
    expect((await createCheckout({ priceId: PRICE.pixieDust }, token)).status).toBe(200)
    expect((await alertRow('dining', first.id)).status).toBe(1)
    expect((await alertRow('hotel', later.id)).status).toBe(0)
    expect(await runningCount(user.id)).toBe(1)
  })

  it('refuses a user already on a paid plan with 409, for a paid or the free plan', async () => {
    const { user, token, subscriptionId } = await subscribed(PRICE.magicHour)
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
    const ended = await stripeApi.subscriptions.retrieve(firstSubscription)
    expect(ended.status).toBe('canceled')
    expect((await subscriptionRow(firstSubscription)).status).toBe('canceled')

    // The month was paid twice: the first payment comes back in full, as a duplicate, and
    // nothing is left as a credit on the customer.
    const invoice = await stripeApi.invoices.retrieve(String(ended.latest_invoice))
    const [payment] = (await stripeApi.invoicePayments.list({ invoice: invoice.id })).data
    const refunds = await stripeApi.refunds.list({
      payment_intent: String(payment!.payment.payment_intent),
    })
    expect(refunds.data).toEqual([
      expect.objectContaining({
        amount: invoice.amount_paid,
        reason: 'duplicate',
        status: 'succeeded',
      }),
    ])
    const customer = typeof ended.customer === 'string' ? ended.customer : ended.customer.id
    expect((await stripeApi.invoiceItems.list({ customer, pending: true })).data).toEqual([])
    // The subscription that took over is not refunded.
    const kept = await stripeApi.subscriptions.retrieve(row.subscriptionId!)
    const [keptPayment] = (
      await stripeApi.invoicePayments.list({ invoice: String(kept.latest_invoice) })
    ).data
    expect(
      (
        await stripeApi.refunds.list({
          payment_intent: String(keptPayment!.payment.payment_intent),
        })
      ).data,
    ).toEqual([])
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
