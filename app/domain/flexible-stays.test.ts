import { addDays } from './dates'
import { describe, expect, it } from 'vitest'
import {
  checkInCount,
  exactStayFields,
  hotelQuestionsOf,
  isExactStay,
  MAX_CHECK_IN_SPREAD_DAYS,
  resortAvailabilityKey,
  staysOf,
  type FlexibleHotelAlert,
} from './flexible-stays'
import { MAX_NIGHTS } from './hotel-alert'
import { hotelQueryKey } from './schedule'

const party = { numberOfAdults: 2, agesOfChildren: [7, 0], accessible: false }

/** Today's alert: one resort, one check-in, one check-out. */
const todays = {
  resortId: 'pop-century',
  checkInDate: '2027-06-08',
  checkOutDate: '2027-06-12',
  ...party,
}

const exact: FlexibleHotelAlert = {
  resorts: [{ resortId: todays.resortId, roomIds: ['standard'] }],
  ...exactStayFields(todays.checkInDate, todays.checkOutDate),
  ...party,
  splitStays: false,
}

describe('addDays', () => {
  it('counts calendar days across months, years and leap days', () => {
    expect(addDays('2027-06-08', 5)).toBe('2027-06-13')
    expect(addDays('2027-06-28', 6)).toBe('2027-07-04')
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04')
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28')
  })
})

describe('an exact alert is the simplest case', () => {
  it('has the flexible fields of one check-in and one length', () => {
    expect(exactStayFields('2027-06-08', '2027-06-12')).toEqual({
      checkInDate: '2027-06-08',
      latestCheckInDate: '2027-06-08',
      minNights: 4,
      maxNights: 4,
    })
    expect(isExactStay(exact)).toBe(true)
    expect(isExactStay({ ...exact, maxNights: 5 })).toBe(false)
    expect(isExactStay({ ...exact, latestCheckInDate: '2027-06-09' })).toBe(false)
  })

  it("covers one stay and asks exactly today's question", () => {
    expect(staysOf(exact)).toEqual([
      { checkInDate: '2027-06-08', checkOutDate: '2027-06-12', nights: 4 },
    ])
    const questions = hotelQuestionsOf(exact)
    expect(questions).toHaveLength(1)
    expect(questions[0]!.key).toBe(hotelQueryKey(todays))
    expect(questions[0]!.key).toBe('hotel|pop-century|2027-06-08|2027-06-12|2|0.7|0')
    expect(questions[0]).toMatchObject(todays)
  })
})

describe('a flexible alert', () => {
  const flexible: FlexibleHotelAlert = {
    ...exact,
    resorts: [
      { resortId: 'polynesian', roomIds: 'any' },
      { resortId: 'beach-club', roomIds: ['water-view'] },
    ],
    checkInDate: '2027-06-08',
    latestCheckInDate: '2027-06-10',
    minNights: 5,
    maxNights: 6,
  }

  it('covers every check-in of its window and every length, earliest then shortest first', () => {
    expect(checkInCount(flexible)).toBe(3)
    expect(staysOf(flexible).map((stay) => `${stay.checkInDate}+${stay.nights}`)).toEqual([
      '2027-06-08+5',
      '2027-06-08+6',
      '2027-06-09+5',
      '2027-06-09+6',
      '2027-06-10+5',
      '2027-06-10+6',
    ])
  })

  it('asks one question per stay and resort, in stay order then the resorts as given', () => {
    const questions = hotelQuestionsOf(flexible)
    expect(questions).toHaveLength(12)
    expect(
      questions.slice(0, 4).map((q) => `${q.resortId} ${q.checkInDate}-${q.checkOutDate}`),
    ).toEqual([
      'polynesian 2027-06-08-2027-06-13',
      'beach-club 2027-06-08-2027-06-13',
      'polynesian 2027-06-08-2027-06-14',
      'beach-club 2027-06-08-2027-06-14',
    ])
    // Keyed as an exact alert of that resort and stay would be: questions stay shared.
    for (const question of questions) expect(question.key).toBe(hotelQueryKey(question))
    expect(new Set(questions.map((q) => q.key)).size).toBe(12)
  })

  it('is at most 15 check-ins of 30 lengths: 450 stays', () => {
    const widest = {
      ...flexible,
      latestCheckInDate: addDays(flexible.checkInDate, MAX_CHECK_IN_SPREAD_DAYS),
      minNights: 1,
      maxNights: MAX_NIGHTS,
    }
    expect(staysOf(widest)).toHaveLength(450)
    expect(staysOf(widest).at(-1)).toEqual({
      checkInDate: '2027-06-22',
      checkOutDate: '2027-07-22',
      nights: 30,
    })
  })
})

describe('resortAvailabilityKey', () => {
  const question = {
    destination: 'disney-world' as const,
    checkInDate: '2027-06-08',
    checkOutDate: '2027-06-13',
    ...party,
  }

  it('names the stay and party, not a resort, so every alert of that stay and party shares it', () => {
    expect(resortAvailabilityKey(question)).toBe(
      'resorts|disney-world|2027-06-08|2027-06-13|2|0.7|0',
    )
    expect(resortAvailabilityKey({ ...question, agesOfChildren: [0, 7] })).toBe(
      resortAvailabilityKey(question),
    )
    expect(resortAvailabilityKey({ ...question, accessible: true })).not.toBe(
      resortAvailabilityKey(question),
    )
  })
})
