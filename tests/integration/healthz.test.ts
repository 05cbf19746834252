import { Queue } from 'bullmq'
import { afterAll, describe, expect, it } from 'vitest'
import { bullPrefix, QUEUES, TICK_SCHEDULER } from '../../worker/queues.ts'
import { loader } from '~/routes/healthz'
import { loader as livez } from '~/routes/livez'
import { getEnv } from '~/env.server'
import { beat, removeBeat } from '~/utils/heartbeat.server'
import { getRedis } from '~/utils/redis.server'

const prefix = getEnv().redisPrefix
const tick = new Queue(QUEUES.tick, { connection: getRedis(), prefix: bullPrefix(prefix) })
afterAll(() => tick.close())

describe('GET /healthz', () => {
  it('is 503 naming the worker and the schedule when no worker has started', async () => {
    const response = await loader()
    expect(response.status).toBe(503)
    const body = await response.json()
    expect(body.failing).toEqual(['worker', 'schedule'])
    expect(body.checks.database.ok).toBe(true)
    expect(body.checks.redis.ok).toBe(true)
    expect(body.checks.schedule.detail).toBe(
      'the tick schedule is missing: nothing is being checked',
    )
  })

  it('is 200 while a worker beats and the tick is scheduled, and 503 once the beat is stale or the schedule gone', async () => {
    await tick.upsertJobScheduler(TICK_SCHEDULER, { every: 600_000 }, { name: 'claim-due' })
    await beat(getRedis(), prefix, 'test-worker')
    const healthy = await loader()
    expect(healthy.status).toBe(200)
    expect(await healthy.json()).toMatchObject({ status: 'ok', failing: [] })

    // A beat older than three intervals does not count: a worker killed outright stops counting.
    await beat(getRedis(), prefix, 'test-worker', Date.now() - 10_000)
    expect(await (await loader()).json()).toMatchObject({ failing: ['worker'] })
    await beat(getRedis(), prefix, 'test-worker')

    // Redis restarted empty loses the schedule: health says so until a worker puts it back.
    await tick.removeJobScheduler(TICK_SCHEDULER)
    expect(await (await loader()).json()).toMatchObject({ failing: ['schedule'] })
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
