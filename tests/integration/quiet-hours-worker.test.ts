/** Quiet hours and snooze through the worker's checks (decision 0031). */
import { describe, expect, it } from 'vitest'
import { createAlertRow, daysFromToday } from '../../db/factories.ts'
import { configureSimulator } from '../../mocks/disney.ts'
import { todayIn } from '~/domain/dates'
import { releaseHeldTexts } from '~/models/quiet-hours.server'
import { alertRow, checkNow, db, queues, subscriber, textsOf } from '../support/worker-harness.ts'
import { quietNow } from '../support/quiet-hours.ts'

const VENUE = '90002464' // Cinderella's Royal Table, the factory's dining alert
const HOUR = 60 * 60_000

/** A table `days` after today in New York. */
async function tableAlert(days: number, user: { id: string }) {
  const today = todayIn('America/New_York')
  const date = new Date(Date.parse(today) + days * 24 * HOUR).toISOString().slice(0, 10)
  const alert = await createAlertRow(db, 'dining', user.id, {
    reserveDate: date,
    timeRangeStart: '07:00:00',
    timeRangeEnd: '22:00:00',
  })
  configureSimulator({ script: { dining: [`${VENUE}|${date}|20:15:00`], rooms: [] } })
  return alert
}

describe('a check in quiet hours', () => {
  it('holds the text until they end, unqueued, and the end releases it', async () => {
    const user = await subscriber('lightning-lane', quietNow())
    const alert = await tableAlert(20, user)
    await checkNow('dining', [alert.id])
    const [text] = await textsOf(alert.id)
    expect(text).toMatchObject({ status: 'held' })
    expect(text!.heldUntil!.getTime()).toBeGreaterThan(Date.now() + HOUR)
    expect(await queues.sms.getJob(text!.id)).toBeUndefined()
    // Held, it still counts as told: the next check texts nothing more.
    await checkNow('dining', [alert.id])
    expect(await textsOf(alert.id)).toHaveLength(1)

    const released = await releaseHeldTexts(db, {
      now: new Date(text!.heldUntil!.getTime() + 1000),
      appUrl: 'http://localhost:3000',
    })
    expect(released).toContain(text!.id)
    expect((await textsOf(alert.id))[0]).toMatchObject({ status: 'pending', heldUntil: null })
  })

  it('texts at once about a meal within 48 hours', async () => {
    const user = await subscriber('lightning-lane', quietNow())
    const alert = await tableAlert(1, user)
    await checkNow('dining', [alert.id])
    const [text] = await textsOf(alert.id)
    expect(text).toMatchObject({ status: 'pending', heldUntil: null })
    expect(await queues.sms.getJob(text!.id)).toBeDefined()
  })
})

describe('a snoozed alert', () => {
  it('sends nothing and its question does not count it', async () => {
    const user = await subscriber()
    const alert = await tableAlert(21, user)
    await db
      .updateTable('diningAlerts')
      .set({ snoozedUntil: daysFromToday(5) })
      .where('id', '=', alert.id)
      .execute()
    const { refreshQuestions } = await import('~/models/question.server')
    await refreshQuestions(db, { ids: [alert.questionId] }, new Date())
    expect(await alertRow('dining', alert.id)).toMatchObject({ alertCount: 0, nextCheckAt: null })
    await checkNow('dining', [alert.id])
    expect(await textsOf(alert.id)).toEqual([])
  })
})
