/**
 * The monitoring benchmark's flexible alerts (issue 29): drawn as families ask them, and expanded
 * into their questions by the app's own rules (app/domain/flexible-*.ts, composed as
 * `linkQuestions` composes them), so the benchmark can write them in batches without the app's
 * one-alert-at-a-time save. `bench/monitoring.ts` checks a sample against `linkQuestions` itself.
 */
import { randomUUID } from 'node:crypto'
import type { AlertResort, DestinationId } from '../db/schema.ts'
import { addDays } from '../app/domain/dates.ts'
import {
  MEALS,
  diningQuestionsOf,
  type FlexibleDiningAlert,
} from '../app/domain/flexible-dining.ts'
import { hotelAlertCost, isTooWide } from '../app/domain/flexible-cost.ts'
import type { FlexibleHotelAlert } from '../app/domain/flexible-stays.ts'
import { hotelAlertQuestionsOf } from '../app/domain/split-stays.ts'
import { diningValues, hotelValues } from '../app/models/question.server.ts'

/**
 * A Zipf-like pick as bounds: item k has weight 1 / (k + 1)^s, so a few resorts, dates and
 * parties dominate. Postgres's `width_bucket(random(), bounds)` is then k + 1, as is `drawZipf`.
 */
export function zipfBounds(count: number, s = 1.1) {
  const weights = Array.from({ length: count }, (_, k) => 1 / (k + 1) ** s)
  const total = weights.reduce((a, b) => a + b, 0)
  let below = 0
  return weights.map((weight) => {
    const bound = below / total
    below += weight
    return bound
  })
}

/** What `width_bucket(random(), bounds)` gives in Postgres: 1 to bounds.length. */
export function drawZipf(bounds: readonly number[], random = Math.random()) {
  let k = 0
  while (k + 1 < bounds.length && bounds[k + 1]! <= random) k++
  return k + 1
}

const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1))

/** The draws the exact alerts share with the flexible ones (the same weights, in SQL and here). */
export interface Draws {
  resortBounds: number[]
  restaurantBounds: number[]
  /** Days ahead: 1 to 60. */
  dayBounds: number[]
  /** Adults of a hotel alert; 1 + this is a dining party. */
  partyBounds: number[]
  /** Each question set's children (bench/monitoring.ts `childrenOfSet`), drawn uniformly. */
  children: number[][]
  today: string
}

export interface MixHotel {
  id: string
  locationIdentifier: DestinationId
  /** The room types an exact alert watches there: the first ones not accessible. */
  roomIds: string[]
}

export interface MixRestaurant {
  id: string
  locationIdentifier: DestinationId
}

/** A question an alert asks, with the fields Disney is asked (as `linkQuestions` writes them). */
export type MixQuestion =
  | (ReturnType<typeof hotelValues> & {
      /** The room types the alert watches at this resort. */
      roomTypeIds: string[]
      split: boolean
    })
  | ReturnType<typeof diningValues>

export interface MixHotelAlert {
  id: string
  alert: FlexibleHotelAlert & { resorts: AlertResort[] }
  questions: MixQuestion[]
}

export interface MixDiningAlert {
  id: string
  alert: FlexibleDiningAlert
  questions: MixQuestion[]
}

/**
 * Picks `count` of a destination's items: the first by the weights over all items (as an exact
 * alert picks its one), the rest by the same kind of weights over the others of its destination.
 */
function pickOfOneDestination<Item extends { locationIdentifier: DestinationId }>(
  items: readonly Item[],
  bounds: readonly number[],
  count: number,
): Item[] {
  const first = items[drawZipf(bounds) - 1]!
  const others = items.filter(
    (item) => item !== first && item.locationIdentifier === first.locationIdentifier,
  )
  const picked = [first]
  while (picked.length < count && others.length > 0)
    picked.push(others.splice(drawZipf(zipfBounds(others.length)) - 1, 1)[0]!)
  return picked
}

/** How often a flexible hotel alert watches any room of a resort, and asks for split stays. */
const ANY_ROOM_SHARE = 0.3
const SPLIT_STAYS_SHARE = 0.15

/**
 * A flexible hotel alert: 3 to 7 check-ins, two lengths of 2 to 6 nights, 1 to 3 resorts of one
 * destination (some "any room"), some with split stays. One over the cap is narrowed as a person
 * told so would narrow it: fewer resorts, then fewer check-ins, then one length. `anyRoom` gives
 * the room types "any room" watches at a resort for the alert's party, as the app resolves them.
 */
export function flexibleHotelAlert(
  draws: Draws,
  hotels: readonly MixHotel[],
  anyRoom: (resortId: string, alert: FlexibleHotelAlert) => string[],
): MixHotelAlert {
  const resortCount = Math.random() < 0.4 ? 1 : Math.random() < 0.6 ? 2 : 3
  const resorts: AlertResort[] = pickOfOneDestination(hotels, draws.resortBounds, resortCount).map(
    (hotel) => ({
      resortId: hotel.id,
      roomIds: Math.random() < ANY_ROOM_SHARE ? 'any' : hotel.roomIds.slice(0, between(1, 2)),
    }),
  )
  const checkInDate = addDays(draws.today, drawZipf(draws.dayBounds))
  const minNights = between(2, 5)
  const alert = {
    resorts,
    checkInDate,
    latestCheckInDate: addDays(checkInDate, between(2, 6)),
    minNights,
    maxNights: minNights + 1,
    numberOfAdults: drawZipf(draws.partyBounds),
    agesOfChildren: draws.children[between(0, draws.children.length - 1)]!,
    accessible: false,
    splitStays: Math.random() < SPLIT_STAYS_SHARE,
  }
  while (isTooWide(hotelAlertCost(alert))) {
    if (alert.resorts.length > 1) alert.resorts = alert.resorts.slice(0, -1)
    else if (alert.latestCheckInDate > alert.checkInDate)
      alert.latestCheckInDate = addDays(alert.latestCheckInDate, -1)
    else alert.maxNights = alert.minNights
  }
  const watched = new Map(
    alert.resorts.map((resort) => [
      resort.resortId,
      resort.roomIds === 'any' ? anyRoom(resort.resortId, alert) : [...resort.roomIds],
    ]),
  )
  // As linkQuestions asks them.
  const questions = hotelAlertQuestionsOf(alert).map(({ question, split }): MixQuestion => ({
    ...hotelValues(question),
    roomTypeIds: watched.get(question.resortId) ?? [],
    split,
  }))
  return { id: randomUUID(), alert, questions }
}

/**
 * A flexible dining alert: 2 to 4 restaurants of one destination, 2 to 5 dates (half of them a
 * range of days, half dates picked within two weeks), one or two meal periods.
 */
export function flexibleDiningAlert(
  draws: Draws,
  restaurants: readonly MixRestaurant[],
): MixDiningAlert {
  const picked = pickOfOneDestination(restaurants, draws.restaurantBounds, between(2, 4))
  const first = drawZipf(draws.dayBounds)
  const count = between(2, 5)
  const offsets = new Set([0])
  if (Math.random() < 0.5) for (let day = 1; day < count; day++) offsets.add(day)
  else while (offsets.size < count) offsets.add(between(1, 13))
  const meal = between(0, 2)
  const meals = Math.random() < 0.3 ? [meal, (meal + between(1, 2)) % 3] : [meal]
  const alert: FlexibleDiningAlert = {
    resortLocationIdentifier: picked[0]!.locationIdentifier,
    diningLocationIds: picked.map((restaurant) => restaurant.id),
    reserveDates: [...offsets]
      .sort((a, b) => a - b)
      .map((day) => addDays(draws.today, first + day)),
    partySize: 1 + drawZipf(draws.partyBounds),
    mealPeriods: MEALS.filter((_, index) => meals.includes(index)),
    preferredTime: null,
    timeRangeStart: null,
    timeRangeEnd: null,
  }
  const questions = diningQuestionsOf(alert).map((question) =>
    diningValues(question, alert.resortLocationIdentifier),
  )
  return { id: randomUUID(), alert, questions }
}
