import { describe, expect, it } from 'vitest'
import {
  actsOn,
  batchByKind,
  diningQueryKey,
  hash32,
  hotelQueryKey,
  jobLimiter,
  lastLookedAt,
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

describe('an alert sharing its question', () => {
  const MINUTE = 60_000
  const day = { intervalMs: 1440 * MINUTE, phase: 7 * MINUTE, changedAt: 0 }
  const club = { intervalMs: 2 * MINUTE, phase: (7 * MINUTE) % (2 * MINUTE), changedAt: 0 }
  const base = 10 * 1440 * MINUTE

  it("acts only on the first answer at or after each of its own plan's slots", () => {
    // The question is asked every 2 minutes for The Club; the daily alert's slot is base + 7 min.
    const checks = Array.from({ length: 24 * 30 }, (_, i) => base + i * 2 * MINUTE + 1_000)
    const acted = checks.filter((at, i) => i > 0 && actsOn(day, checks[i - 1]!, at))
    expect(acted).toEqual([base + 8 * MINUTE + 1_000])
    expect(checks.filter((at, i) => i > 0 && actsOn(club, checks[i - 1]!, at))).toHaveLength(
      checks.length - 1,
    )
  })

  it('still acts at its slot when the checks around it faulted', () => {
    expect(actsOn(day, base + 6 * MINUTE, base + 20 * MINUTE)).toBe(true)
    expect(actsOn(day, base + 20 * MINUTE, base + 40 * MINUTE)).toBe(false)
  })

  it('acts on its first answer after it was created or changed, slot or not', () => {
    const changed = { ...day, changedAt: base + 30 * MINUTE }
    expect(actsOn(changed, base + 29 * MINUTE, base + 31 * MINUTE)).toBe(true)
    expect(actsOn(changed, base + 31 * MINUTE, base + 33 * MINUTE)).toBe(false)
    expect(actsOn(day, null, base)).toBe(true)
  })

  it('says when it last looked: its last slot before the last check, or its change', () => {
    expect(lastLookedAt(day, null)).toBeNull()
    expect(lastLookedAt(day, base + 60 * MINUTE)).toBe(base + 7 * MINUTE)
    const changed = { ...day, changedAt: base + 30 * MINUTE }
    expect(lastLookedAt(changed, base + 20 * MINUTE)).toBeNull()
    expect(lastLookedAt(changed, base + 60 * MINUTE)).toBe(base + 30 * MINUTE)
    expect(lastLookedAt(club, base + 9 * MINUTE + 3_000)).toBe(base + 9 * MINUTE)
  })
})
