import { describe, expect, it } from 'vitest'
import file from '../../content/catalogue/booking-rules.json'
import { bookingRuleFor, readBookingRules } from './booking-rules'
import { lastDayToAct } from './prices'

describe('bookingRuleFor', () => {
  it('gives the whole rule of each destination and rate type, with its source', () => {
    expect(bookingRuleFor('disney-world', 'package')).toEqual({
      destination: 'disney-world',
      rateType: 'package',
      daysBeforeCheckIn: 30,
      rule: expect.stringContaining('30 days before arrival'),
      source: {
        title: expect.stringContaining('planDisney'),
        url: expect.stringMatching(/^https:\/\/plandisney\.disney\.go\.com\//),
        read: '2026-11-27',
      },
    })
    expect(bookingRuleFor('disneyland', 'room-only').daysBeforeCheckIn).toBe(5)
    expect(
      lastDayToAct('2027-06-10', bookingRuleFor('disneyland', 'room-only').daysBeforeCheckIn),
    ).toBe('2027-06-05')
  })
})

describe('readBookingRules', () => {
  const [first, ...rest] = file.rules

  it('reads the catalogue file', () => {
    expect(readBookingRules(file)).toHaveLength(4)
  })

  it.each([
    ['a missing rule', { ...file, rules: rest }],
    ['a rule given twice', { ...file, rules: [first, ...file.rules] }],
    [
      'a negative number of days',
      { ...file, rules: [{ ...first, daysBeforeCheckIn: -1 }, ...rest] },
    ],
    [
      'days that are not whole',
      { ...file, rules: [{ ...first, daysBeforeCheckIn: 4.5 }, ...rest] },
    ],
    ['an unknown rate type', { ...file, rules: [{ ...first, rateType: 'deluxe' }, ...rest] }],
    [
      'a source that is not https',
      {
        ...file,
        rules: [{ ...first, source: { ...first!.source, url: 'http://example.com/' } }, ...rest],
      },
    ],
    [
      'a read date that is no date',
      { ...file, rules: [{ ...first, source: { ...first!.source, read: '2026-02-30' } }, ...rest] },
    ],
    ['rule words left empty', { ...file, rules: [{ ...first, rule: '' }, ...rest] }],
  ])('refuses a file with %s', (_, json) => {
    expect(() => readBookingRules(json)).toThrow()
  })
})
