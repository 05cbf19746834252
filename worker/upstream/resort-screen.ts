import type { Redis } from 'ioredis'
import { UpstreamFault } from './errors.ts'

/**
 * The multi-resort screen of Walt Disney World's room-level questions (decision 0033): one
 * anonymous call says which of Disney's addresses have any room for a stay and party, so a
 * room-level question whose address has none is answered without asking Disney. A wide alert's
 * questions share a stay and party at every resort it watches, and so do other alerts': the
 * screen's answer is kept in Redis, and every worker asking the same stay and party reads it
 * instead of calling again while it is younger than its own question's interval.
 */
export class ResortScreen {
  /** Calls in progress in this process: a job's questions of one stay wait for one answer. */
  private readonly asking = new Map<string, Promise<ReadonlySet<string> | null>>()

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /**
   * The addresses where a room can be booked for a stay and party (`key`), from an answer younger
   * than `maxAgeMs` (the asking question's interval), or asked now (`ask`). Null when Disney could
   * not say (a fault, the breaker open): the caller then asks the room-level question, as
   * without the screen.
   */
  addresses(
    key: string,
    maxAgeMs: number,
    ask: () => Promise<readonly string[]>,
    now = Date.now(),
  ): Promise<ReadonlySet<string> | null> {
    const pending = this.asking.get(key)
    if (pending) return pending
    const answer = this.read(key, maxAgeMs, ask, now).finally(() => this.asking.delete(key))
    this.asking.set(key, answer)
    return answer
  }

  private async read(
    key: string,
    maxAgeMs: number,
    ask: () => Promise<readonly string[]>,
    now: number,
  ) {
    const redisKey = `${this.prefix}:resort-screen:${key}`
    const kept = await this.redis.get(redisKey)
    const answer = kept === null ? null : (JSON.parse(kept) as { at: number; addresses: string[] })
    if (answer && now - answer.at < maxAgeMs) return new Set(answer.addresses)
    let addresses: readonly string[]
    try {
      addresses = await ask()
    } catch (error) {
      if (error instanceof UpstreamFault) return null
      throw error
    }
    // Kept for the asker's interval; a reader with a shorter one judges its age itself.
    await this.redis.set(
      redisKey,
      JSON.stringify({ at: now, addresses }),
      'PX',
      Math.max(1000, maxAgeMs),
    )
    return new Set(addresses)
  }
}
