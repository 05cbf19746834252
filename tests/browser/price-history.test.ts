import { beforeAll, describe, expect, it } from 'vitest'
import { createAlertRow, createPriceChange, daysFromToday } from '../../db/factories.ts'
import { hotelPagePath } from '~/domain/hotel-page'
import { appDatabase } from '../support/app-database.ts'
import { expectFitsScreen, logIn, MODES, setupBrowser, withPage } from '../support/browser.ts'
import { paidSubscriber } from '../support/journey-dates.ts'

/*
 * Prices on the pages (issue 30), in Chromium with JavaScript and without, at phone and desktop
 * sizes: a watch's alert page draws its stay's price over time with what was paid and the last
 * free day, and the hotel page gives the typical nightly price by room category. The history is
 * written as the worker writes it (price_changes rows); the resort is one no other journey opens,
 * since the app keeps each hotel's figures for a few minutes.
 */

setupBrowser()
const db = appDatabase()

const YACHT_CLUB = "Disney's Yacht Club Resort"
/** The watch's resort: apart from the hotel page's, so its prices do not move that median. */
const BEACH_CLUB = "Disney's Beach Club Resort"
const HOTEL_PAGE = hotelPagePath('disney-world', YACHT_CLUB)
const HOUR = 60 * 60_000
const ago = (hours: number) => new Date(Date.now() - hours * HOUR)

/** A resort's id and its Resort View room type's. */
async function resortView(name: string) {
  return db
    .selectFrom('roomTypes')
    .innerJoin('resorts', 'resorts.id', 'roomTypes.resortId')
    .select(['resorts.id as resortId', 'roomTypes.id as roomId'])
    .where('resorts.name', '=', name)
    .where('roomTypes.name', '=', 'Resort View')
    .executeTakeFirstOrThrow()
}

beforeAll(async () => {
  const { resortId } = await resortView(YACHT_CLUB)
  // Three stays' Resort View (YC) and Water View (YD) rooms, priced over the last days: six
  // prices of the Rooms category, enough for the hotel page; the Suites have none.
  for (const [index, days] of [300, 301, 302].entries())
    for (const [roomKey, dollars] of [
      ['YC', 640 + index * 20],
      ['YD', 780 + index * 20],
    ] as const)
      await createPriceChange(db, {
        questionKey: `hotel|${resortId}|${daysFromToday(days)}|${daysFromToday(days + 3)}|2||0`,
        resortId,
        roomKey,
        seenAt: ago(20 + index),
        nightlyCents: dollars * 100,
        totalCents: dollars * 300,
      })
})

/** A watch on a Resort View stay paid $2,400 room-only, whose price fell then rose a little. */
async function watchWithHistory(days: number) {
  const user = await paidSubscriber(db)
  const { resortId, roomId } = await resortView(BEACH_CLUB)
  const watch = await createAlertRow(db, 'hotel', user.id, {
    resortId,
    roomTypeIds: [roomId],
    checkInDate: daysFromToday(days),
    checkOutDate: daysFromToday(days + 4),
    watch: 'price',
    paidTotalCents: 240_000,
    rateType: 'room-only',
    minSavingCents: 10_000,
  })
  const { key } = await db
    .selectFrom('questions')
    .select('key')
    .where('id', '=', watch.questionId)
    .executeTakeFirstOrThrow()
  for (const [hours, nightly, offer] of [
    [72, 600, null],
    [48, 560, { id: '11296', name: 'Save up to 20% on Rooms' }],
    [2, 580, null],
  ] as const)
    await createPriceChange(db, {
      questionKey: key,
      resortId,
      roomKey: 'WC',
      seenAt: ago(hours),
      nightlyCents: nightly * 100,
      totalCents: nightly * 400,
      offerId: offer?.id ?? null,
      offerName: offer?.name ?? null,
    })
  return { user, watch }
}

describe.each(MODES)('prices on the pages ($label)', (mode) => {
  it("draws a watch's price over time, with what was paid and the last day to act", async () => {
    const { user, watch } = await watchWithHistory(mode.viewport === 'phone' ? 310 : 311)
    await withPage(mode, async (page) => {
      await logIn(page, user.phoneNumber, mode.javaScript)
      await page.waitForURL((url) => url.pathname === '/dashboard')
      await page.goto(`/dashboard/alerts/hotel/${watch.id}`)
      const prices = page.getByRole('region', { name: 'Prices it saw' })
      await prices.getByText('Now $580 a night, $2,320 for the stay.').waitFor()
      await prices.locator('figcaption', { hasText: 'Lowest price for the stay' }).waitFor()
      // The drawing has words for a screen reader, and its numbers are a table a click away.
      expect(await prices.getByRole('img').count()).toBeGreaterThan(0)
      await page.getByText('You paid').first().waitFor()
      await page.getByText('Last day to act').waitFor()
      if (mode.viewport === 'phone') await expectFitsScreen(page, 'phone')
    })
  })

  it("gives a hotel's typical nightly price by room category, leaving out a category with too few", async () => {
    await withPage(mode, async (page) => {
      await page.goto(HOTEL_PAGE)
      const section = page.getByRole('region', {
        name: `Typical nightly price at ${YACHT_CLUB}, last 30 days`,
      })
      await section.waitFor()
      // Six prices (640, 660, 680, 780, 800, 820): the median is $730.
      const row = section.getByRole('row', { name: /^Rooms/ })
      expect((await row.getByRole('cell').allTextContents()).join(' ')).toContain('$730')
      expect(await section.getByRole('row', { name: /^Suites/ }).count()).toBe(0)
      if (mode.viewport === 'phone') await expectFitsScreen(page, 'phone')
    })
  })
})
