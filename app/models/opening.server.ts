import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { OPENING_RETENTION_DAYS, openingChanges, REOPEN_GRACE_MS } from '~/domain/openings'

type Executor = Kysely<Database>

/*
 * Openings' lives (decision 0029), written only when one appears, comes back or closes: a check
 * whose answer shows what its question already had open writes nothing here.
 */

/** An opening an answer shows that one of its question's running alerts watches. */
export type SeenOpening =
  | { key: string; roomTypeId: string }
  | { key: string; diningLocationId: string; reserveTime: string }

/** A question as its answer left it, for its openings. */
export interface AnsweredQuestion {
  id: number
  kind: 'hotel' | 'dining'
  resortId: string | null
  checkInDate: string | null
  checkOutDate: string | null
  reserveDate: string | null
  /** The check before this one: when the openings that close now were last seen. */
  lastCheckedAt: Date | null
  /** What it had open before this answer (key → opening id). */
  openOpenings: Readonly<Record<string, number>>
  seen: readonly SeenOpening[]
}

/**
 * Moves the questions' openings along their answers: an opening no longer shown closes, one
 * shown again within the grace of its closing resumes its life, any other is new. Answers each
 * question's open openings now (key → id), and writes them on the questions that changed.
 */
export async function recordOpenings(
  db: Executor,
  questions: readonly AnsweredQuestion[],
  now: Date,
): Promise<Map<number, Record<string, number>>> {
  const open = new Map<number, Record<string, number>>()
  const changed: AnsweredQuestion[] = []
  const closing: { id: number; lastSeenAt: Date }[] = []
  const appearing: (SeenOpening & { question: AnsweredQuestion })[] = []
  for (const question of questions) {
    const { appeared, closed } = openingChanges(
      question.openOpenings,
      question.seen.map((seen) => seen.key),
    )
    open.set(
      question.id,
      Object.fromEntries(
        Object.entries(question.openOpenings).filter(([, id]) => !closed.includes(id)),
      ),
    )
    if (appeared.length || closed.length) changed.push(question)
    for (const id of closed) closing.push({ id, lastSeenAt: question.lastCheckedAt ?? now })
    for (const key of appeared)
      appearing.push({ ...question.seen.find((seen) => seen.key === key)!, question })
  }
  if (closing.length) await closeOpenings(db, closing, now)
  for (const row of appearing.length ? await openOpenings(db, appearing, now) : [])
    open.get(row.questionId)![row.openingKey] = row.id
  if (changed.length)
    await sql`
      update questions set open_openings = changed.open
      from unnest(${changed.map((question) => question.id)}::bigint[],
        ${changed.map((question) => JSON.stringify(open.get(question.id)))}::jsonb[]) as changed(id, open)
      where questions.id = changed.id`.execute(db)
  return open
}

function closeOpenings(db: Executor, closing: { id: number; lastSeenAt: Date }[], now: Date) {
  return sql`
    update openings set closed_at = ${now}, last_seen_at = closing.last_seen_at
    from unnest(${closing.map((row) => row.id)}::bigint[],
      ${closing.map((row) => row.lastSeenAt)}::timestamptz[]) as closing(id, last_seen_at)
    where openings.id = closing.id and openings.closed_at is null`.execute(db)
}

/** New lives for openings not seen lately, and the lives resumed of those back within the grace. */
async function openOpenings(
  db: Executor,
  appearing: (SeenOpening & { question: AnsweredQuestion })[],
  now: Date,
) {
  const column = <T>(pick: (row: (typeof appearing)[number]) => T) => appearing.map(pick)
  const result = await sql<{ id: number; questionId: number; openingKey: string }>`
    with seen as (
      select * from unnest(
        ${column((row) => row.question.id)}::bigint[],
        ${column((row) => row.key)}::text[],
        ${column((row) => row.question.kind)}::text[],
        ${column((row) => row.question.resortId)}::uuid[],
        ${column((row) => ('roomTypeId' in row ? row.roomTypeId : null))}::uuid[],
        ${column((row) => ('diningLocationId' in row ? row.diningLocationId : null))}::text[],
        ${column((row) => row.question.checkInDate ?? row.question.reserveDate)}::date[],
        ${column((row) => row.question.checkOutDate)}::date[],
        ${column((row) => ('reserveTime' in row ? row.reserveTime : null))}::time[]
      ) as s(question_id, opening_key, kind, resort_id, room_type_id, dining_location_id,
        starts_on, check_out_date, reserve_time)
    ),
    latest as (
      select distinct on (o.question_id, o.opening_key) o.id, o.closed_at
      from openings o join seen s on s.question_id = o.question_id and s.opening_key = o.opening_key
      order by o.question_id, o.opening_key, o.closed_at desc nulls first
    ),
    resumed as (
      update openings o set closed_at = null, last_seen_at = null
      from latest l
      where o.id = l.id and (l.closed_at is null or l.closed_at > ${new Date(now.getTime() - REOPEN_GRACE_MS)})
      returning o.id, o.question_id, o.opening_key
    ),
    created as (
      insert into openings (question_id, kind, opening_key, resort_id, room_type_id,
        dining_location_id, starts_on, check_out_date, reserve_time, first_seen_at)
      select s.question_id, s.kind, s.opening_key, s.resort_id, s.room_type_id,
        s.dining_location_id, s.starts_on, s.check_out_date, s.reserve_time, ${now}
      from seen s
      where not exists (select 1 from resumed r
        where r.question_id = s.question_id and r.opening_key = s.opening_key)
      returning id, question_id, opening_key
    )
    select * from resumed union all select * from created`.execute(db)
  return result.rows
}

/**
 * Openings nobody watches any more (their question is no longer asked) close as of the last check
 * that saw them; closed openings past their retention are deleted. The hourly maintenance.
 */
export async function tidyOpenings(db: Executor, now: Date) {
  await sql`
    with unasked as (
      update questions set open_openings = '{}'
      where interval_minutes is null and open_openings <> '{}'
      returning id, last_checked_at
    )
    update openings o set closed_at = coalesce(u.last_checked_at, o.first_seen_at),
      last_seen_at = coalesce(u.last_checked_at, o.first_seen_at)
    from unasked u
    where o.question_id = u.id and o.closed_at is null`.execute(db)
  const deleted = await db
    .deleteFrom('openings')
    .where('closedAt', '<', new Date(now.getTime() - OPENING_RETENTION_DAYS * 86_400_000))
    .executeTakeFirst()
  return Number(deleted.numDeletedRows)
}
