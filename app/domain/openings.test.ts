import { describe, expect, it } from 'vitest'
import {
  diningOpeningKey,
  hotelOpeningKey,
  openingChanges,
  TEXTS_PER_ALERT_PER_DAY,
  textUnderCap,
} from './openings'

describe('openingChanges', () => {
  it('finds what appeared and what closed, and leaves what stayed open alone', () => {
    expect(openingChanges({ a: 1, b: 2 }, ['b', 'c'])).toEqual({ appeared: ['c'], closed: [1] })
  })

  it('changes nothing when an answer shows what was open', () => {
    expect(openingChanges({ a: 1 }, ['a'])).toEqual({ appeared: [], closed: [] })
  })

  it('closes everything when an answer shows nothing', () => {
    expect(openingChanges({ a: 1, b: 2 }, [])).toEqual({ appeared: [], closed: [1, 2] })
  })

  it('counts a key seen twice in one answer once', () => {
    expect(openingChanges({}, ['a', 'a'])).toEqual({ appeared: ['a'], closed: [] })
  })

  it('treats keys as data, not as the object’s own properties', () => {
    expect(openingChanges({}, ['constructor', 'toString'])).toEqual({
      appeared: ['constructor', 'toString'],
      closed: [],
    })
  })
})

describe('textUnderCap', () => {
  it('texts up to the cap, then sends one summary, then holds', () => {
    const plans = Array.from({ length: TEXTS_PER_ALERT_PER_DAY + 3 }, (_, sent) =>
      textUnderCap(sent),
    )
    expect(plans.filter((plan) => plan === 'text')).toHaveLength(TEXTS_PER_ALERT_PER_DAY)
    expect(plans.slice(TEXTS_PER_ALERT_PER_DAY)).toEqual(['summary', 'held', 'held'])
  })
})

describe('opening keys', () => {
  it('name a room type and stay, or a restaurant, date and time', () => {
    expect(hotelOpeningKey('room', '2026-12-03', '2026-12-07')).toBe('room|2026-12-03|2026-12-07')
    expect(diningOpeningKey('90002', '2026-12-03', '18:15:00')).toBe('90002|2026-12-03|18:15:00')
  })
})
