import type { PendingDiningAlert } from './pending-alert'
import { isIsoDate } from './dates'
import { findDestination, type DestinationId } from './destinations'
import {
  DINING_PARTY,
  fromDiningTimes,
  type DiningTimes,
  type Meal,
  type TimePreference,
} from './dining-alert'
import { HOTEL_PARTY } from './hotel-alert'

/*
 * The alert forms while they are being filled in: read from the URL or a posted form (every
 * value forgiven, so a hand-edited link still opens the page), and the drafts kept for after
 * sign-in.
 */

type Source = URLSearchParams | FormData

function textOf(source: Source, key: string): string {
  const value = source.get(key)
  return typeof value === 'string' ? value : ''
}

function numberOr(value: string, fallback: number, min: number, max: number) {
  const parsed = Number(value)
  return value !== '' && Number.isInteger(parsed) ? Math.min(max, Math.max(min, parsed)) : fallback
}

/** What a hotel alert form holds while it is being filled in. Ages are null until chosen. */
export interface HotelDraft {
  resortId: string | null
  checkInDate: string
  checkOutDate: string
  adults: number
  childAges: (number | null)[]
  accessible: boolean
  roomIds: string[]
  /** After a text: keep watching for the next opening, or stop (the owner's choice). */
  keepWatching: boolean
}

export const EMPTY_HOTEL_DRAFT: HotelDraft = {
  resortId: null,
  checkInDate: '',
  checkOutDate: '',
  adults: HOTEL_PARTY.adults.default,
  childAges: [],
  accessible: false,
  roomIds: [],
  keepWatching: true,
}

export function readHotelDraft(source: Source): HotelDraft {
  const text = (key: string) => textOf(source, key)
  const { adults, children, age } = HOTEL_PARTY
  const count = numberOr(text('numberOfChildren'), 0, children.min, children.max)
  const ages = source.getAll('agesOfChildren').map((value) => (value === '' ? null : Number(value)))
  return {
    resortId: text('resortId') || null,
    checkInDate: isIsoDate(text('checkInDate')) ? text('checkInDate') : '',
    checkOutDate: isIsoDate(text('checkOutDate')) ? text('checkOutDate') : '',
    adults: numberOr(text('numberOfAdults'), adults.default, adults.min, adults.max),
    childAges: Array.from({ length: count }, (_, index) => {
      const value = ages[index]
      return value !== undefined &&
        value !== null &&
        Number.isInteger(value) &&
        value >= 0 &&
        value <= age.max
        ? value
        : null
    }),
    accessible: ['on', 'true'].includes(text('accessible')),
    roomIds: source.getAll('roomIds').filter((id): id is string => typeof id === 'string'),
    keepWatching: text('keepWatching') !== 'false',
  }
}

export type TimeChoice = 'all-day' | Meal | 'time'
const TIME_CHOICES: readonly TimeChoice[] = ['all-day', 'breakfast', 'lunch', 'dinner', 'time']

/** The time preference as its form fields hold it. */
export interface TimeFields {
  timeChoice: TimeChoice
  specificTime: string
  tolerance: number
}

export function timeFieldsOf(preference: TimePreference): TimeFields {
  if (preference.kind === 'time')
    return {
      timeChoice: 'time',
      specificTime: preference.time,
      tolerance: preference.toleranceMinutes,
    }
  return {
    timeChoice: preference.kind === 'meal' ? preference.meal : 'all-day',
    specificTime: '',
    tolerance: 0,
  }
}

export interface DiningDraft extends TimeFields {
  resortLocationIdentifier: DestinationId
  diningLocationId: string | null
  reserveDate: string
  partySize: number
  /** The draft kept before sign-in that this form restores, claimed when the alert is made. */
  pendingId?: string
}

export function readDiningDraft(source: Source, fallbackDestination: DestinationId): DiningDraft {
  const text = (key: string) => textOf(source, key)
  const party = Number(text('partySize'))
  const choice = text('timeChoice')
  return {
    resortLocationIdentifier:
      findDestination(text('resortLocationIdentifier') || text('location'))?.identifier ??
      fallbackDestination,
    diningLocationId: text('diningLocationId') || null,
    reserveDate: isIsoDate(text('reserveDate')) ? text('reserveDate') : '',
    partySize:
      Number.isInteger(party) && party >= DINING_PARTY.min && party <= DINING_PARTY.max
        ? party
        : DINING_PARTY.default,
    timeChoice: TIME_CHOICES.find((value) => value === choice) ?? 'all-day',
    specificTime: text('specificTime'),
    tolerance: Number(text('tolerance')) || 0,
  }
}

/** The field that turns an alert page form into the editing of one alert. */
export const EDIT_FIELD = 'edit'

/**
 * An alert's page form, filled in with the alert, to change it without JavaScript: the same
 * fields a draft is read from, and the alert's id in EDIT_FIELD.
 */
export function hotelEditHref(alert: {
  id: string
  resortId: string
  checkInDate: string
  checkOutDate: string
  numberOfAdults: number
  agesOfChildren: readonly number[]
  accessible: boolean
  roomIds: readonly string[]
  keepWatching: boolean
}): string {
  const params = new URLSearchParams({
    [EDIT_FIELD]: alert.id,
    resortId: alert.resortId,
    checkInDate: alert.checkInDate,
    checkOutDate: alert.checkOutDate,
    numberOfAdults: String(alert.numberOfAdults),
    numberOfChildren: String(alert.agesOfChildren.length),
  })
  for (const age of alert.agesOfChildren) params.append('agesOfChildren', String(age))
  if (alert.accessible) params.set('accessible', 'on')
  for (const id of alert.roomIds) params.append('roomIds', id)
  if (!alert.keepWatching) params.set('keepWatching', 'false')
  return `/alerts/hotels?${params}`
}

export function diningEditHref(
  alert: DiningTimes & {
    id: string
    resortLocationIdentifier: DestinationId
    diningLocationId: string
    reserveDate: string
    partySize: number
  },
): string {
  const time = timeFieldsOf(fromDiningTimes(alert))
  const params = new URLSearchParams({
    [EDIT_FIELD]: alert.id,
    location: alert.resortLocationIdentifier,
    diningLocationId: alert.diningLocationId,
    reserveDate: alert.reserveDate,
    partySize: String(alert.partySize),
    timeChoice: time.timeChoice,
    ...(time.timeChoice === 'time' && {
      specificTime: time.specificTime,
      tolerance: String(time.tolerance),
    }),
  })
  return `/alerts/dining?${params}`
}

/** The page form again, from a dining draft kept before sign-in. */
export function diningDraftFromPending(saved: PendingDiningAlert, pendingId: string): DiningDraft {
  const times: DiningTimes = saved
  return {
    resortLocationIdentifier: saved.resortLocationIdentifier,
    diningLocationId: saved.diningLocationId,
    reserveDate: saved.reserveDate,
    partySize: saved.partySize,
    ...timeFieldsOf(fromDiningTimes(times)),
    pendingId,
  }
}

/** What picks a resort in a link (catalogue §2): its id, its Disney id or its name. */
interface ResortToFind {
  id: string
  name: string
  disneyIdentifier: string | null
  locationIdentifier: string
}

/**
 * The resort a link pre-selects, on the hotel page and in the dashboard's wizard: hotelId,
 * else disneyId (within location when one is given), else the hotel's name in any case.
 */
export function findLinkedResort<Resort extends ResortToFind>(
  resorts: readonly Resort[],
  params: URLSearchParams,
): Resort | undefined {
  const location = findDestination(params.get('location'))?.identifier
  const disneyId = params.get('disneyId')
  const name = params.get('hotel')?.trim().toLowerCase()
  return (
    resorts.find((resort) => resort.id === params.get('hotelId')) ??
    resorts.find(
      (resort) =>
        disneyId &&
        resort.disneyIdentifier === disneyId &&
        (!location || resort.locationIdentifier === location),
    ) ??
    resorts.find((resort) => resort.name.toLowerCase() === name)
  )
}
