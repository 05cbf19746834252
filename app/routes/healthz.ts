import { json } from '@remix-run/node'
import { sql } from 'kysely'
import { getEnv } from '~/env.server'
import { getDb } from '~/utils/db.server'
import { HEARTBEAT_STALE_MS, liveWorkers } from '~/utils/heartbeat.server'
import { tickScheduled } from '../../worker/queues.ts'
import { getRedis } from '~/utils/redis.server'
import { silentFamilies, upstreamFaults } from '~/utils/upstream-health.server'

type Check = { ok: true; detail?: string } | { ok: false; detail: string }

async function check(run: () => Promise<string | undefined>): Promise<Check> {
  try {
    const detail = await run()
    return detail ? { ok: true, detail } : { ok: true }
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms),
    ),
  ])
}

/**
 * GET /healthz, readiness: 200 when Postgres, Redis, a live worker and the tick's schedule are
 * fine, else 503 naming what is not. (GET /livez says only that this process answers.)
 */
export async function loader() {
  const prefix = getEnv().redisPrefix
  const [database, redis, worker, schedule] = await Promise.all([
    check(async () => {
      await withTimeout(sql`select 1`.execute(getDb()), 2000, 'postgres')
      return undefined
    }),
    check(async () => {
      await withTimeout(getRedis().ping(), 2000, 'redis')
      return undefined
    }),
    check(async () => {
      const count = await withTimeout(liveWorkers(getRedis(), prefix), 2000, 'redis')
      if (count === 0)
        throw new Error(`no worker heartbeat in the last ${HEARTBEAT_STALE_MS / 1000} seconds`)
      return `${count} worker${count === 1 ? '' : 's'} alive`
    }),
    check(async () => {
      // A Redis that restarted empty has lost it; a worker puts it back within a heartbeat.
      const ticking = await withTimeout(tickScheduled(getRedis(), prefix), 2000, 'redis')
      if (!ticking) throw new Error('the tick schedule is missing: nothing is being checked')
      return undefined
    }),
  ])
  const checks = { database, redis, worker, schedule }
  const failing = Object.entries(checks)
    .filter(([, result]) => !result.ok)
    .map(([name]) => name)
  // Disney's trouble is not ours: it shows here as "degraded" but never takes the site out of a
  // load balancer (the answer stays 200).
  const upstream = await Promise.all([
    silentFamilies(getRedis(), prefix),
    upstreamFaults(getRedis(), prefix),
  ])
    .then(([silent, faults]) => ({ ...silent, ...faults }))
    .catch(() => ({}) as Awaited<ReturnType<typeof upstreamFaults>>)
  const degraded = Object.keys(upstream).length > 0
  return json(
    {
      status: failing.length ? 'unhealthy' : degraded ? 'degraded' : 'ok',
      failing,
      checks,
      upstream,
    },
    { status: failing.length ? 503 : 200, headers: { 'Cache-Control': 'no-store' } },
  )
}
