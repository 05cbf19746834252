import type { Redis } from 'ioredis'

/**
 * Workers write a heartbeat this often; /healthz/worker calls a worker alive only while its last
 * beat is fresh (three beats), so a worker killed outright stops counting within seconds.
 */
export const HEARTBEAT_INTERVAL_MS = 3_000
export const HEARTBEAT_STALE_MS = 3 * HEARTBEAT_INTERVAL_MS

export function heartbeatKey(prefix: string) {
  return `${prefix}:workers:heartbeat`
}

/** One sorted set: member = worker id, score = last beat; old members are swept on every beat. */
export async function beat(redis: Redis, prefix: string, workerId: string, now = Date.now()) {
  await redis
    .multi()
    .zadd(heartbeatKey(prefix), now, workerId)
    .zremrangebyscore(heartbeatKey(prefix), 0, now - HEARTBEAT_STALE_MS * 10)
    .exec()
}

export async function removeBeat(redis: Redis, prefix: string, workerId: string) {
  await redis.zrem(heartbeatKey(prefix), workerId)
}

export async function liveWorkers(redis: Redis, prefix: string, now = Date.now()) {
  return redis.zcount(heartbeatKey(prefix), now - HEARTBEAT_STALE_MS, '+inf')
}

/** When the freshest kept beat was written (ms since the epoch), or null when none is kept. */
export async function lastBeatAt(redis: Redis, prefix: string): Promise<number | null> {
  const [, score] = await redis.zrevrange(heartbeatKey(prefix), 0, 0, 'WITHSCORES')
  return score === undefined ? null : Number(score)
}
