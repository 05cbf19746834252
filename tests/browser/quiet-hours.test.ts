/**
 * Quiet hours and snooze (decision 0031) as a person takes them in Chromium, with JavaScript on
 * and off, at a phone's width and a desktop's: quiet hours set in Settings, refused beside the
 * field first, then turned off; an alert snoozed from the dashboard, refused first, then woken.
 */
import { describe, expect, it } from 'vitest'
import { createAlertRow, createUser, daysFromToday } from '../../db/factories.ts'
import { formatLongDate } from '~/domain/dates'
import { alertEntry } from '../support/alert-forms.ts'
import { appDatabase } from '../support/app-database.ts'
import {
  expectErrorBeside,
  expectFitsScreen,
  logIn,
  MODES,
  setupBrowser,
  withPage,
} from '../support/browser.ts'

setupBrowser()
const db = appDatabase()

const POP_CENTURY = "Disney's Pop Century Resort"

const quietHoursOf = (id: string) =>
  db
    .selectFrom('users')
    .select(['timeZone', 'quietStart', 'quietEnd'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

const snoozeOf = async (id: string) =>
  await db
    .selectFrom('hotelAlerts')
    .select(['snoozedUntil', 'status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

describe.each(MODES)('quiet hours and snooze ($label)', (mode) => {
  it('sets quiet hours in Settings, refused beside the time zone first, then turns them off', async () => {
    await withPage(mode, async (page) => {
      const user = await createUser(db, { planId: 'magic-hour', trialStartUtc: new Date() })
      await logIn(page, user.phoneNumber, mode.javaScript)
      await page.goto('/settings')
      const notifications = page.getByRole('region', { name: 'Notification Settings' })
      await notifications.getByText('Off: texts come as soon as we find an opening.').waitFor()

      const zone = notifications.getByLabel('Time zone')
      await zone.selectOption('')
      await notifications.getByLabel('From').fill('21:30')
      await notifications.getByLabel('To').fill('06:45')
      await notifications.getByRole('button', { name: 'Save quiet hours' }).click()
      await expectErrorBeside(page, zone, 'Choose your time zone.')
      expect(await quietHoursOf(user.id)).toEqual({
        timeZone: null,
        quietStart: null,
        quietEnd: null,
      })

      await zone.selectOption({ label: 'Pacific Time (Los Angeles, Anaheim, Vancouver)' })
      await notifications.getByRole('button', { name: 'Save quiet hours' }).click()
      const on = '9:30 PM to 6:45 AM, Pacific Time (Los Angeles, Anaheim, Vancouver)'
      await notifications.getByText(`Quiet hours are on: ${on}.`, { exact: true }).waitFor()
      await notifications.getByText(`On: ${on}. During quiet hours`, { exact: false }).waitFor()
      await notifications.getByText('Quiet hours on', { exact: true }).waitFor()
      expect(await quietHoursOf(user.id)).toEqual({
        timeZone: 'America/Los_Angeles',
        quietStart: '21:30:00',
        quietEnd: '06:45:00',
      })
      // The snooze's date and Settings' fields fit a phone (decision 0031).
      if (mode.viewport === 'phone') await expectFitsScreen(page, mode.viewport)

      await notifications.getByRole('button', { name: 'Turn off quiet hours' }).click()
      await notifications
        .getByText('Quiet hours are off: texts come as soon as we find an opening.', {
          exact: true,
        })
        .waitFor()
      await notifications.getByText('Always on', { exact: true }).waitFor()
      expect(await quietHoursOf(user.id)).toMatchObject({ quietStart: null, quietEnd: null })
    })
  })

  it('snoozes an alert from the dashboard, refused beside the date first, and wakes it', async () => {
    await withPage(mode, async (page) => {
      const user = await createUser(db, { planId: 'magic-hour', trialStartUtc: new Date() })
      const alert = await createAlertRow(db, 'hotel', user.id)
      await logIn(page, user.phoneNumber, mode.javaScript)
      await page.goto('/dashboard')
      const entry = alertEntry(page, mode.viewport, POP_CENTURY)
      await entry.getByText('Monitoring', { exact: true }).waitFor()

      await entry
        .locator('summary')
        .filter({ hasText: /^Snooze$/ })
        .click()
      const date = () => page.getByLabel('Snooze until').filter({ visible: true })
      await date().fill(daysFromToday(-3))
      await page
        .getByRole('button', { name: `Snooze ${POP_CENTURY}` })
        .filter({ visible: true })
        .click()
      await expectErrorBeside(page, date(), 'The snooze date cannot be in the past.')
      // Without JavaScript the refusal is the snooze page of its own; with it, the dashboard still.
      expect(new URL(page.url()).pathname).toBe(
        mode.javaScript ? '/dashboard' : `/dashboard/snooze/hotel/${alert.id}`,
      )
      expect((await snoozeOf(alert.id)).snoozedUntil).toBeNull()

      const until = daysFromToday(7)
      await date().fill(until)
      await page
        .getByRole('button', { name: `Snooze ${POP_CENTURY}` })
        .filter({ visible: true })
        .click()
      await page.waitForURL((url) => url.pathname === '/dashboard')
      const snoozed = `Snoozed until ${formatLongDate(until)}`
      await entry.getByText(snoozed, { exact: true }).waitFor()
      // Still running, and still counted: snoozing is not pausing.
      await entry.getByText('Monitoring', { exact: true }).waitFor()
      expect(await snoozeOf(alert.id)).toEqual({ snoozedUntil: until, status: 1 })
      // The snooze's date and Settings' fields fit a phone (decision 0031).
      if (mode.viewport === 'phone') await expectFitsScreen(page, mode.viewport)

      await entry.getByRole('button', { name: `Unsnooze ${POP_CENTURY}` }).click()
      await entry
        .locator('summary')
        .filter({ hasText: /^Snooze$/ })
        .waitFor()
      expect(await entry.getByText(snoozed).count()).toBe(0)
      expect((await snoozeOf(alert.id)).snoozedUntil).toBeNull()
    })
  })
})
