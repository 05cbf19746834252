import { describe, expect, it } from 'vitest'
import { formatDateRange, isIsoDate, nextRange, nightsBetween, todayIn } from './dates'

describe('dates', () => {
  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isIsoDate('2026-12-24')).toBe(true)
    expect(isIsoDate('2026-02-30')).toBe(false)
    expect(isIsoDate('12/24/2026')).toBe(false)
    expect(isIsoDate(20261224)).toBe(false)
  })

  it('knows today in the resort time zone', () => {
    const lateEvening = new Date('2026-11-23T04:30:00Z')
    expect(todayIn('America/New_York', lateEvening)).toBe('2026-11-22')
    expect(todayIn('America/Los_Angeles', lateEvening)).toBe('2026-11-22')
    expect(todayIn('UTC', lateEvening)).toBe('2026-11-23')
  })

  it('counts nights', () => {
    expect(nightsBetween('2026-12-30', '2027-01-02')).toBe(3)
  })

  it('writes the range as Mon D - Mon D, adding a year that is not this one', () => {
    expect(formatDateRange('2026-12-03', '2026-12-07', 2026)).toBe('Dec 3 - Dec 7')
    expect(formatDateRange('2026-12-30', '2027-01-02', 2026)).toBe('Dec 30 - Jan 2, 2027')
  })
})

describe('nextRange', () => {
  it('sets the start, then the end, then starts again', () => {
    expect(nextRange({}, '2026-12-03')).toEqual({ from: '2026-12-03' })
    expect(nextRange({ from: '2026-12-03' }, '2026-12-07')).toEqual({
      from: '2026-12-03',
      to: '2026-12-07',
    })
    expect(nextRange({ from: '2026-12-03', to: '2026-12-07' }, '2026-12-10')).toEqual({
      from: '2026-12-10',
    })
  })

  it('swaps an end that is earlier than the start, and waits on the same day', () => {
    expect(nextRange({ from: '2026-12-07' }, '2026-12-03')).toEqual({
      from: '2026-12-03',
      to: '2026-12-07',
    })
    expect(nextRange({ from: '2026-12-07' }, '2026-12-07')).toEqual({ from: '2026-12-07' })
  })
})
