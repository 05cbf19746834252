import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { CODE_LENGTH } from '~/domain/login'

type Executor = Kysely<Database>

export const CODE_TTL_MS = 10 * 60 * 1000
export const MAX_FAILURES = 5
/** Wrong tries count across every code sent to a phone within this window. */
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
        // A new window starts only once the old one is over; until then failures carry over.
        failures: sql`case when verification_codes.window_started_at < ${windowStart} then 0 else verification_codes.failures end`,
        sends: sql`case when verification_codes.window_started_at < ${windowStart} then 1 else verification_codes.sends + 1 end`,
        windowStartedAt: sql`case when verification_codes.window_started_at < ${windowStart} then ${now} else verification_codes.window_started_at end`,
      }),
    )
    .execute()
  return code
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
    if (!row || row.consumedAt) return 'invalid'
    if (row.failures >= MAX_FAILURES) return 'locked'
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
    await trx
      .updateTable('verificationCodes')
      .set({ failures })
      .where('phoneNumber', '=', phoneNumber)
      .execute()
    return failures >= MAX_FAILURES ? 'locked' : 'invalid'
  })
}

export async function deleteStaleCodes(db: Executor, now = new Date()) {
  const result = await db
    .deleteFrom('verificationCodes')
    .where('expiresAt', '<', new Date(now.getTime() - FAILURE_WINDOW_MS))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
