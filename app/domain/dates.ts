import { differenceInCalendarDays, format, parseISO } from 'date-fns'

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return false
  const date = parseISO(value)
  return !Number.isNaN(date.getTime()) && format(date, 'yyyy-MM-dd') === value
}

// A formatter costs far more to build than to use, and every hotel check asks for one.
const dayFormats = new Map<string, Intl.DateTimeFormat>()

/** Today's date where the resort is: a dining date at Disneyland is a Pacific date. */
export function todayIn(timeZone: string, now = new Date()): string {
  let dayFormat = dayFormats.get(timeZone)
  if (!dayFormat) {
    dayFormat = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    dayFormats.set(timeZone, dayFormat)
  }
  return dayFormat.format(now)
}

export function nightsBetween(checkIn: string, checkOut: string): number {
  return differenceInCalendarDays(parseISO(checkOut), parseISO(checkIn))
}

/** "Mon D", with the year when it is not the current one (catalogue §2). */
export function formatShortDate(iso: string, currentYear: number): string {
  const date = parseISO(iso)
  return format(date, date.getFullYear() === currentYear ? 'MMM d' : 'MMM d, yyyy')
}

/** The date range text of the hotel form: "Mon D - Mon D". */
export function formatDateRange(from: string, to: string, currentYear: number): string {
  return `${formatShortDate(from, currentYear)} - ${formatShortDate(to, currentYear)}`
}

export function formatLongDate(iso: string): string {
  return format(parseISO(iso), 'EEE, MMM d, yyyy')
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
