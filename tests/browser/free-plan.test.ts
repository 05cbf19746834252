import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { fakePhoneNumber } from '../../db/factories.ts'
import { expectAskedForPlan, logIn, MODES, setupBrowser, withPage } from '../support/browser.ts'

setupBrowser()
const database = new pg.Pool({ connectionString: inject('databaseUrl'), max: 1 })
afterAll(() => database.end())

describe.each(MODES)('starting the free plan ($label)', (mode) => {
  it('lands a new user on pricing, starts Pixie Dust and sends them to the dashboard', async () => {
    await withPage(mode, async (page) => {
      const phoneNumber = fakePhoneNumber()
      await logIn(page, phoneNumber, mode.javaScript)
      await expectAskedForPlan(page)
      expect(await page.getByText('Most Popular').count()).toBe(1)

      await page.getByRole('link', { name: 'Start Free' }).click()
      if (!mode.javaScript) {
        await page.getByRole('heading', { name: 'Complete Your Subscription' }).waitFor()
        await page.getByRole('button', { name: 'Start Free' }).click()
      }
      await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15_000 })

      const { rows } = await database.query(
        'select plan_id, stripe_subscription_plan_id, trial_start_utc from users where phone_number = $1',
        [phoneNumber],
      )
      expect(rows[0]).toMatchObject({
        plan_id: 'pixie-dust',
        stripe_subscription_plan_id: 'price_mock_pixie_dust',
      })
      expect(Date.now() - new Date(rows[0].trial_start_utc).getTime()).toBeLessThan(60_000)
    })
  })
})

describe('the pricing page for a visitor', () => {
  it('shows every plan and sends a choice through login to the payment page', async () => {
    await withPage({ viewport: 'desktop', javaScript: false }, async (page) => {
      await page.goto('/pricing?intent=pro')
      await page.getByRole('heading', { name: 'Simple, Transparent Pricing' }).waitFor()
      for (const name of ['Pixie Dust', 'Magic Hour', 'Lightning Lane', 'The Club']) {
        await page.getByRole('heading', { name, level: 2 }).waitFor()
      }
      expect(await page.getByText('Best for Agents').count()).toBe(1)
      expect(await page.getByText('Most Popular').count()).toBe(0)
      expect(
        await page
          .getByRole('main')
          .getByRole('link', { name: /^Get Started with/ })
          .count(),
      ).toBe(3)
      expect(await page.getByText('SMS notifications').count()).toBe(4)
      await page.getByRole('link', { name: 'Get Started with Magic Hour' }).click()
      await page.waitForURL(
        (url) =>
          url.pathname === '/login' && url.searchParams.get('redirect') === '/payment/magic-hour',
      )
    })
  })
})
