import { addDays } from './dates'
/**
 * A dining alert as the questions it asks and the offers it wants (issue 29, decision 0032).
 *
 * Disney's dine-res search answers every restaurant of a destination for one date and party
 * (upstream-disney.md §1.C), so an alert asks one question a date, keyed by `diningQueryKey`
 * exactly as an exact alert's is: more restaurants cost nothing, more dates cost a question
 * each. An exact alert (one restaurant, one date, today's time fields) is the simplest case.
 */
import type { DestinationId } from './destinations'
import {
  MEAL_WINDOWS,
  timeMatches,
  toDiningTimes,
  type DiningTimes,
  type Meal,
} from './dining-alert'
import { diningQueryKey, type DiningQuestion } from './schedule'

/** The most restaurants one alert watches (the bound: a choice, not a cost). */
export const MAX_RESTAURANTS_PER_ALERT = 10

/** The most dates one alert watches, as a list or as a range: 14 questions at most. */
export const MAX_DINING_DATES = 14

/** The meal periods in the day's order. */
export const MEALS = Object.keys(MEAL_WINDOWS) as Meal[]

/**
 * When a table is wanted: one or more meal periods, or (with none) today's time fields: all day,
 * a time, or a time range.
 */
export interface DiningTimeWish extends DiningTimes {
  /** In the day's order; empty when the time fields say it. */
  mealPeriods: readonly Meal[]
}

/** A flexible dining alert, as its schema gives it (field names are the JSON API's). */
export interface FlexibleDiningAlert extends DiningTimeWish {
  resortLocationIdentifier: DestinationId
  /** In the order the person gave them. */
  diningLocationIds: readonly string[]
  /** Distinct, earliest first. */
  reserveDates: readonly string[]
  partySize: number
}

/** Every date from the first to the last, both included. */
export function datesBetween(first: string, last: string): string[] {
  const dates: string[] = []
  for (let date = first; date <= last; date = addDays(date, 1)) dates.push(date)
  return dates
}

export type DateQuestion = DiningQuestion & { key: string }

/** The alert's questions: one a date, earliest first, whatever its restaurants. */
export function diningQuestionsOf(
  alert: Pick<FlexibleDiningAlert, 'resortLocationIdentifier' | 'reserveDates' | 'partySize'>,
): DateQuestion[] {
  return alert.reserveDates.map((reserveDate) => {
    const question: DiningQuestion = {
      resortLocationIdentifier: alert.resortLocationIdentifier,
      partySize: alert.partySize,
      reserveDate,
    }
    return { ...question, key: diningQueryKey(question) }
  })
}

/**
 * Whether a bookable time is one the alert wants: inside one of its meal periods (each window as
 * the form's meal choice sends it), or else as today's time fields say (`timeMatches`).
 */
export function timeWished(time: string, wish: DiningTimeWish): boolean {
  if (!wish.mealPeriods.length) return timeMatches(time, wish)
  return wish.mealPeriods.some((meal) => timeMatches(time, toDiningTimes({ kind: 'meal', meal })))
}

/** An offer of a dining answer: a restaurant's table on a date at a time. */
export interface DiningOffer {
  venueId: string
  date: string
  time: string
}

/** Whether an offer is an opening for the alert: one of its restaurants, dates and times. */
export function diningOfferMatches(
  alert: Pick<FlexibleDiningAlert, 'diningLocationIds' | 'reserveDates'> & DiningTimeWish,
  offer: DiningOffer,
): boolean {
  return (
    alert.diningLocationIds.includes(offer.venueId) &&
    alert.reserveDates.includes(offer.date) &&
    timeWished(offer.time, alert)
  )
}
