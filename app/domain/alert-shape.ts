/**
 * A flexible alert as the app's screens read it, whichever shape its JSON has (issue 29). The
 * JSON API gives each alert in the simplest shape that says it, so that a body read is a body
 * that may be sent back: today's fields for one resort and one stay, one restaurant and one date,
 * and the flexible fields only where the alert needs them. The screens want one shape: this.
 */
import type { DiningTimes, Meal } from './dining-alert'
import type { DestinationId } from './destinations'
import type { DiningAlertInWords, HotelAlertInWords, PriceWatchInWords } from './flexible-words'
import { nightsBetween } from './dates'
import type { RateType } from './price-terms'
import { centsOf } from './prices'

interface ResortOfJson {
  id: string
  name: string
  resortLocation: { identifier: DestinationId }
}
interface RoomOfJson {
  id: string
  name: string
}

/** A hotel alert's stay, party and price ceiling in its JSON, in either shape. */
export interface HotelStayOfJson {
  checkInDate: string
  checkOutDate?: string
  latestCheckInDate?: string
  minNights?: number
  maxNights?: number
  roomIds?: readonly string[]
  numberOfAdults: number
  agesOfChildren: readonly number[]
  accessible: boolean
  keepWatching: boolean
  /** A price ceiling, in dollars (issue 30). */
  maxNightlyPrice?: number
  maxTotalPrice?: number
}

/** The fields of a hotel alert's JSON this reads: either shape. */
export interface HotelAlertJsonShape extends HotelStayOfJson {
  resort?: ResortOfJson
  rooms?: readonly RoomOfJson[]
  resorts?: readonly {
    resortId: string
    resort: ResortOfJson
    roomIds: readonly string[] | 'any'
    rooms: readonly RoomOfJson[]
  }[]
  splitStays: boolean
  /** A watch on a booked stay (`watch: "price"`), in dollars (issue 30). */
  watch?: 'availability' | 'price'
  paidTotal?: number
  rateType?: RateType
  minSaving?: number
  minSavingPercent?: number
}

/** A price watch's terms in cents; none for an alert that watches for an opening. */
function priceWatchOf(json: HotelAlertJsonShape): PriceWatchInWords | undefined {
  // The JSON API gives every watch what was paid and the rate type (price-terms.ts).
  const paid =
    json.watch === 'price' && json.paidTotal !== undefined ? centsOf(json.paidTotal) : null
  if (paid === null || json.rateType === undefined) return undefined
  return {
    paidTotalCents: paid,
    rateType: json.rateType,
    minSavingCents: json.minSaving === undefined ? null : centsOf(json.minSaving),
    minSavingPercent: json.minSavingPercent ?? null,
  }
}

export interface HotelAlertShape extends HotelAlertInWords {
  destination: DestinationId
  resorts: {
    resortId: string
    name: string
    roomIds: readonly string[] | 'any'
    rooms: readonly RoomOfJson[] | 'any'
  }[]
}

export function hotelAlertShape(json: HotelAlertJsonShape): HotelAlertShape {
  const resorts = json.resorts
    ? json.resorts.map((choice) => ({
        resortId: choice.resortId,
        name: choice.resort.name,
        roomIds: choice.roomIds,
        rooms: choice.roomIds === 'any' ? ('any' as const) : choice.rooms,
      }))
    : [
        {
          resortId: json.resort!.id,
          name: json.resort!.name,
          roomIds: json.roomIds ?? [],
          rooms: json.rooms ?? [],
        },
      ]
  const nights =
    json.checkOutDate !== undefined ? nightsBetween(json.checkInDate, json.checkOutDate) : undefined
  return {
    destination: (json.resorts?.[0]?.resort ?? json.resort!).resortLocation.identifier,
    resorts,
    checkInDate: json.checkInDate,
    latestCheckInDate: json.latestCheckInDate ?? json.checkInDate,
    minNights: json.minNights ?? nights!,
    maxNights: json.maxNights ?? nights!,
    splitStays: json.splitStays,
    numberOfAdults: json.numberOfAdults,
    agesOfChildren: json.agesOfChildren,
    accessible: json.accessible,
    keepWatching: json.keepWatching,
    ...(json.maxNightlyPrice !== undefined && {
      maxNightlyPriceCents: centsOf(json.maxNightlyPrice),
    }),
    ...(json.maxTotalPrice !== undefined && { maxTotalPriceCents: centsOf(json.maxTotalPrice) }),
    priceWatch: priceWatchOf(json),
  }
}

/** The fields of a dining alert's JSON this reads: either shape. */
export interface DiningAlertJsonShape extends Partial<DiningTimes> {
  resortLocationIdentifier: DestinationId
  diningLocationId?: string
  diningLocationName?: string
  diningLocationListed?: boolean
  diningLocationIds?: readonly string[]
  diningLocations?: readonly { id: string; name: string; listed: boolean }[]
  reserveDate?: string
  reserveDates?: readonly string[]
  mealPeriods?: readonly Meal[]
  partySize: number
}

export interface DiningAlertShape extends DiningAlertInWords {
  destination: DestinationId
  restaurantChoices: readonly { id: string; name: string; listed: boolean }[]
}

export function diningAlertShape(json: DiningAlertJsonShape): DiningAlertShape {
  const restaurantChoices = json.diningLocations ?? [
    {
      id: json.diningLocationId!,
      name: json.diningLocationName!,
      listed: json.diningLocationListed ?? true,
    },
  ]
  return {
    destination: json.resortLocationIdentifier,
    restaurantChoices,
    restaurants: restaurantChoices.map((restaurant) => restaurant.name),
    reserveDates: json.reserveDates ?? [json.reserveDate!],
    mealPeriods: json.mealPeriods ?? [],
    partySize: json.partySize,
    preferredTime: json.preferredTime ?? null,
    timeRangeStart: json.timeRangeStart ?? null,
    timeRangeEnd: json.timeRangeEnd ?? null,
  }
}
