import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { listHotelAlerts } from '~/models/hotel-alert.server'
import { alertList, logInToKeepAlert, searchAndPick } from '../support/alert-forms.ts'
import { appDatabase } from '../support/app-database.ts'
import { expectFitsScreen, logIn, setupBrowser, withPage } from '../support/browser.ts'
import { monthAhead, paidSubscriber } from '../support/journey-dates.ts'

/*
 * "I already booked" in Chromium (issue 30): a watch on a booked stay from /alerts/price-watch,
 * with JavaScript at desktop size (signed in, from the dashboard's Add New Alert) and without it
 * at phone size (a visitor, kept through login), then found on the dashboard, and changed from
 * its Edit on this page (never the hotel form or wizard). The stays are eleven months out, apart
 * from the other journeys' stays.
 */

const CREATED = 'Price watch created. We will text you if the price of your stay drops.'
const POP_CENTURY = "Disney's Pop Century Resort"
const DETAILS = 'Price watch · Standard Room · paid $2,384.50 room-only'

setupBrowser()
const db = appDatabase()

const { months: MONTHS_AHEAD, iso, pickDate } = monthAhead(11)

/** The stay booked at Pop Century, a Standard Room for two adults, $2,384.50 room-only, 5%. */
async function fillForm(page: Page, javaScript: boolean) {
  await searchAndPick(page, javaScript, 'Search resorts', 'Pop Century')
  await page.getByRole('button', { name: 'Change' }).waitFor()
  // Check-in on the 3rd, check-out on the 7th.
  if (javaScript) await pickDate(page, '#price-watch-dates', [3, 7], MONTHS_AHEAD)
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

async function expectWatch(
  userId: string,
  saving: Record<string, number> = { minSavingPercent: 5 },
) {
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
      ...saving,
    }),
  ])
}

describe('a price watch on a booked stay', () => {
  it('is made with JavaScript from the dashboard (desktop), listed there and changed from its Edit', async () => {
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
      await page.getByText(CREATED).waitFor()
      const table = alertList(page, 'desktop')
      await table.getByText(`${DETAILS} · texts a saving of 5% or more`).waitFor()
      await expectWatch(user.id)

      // With JavaScript too, Edit leads to this page, not to the hotel wizard.
      await table.getByRole('link', { name: `Edit ${POP_CENTURY}` }).click()
      await page.getByRole('heading', { name: 'Edit Price Watch', level: 1 }).waitFor()
      expect(await page.getByLabel('Text me when I would save at least').inputValue()).toBe('5')
      await page.getByLabel('What you paid for the room, before tax (US dollars)').fill('2300')
      await page.getByRole('button', { name: 'Save Changes' }).click()
      await page.getByText('Alert updated.', { exact: true }).waitFor()
      await table
        .getByText(
          'Price watch · Standard Room · paid $2,300 room-only · texts a saving of 5% or more',
        )
        .waitFor()
      expect(await listHotelAlerts(db, user.id)).toEqual([
        expect.objectContaining({ watch: 'price', paidTotal: 2300, minSavingPercent: 5 }),
      ])
    })
  })

  it('is kept through login without JavaScript (phone) and listed on the dashboard', async () => {
    const user = await paidSubscriber(db)
    await withPage({ viewport: 'phone', javaScript: false }, async (page) => {
      await page.goto('/alerts/price-watch')
      await fillForm(page, false)
      await expectFitsScreen(page, 'phone')
      await page.getByRole('button', { name: 'Start Price Watch' }).click()
      await logInToKeepAlert(page, user.phoneNumber, false)
      await page.getByText(CREATED).waitFor()
      await alertList(page, 'phone').getByText("Disney's Pop Century Resort").waitFor()
      await expectWatch(user.id)
    })
  })

  it('is changed from the dashboard’s Edit without JavaScript (phone), which shows the new saving', async () => {
    const user = await paidSubscriber(db)
    await withPage({ viewport: 'phone', javaScript: false }, async (page) => {
      await logIn(page, user.phoneNumber, false)
      await page.waitForURL((url) => url.pathname === '/dashboard')
      await page.goto('/alerts/price-watch')
      await fillForm(page, false)
      await page.getByRole('button', { name: 'Start Price Watch' }).click()
      await page.getByText(CREATED).waitFor()
      const cards = alertList(page, 'phone')
      await cards.getByText(`${DETAILS} · texts a saving of 5% or more`).waitFor()

      await cards.getByRole('link', { name: `Edit ${POP_CENTURY}` }).click()
      await page.getByRole('heading', { name: 'Edit Price Watch', level: 1 }).waitFor()
      await expectFitsScreen(page, 'phone')
      // The form is the watch's: its stay, room, party, what was paid and the saving.
      const paid = page.getByLabel('What you paid for the room, before tax (US dollars)')
      expect(await paid.inputValue()).toBe('$2,384.50')
      expect(await page.locator('input[name="checkInDate"]').inputValue()).toBe(iso(3))
      expect(await page.locator('input[name="checkOutDate"]').inputValue()).toBe(iso(7))
      expect(await page.getByLabel('The room type you booked').inputValue()).not.toBe('')
      expect(await page.getByLabel('Room only').isChecked()).toBe(true)
      expect(await page.getByLabel('A percentage of what you paid').isChecked()).toBe(true)
      const saving = page.getByLabel('Text me when I would save at least')
      expect(await saving.inputValue()).toBe('5')

      await page.getByLabel('An amount in dollars').check()
      await saving.fill('$120')
      await page.getByRole('button', { name: 'Save Changes' }).click()
      await page.waitForURL((url) => url.pathname === '/dashboard')
      await page.getByText('Alert updated.', { exact: true }).waitFor()
      await cards.getByText(`${DETAILS} · texts a saving of $120 or more`).waitFor()
      await expectWatch(user.id, { minSaving: 120 })
    })
  })

  it('is reached from the home page, and says a refusal beside its field without JavaScript, keeping what was typed', async () => {
    await withPage({ viewport: 'phone', javaScript: false }, async (page) => {
      await page.goto('/')
      await page.locator('summary', { hasText: 'Start Free' }).click()
      await page
        .getByRole('link', { name: /^Price watch Already booked\? Watch the price of your stay/ })
        .click()
      await page.getByRole('heading', { name: 'Watch the Price of a Stay You Booked' }).waitFor()
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
