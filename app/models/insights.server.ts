import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { Database } from '../../db/schema.ts'

type Executor = Kysely<Database>

/** The periods the insights page offers, in days. */
export const INSIGHT_PERIODS = [7, 30, 90] as const
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number]

const DAY_MS = 24 * 60 * 60 * 1000

/** The UTC days of a period ending today, first and last as YYYY-MM-DD. */
function periodDays(days: number, now: Date) {
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  const first = new Date(last.getTime() - (days - 1) * DAY_MS)
  return { first, last, firstDay: first.toISOString().slice(0, 10) }
}

/**
 * One row per UTC day of the period, zeros where nothing happened: `counts` selects `day` (a
 * date) and the named counts from rows since `from` (each query filters on an indexed time).
 */
async function perDay<Name extends string>(
  db: Executor,
  days: { first: Date; last: Date },
  names: readonly Name[],
  counts: RawBuilder<unknown>,
): Promise<Array<{ day: string } & Record<Name, number>>> {
  const columns = sql.join(
    names.map((name) => sql`coalesce(c.${sql.ref(name)}, 0)::int as ${sql.ref(name)}`),
  )
  const { rows } = await sql<{ day: string } & Record<Name, number>>`
    select to_char(series.day, 'YYYY-MM-DD') as day, ${columns}
    from generate_series(${days.first}::timestamptz at time zone 'UTC',
                         ${days.last}::timestamptz at time zone 'UTC', interval '1 day') as series (day)
    left join (${counts}) as c on c.day = series.day::date
    order by series.day
  `.execute(db)
  return rows
}

const utcDay = (column: string) => sql`(${sql.ref(column)} at time zone 'UTC')::date`

/** Everything the insights page charts for the last `days` days (UTC), today included. */
export async function loadInsights(db: Executor, days: InsightPeriod, now = new Date()) {
  const period = periodDays(days, now)
  const from = period.first
  const [visits, alerts, texts, planChanges, funnel, planMoves] = await Promise.all([
    perDay(
      db,
      period,
      ['views', 'visitors'],
      sql`select ${utcDay('occurred_at')} as day, count(*) as views,
            count(distinct visitor_hash) as visitors
          from analytics_events where name = 'page_view' and occurred_at >= ${from}
          group by 1`,
    ),
    perDay(
      db,
      period,
      ['hotel', 'dining'],
      sql`select day, count(*) filter (where kind = 'hotel') as hotel,
            count(*) filter (where kind = 'dining') as dining
          from (
            select ${utcDay('created_at')} as day, 'hotel' as kind from hotel_alerts
              where created_at >= ${from}
            union all
            select ${utcDay('created_at')}, 'dining' from dining_alerts where created_at >= ${from}
          ) as created
          group by day`,
    ),
    perDay(
      db,
      period,
      ['openings', 'texts'],
      sql`select day, sum(openings) as openings, sum(texts) as texts
          from (
            select ${utcDay('seen_at')} as day, count(*) as openings, 0 as texts
              from notifications where seen_at >= ${from} group by 1
            union all
            select ${utcDay('sent_at')}, 0, count(*)
              from notifications where sent_at >= ${from} and purpose = 'opening' group by 1
          ) as both_counts
          group by day`,
    ),
    perDay(
      db,
      period,
      ['changes'],
      sql`select ${utcDay('occurred_at')} as day, count(*) as changes
          from analytics_events where name = 'plan_changed' and occurred_at >= ${from}
          group by 1`,
    ),
    funnelSince(db, from),
    db
      .selectFrom('analyticsEvents')
      .select([
        sql<string | null>`props->>'from'`.as('fromPlan'),
        sql<string | null>`props->>'to'`.as('toPlan'),
        sql<number>`count(*)::int`.as('count'),
      ])
      .where('name', '=', 'plan_changed')
      .where('occurredAt', '>=', from)
      .groupBy([sql`props->>'from'`, sql`props->>'to'`])
      .orderBy('count', 'desc')
      .execute(),
  ])
  return { days, firstDay: period.firstDay, visits, alerts, texts, planChanges, funnel, planMoves }
}
export type Insights = Awaited<ReturnType<typeof loadInsights>>

/**
 * The funnel of the period: visitors (one per browser per day: the day's salt keeps a visitor
 * from being followed across days), then the accounts created in the period, those of them
 * that chose a plan (a trial, a plan now, or a subscription) and those with an alert.
 */
async function funnelSince(db: Executor, from: Date) {
  const { rows } = await sql<{
    visitors: number
    signedUp: number
    chosePlan: number
    alerted: number
  }>`
    with fresh as (select id, plan_id, trial_start_utc from users where created_at >= ${from})
    select
      (select count(distinct (${utcDay('occurred_at')}, visitor_hash))::int from analytics_events
        where name = 'page_view' and occurred_at >= ${from}) as visitors,
      (select count(*)::int from fresh) as signed_up,
      (select count(*)::int from fresh where plan_id is not null or trial_start_utc is not null
        or exists (select 1 from subscriptions s where s.user_id = fresh.id)) as chose_plan,
      (select count(*)::int from fresh
        where exists (select 1 from hotel_alerts a where a.user_id = fresh.id)
           or exists (select 1 from dining_alerts a where a.user_id = fresh.id)) as alerted
  `.execute(db)
  return rows[0]!
}
