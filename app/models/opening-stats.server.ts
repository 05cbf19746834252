import { sql, type Kysely } from 'kysely'
import type { Database, DestinationId } from '../../db/schema.ts'
import { DESTINATIONS } from '~/domain/destinations'
import { OPENING_STATS_DAYS, type CategoryOpenings } from '~/domain/opening-stats'
import { expiringCache } from '~/utils/expiring-cache.server'

type Executor = Kysely<Database>

interface StatsResort {
  id: string
  locationIdentifier: DestinationId
}

export interface ResortOpenings {
  since: Date
  until: Date
  /** The resort's zone, the one its hours are counted in. */
  timeZone: string
  categories: CategoryOpenings[]
}

interface CategoryRow {
  category: string
  /** Null on a category's own row; its openings in one hour of the day otherwise. */
  hour: number | null
  openings: number
  questions: number
  closed: number
  medianSeconds: number | null
}

/**
 * A resort's hotel openings first seen between `since` and `until`, by the catalogue's room
 * category: how many, from how many questions, the median time the closed ones were open
 * (percentile_cont skips the open ones, whose length is not known yet) and the hour of the day,
 * in `timeZone`, each first appeared. One range scan of openings_resort_idx, aggregated in
 * Postgres: a row per category and one per category and hour, whatever the number of openings.
 * `kind = 'hotel'` is written out, not a parameter, so that Postgres can use the partial index.
 */
export function openingStatsQuery(resortId: string, since: Date, until: Date, timeZone: string) {
  return sql<CategoryRow>`
    select t.category_name as category, h.hour,
      count(*)::int as openings, count(distinct o.question_id)::int as questions,
      count(o.closed_at)::int as closed,
      percentile_cont(0.5) within group (order by extract(epoch from o.closed_at - o.first_seen_at))
        as median_seconds
    from openings o
    join room_types t on t.id = o.room_type_id
    cross join lateral (
      select extract(hour from o.first_seen_at at time zone ${timeZone})::int as hour
    ) h
    where o.kind = 'hotel' and o.resort_id = ${resortId}
      and o.first_seen_at >= ${since} and o.first_seen_at <= ${until}
    group by grouping sets ((t.category_name), (t.category_name, h.hour))`
}

/** A resort's openings of the last 30 days by room category, in its destination's time zone. */
export async function readOpeningStats(
  db: Executor,
  resort: StatsResort,
  until = new Date(),
): Promise<ResortOpenings> {
  const since = new Date(until.getTime() - OPENING_STATS_DAYS * 86_400_000)
  const timeZone = DESTINATIONS.find(
    (destination) => destination.identifier === resort.locationIdentifier,
  )!.timeZone
  const { rows } = await openingStatsQuery(resort.id, since, until, timeZone).execute(db)

  const categories = new Map<string, CategoryOpenings>()
  const categoryOf = (name: string) => {
    let category = categories.get(name)
    if (!category) {
      category = {
        category: name,
        openings: 0,
        questions: 0,
        closed: 0,
        medianSeconds: null,
        hours: Array.from({ length: 24 }, () => 0),
      }
      categories.set(name, category)
    }
    return category
  }
  for (const row of rows) {
    const category = categoryOf(row.category)
    if (row.hour === null) {
      Object.assign(category, {
        openings: row.openings,
        questions: row.questions,
        closed: row.closed,
        medianSeconds: row.medianSeconds,
      })
    } else category.hours[row.hour] = row.openings
  }
  return { since, until, timeZone, categories: [...categories.values()] }
}

/** Hotel pages show figures up to this old: they change slowly, and pages must stay cheap. */
export const OPENING_STATS_FRESH_MS = 5 * 60_000

const recent = expiringCache<string, ResortOpenings>(OPENING_STATS_FRESH_MS)

/** readOpeningStats as a hotel page reads it: at most once per resort every few minutes. */
export function recentOpeningStats(db: Executor, resort: StatsResort) {
  return recent(resort.id, () => readOpeningStats(db, resort))
}
