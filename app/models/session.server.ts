import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database, SessionKind } from '../../db/schema.ts'

type Executor = Kysely<Database>

const DAY_MS = 24 * 60 * 60 * 1000
export const SESSION_TTL_MS: Record<SessionKind, number> = { web: 30 * DAY_MS, api: 90 * DAY_MS }
// Touching last_seen on every request would write on every page view; once in a while is enough.
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** A new session; the raw token goes to the client once and only its hash is stored. */
export async function createSession(
  db: Executor,
  userId: string,
  kind: SessionKind,
  now = new Date(),
) {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS[kind])
  await db
    .insertInto('sessions')
    .values({ userId, kind, tokenHash: hashToken(token), expiresAt, lastSeenAt: now })
    .execute()
  return { token, expiresAt }
}

/** The live session and its user for a token, or undefined when it is unknown, expired or revoked. */
export async function findActiveSession(db: Executor, token: string, now = new Date()) {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select(['sessions.id as sessionId', 'sessions.kind', 'sessions.lastSeenAt'])
    .selectAll('users')
    .where('sessions.tokenHash', '=', hashToken(token))
    .where('sessions.revokedAt', 'is', null)
    .where('sessions.expiresAt', '>', now)
    .executeTakeFirst()
  if (!row) return undefined
  if (now.getTime() - row.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
    await db
      .updateTable('sessions')
      .set({ lastSeenAt: now })
      .where('id', '=', row.sessionId)
      .execute()
  }
  const { sessionId, kind, lastSeenAt: _lastSeen, ...user } = row
  return { sessionId, kind, user }
}

export async function revokeSession(db: Executor, sessionId: string, now = new Date()) {
  const result = await db
    .updateTable('sessions')
    .set({ revokedAt: now })
    .where('id', '=', sessionId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** "Sign out everywhere": every session of the user, browser and API alike. */
export async function revokeAllSessions(db: Executor, userId: string, now = new Date()) {
  const result = await db
    .updateTable('sessions')
    .set({ revokedAt: now })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** Housekeeping for the worker: rows past their expiry are of no use to anyone. */
export async function deleteExpiredSessions(db: Executor, now = new Date()) {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([eb('expiresAt', '<', now), eb('revokedAt', '<', new Date(now.getTime() - DAY_MS))]),
    )
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
