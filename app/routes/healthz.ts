import { json } from '@remix-run/node'
import { sql } from 'kysely'
import { getEnv } from '~/env.server'
import { getDb } from '~/utils/db.server'
import { liveWorkers } from '~/utils/heartbeat.server'
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

/** GET /healthz: 200 when Postgres, Redis and at least one worker are fine, else 503 naming what is not. */
export async function loader() {
  const prefix = getEnv().redisPrefix
  const [database, redis, worker] = await Promise.all([
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
      if (count === 0) throw new Error('no worker heartbeat in the last 30 seconds')
      return `${count} worker${count === 1 ? '' : 's'} alive`
    }),
  ])
  const checks = { database, redis, worker }
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
