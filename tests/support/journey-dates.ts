import type { Page } from 'playwright-core'
import { createUser } from '../../db/factories.ts'
import type { DB } from '../../db/client.ts'

/**
 * Days of one month some months ahead, for journeys that pick dates in a calendar: each journey
 * file takes its own month, so files sharing the browser database never share a stay or a date.
 */
export function monthAhead(months: number) {
  const month = new Date(new Date().getFullYear(), new Date().getMonth() + months, 1)
  const monthName = month.toLocaleString('en-US', { month: 'long' })
  return {
    months,
    /** The day's date, YYYY-MM-DD. */
    iso: (day: number) =>
      `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    /** Opens a date's calendar, turns `monthsToTurn` months on and picks the day. */
    async pickDate(page: Page, field: string, day: number, monthsToTurn: number) {
      await page.locator(field).click()
      for (let turn = 0; turn < monthsToTurn; turn++)
        await page.getByRole('button', { name: /next month/i }).click()
      await page
        .getByRole('button', { name: new RegExp(`${monthName} ${day}(st|nd|rd|th)?,`) })
        .click()
      // The calendar closes a moment after the pick; a person waits for that before going on.
      await page.getByRole('grid').waitFor({ state: 'detached' })
    },
  }
}

/** A subscriber of Magic Hour, paid through Stripe's stand-in. */
export function paidSubscriber(db: DB) {
  return createUser(db, {
    planId: 'magic-hour',
    stripeSubscriptionPlanId: 'price_mock_magic_hour',
    trialStartUtc: new Date(),
  })
}
