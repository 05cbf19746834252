/**
 * What a hotel alert costs in questions, counted before it is saved, and the cap on it
 * (decision 0032). A dining alert needs no cap of its own: it asks one question a date (at most
 * 14), whatever number of restaurants it watches (flexible-dining.ts).
 */
import type { DestinationId } from './destinations'
import { MULTI_RESORT_DESTINATIONS, staysOf, type FlexibleHotelAlert } from './flexible-stays'
import { splitSubStays } from './split-stays'

/**
 * The most room-level questions one alert may ask: its stays times its resorts, split stays'
 * shorter stays included. Chosen from the benchmark's cost of a question (decision 0032).
 */
export const MAX_QUESTIONS_PER_ALERT = 60

export interface HotelAlertCost {
  /** The stays the alert covers. */
  stays: number
  resorts: number
  /** The shorter stays split stays add (0 without split stays). */
  splitStays: number
  /** Room-level questions: (stays + split stays) × resorts. What the cap counts. */
  questions: number
}

/** An alert's questions, counted (not listed) for the form and the cap. */
export function hotelAlertCost(
  alert: Pick<
    FlexibleHotelAlert,
    'resorts' | 'checkInDate' | 'latestCheckInDate' | 'minNights' | 'maxNights' | 'splitStays'
  >,
): HotelAlertCost {
  const stays = staysOf(alert)
  const splitStays = alert.splitStays ? splitSubStays(stays).length : 0
  const resorts = alert.resorts.length
  return {
    stays: stays.length,
    resorts,
    splitStays,
    questions: (stays.length + splitStays) * resorts,
  }
}

/**
 * The multi-resort questions an alert adds where its destination has them (0 elsewhere): one a
 * stay, split stays' included, whatever the number of resorts. At a check the alert then asks
 * only the room-level questions whose resort that answer says has a room, so it usually costs
 * one call a stay, and at most this many more than its room-level questions.
 */
export function multiResortQuestions(
  cost: Pick<HotelAlertCost, 'stays' | 'splitStays'>,
  destination: DestinationId,
): number {
  return MULTI_RESORT_DESTINATIONS.includes(destination) ? cost.stays + cost.splitStays : 0
}

/** Whether an alert asks more than one alert may. */
export function isTooWide(cost: Pick<HotelAlertCost, 'questions'>): boolean {
  return cost.questions > MAX_QUESTIONS_PER_ALERT
}
