import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import {
  HOTEL_MESSAGES,
  missingHotelParts,
  normalizeHotelPayload,
  requiredFieldsMessage,
  resolveRoomSelection,
} from './hotel-alert'
import { hotelAlertSchema, hotelPageSchema } from './hotel-alert-schema'
import { TODAYS_HOTEL_BODY } from '../../tests/support/alert-json.ts'
import { STANDARD_ROOM } from '../../tests/support/rooms.ts'

const today = '2026-11-22'
const schema = hotelAlertSchema(today)

function errors(input: unknown) {
  const result = schema.safeParse(input)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

describe('hotelAlertSchema', () => {
  it('accepts a complete alert and drops repeated room ids', () => {
    expect(schema.parse(TODAYS_HOTEL_BODY)).toEqual({ ...TODAYS_HOTEL_BODY, roomIds: ['a', 'b'] })
  })

  it('coerces nothing: numbers as text and a box as "on" are refused (forms are read first)', () => {
    expect(errors({ ...TODAYS_HOTEL_BODY, numberOfAdults: '3' })).toEqual([HOTEL_MESSAGES.adults])
    expect(errors({ ...TODAYS_HOTEL_BODY, numberOfAdults: true })).toEqual([HOTEL_MESSAGES.adults])
    expect(errors({ ...TODAYS_HOTEL_BODY, agesOfChildren: ['4'] })).toEqual([HOTEL_MESSAGES.ages])
    expect(errors({ ...TODAYS_HOTEL_BODY, accessible: 'on' })).toEqual([
      'accessible must be true or false.',
    ])
    expect(
      schema.parse({ ...TODAYS_HOTEL_BODY, numberOfAdults: 3, accessible: true }),
    ).toMatchObject({
      numberOfAdults: 3,
      accessible: true,
    })
  })

  it('takes keepWatching as a boolean only, and leaves it out when not given', () => {
    // Left out, a new alert keeps watching (the column's default) and an edit keeps its choice.
    expect(schema.parse(TODAYS_HOTEL_BODY)).not.toHaveProperty('keepWatching')
    expect(schema.parse({ ...TODAYS_HOTEL_BODY, keepWatching: false }).keepWatching).toBe(false)
    expect(schema.parse({ ...TODAYS_HOTEL_BODY, keepWatching: true }).keepWatching).toBe(true)
    for (const keepWatching of ['false', 'true', 0, 1, null, 'on'])
      expect(errors({ ...TODAYS_HOTEL_BODY, keepWatching })).toEqual([HOTEL_MESSAGES.keepWatching])
  })

  it('looks at most two years ahead, at stays of at most 30 nights', () => {
    expect(
      errors({ ...TODAYS_HOTEL_BODY, checkInDate: '9999-01-01', checkOutDate: '9999-01-04' }),
    ).toEqual([HOTEL_MESSAGES.tooFar])
    expect(
      errors({ ...TODAYS_HOTEL_BODY, checkInDate: '2028-12-01', checkOutDate: '2028-12-04' }),
    ).toEqual([HOTEL_MESSAGES.tooFar])
    expect(
      errors({ ...TODAYS_HOTEL_BODY, checkInDate: '2026-12-03', checkOutDate: '2027-01-03' }),
    ).toEqual([HOTEL_MESSAGES.tooLong])
    expect(
      errors({ ...TODAYS_HOTEL_BODY, checkInDate: '2026-12-03', checkOutDate: '2027-01-02' }),
    ).toEqual([])
  })

  it('keeps adults between 1 and 14', () => {
    expect(errors({ ...TODAYS_HOTEL_BODY, numberOfAdults: 0 })).toEqual([HOTEL_MESSAGES.adults])
    expect(errors({ ...TODAYS_HOTEL_BODY, numberOfAdults: 15 })).toEqual([HOTEL_MESSAGES.adults])
    expect(errors({ ...TODAYS_HOTEL_BODY, numberOfAdults: 1.5 })).toEqual([HOTEL_MESSAGES.adults])
  })

  it('keeps children between 0 and 13 with ages 0 to 17', () => {
    expect(errors({ ...TODAYS_HOTEL_BODY, agesOfChildren: Array(14).fill(5) })).toEqual([
      HOTEL_MESSAGES.children,
    ])
    expect(errors({ ...TODAYS_HOTEL_BODY, agesOfChildren: [18] })).toEqual([HOTEL_MESSAGES.ages])
    expect(errors({ ...TODAYS_HOTEL_BODY, agesOfChildren: [-1] })).toEqual([HOTEL_MESSAGES.ages])
    expect(errors({ ...TODAYS_HOTEL_BODY, numberOfChildren: 3 })).toEqual([HOTEL_MESSAGES.ages])
  })

  it('refuses dates in the past and a check-out that is not after check-in', () => {
    expect(errors({ ...TODAYS_HOTEL_BODY, checkInDate: '2026-11-21' })).toEqual([
      HOTEL_MESSAGES.pastDate,
    ])
    expect(errors({ ...TODAYS_HOTEL_BODY, checkOutDate: '2026-12-03' })).toEqual([
      HOTEL_MESSAGES.checkOutAfterCheckIn,
    ])
    expect(
      errors({ ...TODAYS_HOTEL_BODY, checkInDate: '2026-11-22', checkOutDate: '2026-11-23' }),
    ).toEqual([])
    expect(errors({ ...TODAYS_HOTEL_BODY, checkInDate: '2026-13-01' })).toEqual([
      HOTEL_MESSAGES.dates,
    ])
  })

  it('asks for a resort and at least one room type', () => {
    expect(errors({ ...TODAYS_HOTEL_BODY, resortId: '' })).toEqual([HOTEL_MESSAGES.resort])
    expect(errors({ ...TODAYS_HOTEL_BODY, roomIds: [] })).toEqual([HOTEL_MESSAGES.rooms])
  })
})

describe('the required-fields summary of the page form', () => {
  it('lists what is missing in order, ending with a period', () => {
    expect(requiredFieldsMessage(missingHotelParts({ numberOfAdults: 2 }))).toBe(
      'Please complete all required fields: resort, dates, at least 1 room type.',
    )
    expect(
      requiredFieldsMessage(
        missingHotelParts({
          resortId: 'r',
          checkInDate: '2026-12-01',
          checkOutDate: '2026-12-02',
          numberOfAdults: 0,
          numberOfChildren: 2,
          agesOfChildren: [4],
          roomIds: ['a'],
        }),
      ),
    ).toBe('Please complete all required fields: at least 1 adult, ages for all children.')
    expect(requiredFieldsMessage([])).toBeNull()
  })
})

describe('resolveRoomSelection', () => {
  const room = STANDARD_ROOM
  const rooms = [
    {
      id: 'small',
      ...room,
      maxOccupancy: 2,
      maxNonInfantOccupancy: 2,
      maxAdultOccupancy: 2,
      maxNonAdultOccupancy: 1,
    },
    { id: 'standard', ...room },
  ]
  const party = { adults: 3, childAges: [], accessible: false }

  it('drops selected rooms that no longer fit the party', () => {
    expect(resolveRoomSelection(['small', 'standard'], rooms, party)).toEqual({
      ok: true,
      roomIds: ['standard'],
    })
  })

  it('refuses rooms of another resort', () => {
    expect(resolveRoomSelection(['elsewhere'], rooms, party)).toEqual({
      ok: false,
      message: HOTEL_MESSAGES.unknownRooms,
    })
  })

  it('says so when no room of the resort fits the party', () => {
    expect(resolveRoomSelection(['standard'], rooms, { ...party, adults: 6 })).toEqual({
      ok: false,
      message: HOTEL_MESSAGES.noRoomsForParty,
    })
  })

  it('says so when none of the selection fits', () => {
    expect(resolveRoomSelection(['small'], rooms, party)).toEqual({
      ok: false,
      message: HOTEL_MESSAGES.selectionDoesNotFit,
    })
  })
})

describe('normalizeHotelPayload', () => {
  it('reads the capitalised update payload', () => {
    expect(
      normalizeHotelPayload({
        Id: 'x',
        Resort: { Id: 'r1', Name: 'Pop' },
        CheckInDate: '2026-12-01',
        NumberOfAdults: 2,
        Rooms: [{ Id: 'a' }, { id: 'b' }],
        Status: 0,
      }),
    ).toMatchObject({
      id: 'x',
      resortId: 'r1',
      checkInDate: '2026-12-01',
      numberOfAdults: 2,
      roomIds: ['a', 'b'],
      status: 0,
    })
  })

  it('reads capitalised resorts of a flexible alert, and leaves what is not one alone', () => {
    expect(
      normalizeHotelPayload({
        Resorts: [{ ResortId: 'r1', RoomIds: 'any' }, 'not a resort', ['nor this']],
        LatestCheckInDate: '2026-12-08',
        MinNights: 5,
      }),
    ).toMatchObject({
      resorts: [{ resortId: 'r1', roomIds: 'any' }, 'not a resort', ['nor this']],
      latestCheckInDate: '2026-12-08',
      minNights: 5,
    })
  })

  it('prefers explicit ids over the objects', () => {
    expect(
      normalizeHotelPayload({
        resortId: 'r2',
        resort: { id: 'r1' },
        roomIds: ['c'],
        rooms: [{ id: 'a' }],
      }),
    ).toMatchObject({
      resortId: 'r2',
      roomIds: ['c'],
    })
  })
})

describe('hotelPageSchema', () => {
  it('gives the summary of missing parts first', () => {
    const result = hotelPageSchema(today).safeParse({
      numberOfAdults: 2,
      numberOfChildren: 1,
      agesOfChildren: [null],
    })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [
        [],
        'Please complete all required fields: resort, dates, ages for all children, at least 1 room type.',
      ],
    ])
  })

  it('then checks every field', () => {
    const result = hotelPageSchema(today).safeParse({
      ...TODAYS_HOTEL_BODY,
      checkInDate: '2026-01-01',
    })
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([HOTEL_MESSAGES.pastDate])
  })

  it('reads the keep-watching radio buttons of a posted form, and nothing else', () => {
    const posted = (keepWatching?: string) => {
      const form = new FormData()
      for (const [key, value] of Object.entries({
        resortId: TODAYS_HOTEL_BODY.resortId,
        checkInDate: TODAYS_HOTEL_BODY.checkInDate,
        checkOutDate: TODAYS_HOTEL_BODY.checkOutDate,
        numberOfAdults: '2',
        roomIds: 'a',
        ...(keepWatching !== undefined && { keepWatching }),
      }))
        form.set(key, value)
      return parseWithZod(form, { schema: hotelPageSchema(today) })
    }
    const value = (keepWatching?: string) => {
      const submission = posted(keepWatching)
      return submission.status === 'success' ? submission.value.keepWatching : submission.error
    }
    expect(value('false')).toBe(false)
    expect(value('true')).toBe(true)
    expect(value()).toBeUndefined()
    expect(value('on')).toEqual({ keepWatching: [HOTEL_MESSAGES.keepWatching] })
  })
})
