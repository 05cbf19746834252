import { describe, expect, it } from 'vitest'
import { MEAL_WINDOWS, timeMatches, toDiningTimes, type DiningTimes } from './dining-alert'
import {
  datesBetween,
  diningOfferMatches,
  diningQuestionsOf,
  MEALS,
  timeWished,
  type FlexibleDiningAlert,
} from './flexible-dining'
import { diningQueryKey } from './schedule'

const noTime: DiningTimes = { preferredTime: null, timeRangeStart: null, timeRangeEnd: null }

/** Today's alert: one restaurant on one date. */
const exact: FlexibleDiningAlert = {
  resortLocationIdentifier: 'disney-world',
  diningLocationIds: ['be-our-guest'],
  reserveDates: ['2027-06-08'],
  partySize: 4,
  mealPeriods: [],
  ...noTime,
}

/** Every minute of a day, as Disney writes times. */
const everyMinute = Array.from(
  { length: 24 * 60 },
  (_, m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`,
)

describe('diningQuestionsOf', () => {
  it("asks an exact alert's question with today's key", () => {
    expect(diningQuestionsOf(exact)).toEqual([
      {
        resortLocationIdentifier: 'disney-world',
        partySize: 4,
        reserveDate: '2027-06-08',
        key: diningQueryKey({
          resortLocationIdentifier: 'disney-world',
          partySize: 4,
          reserveDate: '2027-06-08',
        }),
      },
    ])
  })

  it('asks one question a date, whatever the number of restaurants', () => {
    const wide = {
      ...exact,
      diningLocationIds: ['be-our-guest', 'cinderellas-royal-table', 'ohana'],
      reserveDates: datesBetween('2027-06-08', '2027-06-14'),
    }
    const questions = diningQuestionsOf(wide)
    expect(questions.map((q) => q.key)).toEqual(
      wide.reserveDates.map((reserveDate) => `dining|disney-world|4|${reserveDate}`),
    )
    const one: FlexibleDiningAlert = { ...wide, diningLocationIds: ['ohana'] }
    expect(diningQuestionsOf(one)).toEqual(questions)
  })
})

describe('datesBetween', () => {
  it('lists every date, both ends included, across a month', () => {
    expect(datesBetween('2027-06-29', '2027-07-02')).toEqual([
      '2027-06-29',
      '2027-06-30',
      '2027-07-01',
      '2027-07-02',
    ])
    expect(datesBetween('2027-06-08', '2027-06-08')).toEqual(['2027-06-08'])
  })
})

describe('timeWished', () => {
  it("without meal periods is today's timeMatches, minute by minute", () => {
    const wishes: DiningTimes[] = [
      noTime,
      toDiningTimes({ kind: 'time', time: '18:00', toleranceMinutes: 0 }),
      toDiningTimes({ kind: 'time', time: '18:00', toleranceMinutes: 30 }),
      toDiningTimes({ kind: 'meal', meal: 'lunch' }),
    ]
    for (const times of wishes)
      for (const time of everyMinute)
        expect(timeWished(time, { mealPeriods: [], ...times })).toBe(timeMatches(time, times))
  })

  it('with one meal period is today’s meal choice, minute by minute', () => {
    for (const meal of MEALS) {
      const today = toDiningTimes({ kind: 'meal', meal })
      for (const time of everyMinute)
        expect(timeWished(time, { mealPeriods: [meal], ...noTime })).toBe(timeMatches(time, today))
    }
  })

  it('with several takes a time in any of their windows', () => {
    const wish = { mealPeriods: ['breakfast', 'dinner'] as const, ...noTime }
    expect(timeWished('08:30:00', wish)).toBe(true)
    expect(timeWished(MEAL_WINDOWS.dinner.start, wish)).toBe(true)
    expect(timeWished('13:00:00', wish)).toBe(false)
    expect(timeWished('23:00:00', wish)).toBe(false)
    expect(timeWished('not a time', wish)).toBe(false)
  })
})

describe('diningOfferMatches', () => {
  const alert: FlexibleDiningAlert = {
    ...exact,
    diningLocationIds: ['be-our-guest', 'ohana'],
    reserveDates: ['2027-06-08', '2027-06-10'],
    mealPeriods: ['dinner'],
  }

  it('takes a table at one of its restaurants, on one of its dates, at a wished time', () => {
    expect(
      diningOfferMatches(alert, { venueId: 'ohana', date: '2027-06-10', time: '18:15:00' }),
    ).toBe(true)
    expect(
      diningOfferMatches(alert, { venueId: 'space-220', date: '2027-06-10', time: '18:15:00' }),
    ).toBe(false)
    expect(
      diningOfferMatches(alert, { venueId: 'ohana', date: '2027-06-09', time: '18:15:00' }),
    ).toBe(false)
    expect(
      diningOfferMatches(alert, { venueId: 'ohana', date: '2027-06-10', time: '12:00:00' }),
    ).toBe(false)
  })

  it("for an exact alert is today's rule: its restaurant and timeMatches", () => {
    const times = toDiningTimes({ kind: 'time', time: '18:00', toleranceMinutes: 60 })
    const todays = { ...exact, ...times }
    for (const time of everyMinute)
      expect(
        diningOfferMatches(todays, { venueId: 'be-our-guest', date: '2027-06-08', time }),
      ).toBe(timeMatches(time, times))
  })
})
