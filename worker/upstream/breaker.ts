import type { Redis } from 'ioredis'
import { upstreamKey, type EndpointFamily } from '../../app/utils/upstream-health.server.ts'
import { UpstreamFault } from './errors.ts'

const THRESHOLD = 5
const WINDOW_S = 60
const OPEN_MS = 30_000
/** How long a closed breaker's state read from Redis is trusted before it is read again. */
const STATE_TTL_MS = 1_000

/**
 * A breaker opening after faults, or closing at the first good answer after that: one incident
 * (`since` is when it opened). Each is reported by exactly one process, however many share it.
 */
export interface BreakerChange {
  family: EndpointFamily
  state: 'open' | 'closed'
  since: number
  at: number
}

/** Where a family's incident lasts: when its breaker opened, until a good answer closes it. */
export function breakerIncidentKey(prefix: string, family: EndpointFamily) {
  return `${prefix}:incidents:breaker:${family}`
}

interface SeenState {
  readAt: number
  openUntil: number
  /** Failures or a fault on /healthz that the next good answer must clear. */
  toClear: boolean
}

/**
 * A circuit breaker per endpoint family, kept in Redis so every worker sees the same state:
 * five faults within a minute open it for 30 s, during which calls fail at once without
 * touching Disney; the first call after that tries again.
 *
 * Each process reads a family's state from Redis at most once a second while it is closed and
 * writes on a good answer only when there is something to clear, so a check costs no Redis round
 * trip; a breaker opened by another worker is seen within a second.
 *
 * Its opening and its closing are told to `onChange` (the worker records them for the status
 * page). The breaker opens again every 30 s while Disney keeps failing; that is one incident,
 * kept in Redis from the first opening until a good answer, so a check that sees no change pays
 * nothing for it.
 */
export class CircuitBreaker {
  private readonly seen = new Map<EndpointFamily, SeenState>()

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly onChange: (change: BreakerChange) => Promise<void> | void = () => undefined,
  ) {}

  private key(family: EndpointFamily, part: 'failures' | 'open-until' | 'fault' | 'incident') {
    return part === 'incident'
      ? breakerIncidentKey(this.prefix, family)
      : upstreamKey(this.prefix, family, part)
  }

  private async state(family: EndpointFamily, now: number) {
    const cached = this.seen.get(family)
    // An open breaker is read every time, so it closes as soon as Redis says so.
    if (cached && cached.openUntil <= now && now - cached.readAt < STATE_TTL_MS) return cached
    const [openUntil, failures, fault, incident] = await this.redis.mget(
      this.key(family, 'open-until'),
      this.key(family, 'failures'),
      this.key(family, 'fault'),
      this.key(family, 'incident'),
    )
    const state = {
      readAt: now,
      openUntil: Number(openUntil),
      toClear: openUntil !== null || failures !== null || fault !== null || incident !== null,
    }
    this.seen.set(family, state)
    return state
  }

  async assertClosed(family: EndpointFamily, now = Date.now()) {
    const { openUntil } = await this.state(family, now)
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

  /**
   * A good answer closes the breaker and clears the fault shown on /healthz; it ends the
   * family's incident, if one lasts (read and deleted at once, so only one worker ends it).
   */
  async success(family: EndpointFamily, now = Date.now()) {
    const state = this.seen.get(family)
    if (state && !state.toClear) return
    const [[, since]] = (await this.redis
      .multi()
      .get(this.key(family, 'incident'))
      .del(
        this.key(family, 'failures'),
        this.key(family, 'open-until'),
        this.key(family, 'fault'),
        this.key(family, 'incident'),
      )
      .exec()) as [[null, string | null], [null, number]]
    if (state) state.toClear = false
    if (since !== null)
      await this.onChange({ family, state: 'closed', since: Number(since), at: now })
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
    let started = false
    if (count >= THRESHOLD) {
      // Only the opening that starts the incident (NX) reports it; a reopening carries it on.
      const [[, incident]] = (await this.redis
        .multi()
        .set(this.key(fault.family, 'incident'), String(now), 'NX')
        .set(this.key(fault.family, 'open-until'), String(now + OPEN_MS), 'PX', OPEN_MS)
        .exec()) as [[null, 'OK' | null], [null, 'OK']]
      started = incident === 'OK'
    }
    // The next call reads Redis again: this fault may have opened the breaker.
    this.seen.delete(fault.family)
    if (started) await this.onChange({ family: fault.family, state: 'open', since: now, at: now })
  }
}
