/**
 * What a dining alert covers, in words, for its forms before it is saved (issue 29). Disney
 * answers every restaurant of a destination for one date and party in one call, so an alert is
 * one check a date whatever its restaurants (flexible-dining.ts): the words say so, and say
 * when the alert is wider than one alert may be.
 */
import { isIsoDate } from './dates'
import { datesBetween, MAX_DINING_DATES, MAX_RESTAURANTS_PER_ALERT } from './flexible-dining'

/** The dates as a form holds them: a list, or a first date with an optional last one. */
export interface DiningDatesChoice {
  reserveDate: string
  /** The last date of a range; empty for one date. */
  latestReserveDate: string
  /** Dates that are not one run, in place of the range; empty otherwise. */
  reserveDates: readonly string[]
}

/**
 * The dates a form's fields stand for: its list, else every date of its range, else its one
 * date. None while the first date is missing or the last is before it.
 */
export function datesChosen(choice: DiningDatesChoice): string[] {
  if (choice.reserveDates.length) return [...new Set(choice.reserveDates)].sort()
  if (!isIsoDate(choice.reserveDate)) return []
  if (!isIsoDate(choice.latestReserveDate)) return [choice.reserveDate]
  return datesBetween(choice.reserveDate, choice.latestReserveDate)
}

export interface DiningCoverage {
  restaurants: number
  dates: number
  /** One alert may not watch this much: the words say the limit instead of the checks. */
  tooWide: boolean
  words: string
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/**
 * "1 restaurant on 1 date: 1 check", "3 restaurants on 5 dates: 5 checks, one a date", or past
 * a limit "20 dates: one alert can watch at most 14". Null until a restaurant and a date are
 * chosen.
 */
export function diningCoverage(
  choice: DiningDatesChoice & { diningLocationIds: readonly string[] },
): DiningCoverage | null {
  const restaurants = new Set(choice.diningLocationIds).size
  const dates = datesChosen(choice).length
  if (!restaurants || !dates) return null
  const over =
    restaurants > MAX_RESTAURANTS_PER_ALERT
      ? `${plural(restaurants, 'restaurant')}: one alert can watch at most ${MAX_RESTAURANTS_PER_ALERT}`
      : dates > MAX_DINING_DATES
        ? `${plural(dates, 'date')}: one alert can watch at most ${MAX_DINING_DATES}`
        : null
  const checks = `${plural(dates, 'check')}${dates > 1 ? ', one a date' : ''}`
  return {
    restaurants,
    dates,
    tooWide: over !== null,
    words: over ?? `${plural(restaurants, 'restaurant')} on ${plural(dates, 'date')}: ${checks}`,
  }
}
