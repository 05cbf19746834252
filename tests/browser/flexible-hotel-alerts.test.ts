import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { coverageOf } from '~/components/alert-form/stay-coverage'
import { hotelAlertCost } from '~/domain/flexible-cost'
import { listHotelAlerts } from '~/models/hotel-alert.server'
import {
  alertList,
  logInToKeepAlert,
  openAlertWizard,
  searchAndPick,
} from '../support/alert-forms.ts'
import { appDatabase } from '../support/app-database.ts'
import {
  expectFitsScreen,
  logIn,
  MODES,
  setupBrowser,
  VIEWPORTS,
  withPage,
} from '../support/browser.ts'
import { monthAhead, paidSubscriber } from '../support/journey-dates.ts'

/*
 * Flexible hotel alerts in Chromium (issue 29): a window of check-ins, a range of nights, other
 * resorts with any room type and split stays, from the page form and from the dashboard, with
 * JavaScript on and off, at phone and desktop sizes. The stays are seven months out (over 200
 * days), apart from the other journeys' stays.
 */

setupBrowser()
const db = appDatabase()

const { months: MONTHS_AHEAD, iso, pickDate } = monthAhead(7)

const subscriber = () => paidSubscriber(db)

async function resortId(name: string) {
  const resort = await db
    .selectFrom('resorts')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow()
  return resort.id
}

/** What the form says an alert of `resorts` resorts covers: check in on the 10th to 12th, 3–4 nights. */
function coverage(resorts: number, splitStays: boolean) {
  return coverageOf(
    hotelAlertCost({
      resorts: Array.from({ length: resorts }, (_, index) => ({
        resortId: String(index),
        roomIds: 'any' as const,
      })),
      checkInDate: iso(10),
      latestCheckInDate: iso(12),
      minNights: 3,
      maxNights: 4,
      splitStays,
    }),
  ).text
}

/** Picks the form's resort by searching for it. */
async function chooseResort(scope: Page | Locator, javaScript: boolean, search: string) {
  await searchAndPick(scope, javaScript, 'Search resorts', search)
  await scope.getByText('Change').waitFor()
}

/**
 * Check in the 10th to the 12th for 3 or 4 nights, as the "My dates are flexible" part of a form
 * says it: with JavaScript on calendars, without it in the browser's own fields.
 */
async function flexibleDates(page: Page, scope: Page | Locator, javaScript: boolean, id: string) {
  await scope.getByText('My dates are flexible').click()
  await scope.getByLabel('A number of nights').check()
  if (javaScript) {
    await pickDate(page, `#${id}-check-in`, 10, MONTHS_AHEAD)
    await pickDate(page, `#${id}-latest-check-in`, 12, 0)
  } else {
    await scope.locator('input[name="checkInDate"]').fill(iso(10))
    await scope.locator('input[name="latestCheckInDate"]').fill(iso(12))
  }
  await scope.getByLabel('Nights', { exact: true }).fill('3')
  await scope.getByLabel('Up to (optional)').fill('4')
}

/**
 * /alerts/hotels as it is open: Pop Century, any room type, also Art of Animation, split stays;
 * the form counts what the alert covers before it is saved (without JavaScript, on Count stays).
 */
async function fillFlexibleForm(page: Page, javaScript: boolean) {
  await chooseResort(page, javaScript, 'Pop Century')
  await flexibleDates(page, page, javaScript, 'hotel')
  await page.getByLabel('Any room type that fits my party').check()
  if (javaScript) await page.getByText(coverage(1, false)).waitFor()
  await page.getByRole('button', { name: 'Add a resort' }).click()
  await page
    .getByLabel('Resort 2', { exact: true })
    .selectOption({ label: "Disney's Art of Animation Resort" })
  await page.getByLabel(/Or two back-to-back bookings/).check()
  if (!javaScript) await page.getByRole('button', { name: 'Count stays' }).click()
  await page.getByText(coverage(2, true)).waitFor()
}

async function expectFlexibleAlert(userId: string, resorts: string[]) {
  const ids = await Promise.all(resorts.map(resortId))
  expect(await listHotelAlerts(db, userId)).toEqual([
    expect.objectContaining({
      checkInDate: iso(10),
      latestCheckInDate: iso(12),
      minNights: 3,
      maxNights: 4,
      splitStays: true,
      resorts: ids.map((id) => expect.objectContaining({ resortId: id, roomIds: 'any' })),
    }),
  ])
}

describe.each(MODES)('a flexible hotel alert from the page form ($label)', (mode) => {
  it('is kept through login and made, every flexible field of it', async () => {
    const user = await subscriber()
    await withPage(mode, async (page) => {
      await page.goto('/alerts/hotels')
      await fillFlexibleForm(page, mode.javaScript)
      // At desktop size the support chat button sits over the sidebar, form or no form.
      if (mode.viewport === 'phone') await expectFitsScreen(page, mode.viewport)
      await page.getByRole('button', { name: 'Start Disney Hotel Alerts' }).click()
      await logInToKeepAlert(page, user.phoneNumber, mode.javaScript)
      await page.getByText('Alert created. We will text you when a room opens!').waitFor()
      await expectFlexibleAlert(user.id, [
        "Disney's Pop Century Resort",
        "Disney's Art of Animation Resort",
      ])
    })
  })
})

describe.each(MODES)('a flexible hotel alert from the dashboard ($label)', (mode) => {
  it('is made, then narrowed to one resort', async () => {
    const user = await subscriber()
    await withPage(mode, async (page) => {
      await logIn(page, user.phoneNumber, mode.javaScript)
      await page.waitForURL((url) => url.pathname === '/dashboard')
      await page.getByText('Add New Alert').click()
      const list = alertList(page, mode.viewport)

      if (mode.javaScript) {
        // The wizard: the resort and the stay, the party, then the room types and resorts.
        const dialog = await openAlertWizard(page, 'Hotel')
        await chooseResort(dialog, true, 'Riviera')
        await flexibleDates(page, dialog, true, 'wizard')
        await dialog.getByRole('button', { name: 'Next', exact: true }).click()
        await dialog.getByText('Adults (18+)').waitFor()
        await dialog.getByRole('button', { name: 'Next', exact: true }).click()
        await dialog.getByLabel('Any room type that fits my party').check()
        await dialog.getByRole('button', { name: 'Add a resort' }).click()
        await dialog
          .getByLabel('Resort 2', { exact: true })
          .selectOption({ label: "Disney's Polynesian Village Resort" })
        await dialog.getByLabel(/Or two back-to-back bookings/).check()
        await dialog.getByText(coverage(2, true)).waitFor()
        // The dialog covers the page by design: what must hold is that nothing is wider than it.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          VIEWPORTS[mode.viewport].width,
        )
        await dialog.getByRole('button', { name: 'Create' }).click()
        await dialog.waitFor({ state: 'detached' })
        await expectFlexibleAlert(user.id, [
          "Disney's Riviera Resort",
          "Disney's Polynesian Village Resort",
        ])

        await list.getByRole('button', { name: /^Edit .*Riviera/ }).click()
        await dialog.getByText('Edit Alert').waitFor()
        await dialog.getByRole('button', { name: 'Next', exact: true }).click()
        await dialog.getByRole('button', { name: 'Next', exact: true }).click()
        await dialog
          .getByRole('button', { name: "Remove Disney's Polynesian Village Resort" })
          .click()
        await dialog.getByText(coverage(1, true)).waitFor()
        await dialog.getByRole('button', { name: 'Update' }).click()
        await dialog.waitFor({ state: 'detached' })
      } else {
        // Without JavaScript the menu leads to the page form, and Edit to it filled in.
        await page.getByRole('link', { name: /^Hotel Alert Monitor/ }).click()
        await page.waitForURL((url) => url.pathname === '/alerts/hotels')
        await fillFlexibleForm(page, false)
        await page.getByRole('button', { name: 'Start Disney Hotel Alerts' }).click()
        await page.getByText('Alert created. We will text you when a room opens!').waitFor()
        await expectFlexibleAlert(user.id, [
          "Disney's Pop Century Resort",
          "Disney's Art of Animation Resort",
        ])

        await list.getByRole('link', { name: /^Edit .*Pop Century/ }).click()
        await page.getByRole('heading', { name: 'Edit Alert', level: 1 }).waitFor()
        await page.getByText(coverage(2, true)).waitFor()
        await page.getByRole('button', { name: "Remove Disney's Art of Animation Resort" }).click()
        await page.getByText(coverage(1, true)).waitFor()
        await page.getByRole('button', { name: 'Save Changes' }).click()
        await page.getByText('Alert updated.').waitFor()
      }
      const [alert] = await listHotelAlerts(db, user.id)
      expect(alert).toMatchObject({ latestCheckInDate: iso(12), minNights: 3, maxNights: 4 })
      expect(alert).not.toHaveProperty('resorts.1')
    })
  })
})
