import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import {
  EMPTY_HOTEL_DRAFT,
  hotelAlertFields,
  hotelDraftChoices,
  hotelDraftCost,
  hotelEditHref,
  NEW_RESORT_ROW,
  priceCeilingFields,
  readDollars,
  readHotelDraft,
  stayEndOf,
  withResortIntent,
  type HotelDraft,
} from './hotel-drafts'
import { FLEXIBLE_HOTEL_MESSAGES } from './flexible-alert-schema'
import { tooWideMessage } from './flexible-words'
import { HOTEL_MESSAGES } from './hotel-alert'
import { hotelPageSchema } from './hotel-alert-schema'
import { PRICE_MESSAGES } from './price-terms'

const today = '2026-11-22'

/** A posted page form: repeated names for lists, as a browser posts them. */
function posted(fields: Record<string, string | string[]>) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields))
    for (const item of [value].flat()) form.append(key, item)
  return parseWithZod(form, { schema: hotelPageSchema(today) })
}

const exact = {
  resortId: 'poly',
  checkInDate: '2026-12-03',
  checkOutDate: '2026-12-07',
  numberOfAdults: '2',
  roomIds: 'a',
}

/** Five or six nights, at Beach Club (any room) and the Grand (`grandRooms`) as well. */
const fiveOrSixNightsAtThree = (grandRooms: string | string[]) => ({
  lengthOfStay: 'nights',
  minNights: '5',
  maxNights: '6',
  'otherResorts[0].resortId': 'beach',
  'otherResorts[0].roomIds': 'any',
  'otherResorts[1].resortId': 'grand',
  'otherResorts[1].roomIds': grandRooms,
})

function errorsOf(fields: Record<string, string | string[]>) {
  const submission = posted(fields)
  return submission.status === 'success' ? {} : submission.error
}

describe('the hotel page form', () => {
  it("gives today's exact form as the flexible alert's simplest case", () => {
    const submission = posted(exact)
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toEqual({
      resorts: [{ resortId: 'poly', roomIds: ['a'] }],
      checkInDate: '2026-12-03',
      latestCheckInDate: '2026-12-03',
      minNights: 4,
      maxNights: 4,
      splitStays: false,
      numberOfAdults: 2,
      agesOfChildren: [],
      accessible: false,
    })
  })

  it('reads a window of check-ins, a range of nights, other resorts with any room and split stays', () => {
    const submission = posted({
      ...exact,
      checkOutDate: '2026-12-20',
      latestCheckInDate: '2026-12-09',
      ...fiveOrSixNightsAtThree(['g1', 'g2']),
    })
    expect(submission.status === 'success' && submission.value).toMatchObject({
      resorts: [
        { resortId: 'poly', roomIds: ['a'] },
        { resortId: 'beach', roomIds: 'any' },
        { resortId: 'grand', roomIds: ['g1', 'g2'] },
      ],
      checkInDate: '2026-12-03',
      latestCheckInDate: '2026-12-09',
      minNights: 5,
      maxNights: 6,
      splitStays: false,
    })
    const split = posted({ ...exact, splitStays: 'on' })
    expect(split.status === 'success' && split.value).toMatchObject({ splitStays: true })
  })

  it('takes "any" among the room types as any room, and the check-out date unless nights are chosen', () => {
    const submission = posted({ ...exact, roomIds: ['a', 'any'], minNights: '9' })
    expect(submission.status === 'success' && submission.value).toMatchObject({
      resorts: [{ resortId: 'poly', roomIds: 'any' }],
      minNights: 4,
      maxNights: 4,
    })
  })

  it('counts nights as the stay’s end in the summary of what is missing', () => {
    const { checkOutDate: _, ...noCheckOut } = exact
    expect(errorsOf({ ...noCheckOut, lengthOfStay: 'nights' })).toEqual({
      '': ['Please complete all required fields: dates.'],
    })
    expect(posted({ ...noCheckOut, lengthOfStay: 'nights', maxNights: '3' }).status).toBe('success')
  })

  it('says each problem beside its field, an other resort’s beside its row', () => {
    expect(
      errorsOf({
        ...exact,
        'otherResorts[0].resortId': '',
        'otherResorts[0].roomIds': 'any',
        'otherResorts[1].resortId': 'beach',
      }),
    ).toEqual({
      'otherResorts[0].resortId': [HOTEL_MESSAGES.resort],
      'otherResorts[1].roomIds': [FLEXIBLE_HOTEL_MESSAGES.rooms],
    })
    expect(errorsOf({ ...exact, latestCheckInDate: '2026-12-20', splitStays: 'on' })).toEqual({
      latestCheckInDate: [FLEXIBLE_HOTEL_MESSAGES.spread],
    })
    expect(errorsOf({ ...exact, lengthOfStay: 'nights', minNights: '6', maxNights: '5' })).toEqual({
      maxNights: [FLEXIBLE_HOTEL_MESSAGES.nightsOrder],
    })
    expect(
      errorsOf({
        ...exact,
        'otherResorts[0].resortId': 'poly',
        'otherResorts[0].roomIds': 'any',
      }),
    ).toEqual({ otherResorts: [FLEXIBLE_HOTEL_MESSAGES.sameResortTwice] })
  })

  it('coerces nothing beyond the form’s numbers and boxes', () => {
    expect(errorsOf({ ...exact, lengthOfStay: 'nights', minNights: 'five' })).toEqual({
      minNights: [FLEXIBLE_HOTEL_MESSAGES.nights],
    })
    expect(errorsOf({ ...exact, lengthOfStay: 'nights', minNights: '2.5' })).toEqual({
      minNights: [FLEXIBLE_HOTEL_MESSAGES.nights],
    })
    expect(errorsOf({ ...exact, lengthOfStay: 'weeks' })).toEqual({
      lengthOfStay: ['Choose a check-out date or a number of nights.'],
    })
    expect(errorsOf({ ...exact, splitStays: 'yes' })).toEqual({
      splitStays: [FLEXIBLE_HOTEL_MESSAGES.splitStays],
    })
  })

  it('refuses an alert too wide to watch, in words, above the button', () => {
    const errors = errorsOf({
      ...exact,
      latestCheckInDate: '2026-12-17',
      ...fiveOrSixNightsAtThree('any'),
    })
    expect(errors).toEqual({
      '': [tooWideMessage({ stays: 30, resorts: 3, splitStays: 0, questions: 90 })],
    })
  })
})

describe('the hotel draft’s flexible fields', () => {
  it('reads the window, the nights, the other resorts in index order and split stays', () => {
    const params = new URLSearchParams(
      'resortId=poly&roomIds=any&roomIds=a&checkInDate=2030-05-01&latestCheckInDate=2030-05-05' +
        '&lengthOfStay=nights&minNights=4&maxNights=40&splitStays=on' +
        '&otherResorts%5B3%5D.resortId=grand&otherResorts%5B3%5D.roomIds=g1' +
        '&otherResorts%5B1%5D.resortId=beach&otherResorts%5B1%5D.roomIds=any' +
        '&otherResorts%5B7%5D.resortId=',
    )
    expect(readHotelDraft(params)).toEqual({
      ...EMPTY_HOTEL_DRAFT,
      resortId: 'poly',
      roomIds: ['a'],
      anyRoom: true,
      checkInDate: '2030-05-01',
      latestCheckInDate: '2030-05-05',
      lengthOfStay: 'nights',
      minNights: 4,
      maxNights: 30,
      splitStays: true,
      otherResorts: [
        { resortId: 'beach', roomIds: [], anyRoom: true },
        { resortId: 'grand', roomIds: ['g1'], anyRoom: false },
        { resortId: null, roomIds: [], anyRoom: false },
      ],
    })
  })

  it('forgives odd nights and lengths', () => {
    const draft = readHotelDraft(
      new URLSearchParams('lengthOfStay=weeks&minNights=x&maxNights=0&latestCheckInDate=soon'),
    )
    expect(draft).toMatchObject({
      lengthOfStay: 'checkOut',
      minNights: null,
      maxNights: 1,
      latestCheckInDate: '',
    })
  })
})

describe('Add a resort and Remove without JavaScript', () => {
  const beach = { resortId: 'beach', roomIds: [], anyRoom: true }
  const grand = { resortId: 'grand', roomIds: ['g1'], anyRoom: false }

  it('adds a row of any room type, or removes the row named', () => {
    expect(withResortIntent([beach], 'add-resort')).toEqual([beach, NEW_RESORT_ROW])
    expect(withResortIntent([beach, grand], 'remove-resort-0')).toEqual([grand])
    expect(withResortIntent([beach, grand], 'remove-resort-1')).toEqual([beach])
  })

  it('changes nothing for any other intent', () => {
    for (const intent of [null, 'quick', 'remove-resort-x', 'remove-resort-9'])
      expect(withResortIntent([beach, grand], intent)).toEqual([beach, grand])
  })
})

describe('the end of a stay, for the summary of what is missing', () => {
  it('is the check-out date, or the nights in its place', () => {
    expect(stayEndOf({ checkOutDate: '2030-05-04' })).toBe('2030-05-04')
    expect(stayEndOf({ lengthOfStay: 'nights', checkOutDate: '2030-05-04' })).toBeUndefined()
    expect(stayEndOf({ lengthOfStay: 'nights', minNights: null, maxNights: 6 })).toBe('6 nights')
  })
})

describe('the JSON API’s fields of a hotel form', () => {
  const draft: HotelDraft = {
    ...EMPTY_HOTEL_DRAFT,
    resortId: 'poly',
    roomIds: ['a'],
    checkInDate: '2030-05-01',
    checkOutDate: '2030-05-05',
  }

  it("are today's for one resort with chosen rooms and a check-out", () => {
    expect(hotelAlertFields(hotelDraftChoices(draft))).toEqual({
      resortId: 'poly',
      roomIds: ['a'],
      checkInDate: '2030-05-01',
      checkOutDate: '2030-05-05',
      latestCheckInDate: undefined,
    })
  })

  it('are resorts for any room or several resorts, and nights for a length in nights', () => {
    expect(
      hotelAlertFields(
        hotelDraftChoices({
          ...draft,
          anyRoom: true,
          lengthOfStay: 'nights',
          minNights: 3,
          latestCheckInDate: '2030-05-03',
          otherResorts: [{ resortId: 'beach', roomIds: ['b'], anyRoom: false }],
          splitStays: true,
        }),
      ),
    ).toEqual({
      resorts: [
        { resortId: 'poly', roomIds: 'any' },
        { resortId: 'beach', roomIds: ['b'] },
      ],
      checkInDate: '2030-05-01',
      minNights: 3,
      maxNights: undefined,
      latestCheckInDate: '2030-05-03',
      splitStays: true,
    })
  })
})

describe('what a draft covers before it is saved', () => {
  const draft: HotelDraft = {
    ...EMPTY_HOTEL_DRAFT,
    resortId: 'poly',
    checkInDate: '2030-06-08',
    checkOutDate: '2030-06-13',
  }

  it('is nothing until the draft has a resort and a stay that could be saved', () => {
    expect(hotelDraftCost({ ...draft, resortId: null })).toBeNull()
    expect(hotelDraftCost({ ...draft, checkOutDate: '' })).toBeNull()
    expect(hotelDraftCost({ ...draft, lengthOfStay: 'nights' })).toBeNull()
    expect(hotelDraftCost({ ...draft, latestCheckInDate: '2030-06-07' })).toBeNull()
    expect(hotelDraftCost({ ...draft, latestCheckInDate: '2030-06-23' })).toBeNull()
  })

  it('counts the stays at each chosen resort, split stays included', () => {
    expect(hotelDraftCost(draft)).toEqual({ stays: 1, resorts: 1, splitStays: 0, questions: 1 })
    expect(
      hotelDraftCost({
        ...draft,
        latestCheckInDate: '2030-06-14',
        lengthOfStay: 'nights',
        minNights: 5,
        maxNights: 6,
        otherResorts: [
          { resortId: 'beach', roomIds: [], anyRoom: true },
          { resortId: 'grand', roomIds: [], anyRoom: true },
          { resortId: null, roomIds: [], anyRoom: true },
        ],
      }),
    ).toEqual({ stays: 14, resorts: 3, splitStays: 0, questions: 42 })
    expect(hotelDraftCost({ ...draft, splitStays: true })).toEqual({
      stays: 1,
      resorts: 1,
      splitStays: 8,
      questions: 9,
    })
  })
})

describe('the dashboard’s Edit link of a flexible alert', () => {
  const query = (href: string) => new URL(href, 'https://example.com').searchParams
  const alert = {
    id: 'a1',
    resorts: [
      { resortId: 'poly', roomIds: ['a', 'b'] },
      { resortId: 'beach', roomIds: 'any' as const },
    ],
    checkInDate: '2030-06-08',
    latestCheckInDate: '2030-06-14',
    minNights: 5,
    maxNights: 6,
    splitStays: true,
    numberOfAdults: 2,
    agesOfChildren: [],
    accessible: false,
    keepWatching: true,
  }

  it('fills the form with every flexible field, the first resort as its own', () => {
    expect(readHotelDraft(query(hotelEditHref(alert)))).toEqual({
      ...EMPTY_HOTEL_DRAFT,
      resortId: 'poly',
      roomIds: ['a', 'b'],
      checkInDate: '2030-06-08',
      latestCheckInDate: '2030-06-14',
      lengthOfStay: 'nights',
      minNights: 5,
      maxNights: 6,
      otherResorts: [{ resortId: 'beach', roomIds: [], anyRoom: true }],
      splitStays: true,
    })
  })

  it('gives one length as the check-out of the earliest stay', () => {
    const oneLength = { ...alert, resorts: [{ resortId: 'poly', roomIds: 'any' as const }] }
    expect(readHotelDraft(query(hotelEditHref({ ...oneLength, maxNights: 5 })))).toEqual({
      ...EMPTY_HOTEL_DRAFT,
      resortId: 'poly',
      anyRoom: true,
      checkInDate: '2030-06-08',
      checkOutDate: '2030-06-13',
      latestCheckInDate: '2030-06-14',
      splitStays: true,
    })
  })
})

describe('the price ceiling of a hotel form', () => {
  it('reads dollars as people type them', () => {
    const typed: [string, number][] = [
      ['450', 450],
      ['450.50', 450.5],
      ['450.5', 450.5],
      ['$450', 450],
      ['$ 1,200', 1200],
      [' 1,200.75 ', 1200.75],
      ['12,345,678', 12345678],
      ['0', 0],
    ]
    for (const [text, dollars] of typed) expect(readDollars(text), text).toBe(dollars)
    for (const text of [
      '',
      'abc',
      '450.505',
      '1,20',
      '12,34,567',
      '-5',
      '4 50',
      '450.',
      '.5',
      '1e3',
      '$$5',
      '450$',
      '0x1F',
    ])
      expect(readDollars(text), text).toBeNull()
  })

  it('gives the JSON API a nightly or a total ceiling, none when blank, null when unread', () => {
    expect(priceCeilingFields({ priceCeiling: 'night', maxPrice: '$450' })).toEqual({
      maxNightlyPrice: 450,
    })
    expect(priceCeilingFields({ priceCeiling: 'stay', maxPrice: '2,400.50' })).toEqual({
      maxTotalPrice: 2400.5,
    })
    expect(priceCeilingFields({ priceCeiling: 'stay', maxPrice: '  ' })).toEqual({})
    expect(priceCeilingFields({})).toEqual({})
    expect(priceCeilingFields({ priceCeiling: 'night', maxPrice: 'cheap' })).toBeNull()
  })

  it('posts the ceiling as the JSON API takes it, per night unless the stay is chosen', () => {
    const nightly = posted({ ...exact, maxPrice: '$1,450.50' })
    expect(nightly.status === 'success' && nightly.value).toMatchObject({ maxNightlyPrice: 1450.5 })
    expect(nightly.status === 'success' && nightly.value).not.toHaveProperty('maxTotalPrice')
    const total = posted({ ...exact, priceCeiling: 'stay', maxPrice: '2400' })
    expect(total.status === 'success' && total.value).toMatchObject({ maxTotalPrice: 2400 })
    expect(total.status === 'success' && total.value).not.toHaveProperty('maxNightlyPrice')
    const none = posted({ ...exact, priceCeiling: 'stay', maxPrice: '' })
    expect(none.status === 'success' && none.value).not.toHaveProperty('maxTotalPrice')
  })

  it('says a price it cannot take beside the field, with the other problems', () => {
    for (const maxPrice of ['cheap', '450.505', '0', '100,000.01'])
      expect(errorsOf({ ...exact, maxPrice }), maxPrice).toEqual({
        maxPrice: [PRICE_MESSAGES.price],
      })
    expect(
      errorsOf({
        ...exact,
        priceCeiling: 'stay',
        maxPrice: 'cheap',
        latestCheckInDate: '2026-12-20',
      }),
    ).toEqual({
      maxPrice: [PRICE_MESSAGES.price],
      latestCheckInDate: [FLEXIBLE_HOTEL_MESSAGES.spread],
    })
    expect(errorsOf({ ...exact, priceCeiling: 'week', maxPrice: '450' })).toEqual({
      priceCeiling: ['Choose a price per night or for the whole stay.'],
    })
  })

  it('is read from the draft and given back by the Edit link as it was', () => {
    expect(
      readHotelDraft(new URLSearchParams('priceCeiling=stay&maxPrice=%20%241%2C200%20')),
    ).toMatchObject({ priceCeiling: 'stay', maxPrice: '$1,200' })
    expect(readHotelDraft(new URLSearchParams('priceCeiling=week'))).toMatchObject({
      priceCeiling: 'night',
      maxPrice: '',
    })
    const query = (href: string) => new URL(href, 'https://example.com').searchParams
    const alert = {
      id: 'a1',
      resortId: 'poly',
      roomIds: ['a'],
      checkInDate: '2030-06-08',
      checkOutDate: '2030-06-12',
      numberOfAdults: 2,
      agesOfChildren: [],
      accessible: false,
      keepWatching: true,
    }
    expect(readHotelDraft(query(hotelEditHref({ ...alert, maxTotalPrice: 2400.5 })))).toMatchObject(
      { priceCeiling: 'stay', maxPrice: '2400.50' },
    )
    expect(readHotelDraft(query(hotelEditHref({ ...alert, maxNightlyPrice: 450 })))).toMatchObject({
      priceCeiling: 'night',
      maxPrice: '450',
    })
    const plain = query(hotelEditHref(alert))
    expect([plain.has('maxPrice'), plain.has('priceCeiling')]).toEqual([false, false])
  })
})
