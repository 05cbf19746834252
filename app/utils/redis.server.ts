import { Redis } from 'ioredis'
import { getEnv } from '~/env.server'
import { getLogger } from '~/utils/logger.server'
import { singleton } from '~/utils/singleton.server'

/** The web's Redis connection: a command gives up after one retry while Redis is down. */
export function getRedis(): Redis {
  return singleton('redis', () => {
    const redis = new Redis(getEnv().redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2_000 })
    // Without a listener ioredis prints each failed reconnect as an unhandled error: one warning
    // an outage instead, and a line when Redis is back (the pages say 503 meanwhile).
    let down = false
    redis.on('error', (error) => {
      if (down) return
      down = true
      getLogger().warn({ err: error }, 'redis unreachable; reconnecting')
    })
    redis.on('ready', () => {
      if (!down) return
      down = false
      getLogger().info('redis reachable again')
    })
    return redis
  })
}

/** Every key this app writes starts with REDIS_PREFIX, so test files and deployments never collide. */
export function redisKey(...parts: string[]): string {
  return [getEnv().redisPrefix, ...parts].join(':')
}
