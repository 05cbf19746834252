/*
 * Quiet hours (decision 0031): a subscriber's local times, in their own time zone, when opening
 * texts wait and go out as one text at the end, unless the stay or meal is within 48 hours.
 * Native Date and Intl do the time zones, as in dates.ts: wall-clock times are turned into
 * instants day by day, so a daylight-saving change moves nothing an hour.
 */
import { addDays, formatterByZone, utcDay } from './dates'
import { findDestination } from './destinations'
import { minutesOf, twelveHour } from './dining-alert'

/** The time zones Settings offers: the US and Canada's, where our subscribers' numbers are. */
export const TIME_ZONES = [
  { id: 'America/New_York', label: 'Eastern Time (New York, Toronto, Orlando)' },
  { id: 'America/Chicago', label: 'Central Time (Chicago, Dallas, Winnipeg)' },
  { id: 'America/Denver', label: 'Mountain Time (Denver, Calgary)' },
  { id: 'America/Phoenix', label: 'Arizona (no daylight saving)' },
  { id: 'America/Los_Angeles', label: 'Pacific Time (Los Angeles, Anaheim, Vancouver)' },
  { id: 'America/Anchorage', label: 'Alaska' },
  { id: 'Pacific/Honolulu', label: 'Hawaii' },
  { id: 'America/Halifax', label: 'Atlantic Time (Halifax)' },
  { id: 'America/St_Johns', label: 'Newfoundland' },
] as const
export type TimeZoneId = (typeof TIME_ZONES)[number]['id']
export const TIME_ZONE_IDS = TIME_ZONES.map((zone) => zone.id) as [TimeZoneId, ...TimeZoneId[]]

/** Quiet hours as the account keeps them: local times (HH:MM or HH:MM:SS), both null when off. */
export interface QuietSettings {
  timeZone: string | null
  quietStart: string | null
  quietEnd: string | null
}

/** Within this long of the stay or meal, an opening is texted through quiet hours. */
export const TEXT_THROUGH_WITHIN_MS = 48 * 60 * 60_000

/** When a stay begins, for the 48 hours: Disney's resorts check in from 3 PM. */
export const HOTEL_CHECK_IN_TIME = '15:00'

const DAY_MS = 86_400_000

const wallFormat = formatterByZone('en-US', {
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
})

/** The wall clock in a time zone at an instant, as the UTC instant that reads the same. */
export function wallClockMs(instant: number, timeZone: string): number {
  const format = wallFormat(timeZone)
  const part = Object.fromEntries(
    format.formatToParts(instant).map((entry) => [entry.type, Number(entry.value)]),
  )
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!)
}

/** The zone's date (YYYY-MM-DD) at an instant. */
function localDate(instant: number, timeZone: string) {
  return new Date(wallClockMs(instant, timeZone)).toISOString().slice(0, 10)
}

/**
 * The instant a date and local time happen in a time zone. A time the clocks skip (2:30 on the
 * spring-forward night) is taken as many minutes after the change (3:30); a time they repeat
 * (1:30 on the fall-back night), at its first. The offsets a day either side are the only two the
 * date can have: no zone changes its clocks twice in two days.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const wall = utcDay(date) + (minutesOf(time) ?? 0) * 60_000
  const offsetAt = (instant: number) =>
    wallClockMs(instant, timeZone) - Math.floor(instant / 1000) * 1000
  const before = wall - offsetAt(wall - DAY_MS)
  const after = wall - offsetAt(wall + DAY_MS)
  const real = [before, after].filter((instant) => wallClockMs(instant, timeZone) === wall)
  return new Date(real.length ? Math.min(...real) : before)
}

/** Whether quiet hours are set at all. */
export function hasQuietHours(
  quiet: QuietSettings,
): quiet is { timeZone: string; quietStart: string; quietEnd: string } {
  return Boolean(quiet.timeZone && quiet.quietStart && quiet.quietEnd)
}

/**
 * When the quiet hours `now` falls in end, or null when it falls in none (or there are none).
 * Each night's quiet hours run from its start on one date to the first end after it (the next
 * date's, when the range crosses midnight), both read on the wall clock of that date.
 */
export function quietUntil(quiet: QuietSettings, now: Date): Date | null {
  if (!hasQuietHours(quiet)) return null
  const { timeZone, quietStart, quietEnd } = quiet
  const crossesMidnight = (minutesOf(quietEnd) ?? 0) <= (minutesOf(quietStart) ?? 0)
  const today = localDate(now.getTime(), timeZone)
  for (const day of [addDays(today, -1), today]) {
    const from = zonedInstant(day, quietStart, timeZone)
    const to = zonedInstant(crossesMidnight ? addDays(day, 1) : day, quietEnd, timeZone)
    if (from <= now && now < to) return to
  }
  return null
}

export function isQuiet(quiet: QuietSettings, now: Date): boolean {
  return quietUntil(quiet, now) !== null
}

/**
 * When an opening's stay or meal begins: the check-in date at 3 PM, or the table's date and time,
 * at its destination's clock.
 */
export function startsAt(opening: { destination: string; date: string; time?: string | null }) {
  const timeZone = findDestination(opening.destination)?.timeZone ?? 'America/New_York'
  return zonedInstant(opening.date, opening.time ?? HOTEL_CHECK_IN_TIME, timeZone)
}

/** Whether the stay or meal begins within 48 hours (or has begun): too soon to wait. */
export function startsSoon(start: Date, now: Date): boolean {
  return start.getTime() - now.getTime() <= TEXT_THROUGH_WITHIN_MS
}

/**
 * Until when an opening's text waits: the end of its owner's quiet hours, or null when it goes
 * now (no quiet hours at this moment, or the stay or meal within 48 hours).
 */
export function holdUntil(quiet: QuietSettings, start: Date, now: Date): Date | null {
  return startsSoon(start, now) ? null : quietUntil(quiet, now)
}

/** A stored local time (HH:MM:SS) as the forms and the API write it: HH:MM. */
export function clockOf(time: string | null): string | null {
  return time === null ? null : time.slice(0, 5)
}

export function timeZoneLabel(id: string): string {
  return TIME_ZONES.find((zone) => zone.id === id)?.label ?? id
}

/** "10:00 PM to 7:00 AM, Eastern Time (New York, Toronto, Orlando)", or null when off. */
export function describeQuietHours(quiet: QuietSettings): string | null {
  if (!hasQuietHours(quiet)) return null
  return `${twelveHour(quiet.quietStart)} to ${twelveHour(quiet.quietEnd)}, ${timeZoneLabel(quiet.timeZone)}`
}
