import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { createDb } from '../../db/client.ts'
import { createAlertRow, createUser } from '../../db/factories.ts'
import { logIn, MODES, setupBrowser, withPage } from '../support/browser.ts'

setupBrowser()
const db = createDb(inject('databaseUrl'), { max: 2 })
afterAll(() => db.destroy())

const nextMonth = new Date(new Date().getFullYear(), new Date().getMonth() + 1, 1)
const iso = (day: number) =>
  `${nextMonth.getFullYear()}-${String(nextMonth.getMonth() + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`
const monthName = nextMonth.toLocaleString('en-US', { month: 'long' })

async function subscriber(planId = 'magic-hour') {
  return createUser(db, {
    planId,
    stripeSubscriptionPlanId: `price_mock_${planId.replace(/-/g, '_')}`,
    trialStartUtc: new Date(),
  })
}

/** Picks a day of next month on the open calendar. */
async function pickDay(page: Page, day: number) {
  await page.getByRole('button', { name: new RegExp(`${monthName} ${day}(st|nd|rd|th)?,`) }).click()
}

/** The calendar closes a moment after the last pick; a person waits for that before going on. */
async function calendarClosed(page: Page) {
  await page.getByRole('grid').waitFor({ state: 'detached' })
}

async function fillHotelForm(page: Page, javaScript: boolean) {
  await page.goto('/alerts/hotels')
  await page.getByPlaceholder('Search resorts').fill('Pop Century')
  if (!javaScript) await page.getByRole('button', { name: 'Search', exact: true }).click()
  await page.getByText('1 resort(s) found').waitFor()
  await page.getByRole('button', { name: /Pop Century/ }).click()
  await page.getByText('Change').waitFor()
  if (javaScript) {
    await page.locator('#hotel-dates').click()
    await page.getByRole('button', { name: /next month/i }).click()
    await pickDay(page, 10)
    await pickDay(page, 14)
    await calendarClosed(page)
    await page.getByRole('button', { name: 'Show room types' }).click()
    await page.getByRole('option', { name: /^Standard Room(?! - Accessible)/ }).click()
    await page.keyboard.press('Escape')
    await page.getByRole('list', { name: 'Selected room types' }).waitFor()
  } else {
    await page.locator('input[name="checkInDate"]').fill(iso(10))
    await page.locator('input[name="checkOutDate"]').fill(iso(14))
    await page.getByLabel(/^Standard Room(?! - Accessible)/).check()
  }
  await page.getByRole('button', { name: 'Start Disney Hotel Alerts' }).click()
}

async function fillDiningForm(page: Page, javaScript: boolean) {
  await page.goto('/alerts/dining')
  await page.getByPlaceholder('Search restaurants').fill('blue bayou')
  if (!javaScript) await page.getByRole('button', { name: 'Search', exact: true }).click()
  await page.getByRole('button', { name: /Blue Bayou/ }).click()
  await page.getByText('Change').waitFor()
  if (javaScript) {
    await page.locator('#dining-date').click()
    await page.getByRole('button', { name: /next month/i }).click()
    await pickDay(page, 12)
    await calendarClosed(page)
  } else {
    await page.locator('input[name="reserveDate"]').fill(iso(12))
  }
  await page.getByText('Dinner', { exact: true }).click()
  await page.getByRole('button', { name: 'Start Dining Alerts' }).click()
}

describe.each(MODES)('alerts from the page forms, signed out ($label)', (mode) => {
  it('keeps a hotel and a dining alert through login and finds both on the dashboard', async () => {
    const user = await subscriber()
    await withPage(mode, async (page) => {
      await fillHotelForm(page, mode.javaScript)
      await page.waitForURL(
        (url) => url.pathname === '/login' && url.searchParams.get('intent') === 'quick',
      )
      await logIn(page, user.phoneNumber, mode.javaScript, page.url())
      await page.waitForURL(
        (url) => url.pathname === '/dashboard' && url.searchParams.get('success') === '1',
      )
      await page.getByText('Alert created. We will text you when a room opens!').waitFor()

      await page.context().clearCookies()
      await fillDiningForm(page, mode.javaScript)
      await page.waitForURL((url) => url.pathname === '/login')
      await logIn(page, user.phoneNumber, mode.javaScript, page.url())
      await page.waitForURL(
        (url) => url.pathname === '/alerts/dining' && url.searchParams.get('restore') === '1',
      )
      // With JavaScript the restored form sends itself after a second; without it, one tap.
      if (!mode.javaScript) await page.getByRole('button', { name: 'Start Dining Alerts' }).click()
      await page.waitForURL(
        (url) => url.pathname === '/dashboard' && url.searchParams.get('newAlert') === 'dining',
      )
      await page.getByText('Alert created. We will notify you when a time opens!').waitFor()

      const list = page.locator(mode.viewport === 'phone' ? 'ul.sm\\:hidden' : 'table')
      await list.getByText("Disney's Pop Century Resort").waitFor()
      await list.getByText('Blue Bayou Restaurant').waitFor()
      const rows = await db
        .selectFrom('hotelAlerts')
        .select('id')
        .where('userId', '=', user.id)
        .execute()
      const dinings = await db
        .selectFrom('diningAlerts')
        .selectAll()
        .where('userId', '=', user.id)
        .execute()
      expect(rows).toHaveLength(1)
      expect(dinings).toHaveLength(1)
      expect(dinings[0]).toMatchObject({
        reserveDate: iso(12),
        timeRangeStart: '16:30:00',
        partySize: 4,
      })
    })
  })
})

describe.each(MODES)('the dashboard list ($label)', (mode) => {
  it('searches, filters and pages through 30 alerts', async () => {
    const user = await subscriber('the-club')
    for (let i = 0; i < 25; i++)
      await createAlertRow(db, 'hotel', user.id, { createdAt: new Date(Date.now() - i * 60_000) })
    for (let i = 0; i < 5; i++)
      await createAlertRow(db, 'dining', user.id, {
        createdAt: new Date(Date.now() - (30 + i) * 60_000),
      })
    await withPage(mode, async (page) => {
      const list = () =>
        page.locator(mode.viewport === 'phone' ? 'ul.sm\\:hidden > li' : 'table tbody tr')
      await logIn(page, user.phoneNumber, mode.javaScript)
      await page.waitForURL((url) => url.pathname === '/dashboard')
      await page.getByText('Total 30').waitFor()
      await expect.poll(() => list().count(), { timeout: 10_000 }).toBe(10)

      await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: '3' }).click()
      await page.waitForURL((url) => url.searchParams.get('page') === '3')
      await page
        .getByRole('navigation', { name: 'Pages' })
        .locator('[aria-current="page"]', { hasText: '3' })
        .waitFor()
      await expect.poll(() => list().count(), { timeout: 10_000 }).toBe(10)

      await page
        .getByRole('navigation', { name: 'Alert type' })
        .getByRole('link', { name: 'Dining' })
        .click()
      await page.waitForURL(
        (url) => url.searchParams.get('type') === 'dining' && !url.searchParams.has('page'),
      )
      await expect.poll(() => list().count(), { timeout: 10_000 }).toBe(5)

      await page
        .getByRole('navigation', { name: 'Alert type' })
        .getByRole('link', { name: 'All alerts' })
        .click()
      await page.waitForURL((url) => !url.searchParams.has('type'))
      // The address changes a moment before the page shows the new list and its controls.
      await expect.poll(() => list().count(), { timeout: 10_000 }).toBe(10)
      await page.getByLabel('Rows per page').selectOption('25')
      if (!mode.javaScript) await page.getByRole('button', { name: 'Apply' }).click()
      await page.waitForURL((url) => url.searchParams.get('perPage') === '25')
      await expect.poll(() => list().count(), { timeout: 10_000 }).toBe(25)

      await page.getByLabel('Search alerts by name').fill('cinderella')
      await page.getByRole('button', { name: 'Search', exact: true }).click()
      await page.waitForURL((url) => url.searchParams.get('q') === 'cinderella')
      await expect.poll(() => list().count(), { timeout: 10_000 }).toBe(5)
      await page.goBack()
      await page.waitForURL((url) => !url.searchParams.has('q'))
      await expect.poll(() => list().count(), { timeout: 10_000 }).toBe(25)
    })
  })

  it('pauses, restarts and deletes, and shows the plan limit when full', async () => {
    const user = await subscriber('pixie-dust')
    await createAlertRow(db, 'hotel', user.id, {
      status: 1,
      createdAt: new Date(Date.now() - 60_000),
    })
    await createAlertRow(db, 'dining', user.id, { status: 0 })
    await withPage(mode, async (page) => {
      const scope = () => page.locator(mode.viewport === 'phone' ? 'ul.sm\\:hidden' : 'table')
      await logIn(page, user.phoneNumber, mode.javaScript)
      await page.waitForURL((url) => url.pathname === '/dashboard')
      await page.getByText('Monitoring: 1/1').waitFor()

      await scope().getByRole('button', { name: "Start Cinderella's Royal Table" }).click()
      await scope()
        .getByText(
          'You have reached your plan limit of 1 active monitoring alert(s). To start monitoring this alert, please stop one of your other alerts or upgrade your plan.',
        )
        .waitFor()

      await scope().getByRole('button', { name: "Pause Disney's Pop Century Resort" }).click()
      await page.getByText('Monitoring: 0/1').waitFor()
      await scope().getByRole('button', { name: "Start Cinderella's Royal Table" }).click()
      await page.getByText('Monitoring: 1/1').waitFor()

      if (mode.javaScript) {
        await scope().getByRole('button', { name: "Delete Cinderella's Royal Table" }).click()
        await page
          .getByText(
            "Are you sure you want to delete the alert for Cinderella's Royal Table? This action cannot be undone.",
          )
          .waitFor()
        await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
      } else {
        await scope().getByRole('link', { name: "Delete Cinderella's Royal Table" }).click()
        await page
          .getByText(
            "Are you sure you want to delete the alert for Cinderella's Royal Table? This action cannot be undone.",
          )
          .waitFor()
        await page.getByRole('button', { name: 'Delete' }).click()
      }
      await page.getByText('Total 1').waitFor()
      expect(await db.selectFrom('diningAlerts').where('userId', '=', user.id).execute()).toEqual(
        [],
      )
    })
  })
})

describe.each(MODES.filter((mode) => mode.javaScript))('the wizards ($label)', (mode) => {
  it('create, edit, pause, restart and delete a hotel and a dining alert', async () => {
    const user = await subscriber()
    await withPage(mode, async (page) => {
      const scope = () => page.locator(mode.viewport === 'phone' ? 'ul.sm\\:hidden' : 'table')
      await logIn(page, user.phoneNumber, true)
      await page.waitForURL((url) => url.pathname === '/dashboard')
      await page.getByText('No alerts yet').waitFor()

      await page.getByText('Add New Alert').click()
      await page.getByRole('button', { name: /Hotel Alert/ }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByText('Add Hotel Alert').waitFor()
      expect(await dialog.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true)
      await dialog.getByPlaceholder('Search resorts').fill('Riviera')
      await dialog.getByRole('button', { name: /Riviera/ }).click()
      await dialog.locator('#wizard-dates').click()
      await page.getByRole('button', { name: /next month/i }).click()
      await pickDay(page, 5)
      await pickDay(page, 9)
      await dialog.getByRole('button', { name: 'Next', exact: true }).click()
      await dialog.getByText('Adults (18+)').waitFor()
      await dialog.getByRole('button', { name: 'Next', exact: true }).click()
      await dialog.getByRole('button', { name: 'Show room types' }).click()
      await page
        .getByRole('option', { name: /^Deluxe Studio - Resort View(?! - Accessible)/ })
        .click()
      await page.keyboard.press('Escape')
      await dialog.getByRole('button', { name: 'Create' }).click()
      await scope().getByText("Disney's Riviera Resort").waitFor()

      await scope().getByRole('button', { name: "Edit Disney's Riviera Resort" }).click()
      await dialog.getByText('Edit Alert').waitFor()
      await dialog.getByRole('button', { name: 'Next', exact: true }).click()
      await dialog.getByRole('button', { name: 'More Adults (18+)' }).click()
      await dialog.getByRole('button', { name: 'Next', exact: true }).click()
      await dialog.getByRole('button', { name: 'Update' }).click()
      await scope()
        .getByText(/3 adults/)
        .waitFor()

      await page.getByText('Add New Alert').click()
      await page.getByRole('button', { name: /Dining Alert/ }).click()
      await dialog.getByText('Add Dining Alert').waitFor()
      await dialog.getByPlaceholder('Search restaurants').fill('Ohana')
      await dialog.getByRole('button', { name: /Ohana/ }).click()
      await dialog.getByRole('button', { name: 'Next', exact: true }).click()
      await dialog.locator('#wizard-date').click()
      await page.getByRole('button', { name: /next month/i }).click()
      await pickDay(page, 20)
      await dialog.getByLabel('Or a specific time').selectOption('18:00')
      await dialog.getByLabel('Time Range').selectOption('30')
      await dialog.getByRole('button', { name: 'Create Alert' }).click()
      await scope()
        .getByText(/6:00 PM ±30 min/)
        .waitFor()

      await scope()
        .getByRole('button', { name: /^Edit 'Ohana/ })
        .click()
      await dialog.getByText('Edit Dining Alert').waitFor()
      await dialog.getByRole('button', { name: 'Next', exact: true }).click()
      await dialog.getByText('Breakfast', { exact: true }).click()
      await dialog.getByRole('button', { name: 'Update Alert' }).click()
      await scope()
        .getByText(/Party of 4 · Breakfast/)
        .waitFor()

      await scope().getByRole('button', { name: "Pause Disney's Riviera Resort" }).click()
      await scope().getByRole('button', { name: "Start Disney's Riviera Resort" }).waitFor()
      await scope().getByRole('button', { name: "Start Disney's Riviera Resort" }).click()
      await scope().getByRole('button', { name: "Pause Disney's Riviera Resort" }).waitFor()

      await scope().getByRole('button', { name: "Delete Disney's Riviera Resort" }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
      await page.getByText('Total 1').waitFor()
      const hotels = await db.selectFrom('hotelAlerts').where('userId', '=', user.id).execute()
      const dinings = await db
        .selectFrom('diningAlerts')
        .selectAll()
        .where('userId', '=', user.id)
        .execute()
      expect(hotels).toEqual([])
      expect(dinings[0]).toMatchObject({
        timeRangeStart: '07:00:00',
        timeRangeEnd: '11:30:00',
        preferredTime: null,
      })
    })
  })
})
