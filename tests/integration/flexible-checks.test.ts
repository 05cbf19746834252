/**
 * Flexible alerts through the worker and the simulator (issue 29, decision 0033): an alert is
 * the set of questions it expands to, shared with every other alert asking one of them, and its
 * openings are texted naming the resort, room, dates and nights, or the restaurant, date and time.
 */
import { describe, expect, it } from 'vitest'
import { catalogueResort, createAlertRow, daysFromToday } from '../../db/factories.ts'
import { configureSimulator, simulatorCalls } from '../../mocks/disney.ts'
import { loader as secondLink } from '~/routes/o.$code_.2'
import { callRoute, getRequest } from '../support/routes.ts'
import {
  check,
  checkNow,
  db,
  questionJob,
  splitStayAlert,
  subscriber,
  textsOf,
} from '../support/worker-harness.ts'

const questionsOf = (column: 'hotelAlertId' | 'diningAlertId', alertId: string) =>
  db
    .selectFrom('alertQuestions as aq')
    .innerJoin('questions as q', 'q.id', 'aq.questionId')
    .select(['q.id', 'q.key', 'q.checkInDate', 'q.checkOutDate', 'q.resortId', 'q.reserveDate'])
    .where(`aq.${column}`, '=', alertId)
    .orderBy('q.key')
    .execute()

describe('a flexible hotel alert', () => {
  it('asks every stay at every resort once, shares them, and texts the first opening with its nights', async () => {
    const user = await subscriber()
    const pop = await catalogueResort(db)
    const lodge = await catalogueResort(db, "Disney's Wilderness Lodge")
    const room = pop.rooms[0]!
    const checkIn = daysFromToday(230)
    const alert = await createAlertRow(db, 'hotel', user.id, {
      resorts: [
        { resortId: lodge.resort.id, roomIds: 'any' },
        { resortId: pop.resort.id, roomIds: [room.id] },
      ],
      checkInDate: checkIn,
      latestCheckInDate: daysFromToday(231),
      minNights: 2,
      maxNights: 3,
    })
    // 2 check-ins × 2 lengths × 2 resorts.
    const asked = await questionsOf('hotelAlertId', alert.id)
    expect(asked).toHaveLength(8)
    // An exact alert on one of those stays asks the same question, not another.
    const exact = await createAlertRow(db, 'hotel', (await subscriber()).id, {
      resortId: pop.resort.id,
      roomTypeIds: [room.id],
      checkInDate: daysFromToday(231),
      checkOutDate: daysFromToday(233),
    })
    expect(asked.map((question) => question.id)).toContain(exact.questionId)

    // Only Pop Century's room is open, for every stay Disney is asked about.
    configureSimulator({ script: { dining: [], rooms: [room.disneyRoomCodes[0]!] } })
    await checkNow('hotel', [alert.id])
    const texts = await textsOf(alert.id)
    // One text a check: the alert's first stay (earliest check-in, fewest nights) that is open.
    expect(texts).toHaveLength(1)
    expect(texts[0]!.body).toMatch(
      new RegExp(`Room open: ${room.name} at Pop Century Resort, .*, 2 nights\\. Book fast: `),
    )
    const { rows } = await db
      .selectFrom('openings')
      .select(['startsOn', 'checkOutDate', 'roomTypeId'])
      .where(
        'questionId',
        'in',
        asked.map((question) => question.id),
      )
      .where('closedAt', 'is', null)
      .orderBy('startsOn')
      .orderBy('checkOutDate')
      .execute()
      .then((openings) => ({ rows: openings }))
    // Every stay at Pop Century is an open opening of its question; none at the lodge.
    expect(rows).toEqual(
      [
        [checkIn, daysFromToday(232)],
        [checkIn, daysFromToday(233)],
        [daysFromToday(231), daysFromToday(233)],
        [daysFromToday(231), daysFromToday(234)],
      ].map(([startsOn, checkOutDate]) => ({ startsOn, checkOutDate, roomTypeId: room.id })),
    )
  })

  it('watches any room that fits the party at a resort chosen with any room type', async () => {
    const user = await subscriber()
    const lodge = await catalogueResort(db, "Disney's Wilderness Lodge")
    const room = lodge.rooms.find((candidate) => candidate.disneyRoomCodes.length)!
    const alert = await createAlertRow(db, 'hotel', user.id, {
      resorts: [{ resortId: lodge.resort.id, roomIds: 'any' }],
      checkInDate: daysFromToday(240),
      latestCheckInDate: daysFromToday(240),
      minNights: 3,
      maxNights: 3,
    })
    configureSimulator({ script: { dining: [], rooms: [room.disneyRoomCodes[0]!] } })
    await checkNow('hotel', [alert.id])
    const [text] = await textsOf(alert.id)
    // One stay: today's text, as an exact alert's.
    expect(text?.body).toContain(`Room open: ${room.name} at Wilderness Lodge`)
    expect(text?.body).not.toContain('nights')
  })
})

describe("Walt Disney World's multi-resort screen", () => {
  /** An answered alert at three resorts, one stay: three room-level questions of one stay. */
  async function threeResorts(days: number) {
    const user = await subscriber()
    const resorts = await Promise.all(
      [
        "Disney's Pop Century Resort",
        "Disney's Wilderness Lodge",
        "Disney's Art of Animation Resort",
      ].map((name) => catalogueResort(db, name)),
    )
    const alert = await createAlertRow(db, 'hotel', user.id, {
      resorts: resorts.map(({ resort }) => ({ resortId: resort.id, roomIds: 'any' })),
      checkInDate: daysFromToday(days),
      latestCheckInDate: daysFromToday(days),
      minNights: 4,
      maxNights: 4,
      lastCheckedAt: new Date(Date.now() - 24 * 60 * 60_000),
    })
    return { alert, pop: resorts[0]! }
  }
  const callsOf = (family: string, since: number) =>
    simulatorCalls()
      .slice(since)
      .filter((call) => call.family === family)

  it('asks the room-level question only at the address that has a room, once an interval', async () => {
    const { alert, pop } = await threeResorts(250)
    const room = pop.rooms[0]!
    configureSimulator({ script: { dining: [], rooms: [room.disneyRoomCodes[0]!] } })
    const before = simulatorCalls().length
    await checkNow('hotel', [alert.id])
    expect(callsOf('wdw-all-resorts', before)).toHaveLength(1)
    expect(callsOf('wdw-hotel', before).map((call) => call.url)).toEqual([
      expect.stringContaining(`/${pop.resort.disneySlug}/`),
    ])
    expect((await textsOf(alert.id))[0]?.body).toContain(`Room open: ${room.name} at Pop Century`)
    // Asked again within the interval: the screen's answer is kept, not asked again.
    const again = simulatorCalls().length
    await checkNow('hotel', [alert.id])
    expect(callsOf('wdw-all-resorts', again)).toHaveLength(0)
    expect(callsOf('wdw-hotel', again)).toHaveLength(1)
  })

  it('asks every room-level question as before when the multi-resort call fails', async () => {
    const { alert, pop } = await threeResorts(251)
    const room = pop.rooms[0]!
    configureSimulator({
      fault: 'all-resorts-down',
      script: { dining: [], rooms: [room.disneyRoomCodes[0]!] },
    })
    const before = simulatorCalls().length
    await checkNow('hotel', [alert.id])
    expect(callsOf('wdw-hotel', before)).toHaveLength(3)
    expect((await textsOf(alert.id))[0]?.body).toContain(`Room open: ${room.name} at Pop Century`)
  })
})

describe('a flexible dining alert', () => {
  it('asks one question a date, whatever its restaurants, and texts each wished table once', async () => {
    const user = await subscriber()
    const first = daysFromToday(60)
    const second = daysFromToday(61)
    const alert = await createAlertRow(db, 'dining', user.id, {
      diningLocationIds: ['90002464', '80010856'],
      reserveDates: [first, second],
      mealPeriods: ['dinner'],
    })
    expect((await questionsOf('diningAlertId', alert.id)).map((q) => q.reserveDate)).toEqual([
      first,
      second,
    ])
    configureSimulator({
      script: {
        // Lunch at one, dinner at the other, and a restaurant the alert does not watch.
        dining: [
          `90002464|${first}|12:00:00`,
          `80010856|${second}|17:15:00`,
          `90001369|${second}|18:00:00`,
        ],
        rooms: [],
      },
    })
    await checkNow('dining', [alert.id])
    const texts = await textsOf(alert.id)
    expect(texts).toHaveLength(1)
    expect(texts[0]!.body).toContain('5:15 PM')
    expect(texts[0]!.bookingUrl).toContain(second)
    // Asked again, the same table is not told twice.
    await checkNow('dining', [alert.id])
    expect(await textsOf(alert.id)).toHaveLength(1)
  })
})

describe('a split stay', () => {
  const splitAlert = async (days: number) => splitStayAlert((await subscriber()).id, days)

  it('asks each shorter stay a split is made of, and texts two back-to-back bookings with both links', async () => {
    const { alert, first, second, openSplit } = await splitAlert(260)
    // The whole stay and 2 × 3 halves (first 1, 2 or 3 nights; the rest).
    expect(await questionsOf('hotelAlertId', alert.id)).toHaveLength(7)
    // Two nights in one room, then two in the other.
    openSplit(2)
    await checkNow('hotel', [alert.id])
    const texts = await textsOf(alert.id)
    expect(texts).toHaveLength(1)
    const [text] = texts
    expect(text!.body).toMatch(
      new RegExp(
        `Split stay open: ${first.name} at Pop Century Resort .*, then ${second.name} at the same resort .* \\(move .*\\)\\. Book both fast: \\S+/o/${text!.shortCode} and \\S+/o/${text!.shortCode}/2`,
      ),
    )
    expect(text!.secondBookingUrl).toBe(text!.bookingUrl)
    // Asked again with both bookings still open: told once in the first booking's life.
    await checkNow('hotel', [alert.id])
    expect(await textsOf(alert.id)).toHaveLength(1)
  })

  it('finds a split across questions asked at different moments', async () => {
    const { alert, first, second, stay, openSplit } = await splitAlert(270)
    const asked = await questionsOf('hotelAlertId', alert.id)
    const tail = asked.find(
      (question) => `${question.checkInDate}/${question.checkOutDate}` === stay(2, 4),
    )!
    // The first booking opens and is seen; the second is not open yet.
    configureSimulator({
      script: { dining: [], rooms: [`${first.disneyRoomCodes[0]}@${stay(0, 2)}`] },
    })
    await checkNow('hotel', [alert.id])
    expect(await textsOf(alert.id)).toEqual([])
    // Then only the second booking's question is asked, and its room is open.
    openSplit(2)
    await check(await questionJob('hotel', [alert.id], { only: [tail.id] }))
    const [text] = await textsOf(alert.id)
    expect(text?.body).toContain(`Split stay open: ${first.name}`)
    expect(text?.body).toContain(`then ${second.name}`)
  })

  it("leads the text's second link to the second booking's page", async () => {
    const { alert, openSplit } = await splitAlert(280)
    openSplit(1)
    await checkNow('hotel', [alert.id])
    const [text] = await textsOf(alert.id)
    const response = await callRoute(secondLink, getRequest(`/o/${text!.shortCode}/2`), {
      params: { code: text!.shortCode },
    })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(text!.secondBookingUrl)
    const none = await callRoute(secondLink, getRequest('/o/NoSuchCode/2'), {
      params: { code: 'NoSuchCode' },
    })
    expect(none.status).toBe(404)
  })
})

describe("a flexible alert's dates", () => {
  it('stop being asked one by one as they pass, while the alert runs on', async () => {
    const user = await subscriber()
    const alert = await createAlertRow(db, 'dining', user.id, {
      reserveDates: [daysFromToday(-2), daysFromToday(40)],
    })
    const asked = await db
      .selectFrom('alertQuestions as aq')
      .innerJoin('questions as q', 'q.id', 'aq.questionId')
      .select(['q.reserveDate', 'q.intervalMinutes', 'q.nextCheckAt'])
      .where('aq.diningAlertId', '=', alert.id)
      .orderBy('q.reserveDate')
      .execute()
    expect(asked).toEqual([
      { reserveDate: daysFromToday(-2), intervalMinutes: null, nextCheckAt: null },
      { reserveDate: daysFromToday(40), intervalMinutes: 5, nextCheckAt: expect.any(Date) },
    ])
  })
})
