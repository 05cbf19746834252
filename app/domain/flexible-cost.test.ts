import { describe, expect, it } from 'vitest'
import {
  hotelAlertCost,
  isTooWide,
  MAX_QUESTIONS_PER_ALERT,
  multiResortQuestions,
} from './flexible-cost'
import { exactStayFields, hotelQuestionsOf, type FlexibleHotelAlert } from './flexible-stays'
import { splitStayQuestions } from './split-stays'

const resorts = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ resortId: `resort-${i}`, roomIds: 'any' as const }))

const exact: FlexibleHotelAlert = {
  resorts: resorts(1),
  ...exactStayFields('2027-06-08', '2027-06-13'),
  numberOfAdults: 2,
  agesOfChildren: [],
  accessible: false,
  splitStays: false,
}

/** "5 or 6 nights starting any day in the week of June 8" at three resorts (issue 29). */
const week = {
  ...exact,
  resorts: resorts(3),
  latestCheckInDate: '2027-06-14',
  minNights: 5,
  maxNights: 6,
}

describe('hotelAlertCost', () => {
  it('counts one question for an exact alert', () => {
    expect(hotelAlertCost(exact)).toEqual({ stays: 1, resorts: 1, splitStays: 0, questions: 1 })
  })

  it('counts stays × resorts, as many as the alert asks', () => {
    const cost = hotelAlertCost(week)
    expect(cost).toEqual({ stays: 14, resorts: 3, splitStays: 0, questions: 42 })
    expect(hotelQuestionsOf(week)).toHaveLength(cost.questions)
    expect(isTooWide(cost)).toBe(false)
  })

  it('counts split stays’ shorter stays at every resort', () => {
    const split = { ...exact, resorts: resorts(2), splitStays: true }
    const cost = hotelAlertCost(split)
    // 5 nights: 8 shorter stays, at 2 resorts, beside the stay itself.
    expect(cost).toEqual({ stays: 1, resorts: 2, splitStays: 8, questions: 18 })
    expect(hotelQuestionsOf(split).length + splitStayQuestions(split).length).toBe(cost.questions)
  })
})

describe('the cap', () => {
  it(`lets an alert ask ${MAX_QUESTIONS_PER_ALERT} questions and no more`, () => {
    // 15 check-ins, 2 lengths, 2 resorts: 60.
    const widest = { ...week, resorts: resorts(2), latestCheckInDate: '2027-06-22' }
    expect(hotelAlertCost(widest).questions).toBe(60)
    expect(isTooWide(hotelAlertCost(widest))).toBe(false)
    expect(isTooWide(hotelAlertCost({ ...widest, resorts: resorts(3) }))).toBe(true)
  })

  it('fits the longest exact stay split at one resort, and a week split at four', () => {
    const month = { ...exact, ...exactStayFields('2027-06-08', '2027-07-08'), splitStays: true }
    expect(hotelAlertCost(month).questions).toBe(59)
    const week = { ...exact, ...exactStayFields('2027-06-08', '2027-06-15'), splitStays: true }
    expect(hotelAlertCost({ ...week, resorts: resorts(4) }).questions).toBe(52)
    expect(isTooWide(hotelAlertCost({ ...week, resorts: resorts(5) }))).toBe(true)
  })
})

describe('multiResortQuestions', () => {
  it('adds one question a stay at Walt Disney World, whatever the resorts, none at Disneyland', () => {
    const cost = hotelAlertCost(week)
    expect(multiResortQuestions(cost, 'disney-world')).toBe(14)
    expect(multiResortQuestions(cost, 'disneyland')).toBe(0)
    const split = hotelAlertCost({ ...exact, resorts: resorts(2), splitStays: true })
    expect(multiResortQuestions(split, 'disney-world')).toBe(9)
  })
})
