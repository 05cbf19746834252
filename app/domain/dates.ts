/*
 * Calendar dates are YYYY-MM-DD strings, worked on as UTC midnights: no time zone can move them
 * a day. Native Date and Intl do it all, so the alert pages carry no date library (decision 0012).
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DAY_MS = 86_400_000

/** The UTC midnight of a YYYY-MM-DD date (NaN for what is not one). */
/** The midnight UTC of a day, in ms: days counted without a time zone's shifts. */
export function utcDay(iso: string): number {
  const match = ISO_DATE.exec(iso)
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN
}

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false
  const day = utcDay(value)
  return !Number.isNaN(day) && new Date(day).toISOString().slice(0, 10) === value
}

/**
 * A formatter per time zone, each built once: building one costs far more than using it, and
 * every hotel check asks for today at its resort.
 */
export function formatterByZone(locale: string, options: Intl.DateTimeFormatOptions) {
  const formats = new Map<string, Intl.DateTimeFormat>()
  return (timeZone: string) => {
    let format = formats.get(timeZone)
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone })
      formats.set(timeZone, format)
    }
    return format
  }
}

const dayFormat = formatterByZone('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' })

/** Today's date where the resort is: a dining date at Disneyland is a Pacific date. */
export function todayIn(timeZone: string, now = new Date()): string {
  return dayFormat(timeZone).format(now)
}

export function nightsBetween(checkIn: string, checkOut: string): number {
  return Math.round((utcDay(checkOut) - utcDay(checkIn)) / DAY_MS)
}

const shortDate = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
})
const shortDateWithYear = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
})
const longDate = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
})

/** "Mon D", with the year when it is not the current one (catalogue §2). */
export function formatShortDate(iso: string, currentYear: number): string {
  const day = utcDay(iso)
  const sameYear = new Date(day).getUTCFullYear() === currentYear
  return (sameYear ? shortDate : shortDateWithYear).format(day)
}

/** The date range text of the hotel form: "Mon D - Mon D". */
export function formatDateRange(from: string, to: string, currentYear: number): string {
  return `${formatShortDate(from, currentYear)} - ${formatShortDate(to, currentYear)}`
}

/** "Sat, Dec 12, 2026". */
export function formatLongDate(iso: string): string {
  return longDate.format(utcDay(iso))
}

export interface DateRange {
  from?: string
  to?: string
}

/**
 * The range calendar's clicks (catalogue §4): the first sets the start, the second the end
 * (swapped if it is earlier), a third starts again. A stay needs a night, so clicking the start
 * day again waits for another day.
 */
export function nextRange(current: DateRange, clicked: string): DateRange {
  if (!current.from || current.to) return { from: clicked }
  if (clicked === current.from) return { from: current.from }
  return clicked < current.from
    ? { from: clicked, to: current.from }
    : { from: current.from, to: clicked }
}

/** How far ahead an alert may look: Disney sells stays and tables well within two years. */
export const MAX_DAYS_AHEAD = 730

/** Whether a date lies further ahead of today than any alert may look. */
export function beyondHorizon(date: string, today: string): boolean {
  return nightsBetween(today, date) > MAX_DAYS_AHEAD
}

const momentFormat = formatterByZone('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

/** "Nov 26, 3:04 PM" at a place: the alert pages give times at the destination. */
export function formatMoment(iso: string, timeZone: string): string {
  return momentFormat(timeZone).format(new Date(iso))
}

/** A time zone's everyday name: "Eastern Time", "Pacific Time". */
export function timeZoneName(timeZone: string): string {
  return (
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date(0))
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone
  )
}

/** The day `days` after (or before) a day: "2027-06-08" + 6 = "2027-06-14". */
export function addDays(date: string, days: number): string {
  return new Date(utcDay(date) + days * DAY_MS).toISOString().slice(0, 10)
}
