import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { INCIDENT_DAYS, type EndpointFamily } from '~/domain/status'

type Executor = Kysely<Database>

/*
 * The service's own incidents (migration 0020): a breaker open, no worker beating. Several workers
 * may report one: its kind, family and start name it, so each is one row whoever writes first.
 */

const DAY_MS = 86_400_000

const SAME_INCIDENT = ['kind', 'family', 'startedAt'] as const

/** A breaker opened: its incident, lasting. */
export async function recordBreakerOpened(db: Executor, family: EndpointFamily, since: Date) {
  await db
    .insertInto('incidents')
    .values({ kind: 'breaker', family, startedAt: since })
    .onConflict((oc) => oc.columns(SAME_INCIDENT).doNothing())
    .execute()
}

/** The first good answer after it: the incident ends (written whole, should its start be lost). */
export async function recordBreakerClosed(
  db: Executor,
  family: EndpointFamily,
  since: Date,
  at: Date,
) {
  await db
    .insertInto('incidents')
    .values({ kind: 'breaker', family, startedAt: since, endedAt: at })
    .onConflict((oc) =>
      oc.columns(SAME_INCIDENT).doUpdateSet({ endedAt: (eb) => eb.ref('excluded.endedAt') }),
    )
    .execute()
}

/** No worker beat from `from` (the last beat kept) to `to` (the beat that found the gap). */
export async function recordHeartbeatGap(db: Executor, from: Date, to: Date) {
  await db
    .insertInto('incidents')
    .values({ kind: 'heartbeat', family: null, startedAt: from, endedAt: to })
    .onConflict((oc) => oc.columns(SAME_INCIDENT).doNothing())
    .execute()
}

/** The incidents of the last 30 days (ended within them, or lasting), newest first. */
export async function recentIncidents(db: Executor, now: Date, limit = 50) {
  const rows = await db
    .selectFrom('incidents')
    .select(['kind', 'family', 'startedAt', 'endedAt'])
    .where(
      sql<Date>`coalesce(ended_at, started_at)`,
      '>=',
      new Date(now.getTime() - INCIDENT_DAYS * DAY_MS),
    )
    .orderBy('startedAt', 'desc')
    .limit(limit)
    .execute()
  return rows.map((row) => ({
    kind: row.kind,
    family: row.family,
    startedAt: new Date(row.startedAt).getTime(),
    endedAt: row.endedAt === null ? null : new Date(row.endedAt).getTime(),
  }))
}

/** Incidents over for 30 days, and any still open after as long (its end was lost): deleted. */
export async function deleteOldIncidents(db: Executor, now: Date) {
  const { numDeletedRows } = await db
    .deleteFrom('incidents')
    .where(
      sql<Date>`coalesce(ended_at, started_at)`,
      '<',
      new Date(now.getTime() - INCIDENT_DAYS * DAY_MS),
    )
    .executeTakeFirst()
  return Number(numDeletedRows)
}
