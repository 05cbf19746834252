import { Queue } from 'bullmq'
import { afterAll, describe, expect, it } from 'vitest'
import { bullPrefix, QUEUES, TICK_SCHEDULER } from '../../worker/queues.ts'
import { loader } from '~/routes/healthz'
import { loader as workerHealth } from '~/routes/healthz.worker'
import { loader as livez } from '~/routes/livez'
import { getEnv } from '~/env.server'
import { beat, removeBeat } from '~/utils/heartbeat.server'
import { getRedis } from '~/utils/redis.server'

const prefix = getEnv().redisPrefix
const tick = new Queue(QUEUES.tick, { connection: getRedis(), prefix: bullPrefix(prefix) })
afterAll(() => tick.close())

describe('GET /healthz, readiness of the web', () => {
  it('is 200 on Postgres and Redis alone, with no worker running and no tick scheduled', async () => {
    const response = await loader()
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(await response.json()).toEqual({
      status: 'ok',
      failing: [],
      checks: { database: { ok: true }, redis: { ok: true } },
      upstream: {},
    })
  })
})

describe('GET /healthz/worker, health of the workers', () => {
  it('is 503 naming the worker and the schedule when no worker has started', async () => {
    const response = await workerHealth()
    expect(response.status).toBe(503)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(await response.json()).toEqual({
      status: 'unhealthy',
      failing: ['worker', 'schedule'],
      checks: {
        worker: { ok: false, detail: 'no worker heartbeat in the last 9 seconds (no beat kept)' },
        schedule: { ok: false, detail: 'the tick schedule is missing: nothing is being checked' },
      },
    })
  })

  it('is 200 while a worker beats and the tick is scheduled, and 503 once the beat is stale or the schedule gone', async () => {
    await tick.upsertJobScheduler(TICK_SCHEDULER, { every: 600_000 }, { name: 'claim-due' })
    await beat(getRedis(), prefix, 'test-worker')
    const healthy = await workerHealth()
    expect(healthy.status).toBe(200)
    const body = await healthy.json()
    expect(body).toMatchObject({ status: 'ok', failing: [], checks: { schedule: { ok: true } } })
    expect(body.checks.worker.detail).toMatch(/^1 worker alive, last beat \d+\.\d s ago$/)

    // A beat older than three intervals does not count: a worker killed outright stops counting.
    await beat(getRedis(), prefix, 'test-worker', Date.now() - 10_000)
    const stale = await workerHealth()
    expect(stale.status).toBe(503)
    const staleBody = await stale.json()
    expect(staleBody.failing).toEqual(['worker'])
    expect(staleBody.checks.worker.detail).toMatch(
      /^no worker heartbeat in the last 9 seconds \(last beat 1\d\.\d s ago\)$/,
    )
    // The web is ready all the same: a worker restarting takes no page out of rotation.
    expect((await loader()).status).toBe(200)
    await beat(getRedis(), prefix, 'test-worker')

    // Redis restarted empty loses the schedule: health says so until a worker puts it back.
    await tick.removeJobScheduler(TICK_SCHEDULER)
    expect(await (await workerHealth()).json()).toMatchObject({ failing: ['schedule'] })
    expect((await loader()).status).toBe(200)
    await removeBeat(getRedis(), prefix, 'test-worker')
  })
})

describe('GET /livez', () => {
  it('answers 200 from the process alone', async () => {
    const response = livez()
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
  })
})
