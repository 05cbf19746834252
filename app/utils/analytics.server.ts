import { createHash, randomBytes } from 'node:crypto'
import { getRedis, redisKey } from '~/utils/redis.server'

const DAY_S = 24 * 60 * 60

/**
 * A random salt for the day, kept in Redis for two days and never written anywhere else: once it
 * has expired, nobody (us included) can tell which address or browser a day's hash stood for, or
 * link one day's visitor to the next day's (decision record 0014).
 */
async function saltOfDay(now: Date): Promise<string> {
  const key = redisKey('analytics-salt', now.toISOString().slice(0, 10))
  const redis = getRedis()
  await redis.set(key, randomBytes(32).toString('hex'), 'EX', 2 * DAY_S, 'NX')
  const salt = await redis.get(key)
  if (!salt) throw new Error('the analytics salt of the day vanished from Redis')
  return salt
}

const hash = (...parts: string[]) =>
  createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 32)

/**
 * The keys a browser event is counted under, from what the request says and nothing stored:
 * `visitor` counts unique visitors of the day; `client` is the rate limit's key (the address
 * alone, so a flood cannot dodge it by changing its user agent). Neither can be reversed.
 */
export async function analyticsKeys(
  request: Request,
  clientIp: string,
  now = new Date(),
): Promise<{ visitor: string; client: string }> {
  const salt = await saltOfDay(now)
  const agent = request.headers.get('User-Agent') ?? ''
  return { visitor: hash(salt, clientIp, agent), client: hash(salt, clientIp) }
}

/** A browser that asks not to be tracked says so on every request too. */
export function optedOut(request: Request): boolean {
  return request.headers.get('DNT') === '1' || request.headers.get('Sec-GPC') === '1'
}
