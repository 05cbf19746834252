import { z } from 'zod'
import type { User } from '../../db/schema.ts'
import { AppError } from '~/domain/app-error'
import { MESSAGES } from '~/domain/login'
import { PHONE_CHANGE_MESSAGES } from '~/domain/profile'
import { formatPhoneNumber } from '~/domain/phone'
import { changePhoneNumber, phoneNumberInUse } from '~/models/user.server'
import { CODE_TTL_MS } from '~/models/verification.server'
import { minutesOf, sendLoginCode, verifiedRole, withLimitStore } from '~/services/login.server'
import { signedCookie } from '~/utils/cookies.server'
import { getDb } from '~/utils/db.server'
import { consume } from '~/utils/rate-limit.server'

/**
 * A signed-in user's move to a new phone number: a code texted to the new number, then the
 * change once it is entered. Until then the old number stays the login and gets the alerts.
 * The code is a login code of the new number (same table, checks and limits as /login): it
 * proves the same thing, that whoever asks holds that phone.
 */

const inUse = () => new AppError(409, 'CONFLICT', PHONE_CHANGE_MESSAGES.inUse, 'phoneNumber')

/** Step 1: refuses the user's own number and a number with an account, then texts a code. */
export async function sendPhoneChangeCode(
  request: Request,
  user: User,
  phoneNumber: string,
  clientIp: string,
) {
  if (phoneNumber === user.phoneNumber)
    throw new AppError(400, 'INVALID', PHONE_CHANGE_MESSAGES.sameNumber, 'phoneNumber')
  if (await phoneNumberInUse(getDb(), phoneNumber)) {
    // Saying that a number has an account costs what a code costs, so that a signed-in user
    // cannot list who has signed up any faster than he could text them.
    const limit = await withLimitStore(() => consume('codePerIp', clientIp))
    if (!limit.ok) {
      const minutes = minutesOf(limit.retryAfterS * 1000)
      throw new AppError(429, 'RATE_LIMITED', MESSAGES.tooManyCodes(minutes), 'phoneNumber')
    }
    throw inUse()
  }
  await sendLoginCode(request, phoneNumber, clientIp)
}

/** Step 2: checks the code of the new number, then makes it the user's. */
export async function confirmPhoneChange(
  user: User,
  phoneNumber: string,
  code: string,
  clientIp: string,
): Promise<User> {
  const limit = await withLimitStore(() => consume('verifyPerIp', clientIp))
  if (!limit.ok) throw new AppError(429, 'RATE_LIMITED', MESSAGES.tooManyAttempts, 'code')
  const role = await verifiedRole(phoneNumber, code)
  const changed = await changePhoneNumber(getDb(), user.id, phoneNumber, role)
  if (!changed) throw inUse()
  return changed
}

/** Between the two steps of /settings/phone: which number the code went to, when, for whom. */
function pendingChangeCookie() {
  return signedCookie('phone-change-pending', { path: '/settings/phone', maxAgeMs: CODE_TTL_MS })
}

const pendingSchema = z.object({ userId: z.string(), phoneNumber: z.string(), sentAt: z.number() })
export type PendingChange = z.infer<typeof pendingSchema>

/** This user's pending change, with the number as its owner reads it. */
export async function readPendingChange(request: Request, user: User) {
  const value: unknown = await pendingChangeCookie().parse(request.headers.get('Cookie'))
  const parsed = pendingSchema.safeParse(value)
  if (!parsed.success || parsed.data.userId !== user.id) return null
  return { ...parsed.data, display: formatPhoneNumber(parsed.data.phoneNumber) }
}

export function savePendingChange(pending: PendingChange) {
  return pendingChangeCookie().serialize(pending)
}

export function clearPendingChange() {
  return pendingChangeCookie().serialize('', { maxAge: 0 })
}
