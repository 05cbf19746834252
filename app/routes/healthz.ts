import { sql } from 'kysely'
import { getEnv } from '~/env.server'
import { getDb } from '~/utils/db.server'
import { check, healthAnswer, withTimeout } from '~/utils/health.server'
import { getRedis } from '~/utils/redis.server'
import { silentFamilies, upstreamFaults } from '~/utils/upstream-health.server'

/**
 * GET /healthz, the web's readiness (what a load balancer calls): 200 when Postgres and Redis,
 * all a page needs, answer; else 503 naming which does not. The workers have their own health
 * at GET /healthz/worker: a worker restarting must not take the web out of rotation. (GET /livez
 * says only that this process answers.)
 */
export async function loader() {
  const prefix = getEnv().redisPrefix
  const [database, redis] = await Promise.all([
    check(async () => {
      await withTimeout(sql`select 1`.execute(getDb()), 2000, 'postgres')
      return undefined
    }),
    check(async () => {
      await withTimeout(getRedis().ping(), 2000, 'redis')
      return undefined
    }),
  ])
  // Disney's trouble is not ours: it shows here as "degraded" but never takes the site out of a
  // load balancer (the answer stays 200).
  const upstream = await Promise.all([
    silentFamilies(getRedis(), prefix),
    upstreamFaults(getRedis(), prefix),
  ])
    .then(([silent, faults]) => ({ ...silent, ...faults }))
    .catch(() => ({}) as Awaited<ReturnType<typeof upstreamFaults>>)
  const degraded = Object.keys(upstream).length > 0
  return healthAnswer({ database, redis }, { upstream }, degraded ? 'degraded' : 'ok')
}
