import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { fakePhoneNumber } from '../../db/factories.ts'
import { appDatabase } from '../support/app-database.ts'
import { logIn, MODES, setupBrowser, withPage } from '../support/browser.ts'

setupBrowser()
const db = appDatabase()

const RIVIERA = "Disney's Riviera Resort"

async function riviera() {
  return db
    .selectFrom('resorts')
    .select(['id', 'name', 'disneyIdentifier', 'locationIdentifier'])
    .where('name', '=', RIVIERA)
    .executeTakeFirstOrThrow()
}

/** The JSON-LD the page carries, parsed as a crawler would read it. */
async function structuredData(page: Page) {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents()
  return scripts.map((text) => JSON.parse(text) as { '@type': string })
}

describe.each(MODES)('hotel pages ($label)', (mode) => {
  it('a hotel page leads to the hotel form with the resort picked', async () => {
    await withPage(mode, async (page) => {
      const path = '/alerts/disney-world/disney-s-riviera-resort'
      await page.goto(path)
      await page
        .getByRole('heading', { level: 1, name: `${RIVIERA} Disney Hotel Alerts` })
        .waitFor()
      await page.getByRole('heading', { name: `About alerts at ${RIVIERA}` }).waitFor()
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(
        new RegExp(`^https?://[^/]+${path}$`),
      )
      expect((await structuredData(page)).map((item) => item['@type'])).toEqual([
        'Hotel',
        'ItemList',
        'BreadcrumbList',
        'FAQPage',
      ])

      await page.getByRole('link', { name: `Start alert for ${RIVIERA}` }).click()
      await page.waitForURL((url) => url.pathname === '/alerts/hotels')
      const resort = await riviera()
      const query = new URL(page.url()).searchParams
      expect(Object.fromEntries(query)).toEqual({
        hotel: RIVIERA,
        hotelId: resort.id,
        disneyId: resort.disneyIdentifier,
        location: 'disney-world',
      })
      // The resort search has collapsed to the chosen resort, with its Change link.
      const section = page.getByRole('region', { name: 'Select Resort' })
      await section.getByText(RIVIERA, { exact: true }).waitFor()
      await section
        .getByRole('link', { name: /Change/ })
        .or(section.getByRole('button', { name: /Change/ }))
        .first()
        .waitFor()
    })
  })

  it('an unknown hotel is "Hotel not found" with a way back', async () => {
    await withPage(mode, async (page) => {
      const response = await page.goto('/alerts/disneyland/no-such-hotel')
      expect(response?.status()).toBe(404)
      await page.getByRole('heading', { name: 'Hotel not found' }).waitFor()
      await page.getByRole('link', { name: 'Browse hotel alerts' }).click()
      await page.waitForURL((url) => url.pathname === '/alerts/hotels')
    })
  })

  it('the alert intent survives login, pricing and checkout to open the hotel dialog', async () => {
    await withPage(mode, async (page) => {
      const phoneNumber = fakePhoneNumber()
      const resort = await riviera()
      const intent = new URLSearchParams({
        openAddAlert: 'true',
        hotel: RIVIERA,
        hotelId: resort.id,
        disneyId: resort.disneyIdentifier ?? '',
        location: 'disney-world',
      })
      // A visitor follows a link to add an alert, is asked to log in, and has no plan yet.
      await logIn(page, phoneNumber, mode.javaScript, `/dashboard?${intent}`)
      await page.waitForURL((url) => url.pathname === '/pricing')
      expect(new URL(page.url()).searchParams.get('hotelId')).toBe(resort.id)

      await page.getByRole('link', { name: 'Get Started with Magic Hour' }).click()
      await page.waitForURL((url) => url.pathname === '/payment/magic-hour')
      await page.getByRole('heading', { name: 'Complete Your Subscription' }).waitFor()
      if (mode.javaScript)
        await page.locator('input[name="sessionId"]').waitFor({ state: 'attached' })
      await page.getByRole('button', { name: 'Subscribe for $7 per month' }).click()

      await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15_000 })
      const landed = new URL(page.url()).searchParams
      for (const [key, value] of intent) expect(landed.get(key), key).toBe(value)
      if (mode.javaScript) {
        // The hotel dialog is open at its first step with the resort already chosen.
        await page.getByRole('heading', { name: 'Add Hotel Alert' }).waitFor()
        await page.getByRole('dialog').getByText(RIVIERA, { exact: true }).waitFor()
      } else {
        // Without JavaScript there is no dialog: the same resort continues on the hotel form.
        await page.getByRole('link', { name: `Continue your alert for ${RIVIERA}` }).click()
        await page.waitForURL((url) => url.pathname === '/alerts/hotels')
        const section = page.getByRole('region', { name: 'Select Resort' })
        await section.getByText(RIVIERA, { exact: true }).waitFor()
      }
    })
  })
})
