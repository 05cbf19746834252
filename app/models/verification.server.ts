import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { CODE_LENGTH } from '~/domain/login'

type Executor = Kysely<Database>

export const CODE_TTL_MS = 10 * 60 * 1000
/** Wrong tries a code allows; the fifth kills it and locks the number for LOCK_MS. */
export const MAX_FAILURES = 5
export const LOCK_MS = 5 * 60 * 1000
/** How long a code's row is kept after it expires (the sends of the hour are counted on it). */
export const FAILURE_WINDOW_MS = 60 * 60 * 1000

export function generateCode(): string {
  return randomInt(0, 10 ** CODE_LENGTH)
    .toString()
    .padStart(CODE_LENGTH, '0')
}

// Keyed with the server secret: a leaked table cannot be brute-forced offline over a million codes.
function hashCode(secret: string, phoneNumber: string, code: string): string {
  return createHmac('sha256', secret).update(`${phoneNumber}:${code}`).digest('hex')
}

/** Stores a fresh code for the phone number and returns it (to be texted, never logged). */
export async function issueCode(
  db: Executor,
  phoneNumber: string,
  secret: string,
  now = new Date(),
) {
  const code = generateCode()
  const codeHash = hashCode(secret, phoneNumber, code)
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS)
  const windowStart = new Date(now.getTime() - FAILURE_WINDOW_MS)
  await db
    .insertInto('verificationCodes')
    .values({ phoneNumber, codeHash, expiresAt, windowStartedAt: now, failures: 0, sends: 1 })
    .onConflict((oc) =>
      oc.column('phoneNumber').doUpdateSet({
        codeHash,
        expiresAt,
        consumedAt: null,
        // A new code gets its own five tries, once any lock is over (during one, the count
        // stays, so the lock holds).
        failures: sql`case when verification_codes.locked_until > ${now} then verification_codes.failures else 0 end`,
        sends: sql`case when verification_codes.window_started_at < ${windowStart} then 1 else verification_codes.sends + 1 end`,
        windowStartedAt: sql`case when verification_codes.window_started_at < ${windowStart} then ${now} else verification_codes.window_started_at end`,
      }),
    )
    .execute()
  return code
}

/** Until when wrong guesses hold the number locked, or null when they do not. */
export async function lockedUntil(
  db: Executor,
  phoneNumber: string,
  now = new Date(),
): Promise<Date | null> {
  const row = await db
    .selectFrom('verificationCodes')
    .select('lockedUntil')
    .where('phoneNumber', '=', phoneNumber)
    .where('lockedUntil', '>', now)
    .executeTakeFirst()
  return row?.lockedUntil ? new Date(row.lockedUntil) : null
}

export type CodeCheck = 'ok' | 'invalid' | 'expired' | 'locked'

/** Checks a code once: a right code is used up, a wrong one counts toward the limit. */
export function checkCode(
  db: Executor,
  phoneNumber: string,
  code: string,
  secret: string,
  now = new Date(),
): Promise<CodeCheck> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('verificationCodes')
      .selectAll()
      .where('phoneNumber', '=', phoneNumber)
      .forUpdate()
      .executeTakeFirst()
    if (row?.lockedUntil && new Date(row.lockedUntil).getTime() > now.getTime()) return 'locked'
    if (!row || row.consumedAt) return 'invalid'
    if (new Date(row.expiresAt).getTime() <= now.getTime()) return 'expired'

    const expected = Buffer.from(row.codeHash, 'hex')
    const given = Buffer.from(hashCode(secret, phoneNumber, code), 'hex')
    if (timingSafeEqual(expected, given)) {
      await trx
        .updateTable('verificationCodes')
        .set({ consumedAt: now })
        .where('phoneNumber', '=', phoneNumber)
        .execute()
      return 'ok'
    }
    const failures = row.failures + 1
    const locked = failures >= MAX_FAILURES
    await trx
      .updateTable('verificationCodes')
      .set({
        failures,
        // The fifth wrong try kills the code and holds every check off for a few minutes.
        ...(locked && { consumedAt: now, lockedUntil: new Date(now.getTime() + LOCK_MS) }),
      })
      .where('phoneNumber', '=', phoneNumber)
      .execute()
    return locked ? 'locked' : 'invalid'
  })
}

export async function deleteStaleCodes(db: Executor, now = new Date()) {
  const result = await db
    .deleteFrom('verificationCodes')
    .where('expiresAt', '<', new Date(now.getTime() - FAILURE_WINDOW_MS))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
