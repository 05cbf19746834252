import { describe, expect, it } from 'vitest'
import {
  diningDraftFromPending,
  diningEditHref,
  EDIT_FIELD,
  findLinkedResort,
  hotelEditHref,
  readDiningDraft,
  readHotelDraft,
} from './alert-drafts'
import { toDiningTimes } from './dining-alert'
import { pendingAlertSchema } from './pending-alert'

describe('the hotel draft in the URL or a posted form', () => {
  it('reads every field', () => {
    const params = new URLSearchParams(
      'resortId=r1&checkInDate=2030-05-01&checkOutDate=2030-05-04&numberOfAdults=3' +
        '&numberOfChildren=2&agesOfChildren=4&agesOfChildren=&accessible=on&roomIds=a&roomIds=b',
    )
    expect(readHotelDraft(params)).toEqual({
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
      diningLocationId: 'd1',
      reserveDate: '2030-05-01',
      partySize: 6,
      timeChoice: 'time',
      specificTime: '18:30',
      tolerance: 30,
    })
  })

  it('falls back to the defaults for anything odd', () => {
    expect(
      readDiningDraft(
        new URLSearchParams('partySize=50&timeChoice=brunch&location=x'),
        'disneyland',
      ),
    ).toEqual({
      resortLocationIdentifier: 'disneyland',
      diningLocationId: null,
      reserveDate: '',
      partySize: 4,
      timeChoice: 'all-day',
      specificTime: '',
      tolerance: 0,
    })
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
      diningLocationId: 'd1',
      reserveDate: '2030-05-01',
      partySize: 2,
      timeChoice: 'time',
      specificTime: '18:00',
      tolerance: 30,
      pendingId: 'p1',
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
    expect(readHotelDraft(query(href))).toEqual({
      resortId: 'r1',
      checkInDate: '2030-05-01',
      checkOutDate: '2030-05-04',
      adults: 2,
      childAges: [4, 9],
      accessible: true,
      roomIds: ['x', 'y'],
      keepWatching: false,
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
      diningLocationId: '90002464',
      reserveDate: '2030-06-02',
      partySize: 4,
      timeChoice: 'time',
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
      timeChoice: 'all-day',
      specificTime: '',
    })
  })
})
