import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { listDiningAlerts } from '~/models/dining-alert.server'
import { alertList, openAlertWizard, searchAndPick } from '../support/alert-forms.ts'
import { appDatabase } from '../support/app-database.ts'
import { expectFitsScreen, logIn, MODES, setupBrowser, withPage } from '../support/browser.ts'
import { expectNoSeriousAxeViolation } from '../support/axe.ts'
import { monthAhead, paidSubscriber } from '../support/journey-dates.ts'

/*
 * Flexible dining alerts in Chromium (issue 29): several restaurants, a range of dates and meal
 * periods, from the page form and from the dashboard, with JavaScript on and off, at phone and
 * desktop sizes. The dates are five months out, apart from the other journeys' dates.
 */

setupBrowser()
const db = appDatabase()

const { months: MONTHS_AHEAD, iso, pickDate } = monthAhead(5)

const subscriber = () => paidSubscriber(db)

/** Searches a restaurant list and picks one, which the form lists as chosen. */
async function chooseRestaurant(
  scope: Page | Locator,
  javaScript: boolean,
  placeholder: string,
  search: string,
  name: RegExp,
) {
  await searchAndPick(scope, javaScript, placeholder, search, name)
  await scope.getByRole('list', { name: 'Chosen restaurants' }).getByText(name).waitFor()
}

/**
 * Lunch or dinner for 4 at Blue Bayou or Cafe Orleans, the 16th to the 19th, on /alerts/dining
 * as it is open; the form counts what the alert covers before it is saved.
 */
async function fillFlexibleForm(page: Page, javaScript: boolean) {
  await chooseRestaurant(page, javaScript, 'Search restaurants', 'blue bayou', /Blue Bayou/)
  await page.getByRole('button', { name: /Add another restaurant/ }).click()
  await chooseRestaurant(
    page,
    javaScript,
    'Search for another restaurant',
    'orleans',
    /Cafe Orleans/,
  )
  if (javaScript) {
    await pickDate(page, '#dining-date', 16, MONTHS_AHEAD)
    await pickDate(page, '#dining-through', 19, 0)
  } else {
    await page.locator('input[name="reserveDate"]').fill(iso(16))
    await page.locator('input[name="latestReserveDate"]').fill(iso(19))
  }
  await page.getByText('Lunch', { exact: true }).click()
  await page.getByText('Dinner', { exact: true }).click()
  if (!javaScript) await page.getByRole('button', { name: 'Count again' }).click()
  await page.getByText('Covers 2 restaurants on 4 dates: 4 checks, one a date.').waitFor()
}

describe.each(MODES)('a flexible dining alert from the page form ($label)', (mode) => {
  it('watches two restaurants on four dates at lunch or dinner', async () => {
    const user = await subscriber()
    await withPage(mode, async (page) => {
      await logIn(page, user.phoneNumber, mode.javaScript)
      await page.goto('/alerts/dining')
      await fillFlexibleForm(page, mode.javaScript)
      // axe runs as a script in the page, so only where the page runs them.
      if (mode.javaScript) await expectNoSeriousAxeViolation(page)
      // At a desktop's width the support chat's launcher floats over the page, as on every page.
      if (mode.viewport === 'phone') await expectFitsScreen(page, mode.viewport)
      await page.getByRole('button', { name: 'Start Dining Alerts' }).click()
      await page.waitForURL(
        (url) => url.pathname === '/dashboard' && url.searchParams.get('newAlert') === 'dining',
      )
      await alertList(page, mode.viewport)
        .getByText('Blue Bayou Restaurant or Cafe Orleans')
        .waitFor()
      expect(await listDiningAlerts(db, user.id)).toEqual([
        expect.objectContaining({
          diningLocationIds: ['354099', '354117'],
          reserveDates: [iso(16), iso(17), iso(18), iso(19)],
          mealPeriods: ['lunch', 'dinner'],
          partySize: 4,
        }),
      ])
    })
  })
})

describe.each(MODES)('a flexible dining alert from the dashboard ($label)', (mode) => {
  it('is made, then narrowed to one restaurant', async () => {
    const user = await subscriber()
    await withPage(mode, async (page) => {
      await logIn(page, user.phoneNumber, mode.javaScript)
      await page.waitForURL((url) => url.pathname === '/dashboard')
      // With JavaScript the empty list's link becomes a button once the page has hydrated.
      await page
        .getByRole(mode.javaScript ? 'button' : 'link', { name: 'Create Your First Alert' })
        .waitFor()
      await page.getByText('Add New Alert').click()
      const list = alertList(page, mode.viewport)

      if (mode.javaScript) {
        // The wizard: restaurants of one destination, then the dates, party and meals.
        const dialog = await openAlertWizard(page, 'Dining')
        await chooseRestaurant(dialog, true, 'Search restaurants', 'Ohana', /Ohana/)
        await dialog.getByRole('button', { name: /Add another restaurant/ }).click()
        await chooseRestaurant(dialog, true, 'Search for another restaurant', 'Be Our', /Be Our/)
        await dialog.getByRole('button', { name: 'Next', exact: true }).click()
        await pickDate(page, '#wizard-date', 16, MONTHS_AHEAD)
        await pickDate(page, '#wizard-through', 17, 0)
        await dialog.getByText('Breakfast', { exact: true }).click()
        await dialog.getByText('Dinner', { exact: true }).click()
        await dialog.getByText('Covers 2 restaurants on 2 dates: 2 checks, one a date.').waitFor()
        await dialog.getByRole('button', { name: 'Create Alert' }).click()
        await list.getByText("'Ohana or Be Our Guest Restaurant").waitFor()

        await list.getByRole('button', { name: /^Edit 'Ohana or Be Our Guest/ }).click()
        await dialog.getByText('Edit Dining Alert').waitFor()
        await dialog.getByRole('button', { name: 'Remove Be Our Guest Restaurant' }).click()
        await dialog.getByRole('button', { name: 'Next', exact: true }).click()
        await dialog.getByRole('button', { name: 'One date only' }).click()
        await dialog.getByText('Covers 1 restaurant on 1 date: 1 check.').waitFor()
        await dialog.getByRole('button', { name: 'Update Alert' }).click()
        await list.getByRole('button', { name: "Edit 'Ohana", exact: true }).waitFor()
        await list.getByText(/Party of 4 · Breakfast or dinner/).waitFor()
        expect(await listDiningAlerts(db, user.id)).toEqual([
          expect.objectContaining({
            diningLocationId: '90002606',
            reserveDate: iso(16),
            mealPeriods: ['breakfast', 'dinner'],
          }),
        ])
        return
      }

      // Without JavaScript the menu leads to the page form, and Edit to it filled in.
      await page.getByRole('link', { name: /Dining Alert/ }).click()
      await page.waitForURL((url) => url.pathname === '/alerts/dining')
      await fillFlexibleForm(page, false)
      await page.getByRole('button', { name: 'Start Dining Alerts' }).click()
      await list.getByText('Blue Bayou Restaurant or Cafe Orleans').waitFor()

      await list.getByRole('link', { name: /^Edit Blue Bayou Restaurant or Cafe Orleans/ }).click()
      await page.getByRole('heading', { name: 'Edit Dining Alert', level: 1 }).waitFor()
      await page.getByText('Covers 2 restaurants on 4 dates: 4 checks, one a date.').waitFor()
      await page.getByRole('button', { name: 'Remove Cafe Orleans' }).click()
      await page.getByText('Covers 1 restaurant on 4 dates: 4 checks, one a date.').waitFor()
      await page.getByRole('button', { name: 'Save Changes' }).click()
      await page.getByText('Alert updated.').waitFor()
      expect(await listDiningAlerts(db, user.id)).toEqual([
        expect.objectContaining({
          diningLocationId: '354099',
          reserveDates: [iso(16), iso(17), iso(18), iso(19)],
          mealPeriods: ['lunch', 'dinner'],
        }),
      ])
    })
  })
})
