import { sql, type Insertable, type Kysely } from 'kysely'
import type { Database, DestinationId, QuestionsTable } from '../../db/schema.ts'
import type { AlertKind } from '~/domain/alerts'
import { diningQuestionsOf, type DateQuestion } from '~/domain/flexible-dining'
import type { FlexibleHotelAlert, StayQuestion } from '~/domain/flexible-stays'
import { partyOf } from '~/domain/hotel-alert'
import { filterRoomTypes } from '~/domain/room-filter'
import { lastLookedAt, phaseMs } from '~/domain/schedule'
import { hotelAlertQuestionsOf } from '~/domain/split-stays'
import { listRoomTypes } from '~/models/catalogue.server'
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

/** A question as an alert's expansion gives it: its key and the fields Disney is asked. */
type QuestionValues = Insertable<QuestionsTable> & { key: string }

/** A stay's question row (the monitoring benchmark writes its alerts' questions with it too). */
export function hotelValues(question: StayQuestion) {
  return {
    kind: 'hotel' as const,
    key: question.key,
    resortId: question.resortId,
    checkInDate: question.checkInDate,
    checkOutDate: question.checkOutDate,
    numberOfAdults: question.numberOfAdults,
    agesOfChildren: [...question.agesOfChildren].sort((a, b) => a - b),
    accessible: question.accessible,
  } satisfies QuestionValues
}

/** A date's question row at a destination (and the benchmark's, as for stays). */
export function diningValues(question: DateQuestion, destination: DestinationId) {
  return {
    kind: 'dining' as const,
    key: question.key,
    resortLocationIdentifier: destination,
    partySize: question.partySize,
    reserveDate: question.reserveDate,
  } satisfies QuestionValues
}

/** What an alert asks: each question, and for a hotel the room types it watches there. */
interface AlertQuestion {
  values: QuestionValues
  roomTypeIds: string[] | null
  split: boolean
}

/** The questions a hotel alert's row asks: its stays at its resorts, then split stays' parts. */
async function hotelAlertQuestions(db: Executor, alertId: string): Promise<AlertQuestion[]> {
  const row = await db
    .selectFrom('hotelAlerts')
    .select([
      'resorts',
      'checkInDate',
      'latestCheckInDate',
      'minNights',
      'maxNights',
      'splitStays',
      'numberOfAdults',
      'agesOfChildren',
      'accessible',
    ])
    .where('id', '=', alertId)
    .executeTakeFirstOrThrow()
  const alert: FlexibleHotelAlert = row
  // "Any room": every listed room type of the resort that fits the party, as of this save.
  const watched = new Map(
    await Promise.all(
      alert.resorts.map(
        async (resort) =>
          [
            resort.resortId,
            resort.roomIds === 'any'
              ? filterRoomTypes(await listRoomTypes(db, resort.resortId), partyOf(alert)).map(
                  (room) => room.id,
                )
              : [...resort.roomIds],
          ] as const,
      ),
    ),
  )
  return hotelAlertQuestionsOf(alert).map(({ question, split }) => ({
    values: hotelValues(question),
    roomTypeIds: watched.get(question.resortId) ?? [],
    split,
  }))
}

async function diningAlertQuestions(db: Executor, alertId: string): Promise<AlertQuestion[]> {
  const alert = await db
    .selectFrom('diningAlerts')
    .select(['resortLocationIdentifier', 'reserveDates', 'partySize'])
    .where('id', '=', alertId)
    .executeTakeFirstOrThrow()
  return diningQuestionsOf(alert).map((question) => ({
    values: diningValues(question, alert.resortLocationIdentifier),
    roomTypeIds: null,
    split: false,
  }))
}

/** The alert's column in alert_questions. */
export const alertColumn = (kind: AlertKind) =>
  kind === 'hotel' ? ('hotelAlertId' as const) : ('diningAlertId' as const)

/**
 * Links an alert to the questions its row now asks (decision 0033): each made if it is new and
 * locked for the caller's transaction (in key order, so two saves cannot deadlock), the links
 * replaced. Answers the questions it asked before and asks now, for their pacing.
 */
export async function linkQuestions(db: Executor, kind: AlertKind, alertId: string) {
  const column = alertColumn(kind)
  const [before, wanted] = await Promise.all([
    db.selectFrom('alertQuestions').select('questionId').where(column, '=', alertId).execute(),
    kind === 'hotel' ? hotelAlertQuestions(db, alertId) : diningAlertQuestions(db, alertId),
  ])
  wanted.sort((a, b) => (a.values.key < b.values.key ? -1 : 1))
  const ids = new Map(
    (
      await db
        .insertInto('questions')
        .values(wanted.map((question) => question.values))
        // A no-op update, so existing rows come back (and stay locked until commit).
        .onConflict((oc) => oc.column('key').doUpdateSet({ key: (eb) => eb.ref('excluded.key') }))
        .returning(['id', 'key'])
        .execute()
    ).map((row) => [row.key, row.id]),
  )
  await db.deleteFrom('alertQuestions').where(column, '=', alertId).execute()
  await db
    .insertInto('alertQuestions')
    .values(
      wanted.map((question) => ({
        questionId: ids.get(question.values.key)!,
        [column]: alertId,
        roomTypeIds: question.roomTypeIds,
        split: question.split,
      })),
    )
    .execute()
  const current = [...ids.values()]
  return {
    previous: before.map((row) => row.questionId).filter((id) => !current.includes(id)),
    current,
  }
}

/** The questions some alerts ask, for pacing after they changed or before they go. */
export async function questionsOfAlerts(
  db: Executor,
  kind: AlertKind,
  alertIds: readonly string[],
) {
  if (alertIds.length === 0) return []
  const rows = await db
    .selectFrom('alertQuestions')
    .select('questionId')
    .distinct()
    .where(alertColumn(kind), 'in', alertIds)
    .execute()
  return rows.map((row) => row.questionId)
}

/**
 * Today in California, the last of our destinations to reach a day: no date is past before its
 * own day is over.
 */
export const PACIFIC_TODAY = sql`(now() at time zone 'America/Los_Angeles')::date`

/** Whether question `q`'s date has passed. */
const PAST = sql`coalesce(q.check_in_date, q.reserve_date) < ${PACIFIC_TODAY}`

/**
 * The plan intervals of the running alerts asking questions (`asked`: which ones, said of
 * `aq.question_id`), one row per alert and question, for owners who may have them checked.
 */
const asking = (asked: ReturnType<typeof sql>) => sql`
  select a.question_id, p.interval_minutes from (
    select aq.question_id, a.user_id from alert_questions aq join hotel_alerts a on a.id = aq.hotel_alert_id
      where ${asked} and ${isRunningHotelAlert('a')} and a.snoozed_until is null
    union all
    select aq.question_id, a.user_id from alert_questions aq join dining_alerts a on a.id = aq.dining_alert_id
      where ${asked} and ${isRunningDiningAlert('a')} and a.snoozed_until is null
  ) a join users u on u.id = a.user_id join plans p on p.id = u.plan_id
  where ${mayBeChecked('u', 'p')}`

const AGGREGATES = sql`min(interval_minutes) as interval, count(*) as alerts,
  array_agg(distinct interval_minutes order by interval_minutes) as paces`

/**
 * Each question's fastest interval among its alerts that may run, how many they are, and their
 * paces: for some questions, read question by question; for all of them (hourly), in one pass
 * over every link, grouped, so a million alerts' links are read once and not once a question.
 */
function intervalsOf(which: Questions) {
  return which === 'all'
    ? sql`left join (select question_id, ${AGGREGATES} from (${asking(sql`true`)}) a
        group by question_id) r on r.question_id = q.id`
    : sql`left join lateral (select ${AGGREGATES}
        from (${asking(sql`aq.question_id = q.id`)}) a) r on true`
}

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
    select aq.question_id from alert_questions aq join hotel_alerts a on a.id = aq.hotel_alert_id
      where a.user_id in (${users})
    union select aq.question_id from alert_questions aq join dining_alerts a on a.id = aq.dining_alert_id
      where a.user_id in (${users}))`
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
      -- A flexible alert's dates that have passed are asked no more, though the alert runs on.
      select q.id, case when ${PAST} then null else r.interval end as interval,
        case when ${PAST} then 0 else coalesce(r.alerts, 0) end as alerts,
        case when ${PAST} then '{}' else coalesce(r.paces, '{}') end as paces
      from questions q ${intervalsOf(which)}
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
export async function stopPastQuestions(db: Executor) {
  await sql`
    update questions q set interval_minutes = null, next_check_at = null
    where next_check_at is not null and ${PAST}
  `.execute(db)
}

/** Questions no alert asks any more (edited away, deleted), left by the hourly maintenance. */
export async function deleteUnaskedQuestions(db: Executor) {
  const result = await sql`
    delete from questions where id in (
      select q.id from questions q
      where q.interval_minutes is null
        and not exists (select 1 from alert_questions aq where aq.question_id = q.id)
      for update skip locked)
  `.execute(db)
  return Number(result.numAffectedRows ?? 0)
}

/**
 * What a user's alerts last saw, read through their questions (decisions 0028, 0033): when each
 * last acted on an answer (its last slot on the user's plan at or before the latest check of its
 * questions) and whether Disney's last answers said "not bookable yet" to every stay it watches.
 */
export async function answersSeenBy(
  db: Executor,
  userId: string,
  alerts: readonly { kind: AlertKind; id: string }[],
) {
  const idsOf = (kind: AlertKind) =>
    alerts.flatMap((alert) => (alert.kind === kind ? [alert.id] : []))
  const [hotelIds, diningIds] = [idsOf('hotel'), idsOf('dining')]
  const [questions, plan] = await Promise.all([
    alerts.length
      ? db
          .selectFrom('alertQuestions as aq')
          .innerJoin('questions as q', 'q.id', 'aq.questionId')
          .select([
            'aq.hotelAlertId',
            'aq.diningAlertId',
            'q.key',
            'q.intervalMinutes',
            'q.lastCheckedAt',
            'q.notBookableSince',
          ])
          .where('aq.split', '=', false)
          .where((eb) =>
            eb.or([
              ...(hotelIds.length ? [eb('aq.hotelAlertId', 'in', hotelIds)] : []),
              ...(diningIds.length ? [eb('aq.diningAlertId', 'in', diningIds)] : []),
            ]),
          )
          .execute()
      : [],
    db
      .selectFrom('users')
      .innerJoin('plans', 'plans.id', 'users.planId')
      .select('plans.intervalMinutes')
      .where('users.id', '=', userId)
      .executeTakeFirst(),
  ])
  const byAlert = new Map<string, typeof questions>()
  for (const question of questions) {
    const key = question.hotelAlertId
      ? `hotel|${question.hotelAlertId}`
      : `dining|${question.diningAlertId}`
    byAlert.set(key, [...(byAlert.get(key) ?? []), question])
  }
  return (kind: AlertKind, alert: { id: string; updatedAt: Date }) => {
    const asked = byAlert.get(`${kind}|${alert.id}`) ?? []
    const looked = Math.max(
      ...asked.map((question) => {
        // Without a plan, its alerts are no longer checked: the pace they last had is the question's.
        const intervalMs = (plan?.intervalMinutes ?? question.intervalMinutes ?? 1440) * 60_000
        return (
          lastLookedAt(
            {
              intervalMs,
              phase: phaseMs(question.key, intervalMs),
              changedAt: new Date(alert.updatedAt).getTime(),
            },
            question.lastCheckedAt ? new Date(question.lastCheckedAt).getTime() : null,
          ) ?? 0
        )
      }),
      0,
    )
    return {
      lastCheckedAt: looked ? new Date(looked).toISOString() : null,
      notBookableYet:
        asked.length > 0 && asked.every((question) => Boolean(question.notBookableSince)),
    }
  }
}
