import { getEnv } from '~/env.server'
import { check, healthAnswer, withTimeout } from '~/utils/health.server'
import { HEARTBEAT_STALE_MS, lastBeatAt, liveWorkers } from '~/utils/heartbeat.server'
import { getRedis } from '~/utils/redis.server'
import { tickScheduled } from '../../worker/queues.ts'

/**
 * GET /healthz/worker, the workers' health, for operators and alerting (not a load balancer's
 * concern: the web serves without a worker): 200 while a worker's heartbeat is fresh and the
 * tick is scheduled, else 503 naming `worker` or `schedule`.
 */
export async function loader() {
  const prefix = getEnv().redisPrefix
  const redis = getRedis()
  const [worker, schedule] = await Promise.all([
    check(async () => {
      const now = Date.now()
      const [count, last] = await withTimeout(
        Promise.all([liveWorkers(redis, prefix, now), lastBeatAt(redis, prefix)]),
        2000,
        'redis',
      )
      const lastBeat =
        last === null ? 'no beat kept' : `last beat ${((now - last) / 1000).toFixed(1)} s ago`
      if (count === 0)
        throw new Error(
          `no worker heartbeat in the last ${HEARTBEAT_STALE_MS / 1000} seconds (${lastBeat})`,
        )
      return `${count} worker${count === 1 ? '' : 's'} alive, ${lastBeat}`
    }),
    check(async () => {
      // A Redis that restarted empty has lost it; a worker puts it back within a heartbeat.
      if (!(await withTimeout(tickScheduled(redis, prefix), 2000, 'redis')))
        throw new Error('the tick schedule is missing: nothing is being checked')
      return undefined
    }),
  ])
  return healthAnswer({ worker, schedule }, {})
}
