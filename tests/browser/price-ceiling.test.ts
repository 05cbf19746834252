import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { PRICE_MESSAGES } from '~/domain/price-terms'
import { listHotelAlerts } from '~/models/hotel-alert.server'
import { alertList, searchAndPick } from '../support/alert-forms.ts'
import { appDatabase } from '../support/app-database.ts'
import { expectFitsScreen, logIn, setupBrowser, withPage } from '../support/browser.ts'
import { monthAhead, paidSubscriber } from '../support/journey-dates.ts'

/*
 * A price ceiling on a hotel alert in Chromium (issue 30): from the page form with JavaScript at
 * desktop size and without it at phone size, a refused price first, then the dashboard saying the
 * ceiling. The stays are nine months out, apart from the other journeys' stays.
 */

setupBrowser()
const db = appDatabase()

const { months: MONTHS_AHEAD, iso, pickDate } = monthAhead(9)

const MODES = [
  { viewport: 'desktop', javaScript: true, label: 'desktop, JavaScript on' },
  { viewport: 'phone', javaScript: false, label: 'phone, JavaScript off' },
] as const

/** Caribbean Beach, check in on the 12th for 4 nights, any room type that fits. */
async function fillStay(page: Page, javaScript: boolean) {
  await searchAndPick(page, javaScript, 'Search resorts', 'Caribbean Beach')
  await page.getByText('Change').waitFor()
  if (javaScript) {
    await page.getByText('My dates are flexible').click()
    await page.getByLabel('A number of nights').check()
    await pickDate(page, '#hotel-check-in', 12, MONTHS_AHEAD)
    await page.getByLabel('Nights', { exact: true }).fill('4')
  } else {
    await page.locator('input[name="checkInDate"]').fill(iso(12))
    await page.locator('input[name="checkOutDate"]').fill(iso(16))
  }
  await page.getByLabel('Any room type that fits my party').check()
}

describe.each(MODES)('a price ceiling from the hotel page form ($label)', (mode) => {
  it('refuses a price it cannot read beside the field, then watches below the one given', async () => {
    const user = await paidSubscriber(db)
    const [typed, kind, words] = mode.javaScript
      ? ['$1,200', 'for the whole stay', 'At most $1,200 for the stay']
      : ['450.50', 'a night', 'At most $450.50 a night']
    await withPage(mode, async (page) => {
      await logIn(page, user.phoneNumber, mode.javaScript)
      await page.goto('/alerts/hotels')
      await fillStay(page, mode.javaScript)
      const price = page.getByLabel('Most you would pay, in US dollars (optional)')
      await price.fill('twelve hundred')
      await page.getByLabel(kind, { exact: true }).check()
      if (mode.viewport === 'phone') await expectFitsScreen(page, mode.viewport)
      await page.getByRole('button', { name: 'Start Disney Hotel Alerts' }).click()

      // Beside the field, the form as it was sent: the words typed and the choice made.
      await page.getByText(PRICE_MESSAGES.price).waitFor()
      expect(await price.inputValue()).toBe('twelve hundred')
      expect(await page.getByLabel(kind, { exact: true }).isChecked()).toBe(true)
      expect(await listHotelAlerts(db, user.id)).toEqual([])

      await price.fill(typed)
      await page.getByRole('button', { name: 'Start Disney Hotel Alerts' }).click()
      await page.getByText('Alert created. We will text you when a room opens!').waitFor()
      await alertList(page, mode.viewport).getByText(words).waitFor()
    })
    expect(await listHotelAlerts(db, user.id)).toEqual([
      expect.objectContaining({
        checkInDate: iso(12),
        checkOutDate: iso(16),
        ...(mode.javaScript ? { maxTotalPrice: 1200 } : { maxNightlyPrice: 450.5 }),
      }),
    ])
  })
})

describe('a price ceiling in the dashboard’s wizard (desktop, JavaScript on)', () => {
  it('opens an alert with its ceiling and changes it to a nightly one', async () => {
    const user = await paidSubscriber(db)
    const mode = MODES[0]
    await withPage(mode, async (page) => {
      await logIn(page, user.phoneNumber, mode.javaScript)
      await page.goto('/alerts/hotels')
      await fillStay(page, mode.javaScript)
      await page.getByLabel('Most you would pay, in US dollars (optional)').fill('2,000')
      await page.getByLabel('for the whole stay', { exact: true }).check()
      await page.getByRole('button', { name: 'Start Disney Hotel Alerts' }).click()
      const list = alertList(page, mode.viewport)
      await list.getByText('At most $2,000 for the stay').waitFor()

      await list.getByRole('button', { name: /^Edit .*Caribbean Beach/ }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByText('Edit Alert').waitFor()
      await dialog.getByRole('button', { name: 'Next', exact: true }).click()
      await dialog.getByRole('button', { name: 'Next', exact: true }).click()
      const price = dialog.getByLabel('Most you would pay, in US dollars (optional)')
      expect(await price.inputValue()).toBe('2000')
      expect(await dialog.getByLabel('for the whole stay', { exact: true }).isChecked()).toBe(true)
      // A price it cannot read is said beside the field, and Update waits for a good one.
      await price.fill('cheap')
      await dialog.getByText(PRICE_MESSAGES.price).waitFor()
      expect(await dialog.getByRole('button', { name: 'Update' }).isDisabled()).toBe(true)
      await price.fill('$325')
      await dialog.getByLabel('a night', { exact: true }).check()
      await dialog.getByRole('button', { name: 'Update' }).click()
      await dialog.waitFor({ state: 'detached' })
      await list.getByText('At most $325 a night').waitFor()
    })
    const [alert] = await listHotelAlerts(db, user.id)
    expect(alert).toMatchObject({ maxNightlyPrice: 325 })
    expect(alert).not.toHaveProperty('maxTotalPrice')
  })
})
