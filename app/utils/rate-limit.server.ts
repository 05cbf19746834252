import { isIPv4, isIPv6 } from 'node:net'
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible'
import { CONSENT_ASKS_PER_HOUR } from '~/domain/client'
import { TEST_TEXTS_PER_HOUR } from '~/domain/test-text'
import { getRedis, redisKey } from '~/utils/redis.server'
import { singleton } from '~/utils/singleton.server'

const HOUR_S = 60 * 60

const LIMITS = {
  // Login codes (decision 0026): each limit is keyed so that a stranger spends only his own
  // allowance. Accounts §5's 5 an hour per phone counts per phone and address together.
  codePerPhoneAndIp: { points: 5, duration: HOUR_S },
  codePerIp: { points: 20, duration: HOUR_S },
  // A network range (/24, /64) holds many addresses of one attacker, or one office or carrier NAT.
  codePerNetwork: { points: 100, duration: HOUR_S },
  // All addresses but the number's own devices together: what one phone can be sent in an hour.
  codePerPhone: { points: 20, duration: HOUR_S },
  // Every login text of the service in an hour: an alarm (logged past this figure), not a wall
  // that anyone could spend for everyone.
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
  // "Send me a test text": enough to try a phone again after a fix, too few to use us as a pager.
  testTextPerUser: { points: TEST_TEXTS_PER_HOUR, duration: HOUR_S },
  // Consent texts go to people who are not our subscribers (decision 0035): a few dozen clients
  // an hour (a number is asked at most once a day by an agent: the outbox says so).
  consentPerUser: { points: CONSENT_ASKS_PER_HOUR, duration: HOUR_S },
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

/** Takes one point from each limit in turn, up to the first that is reached (the rest are left). */
export async function consumeEach(
  checks: ReadonlyArray<readonly [LimitName, string]>,
): Promise<{ ok: true } | { ok: false; retryAfterS: number }> {
  for (const [name, key] of checks) {
    const result = await consume(name, key)
    if (!result.ok) return result
  }
  return { ok: true }
}

/** Counts one and never refuses: true for the count that first passes the limit in a window. */
export async function countPastLimit(name: LimitName, key: string): Promise<boolean> {
  const result = await limiter(name).penalty(key)
  return result.consumedPoints === LIMITS[name].points + 1
}

/**
 * The network range an address belongs to: its /24 for IPv4 (IPv4-mapped IPv6 included), its /64
 * for IPv6 (what one subscriber or server is usually given). Anything else stands for itself.
 */
export function networkOf(ip: string): string {
  const v4 = /^::ffff:/i.test(ip) && isIPv4(ip.slice(7)) ? ip.slice(7) : ip
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`
  if (!isIPv6(ip)) return ip
  const [head = '', tail] = ip.split('%')[0]!.split('::')
  const groups = head ? head.split(':') : []
  // With '::', the groups it stands for are zeros; the first four groups are all a /64 needs.
  if (tail !== undefined) groups.push(...Array<string>(4).fill('0'))
  const prefix = groups.slice(0, 4).map((group) => parseInt(group, 16).toString(16))
  return `${prefix.join(':')}::/64`
}
