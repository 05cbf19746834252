import { timeZoneName } from './dates'
/**
 * A hotel page's public opening statistics (issue 28): the rooms our alerts saw open at the hotel
 * in the last 30 days, by room category, how long they typically lasted and the hours they
 * appeared. They cover what alerts watch (decision 0029), not all of Disney's availability.
 */

export const OPENING_STATS_DAYS = 30

/**
 * What a figure needs before it is public. An opening is recorded for a question (one stay at one
 * hotel: dates, party, room types) and only for rooms its alerts watch, so a category's openings
 * from a single question would describe one stay someone is watching: that they want that kind
 * of room, and when rooms opened for their dates. A category is shown only when at least 10
 * openings were seen for at least 3 different questions, so every figure mixes three stays or
 * more and no single alert's openings can be picked out of it; 10 so that a median or an hour
 * is never one or two openings' exact times. Openings whose question has since been deleted
 * count as openings but not as questions, which can only make the rule stricter. (One person
 * with three alerts at one hotel is three questions: the figures then say only what their own
 * alerts saw, without dates, and nothing about who they are.)
 */
export const OPENING_STATS_MINIMUM = { openings: 10, questions: 3 } as const

/** One room category's openings in the period, as the database aggregates them. */
export interface CategoryOpenings {
  /** The catalogue's category of the room types (Rooms, Suites, Villas…). */
  category: string
  openings: number
  /** Different questions (stays asked by alerts) that saw them. */
  questions: number
  /** Those closed since, whose length is known. */
  closed: number
  /** The median time the closed ones were open, in seconds; null when none has closed. */
  medianSeconds: number | null
  /** Openings first seen in each hour of the day, 0 to 23, in the resort's own time. */
  hours: number[]
}

export interface ShownCategory {
  name: string
  openings: number
  /** Whole minutes, for structured data; null when too few have closed to say. */
  medianMinutes: number | null
  /** The same median in words ("12 minutes"). */
  typical: string | null
}

export type PublicOpeningStats =
  | { shown: false }
  | {
      shown: true
      /** The period, as dates (YYYY-MM-DD, UTC). */
      from: string
      to: string
      openings: number
      categories: ShownCategory[]
      hours: number[]
      /** The busiest hours in words ("6 a.m. to 8 a.m. and 9 p.m. to 10 p.m."). */
      busiest: string
      /** The zone the hours are in, in words ("Eastern Time"). */
      timeZone: string
    }

export const meetsMinimum = (category: { openings: number; questions: number }) =>
  category.openings >= OPENING_STATS_MINIMUM.openings &&
  category.questions >= OPENING_STATS_MINIMUM.questions

/**
 * The figures a hotel page may show. Categories below the minimum are left out of everything,
 * the total and the hours included, so that subtracting what is shown from a total can never
 * reveal them; what remains always meets the minimum as a whole. A median also needs the
 * minimum of closed openings: open ones have no length yet, and counting them as "so far"
 * would make openings look shorter than they are (most close within the hour).
 */
export function publicOpeningStats(
  categories: readonly CategoryOpenings[],
  period: { since: Date; until: Date; timeZone: string },
): PublicOpeningStats {
  const shown = categories
    .filter(meetsMinimum)
    .sort((a, b) => b.openings - a.openings || a.category.localeCompare(b.category))
  if (shown.length === 0) return { shown: false }
  const hours = Array.from({ length: 24 }, (_, hour) =>
    shown.reduce((total, category) => total + (category.hours[hour] ?? 0), 0),
  )
  return {
    shown: true,
    from: period.since.toISOString().slice(0, 10),
    to: period.until.toISOString().slice(0, 10),
    openings: shown.reduce((total, category) => total + category.openings, 0),
    categories: shown.map((category) => {
      const median =
        category.closed >= OPENING_STATS_MINIMUM.openings ? category.medianSeconds : null
      return {
        name: category.category,
        openings: category.openings,
        medianMinutes: median === null ? null : Math.round(median / 60),
        typical: median === null ? null : durationText(median),
      }
    }),
    hours,
    busiest: hourRangesText(busiestHours(hours)),
    timeZone: timeZoneName(period.timeZone),
  }
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`

/** How long an opening lasted, in words: "under a minute", "12 minutes", "2 hours 5 minutes". */
export function durationText(seconds: number): string {
  if (seconds < 60) return 'under a minute'
  const minutes = Math.round(seconds / 60)
  if (minutes < 90) return plural(minutes, 'minute')
  if (minutes < 48 * 60) {
    const hours = Math.floor(minutes / 60)
    const rest = minutes % 60
    return rest ? `${plural(hours, 'hour')} ${plural(rest, 'minute')}` : plural(hours, 'hour')
  }
  return plural(Math.round(minutes / (24 * 60)), 'day')
}

/** A half-open range of hours of the day, `to` up to 24 (midnight at the end). */
export interface HourRange {
  from: number
  to: number
}

/** How many of the busiest hours a page names. */
const BUSIEST_NAMED = 3

/**
 * The busiest hours, as ranges in the order of the day: the three with the most openings (an
 * earlier hour first among equal ones), neighbours joined, across midnight too.
 */
export function busiestHours(hours: readonly number[]): HourRange[] {
  const top = hours
    .map((count, hour) => ({ count, hour }))
    .filter((entry) => entry.count > 0)
    .sort((a, b) => b.count - a.count || a.hour - b.hour)
    .slice(0, BUSIEST_NAMED)
    .map((entry) => entry.hour)
    .sort((a, b) => a - b)
  const ranges: HourRange[] = []
  for (const hour of top) {
    const last = ranges.at(-1)
    if (last && last.to === hour) last.to = hour + 1
    else ranges.push({ from: hour, to: hour + 1 })
  }
  const first = ranges[0]
  const last = ranges.at(-1)
  if (first && last && ranges.length > 1 && first.from === 0 && last.to === 24) {
    ranges.shift()
    last.to = 24 + first.to
  }
  return ranges
}

/** An hour of the day in words: "midnight", "6 a.m.", "noon", "9 p.m." (24 and up wrap). */
export function hourText(hour: number): string {
  const of = hour % 24
  if (of === 0) return 'midnight'
  if (of === 12) return 'noon'
  return of < 12 ? `${of} a.m.` : `${of - 12} p.m.`
}

export const hourRangeText = (range: HourRange) =>
  `${hourText(range.from)} to ${hourText(range.to)}`

/** Ranges in words, "a, b and c"; empty when there are none. */
export function hourRangesText(ranges: readonly HourRange[]): string {
  const texts = ranges.map(hourRangeText)
  return texts.length > 1
    ? `${texts.slice(0, -1).join(', ')} and ${texts.at(-1)}`
    : (texts[0] ?? '')
}
