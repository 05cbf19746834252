import { describe, expect, it } from 'vitest'
import {
  DINING_MESSAGES,
  fromDiningTimes,
  SIMPLE_DINING_DEFAULTS,
  SIMPLE_FLEXIBILITY,
  simpleFlexibilityOf,
  simpleTimeFields,
  timeMatches,
  TIME_SLOTS,
  toDiningTimes,
  toleranceLabel,
  twelveHour,
} from './dining-alert'
import { diningAlertSchema, diningFormSchema } from './dining-alert-schema'
import { flexibleDiningAlertSchema } from './flexible-alert-schema'

const schema = diningAlertSchema('2026-11-22')
const valid = {
  resortLocationIdentifier: 'disney-world',
  diningLocationId: '90002464',
  reserveDate: '2026-12-01',
  partySize: 4,
  preferredTime: null,
  timeRangeStart: null,
  timeRangeEnd: null,
}
const errors = (input: unknown) => {
  const result = schema.safeParse(input)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

describe('the time choices', () => {
  it('offers 30-minute steps from 08:00 to 21:30, shown in 12-hour time', () => {
    expect(TIME_SLOTS[0]).toBe('08:00')
    expect(TIME_SLOTS.at(-1)).toBe('21:30')
    expect(TIME_SLOTS).toHaveLength(28)
    expect(twelveHour('08:00')).toBe('8:00 AM')
    expect(twelveHour('12:30:00')).toBe('12:30 PM')
    expect(twelveHour('21:30')).toBe('9:30 PM')
  })

  it('labels the tolerances of the wizard and of the page form', () => {
    expect([0, 5, 90, 180].map((m) => toleranceLabel(m, 'wizard'))).toEqual([
      'Exact',
      '5m',
      '1.5h',
      '3h',
    ])
    expect([0, 15, 60].map((m) => toleranceLabel(m, 'form'))).toEqual([
      'Exact time only',
      '+/-15 min',
      '+/-1 h',
    ])
  })
})

describe('toDiningTimes', () => {
  it('sends no time for all day, and the window for a meal', () => {
    expect(toDiningTimes({ kind: 'all-day' })).toEqual({
      preferredTime: null,
      timeRangeStart: null,
      timeRangeEnd: null,
    })
    expect(toDiningTimes({ kind: 'meal', meal: 'breakfast' })).toEqual({
      preferredTime: null,
      timeRangeStart: '07:00:00',
      timeRangeEnd: '11:30:00',
    })
    expect(toDiningTimes({ kind: 'meal', meal: 'dinner' }).timeRangeEnd).toBe('22:00:00')
  })

  it('widens a specific time by the tolerance, clamped to 00:00 to 23:59', () => {
    expect(toDiningTimes({ kind: 'time', time: '18:00', toleranceMinutes: 30 })).toEqual({
      preferredTime: '18:00:00',
      timeRangeStart: '17:30:00',
      timeRangeEnd: '18:30:00',
    })
    expect(toDiningTimes({ kind: 'time', time: '21:30', toleranceMinutes: 180 }).timeRangeEnd).toBe(
      '23:59:00',
    )
    expect(
      toDiningTimes({ kind: 'time', time: '01:00', toleranceMinutes: 120 }).timeRangeStart,
    ).toBe('00:00:00')
    expect(toDiningTimes({ kind: 'time', time: '08:00', toleranceMinutes: 0 })).toEqual({
      preferredTime: '08:00:00',
      timeRangeStart: null,
      timeRangeEnd: null,
    })
  })
})

describe('fromDiningTimes (editing)', () => {
  it('derives all day, a meal, or a time with its tolerance', () => {
    expect(
      fromDiningTimes({ preferredTime: null, timeRangeStart: null, timeRangeEnd: null }),
    ).toEqual({ kind: 'all-day' })
    expect(
      fromDiningTimes({
        preferredTime: null,
        timeRangeStart: '11:30:00',
        timeRangeEnd: '16:30:00',
      }),
    ).toEqual({
      kind: 'meal',
      meal: 'lunch',
    })
    expect(
      fromDiningTimes({
        preferredTime: '18:00:00',
        timeRangeStart: '17:30:00',
        timeRangeEnd: '18:30:00',
      }),
    ).toEqual({
      kind: 'time',
      time: '18:00',
      toleranceMinutes: 30,
    })
    expect(
      fromDiningTimes({
        preferredTime: '18:00:00',
        timeRangeStart: '17:10:00',
        timeRangeEnd: '18:30:00',
      }),
    ).toEqual({
      kind: 'time',
      time: '18:00',
      toleranceMinutes: 0,
    })
  })
})

describe('timeMatches', () => {
  it('matches inside a range, exactly at a preferred time, and anything all day', () => {
    const lunch = toDiningTimes({ kind: 'meal', meal: 'lunch' })
    expect(timeMatches('11:30:00', lunch)).toBe(true)
    expect(timeMatches('16:35:00', lunch)).toBe(false)
    expect(
      timeMatches('18:00:00', toDiningTimes({ kind: 'time', time: '18:00', toleranceMinutes: 0 })),
    ).toBe(true)
    expect(
      timeMatches('18:05:00', toDiningTimes({ kind: 'time', time: '18:00', toleranceMinutes: 0 })),
    ).toBe(false)
    expect(timeMatches('09:15:00', toDiningTimes({ kind: 'all-day' }))).toBe(true)
  })
})

describe('diningAlertSchema', () => {
  it('accepts times as HH:MM:SS, HH:MM (made HH:MM:00) or null', () => {
    const parsed = schema.parse({
      ...valid,
      preferredTime: '18:00',
      timeRangeStart: '17:30:00',
      timeRangeEnd: '18:30:00',
    })
    expect(parsed).toMatchObject({ preferredTime: '18:00:00', timeRangeStart: '17:30:00' })
    expect(schema.parse(valid).preferredTime).toBeNull()
  })

  it('keeps the party between 1 and 20', () => {
    expect(errors({ ...valid, partySize: 0 })).toEqual([DINING_MESSAGES.partySize])
    expect(errors({ ...valid, partySize: 21 })).toEqual([DINING_MESSAGES.partySize])
  })

  it('refuses a past date, a bad time and a backwards range', () => {
    expect(errors({ ...valid, reserveDate: '2026-11-21' })).toEqual([DINING_MESSAGES.pastDate])
    expect(errors({ ...valid, preferredTime: '25:00' })).toEqual([DINING_MESSAGES.time])
    expect(errors({ ...valid, timeRangeStart: '19:00:00', timeRangeEnd: '18:00:00' })).toEqual([
      DINING_MESSAGES.range,
    ])
    expect(errors({ ...valid, timeRangeStart: '19:00:00' })).toEqual([DINING_MESSAGES.range])
  })

  it('knows only the two destinations', () => {
    expect(errors({ ...valid, resortLocationIdentifier: 'epcot' })).toEqual([
      'resortLocationIdentifier must be disney-world or disneyland.',
    ])
  })
})

describe('diningFormSchema', () => {
  const form = diningFormSchema('2026-11-22')
  it('asks for a restaurant, date and party size in one message', () => {
    const result = form.safeParse({ resortLocationIdentifier: 'disneyland', partySize: 2 })
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Please select a restaurant, date, and party size.',
    ])
  })

  it('turns the time preference into the times the API sends', () => {
    const parsed = form.parse({
      resortLocationIdentifier: 'disneyland',
      diningLocationId: '354099',
      reserveDate: '2026-12-01',
      partySize: 4,
      timeChoice: 'time',
      specificTime: '18:00',
      tolerance: 30,
    })
    expect(parsed).toMatchObject({
      preferredTime: '18:00:00',
      timeRangeStart: '17:30:00',
      timeRangeEnd: '18:30:00',
    })
    expect(
      form.parse({ ...parsed, diningLocationId: '354099', timeChoice: 'dinner' }),
    ).toMatchObject({
      preferredTime: null,
      timeRangeStart: '16:30:00',
    })
  })

  it('asks for the time when a specific time is chosen without one', () => {
    const result = form.safeParse({
      resortLocationIdentifier: 'disneyland',
      diningLocationId: '354099',
      reserveDate: '2026-12-01',
      partySize: 4,
      timeChoice: 'time',
    })
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Choose a time.'])
  })
})

describe('diningFormSchema with flexible fields', () => {
  const form = diningFormSchema('2026-11-22')
  const base = {
    resortLocationIdentifier: 'disney-world',
    diningLocationIds: ['90002464'],
    reserveDate: '2026-12-01',
    partySize: 4,
  }
  const problems = (input: Record<string, unknown>) =>
    form.safeParse({ ...base, ...input }).error?.issues.map((issue) => [issue.path, issue.message])

  it('gives several restaurants, a range and several meals as the JSON API takes them', () => {
    const parsed = form.parse({
      ...base,
      diningLocationIds: ['90002464', '90001369', '90002464'],
      latestReserveDate: '2026-12-03',
      mealPeriods: ['dinner', 'lunch'],
    })
    expect(parsed).toEqual({
      resortLocationIdentifier: 'disney-world',
      diningLocationIds: ['90002464', '90001369'],
      reserveDates: ['2026-12-01', '2026-12-02', '2026-12-03'],
      partySize: 4,
      mealPeriods: ['lunch', 'dinner'],
      preferredTime: null,
      timeRangeStart: null,
      timeRangeEnd: null,
    })
    // What the form gives, the API takes back unchanged.
    expect(flexibleDiningAlertSchema('2026-11-22').safeParse(parsed).success).toBe(true)
  })

  it("gives one restaurant, one date and one meal in today's fields", () => {
    const parsed = form.parse({ ...base, latestReserveDate: '2026-12-01', mealPeriods: ['dinner'] })
    expect(parsed).toEqual({
      resortLocationIdentifier: 'disney-world',
      diningLocationId: '90002464',
      reserveDate: '2026-12-01',
      partySize: 4,
      preferredTime: null,
      timeRangeStart: '16:30:00',
      timeRangeEnd: '22:00:00',
    })
    expect(
      form.parse({ ...base, reserveDate: undefined, reserveDates: ['2026-12-05', '2026-12-02'] }),
    ).toMatchObject({ reserveDates: ['2026-12-02', '2026-12-05'] })
  })

  it('refuses what one alert may not watch, in words beside the field', () => {
    const eleven = Array.from({ length: 11 }, (_, index) => `r${index}`)
    expect(problems({ diningLocationIds: eleven })).toEqual([
      [['diningLocationIds'], 'Select at most 10 restaurants.'],
    ])
    expect(problems({ latestReserveDate: '2026-12-15' })).toEqual([
      [['latestReserveDate'], 'A date range can cover at most 14 days.'],
    ])
    expect(problems({ latestReserveDate: '2026-11-30' })).toEqual([
      [['latestReserveDate'], 'The last date cannot be before the first.'],
    ])
    expect(problems({ reserveDates: ['2026-12-02'] })).toEqual([
      [['reserveDates'], 'Give reserveDates, or reserveDate and latestReserveDate, not both.'],
    ])
    expect(problems({ mealPeriods: ['tea'] })).toEqual([
      [['mealPeriods'], 'Choose breakfast, lunch or dinner.'],
    ])
    expect(problems({ mealPeriods: ['lunch'], specificTime: '12:00' })).toEqual([
      [['mealPeriods'], 'Choose meal periods or a time, not both.'],
    ])
  })

  it('refuses every problem at once', () => {
    const eleven = Array.from({ length: 11 }, (_, index) => `r${index}`)
    expect(problems({ partySize: 21, diningLocationIds: eleven, timeChoice: 'time' })).toEqual([
      [['specificTime'], 'Choose a time.'],
      [['diningLocationIds'], 'Select at most 10 restaurants.'],
      [['partySize'], 'Party size must be between 1 and 20.'],
    ])
  })
})

describe('the simpler form variant', () => {
  it('offers Exact time only, +/-1 h, +/-2 h and the three meals, defaulting to +/-2 at 11:00 for 4', () => {
    expect(SIMPLE_FLEXIBILITY.map((choice) => choice.label)).toEqual([
      'Exact time only',
      '+/-1 h',
      '+/-2 h',
      'Morning (Breakfast)',
      'Afternoon (Lunch)',
      'Evening (Dinner)',
    ])
    expect(SIMPLE_DINING_DEFAULTS).toEqual({ flexibility: '2', time: '11:00', partySize: 4 })
  })

  it.each([
    ['none', { timeChoice: 'time', specificTime: '11:00', tolerance: '0' }],
    ['1', { timeChoice: 'time', specificTime: '11:00', tolerance: '60' }],
    ['2', { timeChoice: 'time', specificTime: '11:00', tolerance: '120' }],
    ['morning', { timeChoice: 'breakfast', specificTime: '', tolerance: '0' }],
    ['afternoon', { timeChoice: 'lunch', specificTime: '', tolerance: '0' }],
    ['evening', { timeChoice: 'dinner', specificTime: '', tolerance: '0' }],
  ])('reads %s as the page form fields %j, and back', (flexibility, fields) => {
    expect(simpleTimeFields(flexibility, '11:00')).toEqual(fields)
    expect(simpleFlexibilityOf({ ...fields, tolerance: Number(fields.tolerance) })).toBe(
      flexibility,
    )
  })

  it.each(['', '3', 'MORNING', 'all-day'])('refuses the unknown choice %j', (flexibility) => {
    expect(simpleTimeFields(flexibility, '11:00')).toBeNull()
  })
})
