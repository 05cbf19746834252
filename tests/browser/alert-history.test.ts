import { describe, expect, it } from 'vitest'
import { createAlertRow, daysFromToday, fakePhoneNumber } from '../../db/factories.ts'
import { withCheck } from '~/domain/check-history'
import { appDatabase } from '../support/app-database.ts'
import { expectFitsScreen, logIn, MODES, setupBrowser, withPage } from '../support/browser.ts'
import { paidSubscriber } from '../support/journey-dates.ts'

setupBrowser()
const db = appDatabase()

const MINUTE = 60_000
let stays = 0

/**
 * A Lightning Lane subscriber's hotel alert that has been checked for an hour: twelve checks, one
 * of them unanswered, a room that opened, was texted and closed, and one open now.
 */
async function alertWithAHistory(phoneNumber: string) {
  const user = await paidSubscriber(db, 'lightning-lane', { phoneNumber })
  // A stay of its own: alerts of one stay share a question, and its openings with it.
  const checkIn = 200 + stays++ * 7
  const alert = await createAlertRow(db, 'hotel', user.id, {
    checkInDate: daysFromToday(checkIn),
    checkOutDate: daysFromToday(checkIn + 3),
  })
  const question = await db
    .selectFrom('questions')
    .select(['key', 'paces'])
    .where('id', '=', alert.questionId)
    .executeTakeFirstOrThrow()
  const start = Date.now() - 60 * MINUTE
  await db
    .updateTable('hotelAlerts')
    .set({ createdAt: new Date(start - MINUTE), updatedAt: new Date(start - MINUTE) })
    .where('id', '=', alert.id)
    .execute()
  let history: Buffer | null = null
  let previousAnswer: number | null = null
  for (let index = 0; index < 12; index++) {
    const at = start + index * 5 * MINUTE
    const outcome = index === 7 ? 'unanswered' : 'answered'
    history = withCheck(history, {
      paces: question.paces,
      queryKey: question.key,
      previousAnswer,
      at,
      outcome,
    })
    if (outcome === 'answered') previousAnswer = at
  }
  await db
    .updateTable('questions')
    .set({ checkHistory: history, lastCheckedAt: new Date(previousAnswer!) })
    .where('id', '=', alert.questionId)
    .execute()
  const [room, other] = await db
    .selectFrom('roomTypes')
    .select(['id', 'name'])
    .where('id', 'in', alert.roomTypeIds)
    .execute()
  const life = (roomId: string, from: number, to: number | null) => ({
    questionId: alert.questionId,
    kind: 'hotel' as const,
    openingKey: `${roomId}|${alert.checkInDate}|${alert.checkOutDate}`,
    resortId: alert.resortId,
    roomTypeId: roomId,
    startsOn: alert.checkInDate,
    checkOutDate: alert.checkOutDate,
    firstSeenAt: new Date(from),
    lastSeenAt: to === null ? null : new Date(to - 5 * MINUTE),
    closedAt: to === null ? null : new Date(to),
  })
  const [closed] = await db
    .insertInto('openings')
    .values([
      life(room!.id, start + 10 * MINUTE, start + 20 * MINUTE),
      life((other ?? room)!.id, start + 50 * MINUTE, null),
    ])
    .returning('id')
    .execute()
  await db
    .insertInto('notifications')
    .values({
      shortCode: `h${Date.now().toString(36)}`,
      userId: user.id,
      alertKind: 'hotel',
      alertId: alert.id,
      openingId: closed!.id,
      openingKey: life(room!.id, 0, 0).openingKey,
      toNumber: phoneNumber,
      body: `${room!.name} is open for your dates. Book: https://example.test/o/abc`,
      bookingUrl: 'https://disneyworld.disney.go.com/resorts/pop-century-resort/rates-rooms/',
      status: 'delivered',
      seenAt: new Date(start + 10 * MINUTE),
      createdAt: new Date(start + 10 * MINUTE),
      sentAt: new Date(start + 10 * MINUTE + 2000),
    })
    .execute()
  const resort = await db
    .selectFrom('resorts')
    .select('name')
    .where('id', '=', alert.resortId)
    .executeTakeFirstOrThrow()
  return { alert, room: room!, resort: resort.name }
}

describe.each(MODES)('an alert’s own page ($label)', (mode) => {
  it('is reached from the dashboard and shows its checks and the openings it saw', async () => {
    const phoneNumber = fakePhoneNumber()
    const { alert, room, resort } = await alertWithAHistory(phoneNumber)
    await withPage(mode, async (page) => {
      await logIn(page, phoneNumber, mode.javaScript)
      if (new URL(page.url()).pathname !== '/dashboard') await page.goto('/dashboard')
      await page.locator('a:visible').filter({ hasText: resort }).first().click()
      await page.waitForURL((url) => url.pathname === `/dashboard/alerts/hotel/${alert.id}`)

      await page.getByRole('heading', { name: 'Checks', exact: true }).waitFor()
      await page.getByText('Your plan checks every 5 minutes.').waitFor()
      const lastDay = page.getByRole('definition').filter({ hasText: '12 checks' }).first()
      await lastDay.waitFor()
      await page.getByText('1 Disney did not answer').first().waitFor()
      await page.getByText('Last 12 checks, newest first').waitFor()

      // The list behind the strip opens without JavaScript too (a details element).
      await page.getByText('Every check with its time').click()
      const rows = page.getByRole('table').getByRole('row')
      expect(await rows.count()).toBe(13)
      expect(await page.getByRole('cell', { name: 'Disney did not answer' }).count()).toBe(1)
      expect(await page.getByRole('cell', { name: 'Open found' }).count()).toBeGreaterThan(0)

      await page.getByRole('heading', { name: 'Openings it saw' }).waitFor()
      await page.getByText('2 in all, 1 open now.').waitFor()
      const openings = page.getByRole('listitem').filter({ hasText: 'Appeared' })
      await openings.first().getByText('Open now').waitFor()
      const texted = openings.filter({ hasText: room.name }).filter({ hasText: 'lasted 10 min' })
      await texted.getByText('Delivered').waitFor()
      await texted.getByText(`${room.name} is open for your dates.`).waitFor()
      expect(
        await openings
          .first()
          .getByRole('link', { name: 'Book it on Disney’s site' })
          .getAttribute('href'),
      ).toMatch(/^https:\/\/disneyworld\.disney\.go\.com\/resorts\/.+\/rates-rooms\/$/)
      await expectFitsScreen(page, mode.viewport)
    })
  })
})

describe('an alert’s page for someone else', () => {
  it('is not found', async () => {
    const { alert } = await alertWithAHistory(fakePhoneNumber())
    await withPage({ viewport: 'desktop', javaScript: false }, async (page) => {
      await logIn(page, fakePhoneNumber(), false)
      const response = await page.goto(`/dashboard/alerts/hotel/${alert.id}`)
      expect(response?.status()).toBe(404)
      await page.getByRole('heading', { name: 'We could not find that page' }).waitFor()
    })
  })
})
