import { describe, expect, it } from 'vitest'
import { DINING_MESSAGES, toDiningTimes } from './dining-alert'
import { diningAlertSchema } from './dining-alert-schema'
import {
  FLEXIBLE_DINING_MESSAGES,
  FLEXIBLE_HOTEL_MESSAGES,
  flexibleDiningAlertSchema,
  flexibleHotelAlertSchema,
} from './flexible-alert-schema'
import { NO_PRICE_TERMS } from './price-terms'
import { diningQuestionsOf } from './flexible-dining'
import { hotelQuestionsOf } from './flexible-stays'
import { HOTEL_MESSAGES } from './hotel-alert'
import { hotelAlertSchema } from './hotel-alert-schema'
import { hotelQueryKey } from './schedule'
import { TODAYS_HOTEL_BODY } from '../../tests/support/alert-json.ts'

const today = '2026-11-22'

const hotel = flexibleHotelAlertSchema(today)

function hotelProblems(input: unknown) {
  const result = hotel.safeParse(input)
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

describe('flexibleHotelAlertSchema', () => {
  it("parses today's payload to the simplest case, asking today's question", () => {
    const alert = hotel.parse(TODAYS_HOTEL_BODY)
    expect(alert).toEqual({
      resorts: [{ resortId: 'pop-century', roomIds: ['a', 'b'] }],
      checkInDate: '2026-12-03',
      latestCheckInDate: '2026-12-03',
      minNights: 4,
      maxNights: 4,
      numberOfAdults: 2,
      agesOfChildren: [7, 0],
      accessible: false,
      splitStays: false,
      // Today's payload says nothing of price: an alert for an opening, without a ceiling.
      price: NO_PRICE_TERMS,
    })
    expect(hotelQuestionsOf(alert).map((question) => question.key)).toEqual([
      hotelQueryKey(hotelAlertSchema(today).parse(TODAYS_HOTEL_BODY)),
    ])
    const kept = hotel.parse({
      ...TODAYS_HOTEL_BODY,
      keepWatching: false,
      snoozedUntil: '2026-11-30',
    })
    expect(kept).toMatchObject({ keepWatching: false, snoozedUntil: '2026-11-30' })
  })

  it("refuses what today's schema refuses, in today's words", () => {
    for (const wrong of [
      { numberOfAdults: '3' },
      { agesOfChildren: ['4'] },
      { accessible: 'on' },
      { checkInDate: '2026-11-01' },
      { checkOutDate: '2026-12-01' },
      { roomIds: [] },
      { resortId: ' ' },
      { snoozedUntil: '2026-12-05' },
    ]) {
      const input = { ...TODAYS_HOTEL_BODY, ...wrong }
      const before = hotelAlertSchema(today).safeParse(input)
      expect(before.success).toBe(false)
      expect(hotelProblems(input)).toEqual(
        before.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
      )
    }
    expect(hotelProblems('not an alert')).toEqual([': Send the alert as a JSON object.'])
  })

  const {
    resortId: _resort,
    roomIds: _rooms,
    checkOutDate: _checkOut,
    ...party
  } = TODAYS_HOTEL_BODY
  const flexible = {
    ...party,
    latestCheckInDate: '2026-12-09',
    minNights: 5,
    maxNights: 6,
    resorts: [
      { resortId: 'polynesian', roomIds: 'any' },
      { resortId: 'beach-club', roomIds: ['water-view', 'water-view'] },
    ],
    splitStays: false,
  }

  it('takes a check-in window, a range of nights and several resorts', () => {
    const alert = hotel.parse(flexible)
    expect(alert).toEqual({
      ...party,
      checkInDate: '2026-12-03',
      latestCheckInDate: '2026-12-09',
      minNights: 5,
      maxNights: 6,
      resorts: [
        { resortId: 'polynesian', roomIds: 'any' },
        { resortId: 'beach-club', roomIds: ['water-view'] },
      ],
      splitStays: false,
      price: NO_PRICE_TERMS,
    })
    expect(hotelQuestionsOf(alert)).toHaveLength(28)
  })

  it('takes one of minNights and maxNights as an exact length, and a window with a check-out', () => {
    expect(hotel.parse({ ...flexible, maxNights: undefined })).toMatchObject({
      minNights: 5,
      maxNights: 5,
    })
    expect(hotel.parse({ ...flexible, minNights: undefined })).toMatchObject({
      minNights: 6,
      maxNights: 6,
    })
    expect(hotel.parse({ ...TODAYS_HOTEL_BODY, latestCheckInDate: '2026-12-05' })).toMatchObject({
      latestCheckInDate: '2026-12-05',
      minNights: 4,
      maxNights: 4,
    })
  })

  it('refuses two ways of saying one thing', () => {
    expect(hotelProblems({ ...flexible, resortId: 'pop-century' })).toEqual([
      `resorts: ${FLEXIBLE_HOTEL_MESSAGES.resortsOrResort}`,
    ])
    expect(hotelProblems({ ...flexible, checkOutDate: '2026-12-08' })).toEqual([
      `checkOutDate: ${FLEXIBLE_HOTEL_MESSAGES.checkOutOrNights}`,
    ])
  })

  it('refuses a window or nights out of bounds, without coercion', () => {
    expect(hotelProblems({ ...flexible, latestCheckInDate: '2026-12-18' })).toEqual([
      `latestCheckInDate: ${FLEXIBLE_HOTEL_MESSAGES.spread}`,
    ])
    expect(hotelProblems({ ...flexible, latestCheckInDate: '2026-12-02' })).toEqual([
      `latestCheckInDate: ${FLEXIBLE_HOTEL_MESSAGES.latestBeforeEarliest}`,
    ])
    expect(hotelProblems({ ...flexible, latestCheckInDate: '2026-12-32' })).toEqual([
      `latestCheckInDate: ${FLEXIBLE_HOTEL_MESSAGES.latestCheckIn}`,
    ])
    expect(hotelProblems({ ...flexible, minNights: 7 })).toEqual([
      `maxNights: ${FLEXIBLE_HOTEL_MESSAGES.nightsOrder}`,
    ])
    for (const nights of [0, 31, 2.5, '5'])
      expect(hotelProblems({ ...flexible, maxNights: nights })).toEqual([
        `maxNights: ${FLEXIBLE_HOTEL_MESSAGES.nights}`,
      ])
    expect(hotelProblems({ ...flexible, splitStays: 'yes' })).toEqual([
      `splitStays: ${FLEXIBLE_HOTEL_MESSAGES.splitStays}`,
    ])
  })

  it('checks the latest check-in against the two-year horizon', () => {
    const far = { ...flexible, checkInDate: '2028-11-15', latestCheckInDate: '2028-11-25' }
    expect(hotelProblems(far)).toEqual([`latestCheckInDate: ${HOTEL_MESSAGES.tooFar}`])
  })

  it('refuses resorts that are missing, repeated or without rooms', () => {
    expect(hotelProblems({ ...flexible, resorts: [] })).toEqual([
      `resorts: ${FLEXIBLE_HOTEL_MESSAGES.resorts}`,
    ])
    expect(
      hotelProblems({
        ...flexible,
        resorts: [
          { resortId: 'polynesian', roomIds: 'any' },
          { resortId: 'polynesian', roomIds: ['a'] },
        ],
      }),
    ).toEqual([`resorts: ${FLEXIBLE_HOTEL_MESSAGES.sameResortTwice}`])
    for (const roomIds of [[], 'all', undefined])
      expect(
        hotelProblems({ ...flexible, resorts: [{ resortId: 'polynesian', roomIds }] }),
      ).toEqual([`resorts.0.roomIds: ${FLEXIBLE_HOTEL_MESSAGES.rooms}`])
    expect(hotelProblems({ ...flexible, resorts: [{ resortId: '', roomIds: 'any' }] })).toEqual([
      `resorts.0.resortId: ${HOTEL_MESSAGES.resort}`,
    ])
  })

  it('says every problem at once, its own and today’s', () => {
    expect(hotelProblems({ ...flexible, maxNights: 0, numberOfAdults: 0 })).toEqual([
      `maxNights: ${FLEXIBLE_HOTEL_MESSAGES.nights}`,
      `numberOfAdults: ${HOTEL_MESSAGES.adults}`,
    ])
  })

  it('takes split stays for stays of two nights or more', () => {
    expect(hotel.parse({ ...TODAYS_HOTEL_BODY, splitStays: true })).toMatchObject({
      splitStays: true,
    })
    expect(
      hotelProblems({ ...TODAYS_HOTEL_BODY, checkOutDate: '2026-12-04', splitStays: true }),
    ).toEqual([`splitStays: ${FLEXIBLE_HOTEL_MESSAGES.splitNeedsNights}`])
  })

  it('refuses an alert wider than the cap, saying how wide and what to narrow', () => {
    // 15 check-ins × 2 lengths × 2 resorts: 60, the cap.
    expect(hotelProblems({ ...flexible, latestCheckInDate: '2026-12-17' })).toEqual([])
    const third = { resortId: 'grand-floridian', roomIds: 'any' }
    const wide = {
      ...flexible,
      latestCheckInDate: '2026-12-13',
      resorts: [...flexible.resorts, third],
    }
    expect(hotelProblems(wide)).toEqual([
      ': This alert covers 22 stays at 3 resorts, 66 in all; the most one alert can watch is 60. Narrow the check-in dates, the nights or the resorts.',
    ])
  })
})

/** What the API takes today (docs/api.md), unchanged. */
const todaysDining = {
  resortLocationIdentifier: 'disney-world',
  diningLocationId: 'be-our-guest',
  reserveDate: '2026-12-03',
  partySize: 4,
  ...toDiningTimes({ kind: 'meal', meal: 'dinner' }),
}

const dining = flexibleDiningAlertSchema(today)

function diningProblems(input: unknown) {
  const result = dining.safeParse(input)
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

describe('flexibleDiningAlertSchema', () => {
  it("parses today's payload to the simplest case, asking today's question", () => {
    const alert = dining.parse(todaysDining)
    expect(alert).toEqual({
      resortLocationIdentifier: 'disney-world',
      diningLocationIds: ['be-our-guest'],
      reserveDates: ['2026-12-03'],
      partySize: 4,
      mealPeriods: [],
      ...toDiningTimes({ kind: 'meal', meal: 'dinner' }),
    })
    expect(diningQuestionsOf(alert)).toEqual([
      expect.objectContaining({ key: 'dining|disney-world|4|2026-12-03' }),
    ])
    expect(
      dining.parse({ ...todaysDining, status: 0, diningLocationName: 'Be Our Guest' }),
    ).toMatchObject({ status: 0, diningLocationName: 'Be Our Guest' })
  })

  it("refuses what today's schema refuses, in today's words", () => {
    for (const wrong of [
      { partySize: '4' },
      { reserveDate: '2026-11-01' },
      { diningLocationId: '' },
      { resortLocationIdentifier: 'epcot' },
      { timeRangeStart: '25:00' },
      { status: 2 },
    ]) {
      const input = { ...todaysDining, ...wrong }
      const before = diningAlertSchema(today).safeParse(input)
      expect(before.success).toBe(false)
      expect(diningProblems(input)).toEqual(
        before.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
      )
    }
  })

  const { diningLocationId: _id, reserveDate: _date, ...rest } = todaysDining
  const { preferredTime: _p, timeRangeStart: _s, timeRangeEnd: _e, ...common } = rest

  it('takes several restaurants, a list of dates and meal periods', () => {
    const alert = dining.parse({
      ...common,
      diningLocationIds: ['be-our-guest', 'ohana', 'be-our-guest'],
      reserveDates: ['2026-12-10', '2026-12-03', '2026-12-10'],
      mealPeriods: ['dinner', 'breakfast'],
    })
    expect(alert).toMatchObject({
      diningLocationIds: ['be-our-guest', 'ohana'],
      reserveDates: ['2026-12-03', '2026-12-10'],
      mealPeriods: ['breakfast', 'dinner'],
      preferredTime: null,
      timeRangeStart: null,
      timeRangeEnd: null,
    })
    expect(diningQuestionsOf(alert)).toHaveLength(2)
  })

  it('takes a range of up to 14 days', () => {
    const alert = dining.parse({ ...todaysDining, latestReserveDate: '2026-12-16' })
    expect(alert.reserveDates).toHaveLength(14)
    expect(alert.reserveDates.at(-1)).toBe('2026-12-16')
    expect(diningProblems({ ...todaysDining, latestReserveDate: '2026-12-17' })).toEqual([
      `latestReserveDate: ${FLEXIBLE_DINING_MESSAGES.rangeTooLong}`,
    ])
    expect(diningProblems({ ...todaysDining, latestReserveDate: '2026-12-02' })).toEqual([
      `latestReserveDate: ${FLEXIBLE_DINING_MESSAGES.lastBeforeFirst}`,
    ])
  })

  it('refuses two ways of saying one thing', () => {
    expect(diningProblems({ ...todaysDining, diningLocationIds: ['ohana'] })).toEqual([
      `diningLocationIds: ${FLEXIBLE_DINING_MESSAGES.restaurantsOrRestaurant}`,
    ])
    expect(diningProblems({ ...todaysDining, reserveDates: ['2026-12-04'] })).toEqual([
      `reserveDates: ${FLEXIBLE_DINING_MESSAGES.datesOrDate}`,
    ])
    expect(diningProblems({ ...todaysDining, mealPeriods: ['lunch'] })).toEqual([
      `mealPeriods: ${FLEXIBLE_DINING_MESSAGES.mealsOrTime}`,
    ])
    // Null and empty time fields are no time, as today.
    expect(
      dining.parse({
        ...common,
        diningLocationId: 'ohana',
        reserveDate: '2026-12-03',
        preferredTime: null,
        timeRangeStart: '',
        mealPeriods: ['lunch'],
      }),
    ).toMatchObject({ mealPeriods: ['lunch'], timeRangeStart: null })
  })

  it('refuses lists out of bounds, beside their field', () => {
    const ids = Array.from({ length: 11 }, (_, i) => `restaurant-${i}`)
    expect(
      diningProblems({ ...common, diningLocationIds: ids, reserveDate: '2026-12-03' }),
    ).toEqual([`diningLocationIds: ${FLEXIBLE_DINING_MESSAGES.tooManyRestaurants}`])
    expect(diningProblems({ ...common, diningLocationIds: [], reserveDate: '2026-12-03' })).toEqual(
      [`diningLocationIds: ${FLEXIBLE_DINING_MESSAGES.restaurants}`],
    )
    const dates = Array.from({ length: 15 }, (_, i) => `2026-12-${String(i + 1).padStart(2, '0')}`)
    expect(diningProblems({ ...common, diningLocationId: 'ohana', reserveDates: dates })).toEqual([
      `reserveDates: ${FLEXIBLE_DINING_MESSAGES.tooManyDates}`,
    ])
    expect(
      diningProblems({
        ...common,
        diningLocationId: 'ohana',
        reserveDates: ['2026-12-03', '12/04/2026'],
      }),
    ).toEqual([`reserveDates.1: ${DINING_MESSAGES.date}`])
    expect(
      diningProblems({
        ...common,
        diningLocationId: 'ohana',
        reserveDate: '2026-12-03',
        mealPeriods: ['brunch'],
      }),
    ).toEqual([`mealPeriods.0: ${FLEXIBLE_DINING_MESSAGES.meals}`])
    expect(
      diningProblems({
        ...common,
        diningLocationId: 'ohana',
        reserveDate: '2026-12-03',
        mealPeriods: [],
      }),
    ).toEqual([`mealPeriods: ${FLEXIBLE_DINING_MESSAGES.meals}`])
  })

  it('checks a list’s first date for the past and its last for the horizon, on the list', () => {
    expect(
      diningProblems({
        ...common,
        diningLocationId: 'ohana',
        reserveDates: ['2026-11-01', '2026-12-03'],
      }),
    ).toEqual([`reserveDates: ${DINING_MESSAGES.pastDate}`])
    expect(
      diningProblems({
        ...common,
        diningLocationId: 'ohana',
        reserveDates: ['2026-12-03', '2028-12-03'],
      }),
    ).toEqual([`reserveDates: ${DINING_MESSAGES.tooFar}`])
    expect(
      diningProblems({
        ...todaysDining,
        reserveDate: '2028-11-15',
        latestReserveDate: '2028-11-25',
      }),
    ).toEqual([`latestReserveDate: ${DINING_MESSAGES.tooFar}`])
  })
})
