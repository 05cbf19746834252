import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { catalogueResort, createAlertRow, daysFromToday } from '../../db/factories.ts'
import { configureSimulator, simulatorCalls } from '../../mocks/disney.ts'
import { REOPEN_GRACE_MS, TEXTS_PER_ALERT_PER_DAY } from '~/domain/openings'
import { tidyOpenings } from '~/models/opening.server'
import { refreshQuestions } from '~/models/question.server'
import {
  alertRow,
  checkNow,
  db,
  diningAlertOfItsOwnDay,
  queues,
  sendText,
  asJob,
  subscriber,
  textRow,
  textsOf,
} from '../support/worker-harness.ts'

/** Openings with a life (issue 28, decision 0029): recorded per question, one text per life. */

const VENUE = '90002464' // Cinderella's Royal Table, the factory's dining alert

/** A dining alert of its own day, Disney answering `times` open that day. */
async function diningAlert(times: string[] = []) {
  const made = await diningAlertOfItsOwnDay()
  made.open(...times)
  return made
}

const openingsOf = (questionId: number) =>
  db.selectFrom('openings').selectAll().where('questionId', '=', questionId).orderBy('id').execute()

const openOpeningsOf = async (questionId: number) =>
  (
    await db
      .selectFrom('questions')
      .select('openOpenings')
      .where('id', '=', questionId)
      .executeTakeFirstOrThrow()
  ).openOpenings

/** As if the opening had closed this long ago. */
const closedAgo = (id: number, ms: number) =>
  db
    .updateTable('openings')
    .set({ closedAt: new Date(Date.now() - ms), lastSeenAt: new Date(Date.now() - ms - 60_000) })
    .where('id', '=', id)
    .execute()

describe('an opening’s life', () => {
  it('starts at its first sight, carries on unwritten while seen, and closes at the first check without it', async () => {
    const { alert, open } = await diningAlert(['18:15:00'])
    await checkNow('dining', [alert.id])
    const [first] = await openingsOf(alert.questionId)
    expect(first).toMatchObject({
      kind: 'dining',
      openingKey: `${VENUE}|${alert.reserveDate}|18:15:00`,
      diningLocationId: VENUE,
      reserveTime: '18:15:00',
      startsOn: alert.reserveDate,
      lastSeenAt: null,
      closedAt: null,
    })
    expect(await openOpeningsOf(alert.questionId)).toEqual({ [first!.openingKey]: first!.id })

    await checkNow('dining', [alert.id])
    expect(await openingsOf(alert.questionId)).toEqual([first])

    open()
    const before = await alertRow('dining', alert.id)
    await checkNow('dining', [alert.id])
    const [closed] = await openingsOf(alert.questionId)
    expect(closed!.closedAt).not.toBeNull()
    // Last seen at the check before: the harness puts it a day back.
    expect(closed!.lastSeenAt!.getTime()).toBeLessThanOrEqual(before.lastCheckedAt!.getTime())
    expect(await openOpeningsOf(alert.questionId)).toEqual({})
    expect(await textsOf(alert.id)).toHaveLength(1)
  })

  it('is one row for every alert on the question, texting each of them once', async () => {
    const { alert, date } = await diningAlert(['18:15:00'])
    const other = await subscriber()
    const twin = await createAlertRow(db, 'dining', other.id, { reserveDate: date })
    expect(twin.questionId).toBe(alert.questionId)
    await checkNow('dining', [alert.id])
    expect(await openingsOf(alert.questionId)).toHaveLength(1)
    const [mine, theirs] = [await textsOf(alert.id), await textsOf(twin.id)]
    expect([mine.length, theirs.length]).toEqual([1, 1])
    expect(mine[0]!.openingId).toBe(theirs[0]!.openingId)
  })

  it('records only what an alert watches, and writes nothing for an answer with nothing open', async () => {
    const { alert, open } = await diningAlert()
    // Be Our Guest's table is no opening for this question's alert at Cinderella's Royal Table.
    configureSimulator({
      script: { dining: [`16660079|${alert.reserveDate}|18:15:00`], rooms: [] },
    })
    await checkNow('dining', [alert.id])
    open()
    await checkNow('dining', [alert.id])
    expect(await openingsOf(alert.questionId)).toEqual([])
    expect(await openOpeningsOf(alert.questionId)).toEqual({})
    expect(simulatorCalls().length).toBeGreaterThanOrEqual(2)
  })

  it('texts again when it reopens after the grace, and not when it flickers within it', async () => {
    const { alert, open } = await diningAlert(['18:15:00'])
    await checkNow('dining', [alert.id])
    open()
    await checkNow('dining', [alert.id])
    const [life] = await openingsOf(alert.questionId)

    // Back within the grace: the same life, no second text.
    await closedAgo(life!.id, REOPEN_GRACE_MS - 5 * 60_000)
    open('18:15:00')
    await checkNow('dining', [alert.id])
    expect(await openingsOf(alert.questionId)).toMatchObject([
      { id: life!.id, closedAt: null, lastSeenAt: null },
    ])
    expect(await textsOf(alert.id)).toHaveLength(1)

    // Closed, and back after the grace: a new life, and a new text about it.
    open()
    await checkNow('dining', [alert.id])
    await closedAgo(life!.id, REOPEN_GRACE_MS + 5 * 60_000)
    open('18:15:00')
    await checkNow('dining', [alert.id])
    const lives = await openingsOf(alert.questionId)
    expect(lives).toHaveLength(2)
    expect(lives[1]).toMatchObject({ openingKey: life!.openingKey, closedAt: null })
    const texts = await textsOf(alert.id)
    expect(texts.map((text) => text.openingId).sort()).toEqual([life!.id, lives[1]!.id].sort())
  })
})

describe('texts about openings', () => {
  it('go one per alert and check, the alert’s first untold opening first', async () => {
    const { alert } = await diningAlert(['18:15:00', '12:00:00'])
    await checkNow('dining', [alert.id])
    await checkNow('dining', [alert.id])
    await checkNow('dining', [alert.id])
    const texts = await textsOf(alert.id)
    expect(texts).toHaveLength(2)
    expect(new Set(texts.map((text) => text.openingKey)).size).toBe(2)
  })

  it(`stop at ${TEXTS_PER_ALERT_PER_DAY} in 24 hours, then one summary, then are held`, async () => {
    const times = Array.from(
      { length: TEXTS_PER_ALERT_PER_DAY + 3 },
      (_, index) => `${String(8 + index).padStart(2, '0')}:00:00`,
    )
    const { alert } = await diningAlert(times)
    for (const _ of times) await checkNow('dining', [alert.id])
    const texts = await textsOf(alert.id)
    expect(texts).toHaveLength(times.length)
    const byPurpose = (purpose: string, status?: string) =>
      texts.filter((text) => text.purpose === purpose && (!status || text.status === status))
    expect(byPurpose('opening', 'pending')).toHaveLength(TEXTS_PER_ALERT_PER_DAY)
    const [summary] = byPurpose('summary')
    expect(summary!.body).toMatch(
      /^Disney Hotel Alerts: Your Cinderella's Royal Table alert hit 10 texts in a day; the rest wait 24 h\. See every opening: http:\/\/localhost:3000\/o\/[A-Za-z0-9]{8}$/,
    )
    expect(summary!.bookingUrl).toBe(`http://localhost:3000/dashboard/alerts/dining/${alert.id}`)
    const held = byPurpose('opening', 'skipped')
    expect(held).toHaveLength(2)
    expect(held[0]!.error).toMatch(/^Held: /)
    // Only the texts and the summary were queued to be sent.
    const queued = new Set((await queues.sms.getJobs(['waiting'])).map((job) => job.id))
    expect(held.some((text) => queued.has(text.id))).toBe(false)
    expect(queued.has(summary!.id)).toBe(true)
  })

  it('is not sent when its opening closed before the text could go', async () => {
    const { alert, open } = await diningAlert(['18:15:00'])
    await checkNow('dining', [alert.id])
    const [text] = await textsOf(alert.id)
    open()
    await checkNow('dining', [alert.id])
    const result = await sendText(asJob({ notificationId: text!.id }))
    expect(result).toEqual({ skipped: 'opening closed' })
    expect(await textRow(text!.id)).toMatchObject({
      status: 'skipped',
      error: 'The opening closed before the text could be sent.',
      twilioSid: null,
    })
  })
})

describe('a hotel alert after its text', () => {
  // Each test asks about a stay of its own: the file's tests share one database.
  let day = 5
  async function hotelAlert(keepWatching?: boolean) {
    const user = await subscriber()
    const { rooms } = await catalogueResort(db)
    const alert = await createAlertRow(db, 'hotel', user.id, {
      checkInDate: daysFromToday(day),
      checkOutDate: daysFromToday(day++ + 2),
      roomTypeIds: [rooms[0]!.id, rooms[1]!.id],
      ...(keepWatching !== undefined && { keepWatching }),
    })
    const key = (room: (typeof rooms)[number]) => room.disneyRoomCodes[0] ?? room.disneyRoomIds[0]!
    return { alert, rooms, key }
  }

  it('keeps watching by default, and texts about the next room type that opens', async () => {
    const { alert, rooms, key } = await hotelAlert()
    configureSimulator({ script: { dining: [], rooms: [key(rooms[1]!)] } })
    await checkNow('hotel', [alert.id])
    expect(await alertRow('hotel', alert.id)).toMatchObject({ status: 1, keepWatching: true })
    expect(await alertRow('hotel', alert.id)).toHaveProperty('lastFoundAt', expect.any(Date))

    configureSimulator({ script: { dining: [], rooms: [key(rooms[1]!), key(rooms[0]!)] } })
    await checkNow('hotel', [alert.id])
    const texts = (await textsOf(alert.id)).sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
    )
    expect(texts.map((text) => text.body)).toEqual([
      expect.stringContaining(`Room open: ${rooms[1]!.name}`),
      expect.stringContaining(`Room open: ${rooms[0]!.name}`),
    ])
    const lives = await openingsOf(alert.questionId)
    expect(lives.map((life) => life.roomTypeId).sort()).toEqual([rooms[0]!.id, rooms[1]!.id].sort())
  })

  it('stops as found (status 2) when its owner chose so', async () => {
    const { alert, rooms, key } = await hotelAlert(false)
    configureSimulator({ script: { dining: [], rooms: [key(rooms[0]!)] } })
    await checkNow('hotel', [alert.id])
    expect(await alertRow('hotel', alert.id)).toMatchObject({ status: 2, intervalMinutes: null })
    expect(await textsOf(alert.id)).toHaveLength(1)
  })
})

describe('the hourly tidy', () => {
  it('closes the openings of a question no longer asked, as of its last check, and deletes old ones', async () => {
    const { alert } = await diningAlert(['18:15:00'])
    await checkNow('dining', [alert.id])
    const [life] = await openingsOf(alert.questionId)
    await db.updateTable('diningAlerts').set({ status: 0 }).where('id', '=', alert.id).execute()
    await refreshQuestions(db, { ids: [alert.questionId] }, new Date())
    const { lastCheckedAt } = await alertRow('dining', alert.id)

    await tidyOpenings(db, new Date())
    const [closed] = await openingsOf(alert.questionId)
    expect(closed).toMatchObject({
      id: life!.id,
      closedAt: lastCheckedAt,
      lastSeenAt: lastCheckedAt,
    })
    expect(await openOpeningsOf(alert.questionId)).toEqual({})

    await db
      .updateTable('openings')
      .set({
        closedAt: sql<Date>`now() - interval '91 days'`,
        lastSeenAt: sql<Date>`now() - interval '91 days'`,
      })
      .where('id', '=', life!.id)
      .execute()
    expect(await tidyOpenings(db, new Date())).toBe(1)
    expect(await openingsOf(alert.questionId)).toEqual([])
    // Its text stays, no longer tied to a life.
    expect(await textsOf(alert.id)).toMatchObject([{ openingId: null }])
  })
})
