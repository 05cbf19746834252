import { createHmac } from 'node:crypto'
import { Authenticator } from 'remix-auth'
import { Strategy } from 'remix-auth/strategy'
import { z } from 'zod'
import type { User } from '../../db/schema.ts'
import { AppError } from '~/domain/app-error'
import { MESSAGES } from '~/domain/login'
import { verifyCodeSchema } from '~/domain/login.server'
import { smsDestinationProblem } from '~/domain/sms-destination.server'
import { formatPhoneNumber } from '~/domain/phone'
import { getEnv } from '~/env.server'
import { isOptedOut, optOut } from '~/models/outbox.server'
import { upsertUserOnLogin } from '~/models/user.server'
import { checkCode, CODE_TTL_MS, issueCode, lockedUntil } from '~/models/verification.server'
import { getDb } from '~/utils/db.server'
import { getLogger } from '~/utils/logger.server'
import { consume, consumeEach, countPastLimit, networkOf } from '~/utils/rate-limit.server'
import { isUnsubscribedAtTwilio, sendSms } from '~/utils/sms.server'
import { signedCookie } from '~/utils/cookies.server'
import { readFormData } from '~/utils/http.server'

/** How long a device is remembered as one the number has signed in on (decision 0026). */
const KNOWN_DEVICE_MS = 180 * 24 * 60 * 60 * 1000
/** The numbers a device remembers; a family's shared computer signs in a few. */
const KNOWN_NUMBERS_KEPT = 5

function knownDeviceCookie() {
  return signedCookie('login-known', { maxAgeMs: KNOWN_DEVICE_MS })
}

// A tag, not the number, so the cookie does not show whose numbers signed in on the device.
function numberTag(phoneNumber: string): string {
  return createHmac('sha256', getEnv().sessionSecret)
    .update(`known-device:${phoneNumber}`)
    .digest('base64url')
    .slice(0, 22)
}

async function knownTags(request: Request): Promise<string[]> {
  const value: unknown = await knownDeviceCookie().parse(request.headers.get('Cookie'))
  const parsed = z.array(z.string()).safeParse(value)
  return parsed.success ? parsed.data : []
}

/** The Set-Cookie that remembers this device as one the number signed in on. */
export async function rememberDevice(request: Request, phoneNumber: string): Promise<string> {
  const tag = numberTag(phoneNumber)
  const others = (await knownTags(request)).filter((known) => known !== tag)
  return knownDeviceCookie().serialize([tag, ...others].slice(0, KNOWN_NUMBERS_KEPT))
}

/**
 * Runs login limits, which live in Redis: while Redis is down, sign-in answers 503 in words (as
 * every page does when its store is down) and works again as soon as Redis answers.
 */
export async function withLimitStore<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    getLogger().warn({ err: error }, 'login limits unavailable; answered 503')
    throw new AppError(503, 'UNAVAILABLE', MESSAGES.unavailable)
  }
}

export const minutesOf = (ms: number) => Math.max(1, Math.ceil(ms / 60_000))

/**
 * Texts a login code. The answer is the same whether or not the number has an account, so it
 * never tells a stranger who has signed up. Each limit is keyed so that a stranger spends only
 * his own allowance (decision 0026): a device the number signed in on is not held by the ceiling
 * that strangers' requests for the number count toward.
 */
export async function sendLoginCode(request: Request, phoneNumber: string, clientIp: string) {
  const env = getEnv()
  const refused = smsDestinationProblem(phoneNumber, env.smsCountries)
  if (refused) throw new AppError(400, 'INVALID', refused, 'phoneNumber')
  // A code texted during the lock would only be refused.
  const locked = await lockedUntil(getDb(), phoneNumber)
  if (locked) {
    const minutes = minutesOf(locked.getTime() - Date.now())
    throw new AppError(429, 'RATE_LIMITED', MESSAGES.codeLockedFor(minutes), 'phoneNumber')
  }
  const ownDevice = (await knownTags(request)).includes(numberTag(phoneNumber))
  const limit = await withLimitStore(() =>
    consumeEach([
      ['codePerPhoneAndIp', `${phoneNumber} ${clientIp}`],
      ['codePerIp', clientIp],
      ['codePerNetwork', networkOf(clientIp)],
      ...(ownDevice ? [] : [['codePerPhone', phoneNumber] as const]),
    ]),
  )
  if (!limit.ok) {
    const minutes = minutesOf(limit.retryAfterS * 1000)
    throw new AppError(429, 'RATE_LIMITED', MESSAGES.tooManyCodes(minutes), 'phoneNumber')
  }
  // Twilio refuses every text to a number that replied STOP, codes included, until it texts
  // START: say so rather than fail for ever.
  const optedOut = new AppError(
    400,
    'INVALID',
    MESSAGES.optedOut(formatPhoneNumber(env.twilio.fromNumber)),
    'phoneNumber',
  )
  if (await isOptedOut(getDb(), phoneNumber)) throw optedOut
  if (await withLimitStore(() => countPastLimit('codeTotal', 'all'))) {
    // Far more codes than people sign in, from many networks: someone may be pumping texts.
    // Codes still go out (refusing them would lock everyone out); an operator must look.
    getLogger().error({ alert: 'login-texts-cap' }, 'login texts passed the hourly alarm figure')
  }
  const code = await issueCode(getDb(), phoneNumber, env.sessionSecret)
  try {
    await sendSms(
      phoneNumber,
      `${code} is your Disney Hotel Alerts login code. It expires in 10 minutes.`,
    )
  } catch (error) {
    if (isUnsubscribedAtTwilio(error)) {
      // Twilio heard the STOP and we did not (a missed webhook): remember it as ours too.
      await optOut(getDb(), phoneNumber)
      throw optedOut
    }
    getLogger().error({ err: error }, 'login code text failed')
    throw new AppError(502, 'UPSTREAM_FAILED', MESSAGES.sendFailed, 'phoneNumber')
  }
}

interface PhoneCodeInput {
  phoneNumber: string
  code: string
}

/** Reads {phoneNumber, code} from a form post or a JSON body and checks them against the schema. */
async function readCredentials(request: Request): Promise<PhoneCodeInput> {
  const isJson = request.headers.get('Content-Type')?.includes('application/json')
  const raw: unknown = isJson
    ? await request.json().catch(() => null)
    : Object.fromEntries(await readFormData(request))
  const result = verifyCodeSchema.safeParse(raw ?? {})
  if (!result.success) {
    const issue = result.error.issues[0]
    const field = issue?.path[0] === 'code' ? 'code' : 'phoneNumber'
    throw new AppError(400, 'INVALID', issue?.message ?? MESSAGES.codeInvalid, field)
  }
  return result.data
}

/** The remix-auth strategy of this product: a phone number and the code texted to it. */
class PhoneCodeStrategy extends Strategy<User, PhoneCodeInput> {
  name = 'phone-code'

  async authenticate(request: Request): Promise<User> {
    return this.verify(await readCredentials(request))
  }
}

/**
 * Checks a code texted to a number, refusing it beside the code field when it expired, is
 * locked by wrong guesses or is wrong; answers the role the number signs in with.
 */
export async function verifiedRole(phoneNumber: string, code: string) {
  const env = getEnv()
  const result = await checkCode(getDb(), phoneNumber, code, env.sessionSecret)
  if (result === 'expired') throw new AppError(400, 'INVALID', MESSAGES.codeExpired, 'code')
  if (result === 'locked') throw new AppError(429, 'RATE_LIMITED', MESSAGES.codeLocked, 'code')
  if (result !== 'ok') throw new AppError(400, 'INVALID', MESSAGES.codeInvalid, 'code')
  return env.adminPhoneNumbers.includes(phoneNumber) ? 'admin' : 'user'
}

const authenticator = new Authenticator<User>().use(
  new PhoneCodeStrategy(async ({ phoneNumber, code }) =>
    upsertUserOnLogin(getDb(), phoneNumber, await verifiedRole(phoneNumber, code)),
  ),
)

/** Verifies the posted phone number and code; the first verified login creates the user. */
export async function logIn(request: Request, clientIp: string): Promise<User> {
  const limit = await withLimitStore(() => consume('verifyPerIp', clientIp))
  if (!limit.ok) throw new AppError(429, 'RATE_LIMITED', MESSAGES.tooManyAttempts, 'code')
  return authenticator.authenticate('phone-code', request)
}

/** Between the two steps of /login: which number the code went to and when (for the resend cooldown). */
function pendingLoginCookie() {
  return signedCookie('login-pending', { path: '/login', maxAgeMs: CODE_TTL_MS })
}

const pendingSchema = z.object({ phoneNumber: z.string(), sentAt: z.number() })
export type PendingLogin = z.infer<typeof pendingSchema>

/** The pending login, with the number as its owner reads it (libphonenumber stays on the server). */
export async function readPendingLogin(
  request: Request,
): Promise<(PendingLogin & { display: string }) | null> {
  const value: unknown = await pendingLoginCookie().parse(request.headers.get('Cookie'))
  const parsed = pendingSchema.safeParse(value)
  return parsed.success
    ? { ...parsed.data, display: formatPhoneNumber(parsed.data.phoneNumber) }
    : null
}

export function savePendingLogin(pending: PendingLogin) {
  return pendingLoginCookie().serialize(pending)
}

export function clearPendingLogin() {
  return pendingLoginCookie().serialize('', { maxAge: 0 })
}
