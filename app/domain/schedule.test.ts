import { describe, expect, it } from 'vitest'
import {
  batchByKind,
  diningQueryKey,
  hash32,
  hotelQueryKey,
  jobLimiter,
  nextDueAt,
  phaseMs,
} from './schedule'

describe('query keys', () => {
  it('are the same for alerts asking the same question, whatever the order of ages', () => {
    const base = {
      resortId: 'r',
      checkInDate: '2026-12-01',
      checkOutDate: '2026-12-04',
      numberOfAdults: 2,
      accessible: false,
    }
    expect(hotelQueryKey({ ...base, agesOfChildren: [7, 0] })).toBe(
      hotelQueryKey({ ...base, agesOfChildren: [0, 7] }),
    )
    expect(hotelQueryKey({ ...base, agesOfChildren: [] })).not.toBe(
      hotelQueryKey({ ...base, agesOfChildren: [], accessible: true }),
    )
    expect(
      diningQueryKey({
        resortLocationIdentifier: 'disneyland',
        partySize: 4,
        reserveDate: '2026-12-01',
      }),
    ).toBe('dining|disneyland|4|2026-12-01')
  })
})

describe('phases and due times', () => {
  const interval = 5 * 60_000

  it('puts every due time on the phase, strictly after now', () => {
    const phase = phaseMs('dining|disneyland|4|2026-12-01', interval)
    for (const now of [0, 1, phase, phase + 1, 10 * interval + 7]) {
      const due = nextDueAt(now, interval, phase)
      expect(due).toBeGreaterThan(now)
      expect(due - now).toBeLessThanOrEqual(interval)
      expect((((due - phase) % interval) + interval) % interval).toBe(0)
    }
  })

  it('spreads different questions evenly over the interval', () => {
    const buckets = Array(10).fill(0)
    for (let i = 0; i < 10_000; i++)
      buckets[Math.floor((phaseMs(`dining|wdw|${i}|x`, interval) / interval) * 10)]++
    for (const count of buckets) expect(count).toBeGreaterThan(850)
  })

  it('hashes stably', () => {
    expect(hash32('a')).toBe(0xe40c292c)
  })
})

describe('check jobs', () => {
  const question = (kind: 'hotel' | 'dining', key: string) => ({ kind, key })

  it('hold questions of one kind, in order, at most the given number each', () => {
    const questions = [
      question('hotel', 'h1'),
      question('dining', 'd1'),
      question('hotel', 'h2'),
      question('hotel', 'h3'),
      question('dining', 'd2'),
    ]
    expect(batchByKind(questions, 2)).toEqual([
      { kind: 'hotel', questions: [question('hotel', 'h1'), question('hotel', 'h2')] },
      { kind: 'hotel', questions: [question('hotel', 'h3')] },
      { kind: 'dining', questions: [question('dining', 'd1'), question('dining', 'd2')] },
    ])
    expect(batchByKind([], 20)).toEqual([])
  })

  it('are limited so that their calls never exceed the upstream rate', () => {
    expect(jobLimiter(20, 20)).toEqual({ max: 1, duration: 1000 })
    expect(jobLimiter(40, 20)).toEqual({ max: 2, duration: 1000 })
    expect(jobLimiter(10, 20)).toEqual({ max: 1, duration: 2000 })
    expect(jobLimiter(30, 20)).toEqual({ max: 1, duration: 667 })
    expect(jobLimiter(10_000, 20)).toEqual({ max: 500, duration: 1000 })
    for (const rate of [1, 7, 19, 21, 99, 1234])
      for (const size of [1, 5, 20]) {
        const { max, duration } = jobLimiter(rate, size)
        expect((max * size * 1000) / duration).toBeLessThanOrEqual(rate)
      }
  })
})
