import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { AlertKind } from '~/domain/alerts'

type Executor = Kysely<Database>

/** How long a draft filled in before sign-in is kept. */
export const PENDING_TTL_MS = 24 * 60 * 60 * 1000

export async function savePendingAlert(
  db: Executor,
  kind: AlertKind,
  payload: Record<string, unknown>,
) {
  const row = await db
    .insertInto('pendingAlerts')
    .values({ kind, payload: JSON.stringify(payload) })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

const fresh = () => new Date(Date.now() - PENDING_TTL_MS)

export async function findPendingAlert(db: Executor, id: string) {
  return db
    .selectFrom('pendingAlerts')
    .selectAll()
    .where('id', '=', id)
    .where('createdAt', '>', fresh())
    .executeTakeFirst()
}

/**
 * Takes the drafts out of the table for good: whoever claims a draft is the only one who can
 * turn it into an alert, so a reload or a second tab never creates it twice.
 */
export async function claimPendingAlerts(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return []
  return db
    .deleteFrom('pendingAlerts')
    .where('id', 'in', [...ids])
    .where('createdAt', '>', fresh())
    .returning(['id', 'kind', 'payload'])
    .execute()
}

export async function deleteStalePendingAlerts(db: Executor, now = new Date()) {
  const result = await db
    .deleteFrom('pendingAlerts')
    .where('createdAt', '<', new Date(now.getTime() - PENDING_TTL_MS))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
