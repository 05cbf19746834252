import { sql, type Insertable, type Kysely } from 'kysely'
import type { Database, DestinationId, QuestionsTable } from '../../db/schema.ts'
import type { AlertKind } from '~/domain/alerts'
import {
  diningQueryKey,
  hotelQueryKey,
  lastLookedAt,
  phaseMs,
  type DiningQuestion,
  type HotelQuestion,
} from '~/domain/schedule'
import {
  isRunningDiningAlert,
  isRunningHotelAlert,
  mayBeChecked,
} from '~/models/running-alerts.server'

type Executor = Kysely<Database>

/*
 * The questions the worker asks (decision 0028): one row per distinct question, shared by every
 * alert asking it. Alerts point at theirs; a question is asked at the fastest plan interval among
 * its alerts whose owners may have them checked, and not at all when there are none.
 */

type DiningFields = DiningQuestion & { resortLocationIdentifier: DestinationId }

/** The question an alert asks, made if it is new, and locked for the caller's transaction. */
export async function questionIdFor(
  db: Executor,
  ...[kind, alert]: ['hotel', HotelQuestion] | ['dining', DiningFields]
) {
  const values: Insertable<QuestionsTable> =
    kind === 'hotel'
      ? {
          kind,
          key: hotelQueryKey(alert),
          resortId: alert.resortId,
          checkInDate: alert.checkInDate,
          checkOutDate: alert.checkOutDate,
          numberOfAdults: alert.numberOfAdults,
          agesOfChildren: [...alert.agesOfChildren].sort((a, b) => a - b),
          accessible: alert.accessible,
        }
      : {
          kind,
          key: diningQueryKey(alert),
          resortLocationIdentifier: alert.resortLocationIdentifier,
          partySize: alert.partySize,
          reserveDate: alert.reserveDate,
        }
  const row = await db
    .insertInto('questions')
    .values(values)
    // A no-op update, so the existing row comes back (and stays locked until commit).
    .onConflict((oc) => oc.column('key').doUpdateSet({ key: (eb) => eb.ref('excluded.key') }))
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** An alert's question as its own columns now are, linked if they changed; answers both. */
export async function relinkQuestion(db: Executor, kind: AlertKind, alertId: string) {
  const before =
    kind === 'hotel'
      ? await db
          .selectFrom('hotelAlerts')
          .select([
            'questionId',
            'resortId',
            'checkInDate',
            'checkOutDate',
            'numberOfAdults',
            'agesOfChildren',
            'accessible',
          ])
          .where('id', '=', alertId)
          .executeTakeFirstOrThrow()
      : await db
          .selectFrom('diningAlerts')
          .select(['questionId', 'resortLocationIdentifier', 'partySize', 'reserveDate'])
          .where('id', '=', alertId)
          .executeTakeFirstOrThrow()
  const questionId =
    'resortId' in before
      ? await questionIdFor(db, 'hotel', before)
      : await questionIdFor(db, 'dining', before)
  if (questionId !== before.questionId)
    await db
      .updateTable(kind === 'hotel' ? 'hotelAlerts' : 'diningAlerts')
      .set({ questionId })
      .where('id', '=', alertId)
      .execute()
  return { previous: before.questionId, current: questionId }
}

/**
 * The fastest interval among question `q`'s running alerts whose owners may have them checked,
 * and how many they are.
 */
const mayRun = sql`
  from (
    select user_id from hotel_alerts a where a.question_id = q.id and ${isRunningHotelAlert('a')}
      and a.snoozed_until is null
    union all
    select user_id from dining_alerts a where a.question_id = q.id and ${isRunningDiningAlert('a')}
      and a.snoozed_until is null
  ) a join users u on u.id = a.user_id join plans p on p.id = u.plan_id
  where ${mayBeChecked('u', 'p')}`

/** Which questions to refresh: some, those of a user's alerts (or a number's), or all. */
export type Questions =
  { ids: readonly number[] } | { userId: string } | { phoneNumber: string } | 'all'

function questionsWhere(which: Questions) {
  if (which === 'all') return sql<boolean>`true`
  if ('ids' in which) return sql<boolean>`q.id = any(${which.ids}::bigint[])`
  const users =
    'userId' in which
      ? sql`select ${which.userId}::uuid`
      : sql`select id from users where phone_number = ${which.phoneNumber}`
  return sql<boolean>`q.id in (
    select question_id from hotel_alerts where user_id in (${users})
    union select question_id from dining_alerts where user_id in (${users}))`
}

/**
 * Sets each question's interval to the fastest among its alerts that may run, the paces its
 * history keeps (every interval among them), and its next check: none when nobody may run it;
 * sooner when it became faster, or with `soon` (an alert was just created, edited or started and
 * waits for its first answer); never sooner after its last check than its interval, so saving an
 * alert over and over asks Disney no more often.
 * Refreshing them all (hourly) leaves the ones a claim or a check holds to the next time.
 */
export async function refreshQuestions(
  db: Executor,
  which: Questions,
  now: Date,
  { soon = false }: { soon?: boolean } = {},
) {
  const result = await sql`
    update questions q set interval_minutes = f.interval, alert_count = f.alerts, paces = f.paces,
      next_check_at = case
        when f.interval is null then null
        when ${soon} or q.next_check_at is null or f.interval < q.interval_minutes
          then least(coalesce(q.next_check_at, 'infinity'), greatest(${now}::timestamptz,
            coalesce(q.last_checked_at + make_interval(mins => f.interval), ${now}::timestamptz)))
        else q.next_check_at
      end
    from (
      select q.id, r.interval, r.alerts, r.paces from questions q
        cross join lateral (select min(p.interval_minutes) as interval, count(*) as alerts,
          coalesce(array_agg(distinct p.interval_minutes order by p.interval_minutes), '{}') as paces
          ${mayRun}) r
      where ${questionsWhere(which)}
      for no key update of q ${which === 'all' ? sql`skip locked` : sql``}
    ) f
    where q.id = f.id and (${soon} or q.interval_minutes is distinct from f.interval
      or q.alert_count <> f.alerts or q.paces <> f.paces
      or (f.interval is null) <> (q.next_check_at is null))
  `.execute(db)
  return Number(result.numAffectedRows ?? 0)
}

/** Questions whose date has passed are asked no more (their alerts stop in the same tick). */
export async function stopPastQuestions(db: Executor, pacificToday: ReturnType<typeof sql>) {
  await sql`
    update questions set interval_minutes = null, next_check_at = null
    where next_check_at is not null and coalesce(check_in_date, reserve_date) < ${pacificToday}
  `.execute(db)
}

/** Questions no alert asks any more (edited away, deleted), left by the hourly maintenance. */
export async function deleteUnaskedQuestions(db: Executor) {
  const result = await sql`
    delete from questions where id in (
      select q.id from questions q
      where q.interval_minutes is null
        and not exists (select 1 from hotel_alerts a where a.question_id = q.id)
        and not exists (select 1 from dining_alerts a where a.question_id = q.id)
      for update skip locked)
  `.execute(db)
  return Number(result.numAffectedRows ?? 0)
}

/**
 * What a user's alerts last saw, read through their questions (decision 0028): when each last
 * acted on an answer (its last slot on the user's plan at or before its question's last check)
 * and whether Disney's last answer said "not bookable yet".
 */
export async function answersSeenBy(
  db: Executor,
  userId: string,
  alerts: readonly { questionId: number }[],
) {
  const ids = [...new Set(alerts.map((alert) => alert.questionId))]
  const [questions, plan] = await Promise.all([
    ids.length
      ? db
          .selectFrom('questions')
          .select(['id', 'key', 'intervalMinutes', 'lastCheckedAt', 'notBookableSince'])
          .where('id', 'in', ids)
          .execute()
      : [],
    db
      .selectFrom('users')
      .innerJoin('plans', 'plans.id', 'users.planId')
      .select('plans.intervalMinutes')
      .where('users.id', '=', userId)
      .executeTakeFirst(),
  ])
  const byId = new Map(questions.map((question) => [question.id, question]))
  return (alert: { questionId: number; updatedAt: Date }) => {
    const question = byId.get(alert.questionId)
    // Without a plan, its alerts are no longer checked: the pace they last had is the question's.
    const intervalMs = (plan?.intervalMinutes ?? question?.intervalMinutes ?? 1440) * 60_000
    const looked =
      question &&
      lastLookedAt(
        {
          intervalMs,
          phase: phaseMs(question.key, intervalMs),
          changedAt: new Date(alert.updatedAt).getTime(),
        },
        question.lastCheckedAt ? new Date(question.lastCheckedAt).getTime() : null,
      )
    return {
      lastCheckedAt: looked ? new Date(looked).toISOString() : null,
      notBookableYet: Boolean(question?.notBookableSince),
    }
  }
}
