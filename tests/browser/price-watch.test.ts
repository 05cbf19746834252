import type { Page } from 'playwright-core'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { createDb } from '../../db/client.ts'
import { listHotelAlerts } from '~/models/hotel-alert.server'
import { expectFitsScreen, logIn, setupBrowser, withPage } from '../support/browser.ts'
import { monthAhead, paidSubscriber } from '../support/journey-dates.ts'

/*
 * "I already booked" in Chromium (issue 30): a watch on a booked stay from /alerts/price-watch,
 * with JavaScript at desktop size (signed in, from the dashboard's Add New Alert) and without it
 * at phone size (a visitor, kept through login), then found on the dashboard. The stays are
 * eleven months out, apart from the other journeys' stays.
 */

setupBrowser()
const db = createDb(inject('databaseUrl'), { max: 2 })
afterAll(() => db.destroy())

const { months: MONTHS_AHEAD, iso } = monthAhead(11)
const monthName = new Date(`${iso(1)}T12:00:00Z`).toLocaleString('en-US', { month: 'long' })

/** Check-in on the 3rd, check-out on the 7th, on the range calendar. */
async function pickStay(page: Page) {
  await page.locator('#price-watch-dates').click()
  for (let turn = 0; turn < MONTHS_AHEAD; turn++)
    await page.getByRole('button', { name: /next month/i }).click()
  for (const day of [3, 7])
    await page
      .getByRole('button', { name: new RegExp(`${monthName} ${day}(st|nd|rd|th)?,`) })
      .click()
  // The calendar closes a moment after the last pick; a person waits for that before going on.
  await page.getByRole('grid').waitFor({ state: 'detached' })
}

/** The stay booked at Pop Century, a Standard Room for two adults, $2,384.50 room-only, 5%. */
async function fillForm(page: Page, javaScript: boolean) {
  await page.getByPlaceholder('Search resorts').fill('Pop Century')
  if (!javaScript) await page.getByRole('button', { name: 'Search', exact: true }).click()
  await page.getByRole('button', { name: /Pop Century/ }).click()
  await page.getByRole('button', { name: 'Change' }).waitFor()
  if (javaScript) await pickStay(page)
  else {
    await page.locator('input[name="checkInDate"]').fill(iso(3))
    await page.locator('input[name="checkOutDate"]').fill(iso(7))
  }
  await page.getByLabel('The room type you booked').selectOption({ label: 'Standard Room' })
  await page.getByLabel('What you paid for the room, before tax (US dollars)').fill('$2,384.50')
  await page.getByLabel('Room only').check()
  await page.getByLabel('A percentage of what you paid').check()
  await page.getByLabel('Text me when I would save at least').fill('5')
  await page.getByText('We never see or change your reservation').waitFor()
}

async function expectWatch(userId: string) {
  const [pop] = await db
    .selectFrom('roomTypes')
    .innerJoin('resorts', 'resorts.id', 'roomTypes.resortId')
    .select(['roomTypes.id as roomId', 'resorts.id as resortId'])
    .where('resorts.name', '=', "Disney's Pop Century Resort")
    .where('roomTypes.name', '=', 'Standard Room')
    .execute()
  expect(await listHotelAlerts(db, userId)).toEqual([
    expect.objectContaining({
      resortId: pop!.resortId,
      roomIds: [pop!.roomId],
      checkInDate: iso(3),
      checkOutDate: iso(7),
      numberOfAdults: 2,
      watch: 'price',
      paidTotal: 2384.5,
      rateType: 'room-only',
      minSavingPercent: 5,
    }),
  ])
}

describe('a price watch on a booked stay', () => {
  it('is made with JavaScript from the dashboard (desktop) and listed there', async () => {
    const user = await paidSubscriber(db)
    await withPage({ viewport: 'desktop', javaScript: true }, async (page) => {
      await logIn(page, user.phoneNumber, true)
      await page.waitForURL((url) => url.pathname === '/dashboard')
      await page.getByText('Add New Alert').click()
      await page
        .getByRole('link', { name: /^Price Watch Watch the price of a stay you booked/ })
        .click()
      await page.waitForURL((url) => url.pathname === '/alerts/price-watch')
      await page.getByRole('heading', { name: 'Watch the Price of a Stay You Booked' }).waitFor()
      await fillForm(page, true)
      await page.getByRole('button', { name: 'Start Price Watch' }).click()
      await page.waitForURL(
        (url) => url.pathname === '/dashboard' && url.searchParams.get('success') === '1',
      )
      await page.locator('table').getByText("Disney's Pop Century Resort").waitFor()
      await expectWatch(user.id)
    })
  })

  it('is kept through login without JavaScript (phone) and listed on the dashboard', async () => {
    const user = await paidSubscriber(db)
    await withPage({ viewport: 'phone', javaScript: false }, async (page) => {
      await page.goto('/alerts/price-watch')
      await fillForm(page, false)
      await expectFitsScreen(page, 'phone')
      await page.getByRole('button', { name: 'Start Price Watch' }).click()
      await page.waitForURL(
        (url) => url.pathname === '/login' && url.searchParams.get('intent') === 'quick',
      )
      await logIn(page, user.phoneNumber, false, page.url())
      await page.waitForURL(
        (url) => url.pathname === '/dashboard' && url.searchParams.get('success') === '1',
      )
      await page.locator('ul.sm\\:hidden').getByText("Disney's Pop Century Resort").waitFor()
      await expectWatch(user.id)
    })
  })

  it('says a refusal beside its field without JavaScript, keeping what was typed', async () => {
    await withPage({ viewport: 'phone', javaScript: false }, async (page) => {
      await page.goto('/alerts/price-watch')
      await fillForm(page, false)
      await page
        .getByLabel('What you paid for the room, before tax (US dollars)')
        .fill('about 2000')
      await page.getByRole('button', { name: 'Start Price Watch' }).click()
      await page
        .getByText('Enter what you paid for the room, in US dollars, like 2384 or 2384.50.')
        .waitFor()
      expect(
        await page.getByLabel('What you paid for the room, before tax (US dollars)').inputValue(),
      ).toBe('about 2000')
      expect(await page.getByLabel('Text me when I would save at least').inputValue()).toBe('5')
      expect(await page.getByLabel('The room type you booked').inputValue()).not.toBe('')
    })
  })
})
