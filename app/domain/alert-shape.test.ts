import { describe, expect, it } from 'vitest'
import {
  diningAlertShape,
  hotelAlertShape,
  type DiningAlertJsonShape,
  type HotelAlertJsonShape,
} from './alert-shape'
import { EXACT_HOTEL_JSON, PARTY, resortChoice } from '../../tests/support/alert-json.ts'

describe('a hotel alert as the screens read it', () => {
  it("reads today's shape as one resort, one check-in and one length", () => {
    expect(hotelAlertShape(EXACT_HOTEL_JSON)).toEqual({
      destination: 'disney-world',
      resorts: [
        {
          resortId: 'pop',
          name: "Disney's Pop Century Resort",
          roomIds: ['r1'],
          rooms: [{ id: 'r1', name: 'Standard Room' }],
        },
      ],
      checkInDate: '2027-06-08',
      latestCheckInDate: '2027-06-08',
      minNights: 4,
      maxNights: 4,
      splitStays: false,
      ...PARTY,
    })
  })

  it('reads a price watch’s dollars as cents, and nothing of a watch for an alert for an opening', () => {
    const watch: HotelAlertJsonShape = {
      ...EXACT_HOTEL_JSON,
      watch: 'price',
      paidTotal: 2384.5,
      rateType: 'package',
      minSavingPercent: 5,
    }
    expect(hotelAlertShape(watch).priceWatch).toEqual({
      paidTotalCents: 238_450,
      rateType: 'package',
      minSavingCents: null,
      minSavingPercent: 5,
    })
    expect(
      hotelAlertShape({ ...watch, minSavingPercent: undefined, minSaving: 100.25 }).priceWatch,
    ).toMatchObject({ minSavingCents: 10_025, minSavingPercent: null })
    expect(hotelAlertShape(EXACT_HOTEL_JSON).priceWatch).toBeUndefined()
    expect(
      hotelAlertShape({ ...EXACT_HOTEL_JSON, watch: 'availability' }).priceWatch,
    ).toBeUndefined()
  })

  it('reads the flexible shape: several resorts, any room at one, a window and nights', () => {
    const flexible: HotelAlertJsonShape = {
      ...PARTY,
      checkInDate: '2027-06-08',
      resorts: [
        resortChoice('poly', 'any'),
        resortChoice('bc', [{ id: 'r2', name: 'Garden View' }]),
      ],
      latestCheckInDate: '2027-06-14',
      minNights: 5,
      maxNights: 6,
      splitStays: true,
    }
    expect(hotelAlertShape(flexible)).toMatchObject({
      destination: 'disney-world',
      resorts: [
        {
          resortId: 'poly',
          name: "Disney's Polynesian Village Resort",
          roomIds: 'any',
          rooms: 'any',
        },
        { resortId: 'bc', roomIds: ['r2'], rooms: [{ id: 'r2', name: 'Garden View' }] },
      ],
      checkInDate: '2027-06-08',
      latestCheckInDate: '2027-06-14',
      minNights: 5,
      maxNights: 6,
      splitStays: true,
    })
  })
})

describe('a dining alert as the screens read it', () => {
  const exact: DiningAlertJsonShape = {
    resortLocationIdentifier: 'disney-world',
    diningLocationId: 'd1',
    diningLocationName: 'Be Our Guest Restaurant',
    diningLocationListed: false,
    reserveDate: '2027-06-08',
    partySize: 4,
    preferredTime: '18:00:00',
    timeRangeStart: '17:30:00',
    timeRangeEnd: '18:30:00',
  }

  it("reads today's shape as one restaurant on one date, at its time", () => {
    expect(diningAlertShape(exact)).toEqual({
      destination: 'disney-world',
      restaurantChoices: [{ id: 'd1', name: 'Be Our Guest Restaurant', listed: false }],
      restaurants: ['Be Our Guest Restaurant'],
      reserveDates: ['2027-06-08'],
      mealPeriods: [],
      partySize: 4,
      preferredTime: '18:00:00',
      timeRangeStart: '17:30:00',
      timeRangeEnd: '18:30:00',
    })
  })

  it('takes a restaurant of a draft, which does not say, as listed', () => {
    const draft = { ...exact, diningLocationListed: undefined }
    expect(diningAlertShape(draft).restaurantChoices).toEqual([
      { id: 'd1', name: 'Be Our Guest Restaurant', listed: true },
    ])
  })

  it('reads the flexible shape: restaurants, dates and meal periods, without times', () => {
    const flexible: DiningAlertJsonShape = {
      resortLocationIdentifier: 'disney-world',
      diningLocationIds: ['d1', 'd2'],
      diningLocations: [
        { id: 'd1', name: 'Be Our Guest Restaurant', listed: true },
        { id: 'd2', name: "'Ohana", listed: true },
      ],
      reserveDates: ['2027-06-08', '2027-06-09'],
      partySize: 4,
      mealPeriods: ['lunch', 'dinner'],
    }
    expect(diningAlertShape(flexible)).toEqual({
      destination: 'disney-world',
      restaurantChoices: flexible.diningLocations,
      restaurants: ['Be Our Guest Restaurant', "'Ohana"],
      reserveDates: ['2027-06-08', '2027-06-09'],
      mealPeriods: ['lunch', 'dinner'],
      partySize: 4,
      preferredTime: null,
      timeRangeStart: null,
      timeRangeEnd: null,
    })
  })
})
