import { describe, expect, it } from 'vitest'
import { EDIT_FIELD } from './alert-drafts'
import {
  diningAlertFields,
  diningDraftFromPending,
  diningDraftOf,
  diningEditHref,
  diningTimesOf,
  readDiningDraft,
  timeFieldsOf,
  type DiningDraft,
} from './dining-drafts'
import { EMPTY_HOTEL_DRAFT, findLinkedResort, hotelEditHref, readHotelDraft } from './hotel-drafts'
import { toDiningTimes } from './dining-alert'
import { pendingAlertSchema } from './pending-alert'

describe('the hotel draft in the URL or a posted form', () => {
  it('reads every field', () => {
    const params = new URLSearchParams(
      'resortId=r1&checkInDate=2030-05-01&checkOutDate=2030-05-04&numberOfAdults=3' +
        '&numberOfChildren=2&agesOfChildren=4&agesOfChildren=&accessible=on&roomIds=a&roomIds=b',
    )
    expect(readHotelDraft(params)).toEqual({
      ...EMPTY_HOTEL_DRAFT,
      resortId: 'r1',
      checkInDate: '2030-05-01',
      checkOutDate: '2030-05-04',
      adults: 3,
      childAges: [4, null],
      accessible: true,
      roomIds: ['a', 'b'],
      keepWatching: true,
    })
  })

  it('keeps watching unless the form says false', () => {
    const keepWatching = (query: string) => readHotelDraft(new URLSearchParams(query)).keepWatching
    expect(keepWatching('keepWatching=false')).toBe(false)
    expect(keepWatching('keepWatching=true')).toBe(true)
    expect(keepWatching('')).toBe(true)
    expect(keepWatching('keepWatching=maybe')).toBe(true)
  })

  it('forgives anything odd: bad dates, numbers out of range, ages past the count', () => {
    const params = new URLSearchParams(
      'checkInDate=tomorrow&numberOfAdults=99&numberOfChildren=1&agesOfChildren=40&agesOfChildren=3',
    )
    expect(readHotelDraft(params)).toEqual({
      ...EMPTY_HOTEL_DRAFT,
      resortId: null,
      checkInDate: '',
      checkOutDate: '',
      adults: 14,
      childAges: [null],
      accessible: false,
      roomIds: [],
      keepWatching: true,
    })
    expect(readHotelDraft(new URLSearchParams()).adults).toBe(2)
  })
})

/** The dining form with nothing chosen, for a visitor from Disneyland. */
const BLANK_DINING_DRAFT: DiningDraft = {
  resortLocationIdentifier: 'disneyland',
  diningLocationIds: [],
  reserveDate: '',
  latestReserveDate: '',
  reserveDates: [],
  partySize: 4,
  mealPeriods: [],
  specificTime: '',
  tolerance: 0,
}

describe('the dining draft in the URL or a posted form', () => {
  it('reads every field, the destination from its identifier or location', () => {
    const form = new FormData()
    for (const [key, value] of Object.entries({
      location: 'WDW',
      diningLocationId: 'd1',
      reserveDate: '2030-05-01',
      partySize: '6',
      timeChoice: 'time',
      specificTime: '18:30',
      tolerance: '30',
    }))
      form.set(key, value)
    expect(readDiningDraft(form, 'disneyland')).toEqual({
      resortLocationIdentifier: 'disney-world',
      diningLocationIds: ['d1'],
      reserveDate: '2030-05-01',
      latestReserveDate: '',
      reserveDates: [],
      partySize: 6,
      mealPeriods: [],
      specificTime: '18:30',
      tolerance: 30,
    })
  })

  it('reads several restaurants, a range or a list of dates, and meal periods', () => {
    const params = new URLSearchParams(
      'diningLocationIds=d1&diningLocationIds=d2&diningLocationId=d1&reserveDate=2030-05-01' +
        '&latestReserveDate=2030-05-04&mealPeriods=dinner&mealPeriods=breakfast&mealPeriods=tea',
    )
    expect(readDiningDraft(params, 'disneyland')).toMatchObject({
      diningLocationIds: ['d1', 'd2'],
      reserveDate: '2030-05-01',
      latestReserveDate: '2030-05-04',
      reserveDates: [],
      mealPeriods: ['breakfast', 'dinner'],
    })
    const listed = (dates: string) => readDiningDraft(new URLSearchParams(dates), 'disneyland')
    // A list that is one run of days is shown as the range it is.
    expect(listed('reserveDates=2030-05-02&reserveDates=2030-05-01')).toMatchObject({
      reserveDate: '2030-05-01',
      latestReserveDate: '2030-05-02',
      reserveDates: [],
    })
    expect(listed('reserveDates=2030-05-03&reserveDates=2030-05-01&reserveDates=x')).toMatchObject({
      reserveDate: '',
      latestReserveDate: '',
      reserveDates: ['2030-05-01', '2030-05-03'],
    })
    // Today's one-meal choice, from old links and /dining-alerts/new.
    expect(listed('timeChoice=lunch').mealPeriods).toEqual(['lunch'])
  })

  it('falls back to the defaults for anything odd', () => {
    expect(
      readDiningDraft(
        new URLSearchParams('partySize=50&timeChoice=brunch&location=x'),
        'disneyland',
      ),
    ).toEqual(BLANK_DINING_DRAFT)
  })
})

describe('what a dining form sends', () => {
  const draft: DiningDraft = {
    ...BLANK_DINING_DRAFT,
    resortLocationIdentifier: 'disney-world',
    diningLocationIds: ['d1'],
    reserveDate: '2030-05-01',
  }

  it("sends one restaurant on one date in today's fields", () => {
    expect(diningAlertFields(draft)).toEqual({
      resortLocationIdentifier: 'disney-world',
      diningLocationId: 'd1',
      reserveDate: '2030-05-01',
      partySize: 4,
      preferredTime: null,
      timeRangeStart: null,
      timeRangeEnd: null,
    })
  })

  it('sends several restaurants, a range or a list, and several meals in the flexible fields', () => {
    expect(
      diningAlertFields({
        ...draft,
        diningLocationIds: ['d1', 'd2'],
        latestReserveDate: '2030-05-03',
        mealPeriods: ['dinner', 'lunch'],
      }),
    ).toEqual({
      resortLocationIdentifier: 'disney-world',
      diningLocationIds: ['d1', 'd2'],
      reserveDate: '2030-05-01',
      latestReserveDate: '2030-05-03',
      partySize: 4,
      mealPeriods: ['lunch', 'dinner'],
      preferredTime: null,
      timeRangeStart: null,
      timeRangeEnd: null,
    })
    const listed = { ...draft, reserveDate: '', reserveDates: ['2030-05-01', '2030-05-09'] }
    expect(diningAlertFields(listed)).toMatchObject({ reserveDates: ['2030-05-01', '2030-05-09'] })
    expect(diningAlertFields(listed)).not.toHaveProperty('reserveDate')
  })

  it("sends one meal as today's window of it, and a time with its flexibility", () => {
    expect(diningTimesOf({ mealPeriods: ['dinner'], specificTime: '', tolerance: 0 })).toEqual({
      preferredTime: null,
      timeRangeStart: '16:30:00',
      timeRangeEnd: '22:00:00',
    })
    expect(diningTimesOf({ mealPeriods: [], specificTime: '18:00', tolerance: 30 })).toEqual({
      preferredTime: '18:00:00',
      timeRangeStart: '17:30:00',
      timeRangeEnd: '18:30:00',
    })
    // Each round trip through the form's fields gives the same times back.
    for (const fields of [
      { mealPeriods: ['breakfast' as const], specificTime: '', tolerance: 0 },
      { mealPeriods: ['breakfast' as const, 'dinner' as const], specificTime: '', tolerance: 0 },
      { mealPeriods: [], specificTime: '12:30', tolerance: 60 },
      { mealPeriods: [], specificTime: '', tolerance: 0 },
    ])
      expect(timeFieldsOf(diningTimesOf(fields))).toEqual(fields)
  })
})

describe('a draft kept for after sign-in', () => {
  const dining = {
    resortLocationIdentifier: 'disneyland',
    diningLocationId: 'd1',
    diningLocationName: 'Blue Bayou',
    reserveDate: '2030-05-01',
    partySize: 2,
    preferredTime: '18:00:00',
    timeRangeStart: '17:30:00',
    timeRangeEnd: '18:30:00',
  }

  it('restores the dining form it was made from', () => {
    const pending = pendingAlertSchema.parse({ kind: 'dining', payload: dining })
    if (pending.kind !== 'dining') throw new Error('dining expected')
    expect(diningDraftFromPending(pending.payload, 'p1')).toEqual({
      resortLocationIdentifier: 'disneyland',
      diningLocationIds: ['d1'],
      reserveDate: '2030-05-01',
      latestReserveDate: '',
      reserveDates: [],
      partySize: 2,
      mealPeriods: [],
      specificTime: '18:00',
      tolerance: 30,
      pendingId: 'p1',
    })
  })

  it('restores a flexible alert as the JSON API takes it', () => {
    expect(
      diningDraftOf({
        resortLocationIdentifier: 'disneyland',
        diningLocationIds: ['d1', 'd2'],
        reserveDates: ['2030-05-01', '2030-05-02'],
        partySize: 2,
        mealPeriods: ['lunch', 'dinner'],
        ...toDiningTimes({ kind: 'all-day' }),
      }),
    ).toEqual({
      resortLocationIdentifier: 'disneyland',
      diningLocationIds: ['d1', 'd2'],
      reserveDate: '2030-05-01',
      latestReserveDate: '2030-05-02',
      reserveDates: [],
      partySize: 2,
      mealPeriods: ['lunch', 'dinner'],
      specificTime: '',
      tolerance: 0,
    })
  })

  it('refuses a payload that is not what the form saved', () => {
    expect(
      pendingAlertSchema.safeParse({ kind: 'dining', payload: { ...dining, partySize: '2' } })
        .success,
    ).toBe(false)
    expect(pendingAlertSchema.safeParse({ kind: 'spa', payload: {} }).success).toBe(false)
    expect(
      pendingAlertSchema.safeParse({ kind: 'hotel', payload: { resortId: 'r1' } }).success,
    ).toBe(true)
  })
})

describe('the resort a link pre-selects', () => {
  const resorts = [
    {
      id: 'a',
      name: 'Grand Floridian',
      disneyIdentifier: '80010391',
      locationIdentifier: 'disney-world',
    },
    {
      id: 'b',
      name: 'Grand Californian',
      disneyIdentifier: '90001',
      locationIdentifier: 'disneyland',
    },
    {
      id: 'c',
      name: 'Paradise Pier',
      disneyIdentifier: '80010391',
      locationIdentifier: 'disneyland',
    },
  ]
  const find = (query: string) => findLinkedResort(resorts, new URLSearchParams(query))?.id

  it('goes by hotelId, then disneyId within the location, then the name in any case', () => {
    expect(find('hotelId=b&hotel=Grand Floridian')).toBe('b')
    expect(find('disneyId=80010391')).toBe('a')
    expect(find('disneyId=80010391&location=disneyland')).toBe('c')
    expect(find('hotel=%20grand%20CALIFORNIAN%20')).toBe('b')
  })

  it('finds nothing for an unknown resort or no query', () => {
    expect(find('hotelId=z&hotel=Nowhere')).toBeUndefined()
    expect(find('')).toBeUndefined()
  })
})

describe('the page form of an alert being edited', () => {
  const query = (href: string) => new URL(href, 'https://example.com').searchParams

  const hotelAlert = {
    id: 'a1',
    resortId: 'r1',
    checkInDate: '2030-05-01',
    checkOutDate: '2030-05-04',
    numberOfAdults: 2,
    agesOfChildren: [4, 9],
    accessible: true,
    roomIds: ['x', 'y'],
    keepWatching: false,
  }

  it('fills the hotel form with the alert, children and rooms included', () => {
    const href = hotelEditHref(hotelAlert)
    expect(href.startsWith('/alerts/hotels?')).toBe(true)
    expect(query(href).get(EDIT_FIELD)).toBe('a1')
    // The form holds the alert's fields as they are, but for the party's names.
    const { id: _id, numberOfAdults, agesOfChildren, ...asIs } = hotelAlert
    expect(readHotelDraft(query(href))).toEqual({
      ...EMPTY_HOTEL_DRAFT,
      ...asIs,
      adults: numberOfAdults,
      childAges: agesOfChildren,
    })
  })

  it('leaves the default choice out of the link', () => {
    const href = hotelEditHref({ ...hotelAlert, keepWatching: true })
    expect(query(href).has('keepWatching')).toBe(false)
    expect(readHotelDraft(query(href)).keepWatching).toBe(true)
  })

  it('fills the dining form with the alert, its time of day as the form holds it', () => {
    const alert = {
      id: 'd1',
      resortLocationIdentifier: 'disney-world' as const,
      diningLocationId: '90002464',
      reserveDate: '2030-06-02',
      partySize: 4,
      ...toDiningTimes({ kind: 'time', time: '18:00', toleranceMinutes: 30 }),
    }
    const href = diningEditHref(alert)
    expect(href.startsWith('/alerts/dining?')).toBe(true)
    expect(query(href).get(EDIT_FIELD)).toBe('d1')
    expect(readDiningDraft(query(href), 'disneyland')).toEqual({
      resortLocationIdentifier: 'disney-world',
      diningLocationIds: ['90002464'],
      reserveDate: '2030-06-02',
      latestReserveDate: '',
      reserveDates: [],
      partySize: 4,
      mealPeriods: [],
      specificTime: '18:00',
      tolerance: 30,
    })
    const allDay = diningEditHref({
      ...alert,
      preferredTime: null,
      timeRangeStart: null,
      timeRangeEnd: null,
    })
    expect(readDiningDraft(query(allDay), 'disneyland')).toMatchObject({
      mealPeriods: [],
      specificTime: '',
    })
  })

  it('fills the dining form with a flexible alert: restaurants, dates and meal periods', () => {
    const alert = {
      id: 'd2',
      resortLocationIdentifier: 'disney-world' as const,
      diningLocationIds: ['a', 'b'],
      diningLocations: [
        { id: 'a', name: 'A', listed: true },
        { id: 'b', name: 'B', listed: true },
      ],
      reserveDates: ['2030-06-02', '2030-06-03', '2030-06-04'],
      partySize: 2,
      mealPeriods: ['lunch', 'dinner'] as const,
      ...toDiningTimes({ kind: 'all-day' }),
    }
    expect(readDiningDraft(query(diningEditHref(alert)), 'disneyland')).toEqual({
      resortLocationIdentifier: 'disney-world',
      diningLocationIds: ['a', 'b'],
      reserveDate: '2030-06-02',
      latestReserveDate: '2030-06-04',
      reserveDates: [],
      partySize: 2,
      mealPeriods: ['lunch', 'dinner'],
      specificTime: '',
      tolerance: 0,
    })
    const apart = { ...alert, reserveDates: ['2030-06-02', '2030-06-09'] }
    expect(readDiningDraft(query(diningEditHref(apart)), 'disneyland')).toMatchObject({
      reserveDate: '',
      reserveDates: ['2030-06-02', '2030-06-09'],
    })
  })
})
