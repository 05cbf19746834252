import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { DINING_STATUS, HOTEL_STATUS, type AlertKind } from '~/domain/alerts'
import { nextDueAt, phaseMs } from '~/domain/schedule'
import { PACIFIC_TODAY, stopPastQuestions } from '~/models/question.server'

type Executor = Kysely<Database>

/** A claimed question: one call to Disney in a check job. */
export interface DueCheck {
  kind: AlertKind
  questionId: number
  queryKey: string
  /** When it was due, to measure how late it is asked. */
  scheduledFor: number
  /** The moment of the claim: the check records only questions no later claim has taken. */
  claimedAt: number
}

/**
 * Stops running alerts whose date has passed. Dates are compared with the date in California,
 * the last of our destinations to reach a day, so no alert stops before its own day is over.
 */
export async function stopPastAlerts(db: Executor) {
  const hotels = await db
    .updateTable('hotelAlerts')
    .set({
      status: HOTEL_STATUS.stopped,
      statusReason: 'The check-in date has passed.',
    })
    .where('status', '=', HOTEL_STATUS.running)
    .where(sql<boolean>`latest_check_in_date < ${PACIFIC_TODAY}`)
    .executeTakeFirst()
  const dinings = await db
    .updateTable('diningAlerts')
    .set({ status: DINING_STATUS.stopped, statusReason: 'The date has passed.' })
    .where('status', '=', DINING_STATUS.running)
    .where(sql<boolean>`last_reserve_date < ${PACIFIC_TODAY}`)
    .executeTakeFirst()
  await stopPastQuestions(db)
  return Number(hotels.numUpdatedRows) + Number(dinings.numUpdatedRows)
}

/**
 * Claims due questions (FOR UPDATE SKIP LOCKED, so any number of workers can tick at once
 * without claiming one twice), moves each one's next check to its next slot on its phase,
 * stamps the claim's moment on it, and hands them to `enqueue` before the claim commits: if
 * enqueueing fails, the questions stay due and the next tick claims them again.
 */
export async function claimDueChecks(
  db: Executor,
  now: number,
  batchSize: number,
  enqueue: (checks: DueCheck[]) => Promise<void>,
): Promise<DueCheck[]> {
  return db.transaction().execute(async (trx) => {
    const due = new Date(now)
    const { rows } = await sql<{
      id: number
      kind: AlertKind
      key: string
      intervalMinutes: number
      nextCheckAt: Date
    }>`
      select id, kind, key, interval_minutes, next_check_at from questions
      where next_check_at <= ${due}
      order by next_check_at
      limit ${batchSize}
      for update skip locked
    `.execute(trx)
    if (rows.length === 0) return []
    const nexts = rows.map((row) => {
      const intervalMs = row.intervalMinutes * 60_000
      return new Date(nextDueAt(now, intervalMs, phaseMs(row.key, intervalMs)))
    })
    await sql`
      update questions q set next_check_at = v.next_at, claimed_at = ${due}
      from unnest(${rows.map((row) => row.id)}::bigint[], ${nexts}::timestamptz[]) as v(id, next_at)
      where q.id = v.id
    `.execute(trx)
    const checks = rows.map((row) => ({
      kind: row.kind,
      questionId: row.id,
      queryKey: row.key,
      scheduledFor: row.nextCheckAt.getTime(),
      claimedAt: now,
    }))
    await enqueue(checks)
    return checks
  })
}
