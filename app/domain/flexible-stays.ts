/**
 * A hotel alert as the stays it covers and the questions it asks (issue 29, decision 0032).
 *
 * A flexible hotel alert watches every stay that checks in between its earliest and latest
 * check-in and lasts between its least and most nights, at each of its resorts. Each resort and
 * stay is one question, keyed by `hotelQueryKey` exactly as an exact alert's is, so an exact
 * alert (one check-in, one length, one resort) is the simplest case and asks today's question.
 */
import type { DestinationId } from './destinations'
import { addDays, nightsBetween } from './dates'
import { hotelQueryKey, type HotelQuestion } from './schedule'

/** The widest check-in window: the latest check-in at most this many days after the earliest. */
export const MAX_CHECK_IN_SPREAD_DAYS = 14

/** A resort of an alert and the room types it watches there, or any room type that fits. */
export interface ResortChoice {
  resortId: string
  roomIds: readonly string[] | 'any'
}

/** A flexible hotel alert, as its schema gives it (field names are the JSON API's). */
export interface FlexibleHotelAlert {
  /** In the order the person gave them: the order of its questions and of its openings. */
  resorts: readonly ResortChoice[]
  /** The earliest check-in. */
  checkInDate: string
  /** The latest check-in; the earliest for a fixed check-in. */
  latestCheckInDate: string
  minNights: number
  maxNights: number
  numberOfAdults: number
  agesOfChildren: readonly number[]
  accessible: boolean
  /** Whether two back-to-back bookings may cover a stay no single room does (split-stays.ts). */
  splitStays: boolean
}

/** One stay: a check-in and a check-out date, and the nights between them. */
export interface Stay {
  checkInDate: string
  checkOutDate: string
  nights: number
}

/** A hotel question of an alert, with its key: one resort, one stay, one party. */
export type StayQuestion = HotelQuestion & { key: string }

export function stayOf(checkInDate: string, nights: number): Stay {
  return { checkInDate, checkOutDate: addDays(checkInDate, nights), nights }
}

/** The stay from one date to another. */
export function stayBetween(checkInDate: string, checkOutDate: string): Stay {
  return { checkInDate, checkOutDate, nights: nightsBetween(checkInDate, checkOutDate) }
}

/** The fields of an exact alert (one check-in and one check-out) in the flexible shape. */
export function exactStayFields(checkInDate: string, checkOutDate: string) {
  const nights = nightsBetween(checkInDate, checkOutDate)
  return { checkInDate, latestCheckInDate: checkInDate, minNights: nights, maxNights: nights }
}

/** Whether an alert watches one stay only: the simplest case, said and texted as today's. */
export function isExactStay(
  alert: Pick<FlexibleHotelAlert, 'checkInDate' | 'latestCheckInDate' | 'minNights' | 'maxNights'>,
): boolean {
  return alert.checkInDate === alert.latestCheckInDate && alert.minNights === alert.maxNights
}

/** How many check-in dates the window holds (the earliest and latest included). */
export function checkInCount(
  alert: Pick<FlexibleHotelAlert, 'checkInDate' | 'latestCheckInDate'>,
): number {
  return nightsBetween(alert.checkInDate, alert.latestCheckInDate) + 1
}

/**
 * The stays an alert covers: earliest check-in first, then shortest stay first. An alert's
 * schema keeps the window at most 15 check-ins and the nights at most 30, so at most 450 stays.
 */
export function staysOf(
  alert: Pick<FlexibleHotelAlert, 'checkInDate' | 'latestCheckInDate' | 'minNights' | 'maxNights'>,
): Stay[] {
  const stays: Stay[] = []
  for (let day = 0; day < checkInCount(alert); day++) {
    const checkIn = addDays(alert.checkInDate, day)
    for (let nights = alert.minNights; nights <= alert.maxNights; nights++)
      stays.push(stayOf(checkIn, nights))
  }
  return stays
}

/** The question of one resort and stay for the alert's party. */
export function stayQuestion(
  alert: Pick<FlexibleHotelAlert, 'numberOfAdults' | 'agesOfChildren' | 'accessible'>,
  resortId: string,
  stay: Stay,
): StayQuestion {
  const question: HotelQuestion = {
    resortId,
    checkInDate: stay.checkInDate,
    checkOutDate: stay.checkOutDate,
    numberOfAdults: alert.numberOfAdults,
    agesOfChildren: alert.agesOfChildren,
    accessible: alert.accessible,
  }
  return { ...question, key: hotelQueryKey(question) }
}

/**
 * The questions of some stays at each of the alert's resorts, in order: stay by stay (as given),
 * then resort by resort (as the alert lists them).
 */
export function questionsOfStays(
  alert: Pick<FlexibleHotelAlert, 'resorts' | 'numberOfAdults' | 'agesOfChildren' | 'accessible'>,
  stays: readonly Stay[],
): StayQuestion[] {
  return stays.flatMap((stay) =>
    alert.resorts.map((resort) => stayQuestion(alert, resort.resortId, stay)),
  )
}

/**
 * The room-level questions of an alert's own stays (not yet those of split stays:
 * `splitStayQuestions`): earliest check-in, then shortest stay, then resort order.
 */
export function hotelQuestionsOf(alert: FlexibleHotelAlert): StayQuestion[] {
  return questionsOfStays(alert, staysOf(alert))
}

/**
 * Destinations whose room-level questions consult Disney's multi-resort answer first
 * (upstream-disney.md §1.D): one anonymous call says which resorts have any room for a stay
 * and party, so a room-level call is made only where it can find something (decision 0033).
 */
export const MULTI_RESORT_DESTINATIONS: readonly DestinationId[] = ['disney-world']

/**
 * The key of the multi-resort question of a stay and party: every resort of the destination at
 * once, so it is shared by every alert with that stay and party, whichever resorts they watch.
 */
export function resortAvailabilityKey(question: {
  destination: DestinationId
  checkInDate: string
  checkOutDate: string
  numberOfAdults: number
  agesOfChildren: readonly number[]
  accessible: boolean
}): string {
  const ages = [...question.agesOfChildren].sort((a, b) => a - b).join('.')
  return `resorts|${question.destination}|${question.checkInDate}|${question.checkOutDate}|${question.numberOfAdults}|${ages}|${question.accessible ? 1 : 0}`
}
