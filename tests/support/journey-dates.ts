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
    /**
     * Opens a date's calendar, turns `monthsToTurn` months on and picks the day (on a stay's
     * range calendar, its check-in and check-out days).
     */
    async pickDate(
      page: Page,
      field: string,
      day: number | [number, number],
      monthsToTurn: number,
    ) {
      await page.locator(field).click()
      for (let turn = 0; turn < monthsToTurn; turn++)
        await page.getByRole('button', { name: /next month/i }).click()
      for (const pick of [day].flat())
        await page
          .getByRole('button', { name: new RegExp(`${monthName} ${pick}(st|nd|rd|th)?,`) })
          .click()
      // The calendar closes a moment after the last pick; a person waits for that before going on.
      await page.getByRole('grid').waitFor({ state: 'detached' })
    },
  }
}

/** A subscriber of a plan (Magic Hour unless named), paid through Stripe's stand-in. */
export function paidSubscriber(
  db: DB,
  planId = 'magic-hour',
  fields: Parameters<typeof createUser>[1] = {},
) {
  return createUser(db, {
    planId,
    stripeSubscriptionPlanId: `price_mock_${planId.replace(/-/g, '_')}`,
    trialStartUtc: new Date(),
    ...fields,
  })
}
