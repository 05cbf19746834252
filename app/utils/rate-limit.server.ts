import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible'
import { getRedis, redisKey } from '~/utils/redis.server'
import { singleton } from '~/utils/singleton.server'

const HOUR_S = 60 * 60

const LIMITS = {
  // Accounts §5 and the login issue: 5 codes an hour per phone, 20 an hour per IP address.
  codePerPhone: { points: 5, duration: HOUR_S },
  codePerIp: { points: 20, duration: HOUR_S },
  // Every login text of the service in an hour: a ceiling no real sign-in rate comes near, so a
  // pumping attack costs at most this many texts an hour (and logs an error to alert on).
  codeTotal: { points: 500, duration: HOUR_S },
  // Guessing across many phones from one address is slowed too.
  verifyPerIp: { points: 60, duration: HOUR_S },
  // Drafts a visitor leaves before signing in: a person fills in a few, a loop hundreds.
  draftPerIp: { points: 20, duration: HOUR_S },
  // Each Checkout session is a call to Stripe: generous for a person, a wall for a loop.
  checkoutPerUser: { points: 30, duration: HOUR_S },
  // The support chat: a person types far fewer; a script is stopped within minutes.
  chatSendPerVisitor: { points: 20, duration: 10 * 60 },
  chatSendPerIp: { points: 60, duration: HOUR_S },
  // Each notification is a text to a customer's phone: a few per conversation, a ceiling per admin.
  chatSmsPerSession: { points: 3, duration: HOUR_S },
  chatSmsPerAdmin: { points: 30, duration: HOUR_S },
  // Analytics events: a visitor sends a few a minute; a loop filling the table is cut off.
  eventsPerClient: { points: 60, duration: 60 },
} as const
export type LimitName = keyof typeof LIMITS

function limiter(name: LimitName) {
  const key = redisKey('limit', name)
  return singleton(
    key,
    () => new RateLimiterRedis({ storeClient: getRedis(), keyPrefix: key, ...LIMITS[name] }),
  )
}

/** Takes one point; answers how long to wait (in seconds) when the limit is reached. */
export async function consume(
  name: LimitName,
  key: string,
): Promise<{ ok: true } | { ok: false; retryAfterS: number }> {
  try {
    await limiter(name).consume(key)
    return { ok: true }
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      return { ok: false, retryAfterS: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) }
    }
    throw error
  }
}
