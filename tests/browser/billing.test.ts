import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { createAlertRow, fakePhoneNumber } from '../../db/factories.ts'
import { appDatabase } from '../support/app-database.ts'
import {
  expectAskedForPlan,
  logIn,
  MODES,
  payWithCard,
  setupBrowser,
  withPage,
} from '../support/browser.ts'

setupBrowser()
const db = appDatabase()

const DOWNGRADE_CONFIRMATION =
  'You are downgrading from 15 to 5 alerts. Any running alerts above your new limit will be automatically stopped. Are you sure you want to continue?'

async function userRow(phoneNumber: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('phoneNumber', '=', phoneNumber)
    .executeTakeFirstOrThrow()
}

async function subscriptionRows(userId: string) {
  return db.selectFrom('subscriptions').selectAll().where('userId', '=', userId).execute()
}

/**
 * The webhook events applied for a subscription. Events are stored by id only, so the ones of
 * this test are those received since its subscription row was written, told apart by type.
 */
async function eventTypesFor(subscriptionId: string) {
  const subscription = await db
    .selectFrom('subscriptions')
    .select('createdAt')
    .where('id', '=', subscriptionId)
    .executeTakeFirstOrThrow()
  const events = await db
    .selectFrom('stripeEvents')
    .select('type')
    .where('receivedAt', '>=', new Date(subscription.createdAt.getTime() - 1000))
    .where('type', 'in', [
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ])
    .execute()
  return [...new Set(events.map((event) => event.type))]
}

/** A plan card of /settings, found by its heading. */
function planCard(page: Page, name: string) {
  return page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name, exact: true, level: 2 }) })
}

describe.each(MODES)('paying for a plan and changing it ($label)', (mode) => {
  it('subscribes to Magic Hour, upgrades, downgrades with six alerts running and cancels', async () => {
    await withPage(mode, async (page) => {
      const phoneNumber = fakePhoneNumber()
      // 1. Subscribe to Magic Hour from the plan list a new user lands on.
      await logIn(page, phoneNumber, mode.javaScript)
      await expectAskedForPlan(page)
      await page.getByRole('link', { name: 'Get Started with Magic Hour' }).click()
      await page.waitForURL((url) => url.pathname === '/payment/magic-hour')
      await payWithCard(page, mode.javaScript)
      await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15_000 })

      const user = await userRow(phoneNumber)
      expect(user.planId).toBe('magic-hour')
      const subscriptions = await subscriptionRows(user.id)
      expect(subscriptions).toHaveLength(1)
      expect(subscriptions[0]).toMatchObject({
        id: user.subscriptionId,
        status: 'active',
        priceId: 'price_mock_magic_hour',
        cancelAtPeriodEnd: false,
      })
      // The Stripe stand-in announces the payment to the webhook, signed, as Stripe would.
      await expect
        .poll(async () => (await eventTypesFor(user.subscriptionId!)).sort(), { timeout: 10_000 })
        .toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid'])

      // 2. Upgrade to Lightning Lane on /settings.
      await page.goto('/settings')
      const magicHour = planCard(page, 'Magic Hour')
      await magicHour.getByText('CURRENT', { exact: true }).waitFor()
      const current = magicHour.getByRole('button', { name: 'Current Plan: Magic Hour' })
      expect(await current.textContent()).toBe('Current Plan')
      expect(await current.isDisabled()).toBe(true)
      expect(await planCard(page, 'Lightning Lane').getByText('CURRENT').count()).toBe(0)
      await page.getByRole('button', { name: 'Upgrade: Lightning Lane' }).click()
      await page.getByRole('status').getByText('Plan updated successfully!').waitFor()
      await planCard(page, 'Lightning Lane').getByText('CURRENT', { exact: true }).waitFor()
      expect((await userRow(phoneNumber)).planId).toBe('lightning-lane')

      // 3. Downgrade to Magic Hour with six alerts running: the last one started stops.
      const started = Date.now() - 6 * 60 * 60_000
      const alerts = []
      for (let i = 0; i < 6; i++) {
        const startedAt = new Date(started + i * 60 * 60_000)
        alerts.push(
          i % 2 === 0
            ? await createAlertRow(db, 'hotel', user.id, { startedAt })
            : await createAlertRow(db, 'dining', user.id, { startedAt }),
        )
      }
      const latest = alerts.at(-1)!
      await page.getByRole('button', { name: 'Downgrade: Magic Hour' }).click()
      if (mode.javaScript) {
        const dialog = page.getByRole('dialog')
        await dialog.getByText(DOWNGRADE_CONFIRMATION, { exact: true }).waitFor()
        await dialog.getByRole('button', { name: 'Downgrade', exact: true }).click()
      } else {
        await page.waitForURL((url) => url.searchParams.get('confirm') === 'magic-hour')
        await page.getByRole('heading', { name: 'Downgrade plan' }).waitFor()
        await page.getByText(DOWNGRADE_CONFIRMATION, { exact: true }).waitFor()
        await page.getByRole('button', { name: 'Downgrade', exact: true }).click()
      }
      await page
        .getByRole('status')
        .getByText(
          'Plan downgraded successfully! Any excess running alerts have been automatically stopped.',
        )
        .waitFor()
      await planCard(page, 'Magic Hour').getByText('CURRENT', { exact: true }).waitFor()
      expect((await userRow(phoneNumber)).planId).toBe('magic-hour')
      const hotels = await db
        .selectFrom('hotelAlerts')
        .select(['id', 'status'])
        .where('userId', '=', user.id)
        .execute()
      const dinings = await db
        .selectFrom('diningAlerts')
        .select(['id', 'status'])
        .where('userId', '=', user.id)
        .execute()
      const all = [...hotels, ...dinings]
      expect(all).toHaveLength(6)
      expect(all.filter((alert) => alert.status === 1)).toHaveLength(5)
      expect(all.filter((alert) => alert.status !== 1).map((alert) => alert.id)).toEqual([
        latest.id,
      ])

      // 4. Cancel: the plan stays until the end of the period paid for.
      await page.getByRole('button', { name: 'Cancel Subscription' }).click()
      const confirmation = mode.javaScript ? page.getByRole('dialog') : page
      if (!mode.javaScript)
        await page.waitForURL((url) => url.searchParams.get('confirm') === 'cancel')
      // A paid plan's confirmation says what happens, not that access ends at once.
      await confirmation
        .getByText(
          /^Are you sure you want to cancel your subscription\? Your plan stays active, and your alerts keep working, until [A-Z][a-z]+ \d{1,2}, \d{4}\. Nothing is refunded\. You can resume your plan any time before then\.$/,
        )
        .waitFor()
      await confirmation
        .getByRole(mode.javaScript ? 'button' : 'link', { name: 'Keep My Plan' })
        .waitFor()
      await confirmation.getByRole('button', { name: 'Cancel Subscription' }).click()
      await page.getByRole('status').getByText('Subscription cancelled successfully.').waitFor()
      await page
        .getByText(
          /^Your subscription is cancelled\. Your alerts keep working until [A-Z][a-z]+ \d{1,2}, \d{4}, then they pause\. Keeping your plan, or choosing another paid plan, continues it\.$/,
        )
        .waitFor()
      expect(await page.getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(0)
      const cancelled = await userRow(phoneNumber)
      expect(cancelled.planId).toBe('magic-hour')
      expect(await subscriptionRows(user.id)).toEqual([
        expect.objectContaining({
          id: cancelled.subscriptionId,
          status: 'active',
          cancelAtPeriodEnd: true,
        }),
      ])
    })
  })
})

describe('a declined card', () => {
  it('shows the decline next to the card field and leaves the user without a plan', async () => {
    const mode = { viewport: 'desktop', javaScript: true } as const
    await withPage(mode, async (page) => {
      const phoneNumber = fakePhoneNumber()
      await logIn(page, phoneNumber, true)
      await page.goto('/payment/magic-hour')
      await payWithCard(page, true, { cardNumber: '4000 0000 0000 0002' })
      const card = page.getByLabel('Card number')
      const error = page.getByRole('alert').filter({ hasText: 'Your card was declined.' })
      await error.waitFor()
      expect(await card.getAttribute('aria-invalid')).toBe('true')
      expect(await card.getAttribute('aria-describedby')).toBe(await error.getAttribute('id'))
      expect(new URL(page.url()).pathname).toBe('/payment/magic-hour')
      await page.getByRole('button', { name: 'Subscribe for $7 per month' }).waitFor()

      const user = await userRow(phoneNumber)
      expect(user.planId).toBeNull()
      expect(user.subscriptionId).toBeNull()
      expect(await subscriptionRows(user.id)).toEqual([])
    })
  })
})

describe.each(MODES)('billing self-service on an active paid plan ($label)', (mode) => {
  it('shows the renewal and the receipt, and Manage billing opens the portal', async () => {
    await withPage(mode, async (page) => {
      await logIn(page, fakePhoneNumber(), mode.javaScript)
      await page.goto('/payment/magic-hour')
      await payWithCard(page, mode.javaScript)
      await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15_000 })

      await page.goto('/settings')
      await page.getByText(/^Renews on [A-Z][a-z]+ \d{1,2}, \d{4} for \$7\.00$/).waitFor()
      await page.getByRole('heading', { name: 'Receipts' }).waitFor()
      const receipt = page.getByRole('link', { name: /^Receipt of [A-Z][a-z]+ \d{1,2}, \d{4}$/ })
      expect(await receipt.getAttribute('href')).toMatch(
        /^https:\/\/invoice\.stripe\.com\/i\/acct_test\/in_test_\w+$/,
      )
      expect(
        await page.getByRole('link', { name: /^PDF of the receipt of / }).getAttribute('href'),
      ).toMatch(/^https:\/\/pay\.stripe\.com\/invoice\/acct_test\/in_test_\w+\/pdf$/)

      // The stand-in's portal session sends the browser to its return page (decision 0006).
      await page.getByRole('button', { name: 'Manage billing' }).click()
      await page.waitForURL((url) => url.searchParams.get('portal') === 'test')
      expect(new URL(page.url()).pathname).toBe('/settings')
      await page.getByText(/^Stripe's Customer Portal \(test mode\): in production/).waitFor()
    })
  })
})
