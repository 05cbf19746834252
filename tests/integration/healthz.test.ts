import { describe, expect, it } from 'vitest'
import { loader } from '~/routes/healthz'
import { getEnv } from '~/env.server'
import { beat, removeBeat } from '~/utils/heartbeat.server'
import { getRedis } from '~/utils/redis.server'

describe('GET /healthz', () => {
  it('is 503 naming the worker when no worker has beaten', async () => {
    const response = await loader()
    expect(response.status).toBe(503)
    const body = await response.json()
    expect(body.failing).toEqual(['worker'])
    expect(body.checks.database.ok).toBe(true)
    expect(body.checks.redis.ok).toBe(true)
  })

  it('is 200 while a worker beats, and 503 again once its beat is stale', async () => {
    const prefix = getEnv().redisPrefix
    await beat(getRedis(), prefix, 'test-worker')
    const healthy = await loader()
    expect(healthy.status).toBe(200)
    expect(await healthy.json()).toMatchObject({ status: 'ok', failing: [] })

    await beat(getRedis(), prefix, 'test-worker', Date.now() - 60_000)
    expect((await loader()).status).toBe(503)
    await removeBeat(getRedis(), prefix, 'test-worker')
  })
})
