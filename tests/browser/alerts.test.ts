import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { createAlertRow } from '../../db/factories.ts'
import {
  alertList,
  logInToKeepAlert,
  openAlertWizard,
  searchAndPick,
} from '../support/alert-forms.ts'
import { ALERT_ERRORS } from '~/domain/alerts'
import { listDiningAlerts } from '~/models/dining-alert.server'
import { appDatabase } from '../support/app-database.ts'
import { logIn, MODES, setupBrowser, withPage } from '../support/browser.ts'
import { monthAhead, paidSubscriber } from '../support/journey-dates.ts'

setupBrowser()
const db = appDatabase()

const { iso, pickDate } = monthAhead(1)
const subscriber = (planId?: string) => paidSubscriber(db, planId)

async function fillHotelForm(page: Page, javaScript: boolean) {
  await page.goto('/alerts/hotels')
  await page.getByPlaceholder('Search resorts').fill('Pop Century')
  if (!javaScript) await page.getByRole('button', { name: 'Search', exact: true }).click()
  await page.getByText('1 resort(s) found').waitFor()
  await page.getByRole('button', { name: /Pop Century/ }).click()
  await page.getByText('Change').waitFor()
  if (javaScript) {
    await pickDate(page, '#hotel-dates', [10, 14], 1)
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
  await searchAndPick(page, javaScript, 'Search restaurants', 'blue bayou', /Blue Bayou/)
  await page.getByText('Change').waitFor()
  if (javaScript) await pickDate(page, '#dining-date', 12, 1)
  else await page.locator('input[name="reserveDate"]').fill(iso(12))
  await page.getByText('Dinner', { exact: true }).click()
  await page.getByRole('button', { name: 'Start Dining Alerts' }).click()
}

describe.each(MODES)('alerts from the page forms, signed out ($label)', (mode) => {
  it('keeps a hotel and a dining alert through login and finds both on the dashboard', async () => {
    const user = await subscriber()
    await withPage(mode, async (page) => {
      await fillHotelForm(page, mode.javaScript)
      await logInToKeepAlert(page, user.phoneNumber, mode.javaScript)
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

      const list = alertList(page, mode.viewport)
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

describe.each(MODES)('a copy of a running alert from /dining-alerts/new ($label)', (mode) => {
  it('is refused in words, with a link to the running alert', async () => {
    const user = await subscriber()
    // A link's fields fill the form in; the same link twice is the same alert twice.
    const link = `/dining-alerts/new?location=disneyland&diningLocationId=354099&reserveDate=${iso(20)}&partySize=4&specificTime=11:00&flexibility=2`
    await withPage(mode, async (page) => {
      await logIn(page, user.phoneNumber, mode.javaScript)
      await page.waitForURL((url) => url.pathname === '/dashboard')
      await page.goto(link)
      await page.getByRole('button', { name: 'Start Dining Alerts' }).click()
      await page.waitForURL(
        (url) => url.pathname === '/dashboard' && url.searchParams.get('newAlert') === 'dining',
      )
      const [running] = await listDiningAlerts(db, user.id)

      await page.goto(link)
      await page.getByRole('button', { name: 'Start Dining Alerts' }).click()
      await page.getByText(ALERT_ERRORS.DUPLICATE).waitFor()
      expect(await listDiningAlerts(db, user.id)).toHaveLength(1)
      await page.getByRole('link', { name: 'See that alert' }).click()
      await page.waitForURL((url) => url.searchParams.get('alert') === running!.id)
      await page.getByText('Showing one alert.', { exact: false }).waitFor()
      await alertList(page, mode.viewport).getByText('Blue Bayou Restaurant').waitFor()
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
      const list = alertList(page, mode.viewport)
      await logIn(page, user.phoneNumber, mode.javaScript)
      await page.waitForURL((url) => url.pathname === '/dashboard')
      await page.getByText('Monitoring: 1/1').waitFor()

      await list.getByRole('button', { name: "Start Cinderella's Royal Table" }).click()
      await list
        .getByText(
          'You have reached your plan limit of 1 active monitoring alert(s). To start monitoring this alert, please stop one of your other alerts or upgrade your plan.',
        )
        .waitFor()

      await list.getByRole('button', { name: "Pause Disney's Pop Century Resort" }).click()
      await page.getByText('Monitoring: 0/1').waitFor()
      await list.getByRole('button', { name: "Start Cinderella's Royal Table" }).click()
      await page.getByText('Monitoring: 1/1').waitFor()

      // With JavaScript Delete asks in a dialog; without it, on a page of its own.
      await list
        .getByRole(mode.javaScript ? 'button' : 'link', { name: "Delete Cinderella's Royal Table" })
        .click()
      await page
        .getByText(
          "Are you sure you want to delete the alert for Cinderella's Royal Table? This action cannot be undone.",
        )
        .waitFor()
      await (mode.javaScript ? page.getByRole('dialog') : page)
        .getByRole('button', { name: 'Delete' })
        .click()
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
      const list = alertList(page, mode.viewport)
      await logIn(page, user.phoneNumber, true)
      await page.waitForURL((url) => url.pathname === '/dashboard')
      await page.getByText('No alerts yet').waitFor()

      await page.getByText('Add New Alert').click()
      const dialog = await openAlertWizard(page, 'Hotel')
      expect(await dialog.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true)
      await searchAndPick(dialog, true, 'Search resorts', 'Riviera')
      await pickDate(page, '#wizard-dates', [5, 9], 1)
      await dialog.getByRole('button', { name: 'Next', exact: true }).click()
      await dialog.getByText('Adults (18+)').waitFor()
      await dialog.getByRole('button', { name: 'Next', exact: true }).click()
      await dialog.getByRole('button', { name: 'Show room types' }).click()
      await page
        .getByRole('option', { name: /^Deluxe Studio - Resort View(?! - Accessible)/ })
        .click()
      await page.keyboard.press('Escape')
      await dialog.getByRole('button', { name: 'Create' }).click()
      await list.getByText("Disney's Riviera Resort").waitFor()

      await list.getByRole('button', { name: "Edit Disney's Riviera Resort" }).click()
      await dialog.getByText('Edit Alert').waitFor()
      await dialog.getByRole('button', { name: 'Next', exact: true }).click()
      await dialog.getByRole('button', { name: 'More Adults (18+)' }).click()
      await dialog.getByRole('button', { name: 'Next', exact: true }).click()
      await dialog.getByRole('button', { name: 'Update' }).click()
      await list.getByText(/3 adults/).waitFor()

      await page.getByText('Add New Alert').click()
      await openAlertWizard(page, 'Dining')
      await searchAndPick(dialog, true, 'Search restaurants', 'Ohana')
      await dialog.getByRole('button', { name: 'Next', exact: true }).click()
      await pickDate(page, '#wizard-date', 20, 1)
      await dialog.getByLabel('Or a specific time').selectOption('18:00')
      await dialog.getByLabel('Time Range').selectOption('30')
      await dialog.getByRole('button', { name: 'Create Alert' }).click()
      await list.getByText(/6:00 PM ±30 min/).waitFor()

      await list.getByRole('button', { name: /^Edit 'Ohana/ }).click()
      await dialog.getByText('Edit Dining Alert').waitFor()
      await dialog.getByRole('button', { name: 'Next', exact: true }).click()
      await dialog.getByText('Breakfast', { exact: true }).click()
      await dialog.getByRole('button', { name: 'Update Alert' }).click()
      await list.getByText(/Party of 4 · Breakfast/).waitFor()

      await list.getByRole('button', { name: "Pause Disney's Riviera Resort" }).click()
      await list.getByRole('button', { name: "Start Disney's Riviera Resort" }).waitFor()
      await list.getByRole('button', { name: "Start Disney's Riviera Resort" }).click()
      await list.getByRole('button', { name: "Pause Disney's Riviera Resort" }).waitFor()

      await list.getByRole('button', { name: "Delete Disney's Riviera Resort" }).click()
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
