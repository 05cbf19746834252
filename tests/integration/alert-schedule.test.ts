/**
 * Saving or restarting an alert never checks it sooner than its plan allows: re-saving in a loop
 * cannot turn the free plan into a fast one.
 */
import { describe, expect, it } from 'vitest'
import { createAlertRow, createUser, daysFromToday } from '../../db/factories.ts'
import { setAlertStatus } from '~/models/alert-rules.server'
import { updateDiningAlert } from '~/models/dining-alert.server'
import { getDb } from '~/utils/db.server'
import { alertRow } from '../support/rows.ts'

const db = getDb()
const MINUTE = 60_000

async function nextCheck(id: string) {
  return new Date((await alertRow('dining', id)).nextCheckAt!).getTime()
}

describe('an edited or restarted alert', () => {
  // Magic Hour checks once an hour.
  const hourly = () => createUser(db, { planId: 'magic-hour', trialStartUtc: new Date() })

  it('whose question was checked a minute ago waits for its plan interval after that check', async () => {
    const user = await hourly()
    const lastCheckedAt = new Date(Date.now() - MINUTE)
    const alert = await createAlertRow(db, 'dining', user.id, { lastCheckedAt, nextCheckAt: null })
    // Another restaurant and time, the same question: one place, party and date.
    await updateDiningAlert(db, user.id, alert.id, {
      resortLocationIdentifier: 'disney-world',
      diningLocationId: '16660079',
      reserveDate: daysFromToday(20),
      partySize: 4,
      preferredTime: null,
      timeRangeStart: '17:00:00',
      timeRangeEnd: '21:00:00',
    })
    expect(await nextCheck(alert.id)).toBe(lastCheckedAt.getTime() + 60 * MINUTE)

    await setAlertStatus(db, user.id, 'dining', alert.id, 0)
    await setAlertStatus(db, user.id, 'dining', alert.id, 1)
    expect(await nextCheck(alert.id)).toBe(lastCheckedAt.getTime() + 60 * MINUTE)
  })

  it('never checked, or checked longer ago than its interval, is due at once', async () => {
    const user = await hourly()
    const before = Date.now()
    for (const [days, lastCheckedAt] of [
      [20, null],
      [21, new Date(Date.now() - 2 * 60 * MINUTE)],
    ] as const) {
      const alert = await createAlertRow(db, 'dining', user.id, {
        lastCheckedAt,
        status: 0,
        reserveDate: daysFromToday(days),
      })
      await setAlertStatus(db, user.id, 'dining', alert.id, 1)
      const due = await nextCheck(alert.id)
      expect(due).toBeGreaterThanOrEqual(before)
      expect(due).toBeLessThanOrEqual(Date.now())
    }
  })
})
