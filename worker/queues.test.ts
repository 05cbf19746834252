import { describe, expect, it } from 'vitest'
import { CHECK_DATABASE_RETRY_MS, jitteredBackoff, retryBackoff } from './queues.ts'

describe('the retry backoff', () => {
  it('doubles from a second, drawn between half and all of it, up to a minute', () => {
    for (let i = 0; i < 50; i++) {
      expect(jitteredBackoff(1)).toBeGreaterThanOrEqual(500)
      expect(jitteredBackoff(1)).toBeLessThanOrEqual(1000)
      expect(jitteredBackoff(4)).toBeGreaterThanOrEqual(4000)
      expect(jitteredBackoff(4)).toBeLessThanOrEqual(8000)
      expect(jitteredBackoff(40)).toBeLessThanOrEqual(60_000)
    }
  })

  it('tries again soon, however many tries an outage took, while the database is away', () => {
    const away = new Error('Connection terminated unexpectedly')
    for (const attempts of [1, 20, 5000]) {
      const delay = retryBackoff(attempts, 'jittered', away)
      expect(delay).toBeLessThanOrEqual(CHECK_DATABASE_RETRY_MS)
      expect(Number.isFinite(delay)).toBe(true)
    }
    expect(retryBackoff(20, 'jittered', new Error('dining: answered 503'))).toBeGreaterThan(
      CHECK_DATABASE_RETRY_MS,
    )
  })
})
