import { Redis } from 'ioredis'
import { getEnv } from '~/env.server'
import { singleton } from '~/utils/singleton.server'

/** The web's Redis connection: a command gives up after one retry while Redis is down. */
export function getRedis(): Redis {
  return singleton(
    'redis',
    () => new Redis(getEnv().redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2_000 }),
  )
}

/** Every key this app writes starts with REDIS_PREFIX, so test files and deployments never collide. */
export function redisKey(...parts: string[]): string {
  return [getEnv().redisPrefix, ...parts].join(':')
}
