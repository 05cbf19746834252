import type { Redis } from 'ioredis'
import { upstreamKey, type EndpointFamily } from '../../app/utils/upstream-health.server.ts'
import { UpstreamFault } from './errors.ts'

const THRESHOLD = 5
const WINDOW_S = 60
const OPEN_MS = 30_000

/**
 * A circuit breaker per endpoint family, kept in Redis so every worker sees the same state:
 * five faults within a minute open it for 30 s, during which calls fail at once without
 * touching Disney; the first call after that tries again.
 */
export class CircuitBreaker {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(family: EndpointFamily, part: 'failures' | 'open-until' | 'fault') {
    return upstreamKey(this.prefix, family, part)
  }

  async assertClosed(family: EndpointFamily, now = Date.now()) {
    const openUntil = Number(await this.redis.get(this.key(family, 'open-until')))
    if (openUntil > now) {
      throw new UpstreamFault(
        family,
        'breaker-open',
        `circuit open for ${Math.ceil((openUntil - now) / 1000)} s after repeated faults`,
      )
    }
  }

  async isOpen(family: EndpointFamily, now = Date.now()) {
    return Number(await this.redis.get(this.key(family, 'open-until'))) > now
  }

  /** A good answer closes the breaker and clears the fault shown on /healthz. */
  async success(family: EndpointFamily) {
    await this.redis.del(
      this.key(family, 'failures'),
      this.key(family, 'open-until'),
      this.key(family, 'fault'),
    )
  }

  async failure(fault: UpstreamFault, now = Date.now()) {
    if (fault.reason === 'breaker-open') return
    const failures = this.key(fault.family, 'failures')
    const [[, count]] = (await this.redis
      .multi()
      .incr(failures)
      .expire(failures, WINDOW_S)
      .exec()) as [[null, number]]
    await this.redis.set(
      this.key(fault.family, 'fault'),
      JSON.stringify({ reason: fault.reason, message: fault.message, at: now }),
      'EX',
      600,
    )
    if (count >= THRESHOLD)
      await this.redis.set(
        this.key(fault.family, 'open-until'),
        String(now + OPEN_MS),
        'PX',
        OPEN_MS,
      )
  }
}
