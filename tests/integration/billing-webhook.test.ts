/** Stripe's webhook: signatures, replays, and each event applied in order. */
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createUser } from '../../db/factories.ts'
import { loader as dashboardPage } from '~/routes/dashboard'
import { loader as settingsPage } from '~/routes/settings'
import { payTestCheckout } from '~/services/test-payment.server'
import {
  completeCheckout,
  db,
  deliver,
  eventPayload,
  invoiceObject,
  newEventId,
  newSubscriptionId,
  openSession,
  PRICE,
  resetStripeBetweenTests,
  sendEvent,
  sign,
  signedIn,
  storedEvent,
  stripeApi,
  subscriptionObject,
  subscriptionRow,
  subscriptionRows,
  unix,
  userRow,
} from '../support/billing.ts'
import { action as webhookRoute } from '~/routes/api.stripe.webhook'
import { STRIPE_API_VERSION } from '~/services/stripe.server'
import { expectErrorLog } from '../support/logs.ts'
import { callRoute, getRequest } from '../support/routes.ts'
import { cookieFor } from '../support/session.ts'

resetStripeBetweenTests()

describe('POST /api/stripe/webhook', () => {
  const T = unix(Date.now()) - 3600

  /** A user whose Magic Hour subscription Stripe has just told us of. */
  async function subscribedByWebhook() {
    const user = await createUser(db())
    const subscriptionId = newSubscriptionId()
    await sendEvent(
      'customer.subscription.created',
      subscriptionObject({ id: subscriptionId, userId: user.id, priceId: PRICE.magicHour }),
      T,
    )
    return { user, subscriptionId }
  }

  it('refuses, and logs, an event rendered in another API version, changing nothing', async () => {
    const user = await createUser(db())
    const subscriptionId = newSubscriptionId()
    const event = JSON.parse(
      eventPayload(
        'customer.subscription.created',
        subscriptionObject({ id: subscriptionId, userId: user.id, priceId: PRICE.magicHour }),
        T,
      ),
    ) as { id: string; api_version: string | null }
    for (const apiVersion of ['2024-06-20', null]) {
      expectErrorLog(/stripe event of another API version refused/)
      const response = await deliver(JSON.stringify({ ...event, api_version: apiVersion }))
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        message: `This endpoint reads events of Stripe API version ${STRIPE_API_VERSION}, not ${apiVersion ?? 'none'}.`,
      })
    }
    expect(await storedEvent(event.id)).toBeUndefined()
    expect((await userRow(user.id)).planId).toBeNull()
    expect(await subscriptionRows(user.id)).toEqual([])
  })

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
    const { user, subscriptionId } = await subscribedByWebhook()
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
    const { user, subscriptionId } = await subscribedByWebhook()
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
