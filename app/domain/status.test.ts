import { describe, expect, it } from 'vitest'
import {
  CHECK_COUNT_FIELDS,
  checkCountRows,
  checkingWords,
  durationWords,
  familyHealth,
  formatUtc,
  heartbeatGap,
  incidentWords,
  percentile,
  textSpeed,
  type CheckCounts,
} from './status'

const at = (iso: string) => Date.parse(iso)

describe('percentile', () => {
  it('is the nearest rank: always one of the values', () => {
    const values = [5, 1, 4, 2, 3]
    expect(percentile(values, 0.5)).toBe(3)
    expect(percentile(values, 0.95)).toBe(5)
    expect(percentile(values, 0.2)).toBe(1)
    expect(percentile(values, 0.21)).toBe(2)
  })

  it('of twenty values, the 95th is the 19th smallest', () => {
    const values = Array.from({ length: 20 }, (_, index) => 20 - index)
    expect(percentile(values, 0.95)).toBe(19)
    expect(percentile(values, 0.5)).toBe(10)
  })

  it('of one value is that value, and of none is nothing', () => {
    expect(percentile([7], 0.5)).toBe(7)
    expect(percentile([7], 0.95)).toBe(7)
    expect(percentile([], 0.5)).toBeNull()
  })

  it('leaves the values it was given in their order', () => {
    const values = [3, 1, 2]
    percentile(values, 0.5)
    expect(values).toEqual([3, 1, 2])
  })
})

describe('textSpeed', () => {
  it('measures from the sighting to Twilio and to delivery, delivery only where reported', () => {
    const speed = textSpeed([
      { seenAt: 0, sentAt: 1_000, deliveredAt: 4_000 },
      { seenAt: 0, sentAt: 2_000, deliveredAt: null },
      { seenAt: 10_000, sentAt: 13_000, deliveredAt: 20_000 },
    ])
    expect(speed.sent).toEqual({ count: 3, medianMs: 2_000, p95Ms: 3_000 })
    expect(speed.delivered).toEqual({ count: 2, medianMs: 4_000, p95Ms: 10_000 })
  })

  it('counts a time before the sighting (clocks that disagree) as none, and no texts as nothing', () => {
    expect(textSpeed([{ seenAt: 5_000, sentAt: 4_900, deliveredAt: null }]).sent).toEqual({
      count: 1,
      medianMs: 0,
      p95Ms: 0,
    })
    expect(textSpeed([])).toEqual({ sent: null, delivered: null })
  })
})

describe('familyHealth', () => {
  const none = { breakerOpenSince: null, notFoundSince: null, fault: null }

  it('is OK with nothing wrong', () => {
    expect(familyHealth('dining', none)).toEqual({ family: 'dining', state: 'ok', words: 'OK' })
  })

  it('is degraded since the breaker opened, before anything else', () => {
    const health = familyHealth('wdw-hotel', {
      breakerOpenSince: at('2026-11-26T14:05:00Z'),
      notFoundSince: at('2026-11-26T13:00:00Z'),
      fault: { reason: 'timeout', at: at('2026-11-26T14:06:00Z') },
    })
    expect(health).toMatchObject({ state: 'degraded', since: at('2026-11-26T14:05:00Z') })
    expect(health.words).toBe(
      'Degraded since Nov 26, 14:05 UTC: Disney stopped answering, so checks pause and retry every 30 seconds.',
    )
  })

  it('is degraded since answers became all "not found"', () => {
    const health = familyHealth('dining', { ...none, notFoundSince: at('2026-11-26T13:00:00Z') })
    expect(health.words).toBe('Degraded since Nov 26, 13:00 UTC: every answer says "not found".')
  })

  it('dates a lone fault as the last failed call, in words that leave its message out', () => {
    const health = familyHealth('dlr-hotel', {
      ...none,
      fault: { reason: 'challenge', at: at('2026-11-26T09:30:00Z') },
    })
    expect(health).toMatchObject({ state: 'degraded', since: at('2026-11-26T09:30:00Z') })
    expect(health.words).toBe(
      'Degraded: the last call, at Nov 26, 09:30 UTC, failed (Disney asked for a bot check).',
    )
    expect(
      familyHealth('dlr-hotel', { ...none, fault: { reason: 'something-new', at: 0 } }).words,
    ).toMatch(/failed \(Disney did not answer\)\.$/)
  })
})

describe('heartbeatGap', () => {
  it('is the stretch from the last beat to now once it is longer than the limit', () => {
    expect(heartbeatGap(1_000, 11_000, 9_000)).toEqual({ from: 1_000, to: 11_000 })
  })

  it('is none at the limit, under it, or with no beat kept', () => {
    expect(heartbeatGap(1_000, 10_000, 9_000)).toBeNull()
    expect(heartbeatGap(1_000, 4_000, 9_000)).toBeNull()
    expect(heartbeatGap(null, 4_000, 9_000)).toBeNull()
  })
})

describe('checkingWords', () => {
  it('says whether a worker is checking, and since when none has', () => {
    expect(checkingWords(true, 1)).toBe('Checking now.')
    expect(checkingWords(false, null)).toBe('Not checking right now: no worker is running.')
    expect(checkingWords(false, at('2026-11-26T14:05:00Z'))).toBe(
      'Not checking right now: no worker has checked in since Nov 26, 14:05 UTC.',
    )
  })
})

describe('incidentWords', () => {
  const startedAt = at('2026-11-26T14:05:00Z')
  const breaker = { kind: 'breaker' as const, family: 'wdw-hotel' as const, startedAt }

  it('says what, from when to when, and for how long', () => {
    expect(
      incidentWords({ ...breaker, endedAt: startedAt + 15 * 60_000 }, false, startedAt),
    ).toEqual({
      what: 'Walt Disney World hotels: Disney stopped answering (circuit breaker open)',
      when: 'Nov 26, 14:05 UTC to Nov 26, 14:20 UTC',
      lasted: '15 min',
    })
    expect(
      incidentWords(
        { kind: 'heartbeat', family: null, startedAt, endedAt: startedAt + 42_000 },
        false,
        startedAt,
      ),
    ).toMatchObject({ what: 'No worker was checking (heartbeats missed)', lasted: '42 s' })
  })

  it('calls one without an end ongoing only while its cause lasts', () => {
    const now = startedAt + 2 * 3_600_000
    expect(incidentWords({ ...breaker, endedAt: null }, true, now)).toMatchObject({
      when: 'Since Nov 26, 14:05 UTC',
      lasted: 'Ongoing, 2 h so far',
    })
    expect(incidentWords({ ...breaker, endedAt: null }, false, now)).toMatchObject({
      when: 'From Nov 26, 14:05 UTC',
      lasted: 'End not recorded',
    })
  })
})

describe('durationWords', () => {
  it('is as precise as a reader needs', () => {
    expect(durationWords(420)).toBe('0.4 s')
    expect(durationWords(9_940)).toBe('9.9 s')
    expect(durationWords(12_400)).toBe('12 s')
    expect(durationWords(59_400)).toBe('59 s')
    expect(durationWords(59_600)).toBe('1 min')
    expect(durationWords(4 * 60_000)).toBe('4 min')
    expect(durationWords(60 * 60_000)).toBe('1 h')
    expect(durationWords(125 * 60_000)).toBe('2 h 5 min')
    expect(durationWords(24 * 3_600_000)).toBe('1 d')
    expect(durationWords(76 * 3_600_000)).toBe('3 d 4 h')
    expect(durationWords(-5)).toBe('0.0 s')
  })
})

describe('formatUtc', () => {
  it('writes a moment in UTC on a 24-hour clock', () => {
    expect(formatUtc(at('2026-01-02T00:07:00Z'))).toBe('Jan 2, 00:07 UTC')
    expect(formatUtc(at('2026-11-26T23:59:59Z'))).toBe('Nov 26, 23:59 UTC')
  })
})

describe('checkCountRows', () => {
  it('gives each destination its hotel and dining counts', () => {
    const counts = Object.fromEntries(
      CHECK_COUNT_FIELDS.map((field, index) => [field, index + 1]),
    ) as CheckCounts
    expect(CHECK_COUNT_FIELDS).toEqual([
      'disney-world:hotel',
      'disney-world:dining',
      'disneyland:hotel',
      'disneyland:dining',
    ])
    expect(checkCountRows(counts)).toEqual([
      { destination: 'Walt Disney World', hotel: 1, dining: 2 },
      { destination: 'Disneyland Resort', hotel: 3, dining: 4 },
    ])
  })
})
