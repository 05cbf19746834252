/** Plan changes and cancellation through the JSON API. */
import { describe, expect, it } from 'vitest'
import { createAlertRow, daysFromToday, legacyPlan } from '../../db/factories.ts'
import {
  alertRow,
  cancel,
  changePlan,
  createCheckout,
  db,
  MESSAGES,
  minutesAgo,
  MONTH_MS,
  PRICE,
  resetStripeBetweenTests,
  runningCount,
  sendEvent,
  signedIn,
  stripeApi,
  subscribed,
  subscriptionObject,
  subscriptionRow,
  subscriptionRows,
  tomorrow,
  unix,
  userRow,
} from '../support/billing.ts'

resetStripeBetweenTests()

/** A plan change the API accepted (200), and what it answered. */
async function planChanged(priceId: string, token: string) {
  const response = await changePlan(priceId, token)
  expect(response.status).toBe(200)
  return response.json()
}

describe('POST /api/stripe/change-plan', () => {
  it('sends a user with no plan or the free plan to checkout, changing nothing', async () => {
    const none = await signedIn()
    const free = await signedIn({ planId: 'pixie-dust', trialStartUtc: new Date() })
    for (const { user, token } of [none, free]) {
      const before = await userRow(user.id)
      const body = await planChanged(PRICE.lightningLane, token)
      expect(body).toEqual({
        checkoutRequired: true,
        url: '/payment/lightning-lane',
      })
      expect(await userRow(user.id)).toEqual(before)
      expect(await subscriptionRows(user.id)).toEqual([])
    }
  })

  it('upgrades between paid plans on the same subscription and asks running alerts at once', async () => {
    const { user, token, subscriptionId } = await subscribed(PRICE.magicHour)
    const hotel = await createAlertRow(db(), 'hotel', user.id, {
      startedAt: minutesAgo(30),
      nextCheckAt: tomorrow(),
    })
    const dining = await createAlertRow(db(), 'dining', user.id, {
      startedAt: minutesAgo(20),
      nextCheckAt: tomorrow(),
    })
    const stopped = await createAlertRow(db(), 'dining', user.id, {
      status: 0,
      reserveDate: daysFromToday(33),
    })

    const before = Date.now()
    const body = await planChanged(PRICE.lightningLane, token)
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
      expect(alert).toMatchObject({ status: 1, intervalMinutes: 5 })
      const next = new Date(alert.nextCheckAt!).getTime()
      expect(next).toBeGreaterThanOrEqual(before - 1000)
      expect(next).toBeLessThanOrEqual(Date.now() + 1000)
    }
    expect(await alertRow('dining', stopped.id)).toMatchObject({
      nextCheckAt: null,
      intervalMinutes: null,
    })
  })

  it('downgrades and stops exactly the most recently started running alert', async () => {
    const { user, token, subscriptionId } = await subscribed(PRICE.lightningLane)
    // Six running alerts, none due before tomorrow; the fifth was started last.
    const started = [
      ['hotel', 60],
      ['dining', 50],
      ['hotel', 40],
      ['dining', 30],
      ['dining', 5],
      ['hotel', 20],
    ] as const
    const running = []
    const later = tomorrow()
    for (const [kind, minutes] of started) {
      const schedule = { startedAt: minutesAgo(minutes), nextCheckAt: later }
      running.push({ kind, row: await createAlertRow(db(), kind, user.id, schedule) })
    }
    // Neither a stopped alert nor an internal query (type 1) counts against the limit.
    const paused = await createAlertRow(db(), 'hotel', user.id, {
      status: 0,
      startedAt: minutesAgo(1),
    })
    const internal = await createAlertRow(db(), 'hotel', user.id, {
      type: 1,
      startedAt: minutesAgo(2),
    })
    expect(await runningCount(user.id)).toBe(7)

    const body = await planChanged(PRICE.magicHour, token)
    expect(body).toMatchObject({
      planId: 'magic-hour',
      stoppedAlerts: 1,
      message: MESSAGES.downgraded,
    })

    const newest = await alertRow('dining', running[4]!.row.id)
    expect(newest.status).toBe(0)
    expect(newest.statusReason).toBe('Stopped when the plan changed to one with fewer alerts.')
    // A slower plan keeps the next check the faster one set, and paces the ones after it.
    for (const { kind, row } of running.filter((_, index) => index !== 4)) {
      const alert = await alertRow(kind, row.id)
      expect(alert.status).toBe(1)
      expect(alert.nextCheckAt).toEqual(later)
    }
    expect((await alertRow('hotel', paused.id)).status).toBe(0)
    expect((await alertRow('hotel', internal.id)).status).toBe(1)

    const row = await userRow(user.id)
    expect(row.planId).toBe('magic-hour')
    expect(row.subscriptionId).toBe(subscriptionId)
    expect((await subscriptionRow(subscriptionId)).priceId).toBe(PRICE.magicHour)
  })

  it('moves a paid user to the free plan, ending the Stripe subscription now', async () => {
    const { user, token, subscriptionId } = await subscribed(PRICE.magicHour)
    const oldest = await createAlertRow(db(), 'hotel', user.id, { startedAt: minutesAgo(30) })
    const others = [
      await createAlertRow(db(), 'dining', user.id, { startedAt: minutesAgo(20) }),
      await createAlertRow(db(), 'dining', user.id, { startedAt: minutesAgo(10) }),
    ]

    const body = await planChanged(PRICE.pixieDust, token)
    expect(body).toMatchObject({
      planId: 'pixie-dust',
      stoppedAlerts: 2,
      message: MESSAGES.downgraded,
    })

    const row = await userRow(user.id)
    expect(row.planId).toBe('pixie-dust')
    expect(row.stripeSubscriptionPlanId).toBe(PRICE.pixieDust)
    expect(row.subscriptionId).toBeNull()
    expect(row.trialStartUtc).not.toBeNull()
    const ended = await stripeApi.subscriptions.retrieve(subscriptionId)
    expect(ended.status).toBe('canceled')
    expect((await subscriptionRow(subscriptionId)).status).toBe('canceled')
    // The terms credit nothing for the rest of the month: no proration item waits for an invoice.
    const customer = typeof ended.customer === 'string' ? ended.customer : ended.customer.id
    expect((await stripeApi.invoiceItems.list({ customer, pending: true })).data).toEqual([])

    expect(await runningCount(user.id)).toBe(1)
    expect((await alertRow('hotel', oldest.id)).status).toBe(1)
    for (const alert of others) expect((await alertRow('dining', alert.id)).status).toBe(0)
  })

  it('keeps a user who moved to the free plan there when a delayed paid-plan event arrives', async () => {
    const { user, token, subscriptionId, customerId } = await subscribed(PRICE.magicHour)
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
    const { user, token, subscriptionId } = await subscribed(PRICE.magicHour)
    expect((await cancel(token)).status).toBe(200)
    expect((await subscriptionRow(subscriptionId)).cancelAtPeriodEnd).toBe(true)

    const body = await planChanged(PRICE.magicHour, token)
    expect(body.message).toBe(MESSAGES.updated)
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
    const { user, token, subscriptionId } = await subscribed(PRICE.magicHour)

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
    const { user, token, subscriptionId } = await subscribed(PRICE.lightningLane)

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
