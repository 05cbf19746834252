import type { Redis } from 'ioredis'
import type { AlertKind } from '~/domain/alerts'
import type { DestinationId } from '~/domain/destinations'
import {
  CHECK_COUNT_FIELDS,
  isCheckCountField,
  type CheckCountField,
  type CheckCounts,
} from '~/domain/status'

/*
 * Questions Disney answered, per destination and kind, for the status page's "last hour". A check
 * writes one row per question and nothing per check (decision 0028), so these are counters in
 * Redis: one hash per minute, kept a little over an hour, which the page sums.
 */

const BUCKET_MS = 60_000
const BUCKETS_READ = 60
/** A minute's hash outlives the hour it is read in, by a margin for clocks that disagree. */
const KEEP_S = 65 * 60

function bucketKey(prefix: string, minute: number) {
  return `${prefix}:checks:${minute}`
}

/** Adds counts to the current minute's hash: one round trip. */
export async function countChecks(
  redis: Redis,
  prefix: string,
  counts: Partial<CheckCounts>,
  now = Date.now(),
) {
  const entries = Object.entries(counts).filter(([, count]) => count > 0)
  if (entries.length === 0) return
  const key = bucketKey(prefix, Math.floor(now / BUCKET_MS))
  const pipeline = redis.pipeline()
  for (const [field, count] of entries) pipeline.hincrby(key, field, count)
  // A pipeline answers each command's error beside its result rather than rejecting.
  for (const [error] of (await pipeline.expire(key, KEEP_S).exec()) ?? []) if (error) throw error
}

/** The sums of the last 60 minutes' hashes, the current one included: one round trip. */
export async function checksLastHour(
  redis: Redis,
  prefix: string,
  now = Date.now(),
): Promise<CheckCounts> {
  const minute = Math.floor(now / BUCKET_MS)
  const pipeline = redis.pipeline()
  for (let back = 0; back < BUCKETS_READ; back++) pipeline.hgetall(bucketKey(prefix, minute - back))
  const totals = Object.fromEntries(CHECK_COUNT_FIELDS.map((field) => [field, 0])) as CheckCounts
  for (const [error, hash] of (await pipeline.exec()) ?? []) {
    if (error) throw error
    for (const [field, count] of Object.entries(hash as Record<string, string>))
      if (isCheckCountField(field)) totals[field] += Number(count)
  }
  return totals
}

/** What a check job holds of a question: where it is (a hotel's resort, or a restaurant's). */
export interface CountedQuestion {
  locationIdentifier: DestinationId | null
  resortLocationIdentifier: DestinationId | null
}

/**
 * A worker's counts, kept in memory and written with its heartbeat, so a check job pays no Redis
 * round trip for them. A worker killed outright loses at most one beat's counts.
 */
export class CheckCounter {
  private pending: Partial<CheckCounts> = {}

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** One check per question answered, under its destination and kind. */
  add(kind: AlertKind, questions: readonly CountedQuestion[]) {
    for (const question of questions) {
      const destination =
        kind === 'hotel' ? question.locationIdentifier : question.resortLocationIdentifier
      if (!destination) continue
      const field: CheckCountField = `${destination}:${kind}`
      this.pending[field] = (this.pending[field] ?? 0) + 1
    }
  }

  /** Writes what was counted since the last flush; kept for the next one if Redis fails. */
  async flush(now = Date.now()) {
    const counts = this.pending
    this.pending = {}
    try {
      await countChecks(this.redis, this.prefix, counts, now)
    } catch (error) {
      for (const [field, count] of Object.entries(counts) as [CheckCountField, number][])
        this.pending[field] = (this.pending[field] ?? 0) + count
      throw error
    }
  }
}
