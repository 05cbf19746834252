import { EDIT_FIELD, textOf, type Source } from './alert-drafts'
import type { HotelStayOfJson } from './alert-shape'
import { addDays, isIsoDate, nightsBetween } from './dates'
import { findDestination } from './destinations'
import { hotelAlertCost, MAX_QUESTIONS_PER_ALERT, type HotelAlertCost } from './flexible-cost'
import { MAX_CHECK_IN_SPREAD_DAYS, type ResortChoice } from './flexible-stays'
import { HOTEL_PARTY, MAX_NIGHTS } from './hotel-alert'

/* The hotel alert's form while it is being filled in (alert-drafts.ts says how drafts are read). */

function numberOr(value: string, fallback: number, min: number, max: number) {
  const parsed = Number(value)
  return value !== '' && Number.isInteger(parsed) ? Math.min(max, Math.max(min, parsed)) : fallback
}

/** The room types value that stands for any room type that fits the party (the JSON API's). */
export const ANY_ROOM = 'any'

/** A resort of a hotel form and its room types; `anyRoom` is "any" among the posted roomIds. */
export interface ResortDraft {
  resortId: string | null
  roomIds: string[]
  anyRoom: boolean
}

/** How a hotel form gives the length of the stay: a check-out date, or a number of nights. */
export type LengthOfStay = 'checkOut' | 'nights'

/** What a hotel form's price ceiling is for: each night (the stay's average), or the whole stay. */
export type PriceCeilingKind = 'night' | 'stay'

/** What a hotel alert form holds while it is being filled in. Ages are null until chosen. */
export interface HotelDraft extends ResortDraft {
  checkInDate: string
  checkOutDate: string
  /** The last day the stay may start (issue 29); '' checks in on checkInDate only. */
  latestCheckInDate: string
  lengthOfStay: LengthOfStay
  minNights: number | null
  maxNights: number | null
  adults: number
  childAges: (number | null)[]
  accessible: boolean
  /** The other resorts of the destination the alert also watches ("Also watch"). */
  otherResorts: ResortDraft[]
  /** Two back-to-back bookings may cover a stay no single room does. */
  splitStays: boolean
  /** After a text: keep watching for the next opening, or stop (the owner's choice). */
  keepWatching: boolean
  /** What the price ceiling is for (issue 30). */
  priceCeiling: PriceCeilingKind
  /** The ceiling's dollars as typed, so a refused form shows them again; '' for no ceiling. */
  maxPrice: string
}

export const EMPTY_HOTEL_DRAFT: HotelDraft = {
  resortId: null,
  checkInDate: '',
  checkOutDate: '',
  latestCheckInDate: '',
  lengthOfStay: 'checkOut',
  minNights: null,
  maxNights: null,
  adults: HOTEL_PARTY.adults.default,
  childAges: [],
  accessible: false,
  roomIds: [],
  anyRoom: false,
  otherResorts: [],
  splitStays: false,
  keepWatching: true,
  priceCeiling: 'night',
  maxPrice: '',
}

/** The name of a field of the form's n-th other resort: `otherResorts[0].roomIds`. */
export const otherResortField = (index: number, field: 'resortId' | 'roomIds') =>
  `otherResorts[${index}].${field}`

const OTHER_RESORT_FIELD = /^otherResorts\[(\d{1,3})\]\.(resortId|roomIds)$/

function roomsOf(values: FormDataEntryValue[]): Pick<ResortDraft, 'roomIds' | 'anyRoom'> {
  const ids = values.filter((id): id is string => typeof id === 'string' && id !== '')
  return { roomIds: ids.filter((id) => id !== ANY_ROOM), anyRoom: ids.includes(ANY_ROOM) }
}

/**
 * The other resorts' rows, in the order of their indexes (a removed row leaves a gap), at most
 * as many as one alert may watch.
 */
function readOtherResorts(source: Source): ResortDraft[] {
  const indexes = new Set<number>()
  for (const key of source.keys()) {
    const match = OTHER_RESORT_FIELD.exec(key)
    if (match) indexes.add(Number(match[1]))
  }
  return [...indexes]
    .sort((a, b) => a - b)
    .slice(0, MAX_QUESTIONS_PER_ALERT - 1)
    .map((index) => ({
      resortId: textOf(source, otherResortField(index, 'resortId')) || null,
      ...roomsOf(source.getAll(otherResortField(index, 'roomIds'))),
    }))
}

/** Nights in range, or null for none (NaN, the fallback for what is not a number, is falsy). */
const nightsOf = (value: string) => numberOr(value, Number.NaN, 1, MAX_NIGHTS) || null

export function readHotelDraft(source: Source): HotelDraft {
  const text = (key: string) => textOf(source, key)
  const date = (key: string) => (isIsoDate(text(key)) ? text(key) : '')
  const { adults, children, age } = HOTEL_PARTY
  const count = numberOr(text('numberOfChildren'), 0, children.min, children.max)
  const ages = source.getAll('agesOfChildren').map((value) => (value === '' ? null : Number(value)))
  return {
    resortId: text('resortId') || null,
    checkInDate: date('checkInDate'),
    checkOutDate: date('checkOutDate'),
    latestCheckInDate: date('latestCheckInDate'),
    lengthOfStay: text('lengthOfStay') === 'nights' ? 'nights' : 'checkOut',
    minNights: nightsOf(text('minNights')),
    maxNights: nightsOf(text('maxNights')),
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
    ...roomsOf(source.getAll('roomIds')),
    otherResorts: readOtherResorts(source),
    splitStays: ['on', 'true'].includes(text('splitStays')),
    keepWatching: text('keepWatching') !== 'false',
    priceCeiling: text('priceCeiling') === 'stay' ? 'stay' : 'night',
    maxPrice: text('maxPrice').trim(),
  }
}

const DOLLARS = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d{1,2})?$/

/**
 * Dollars as people type them: "450", "450.50", "$450", "1,200"; null for anything else. Whether
 * the amount is one an alert may take is the JSON API's rule (price-terms.ts).
 */
export function readDollars(text: string): number | null {
  const match = DOLLARS.exec(text.trim())
  return match ? Number(match[1]!.replaceAll(',', '') + (match[2] ?? '')) : null
}

/** Dollars as a form shows them again: "450", "450.50". */
const dollarsText = (dollars: number) =>
  Number.isInteger(dollars) ? String(dollars) : dollars.toFixed(2)

/**
 * A form's price ceiling in the JSON API's fields: `maxNightlyPrice` or `maxTotalPrice`, none
 * for blank dollars, and null for dollars that could not be read.
 */
export function priceCeilingFields(
  form: Partial<Pick<HotelDraft, 'priceCeiling' | 'maxPrice'>>,
): { maxNightlyPrice?: number; maxTotalPrice?: number } | null {
  const typed = form.maxPrice?.trim() ?? ''
  if (!typed) return {}
  const dollars = readDollars(typed)
  if (dollars === null) return null
  return form.priceCeiling === 'stay' ? { maxTotalPrice: dollars } : { maxNightlyPrice: dollars }
}

/** The row Add a resort gives: any room type until the person chooses some. */
export const NEW_RESORT_ROW: ResortDraft = { resortId: null, roomIds: [], anyRoom: true }

/**
 * The other resorts' rows after the page's Add a resort or Remove without JavaScript (the
 * intent of a GET submission: `add-resort`, `remove-resort-1`); anything else changes nothing.
 */
export function withResortIntent(rows: ResortDraft[], intent: string | null): ResortDraft[] {
  if (intent === 'add-resort') return [...rows, NEW_RESORT_ROW]
  const removed = /^remove-resort-(\d+)$/.exec(intent ?? '')
  return removed ? rows.filter((_, index) => index !== Number(removed[1])) : rows
}

/**
 * The end of a form's stay as the summary of what is missing reads it: the check-out date, or
 * the nights that take its place.
 */
export function stayEndOf(form: {
  lengthOfStay?: LengthOfStay
  checkOutDate?: string
  minNights?: number | null
  maxNights?: number | null
}): string | undefined {
  if (form.lengthOfStay !== 'nights') return form.checkOutDate
  const nights = form.minNights ?? form.maxNights
  return nights === null || nights === undefined ? undefined : `${nights} nights`
}

/** A hotel form's resorts and stay, as the page schema and the wizard both hold them. */
export interface HotelFormChoices {
  /** The first is the resort the form picks; the rest are the ones it also watches. */
  resorts: readonly { resortId: string | null | undefined; roomIds: ResortChoice['roomIds'] }[]
  checkInDate: string | undefined
  lengthOfStay: LengthOfStay | undefined
  checkOutDate: string | undefined
  latestCheckInDate: string | undefined
  minNights: number | null | undefined
  maxNights: number | null | undefined
  splitStays: boolean | undefined
}

/** A form row's room types in the JSON API's terms. */
export const roomChoiceOf = (
  resort: Pick<ResortDraft, 'roomIds' | 'anyRoom'>,
): ResortChoice['roomIds'] => (resort.anyRoom ? ANY_ROOM : resort.roomIds)

/**
 * A hotel form's resorts and stay in the JSON API's fields, in the simplest shape that says them:
 * today's resortId and roomIds for one resort with chosen room types, today's checkOutDate for a
 * stay given by its check-out; else resorts, and the nights. Blank fields are left out.
 */
export function hotelAlertFields(form: HotelFormChoices): Record<string, unknown> {
  const [first, ...others] = form.resorts
  const oneResort = first && !others.length && first.roomIds !== ANY_ROOM
  const given = (value: unknown) => (value === null || value === '' ? undefined : value)
  return {
    ...(oneResort
      ? { resortId: given(first.resortId), roomIds: first.roomIds }
      : {
          resorts: form.resorts.map((resort) => ({
            resortId: resort.resortId ?? '',
            roomIds: resort.roomIds,
          })),
        }),
    checkInDate: given(form.checkInDate),
    ...(form.lengthOfStay === 'nights'
      ? { minNights: given(form.minNights), maxNights: given(form.maxNights) }
      : { checkOutDate: given(form.checkOutDate) }),
    latestCheckInDate: given(form.latestCheckInDate),
    ...(form.splitStays && { splitStays: true }),
  }
}

/** The draft's resorts and stay, for hotelAlertFields. */
export function hotelDraftChoices(draft: HotelDraft): HotelFormChoices {
  return {
    resorts: [draft, ...draft.otherResorts].map((resort) => ({
      resortId: resort.resortId,
      roomIds: roomChoiceOf(resort),
    })),
    checkInDate: draft.checkInDate,
    lengthOfStay: draft.lengthOfStay,
    checkOutDate: draft.checkOutDate,
    latestCheckInDate: draft.latestCheckInDate,
    minNights: draft.minNights,
    maxNights: draft.maxNights,
    splitStays: draft.splitStays,
  }
}

/**
 * What a draft covers, for the form to say before it is saved: null until it has a resort and
 * a stay that could be saved (a check-in, a length, a window of at most 14 days).
 */
export function hotelDraftCost(draft: HotelDraft): HotelAlertCost | null {
  if (!draft.resortId || !isIsoDate(draft.checkInDate)) return null
  const byCheckOut = isIsoDate(draft.checkOutDate)
    ? nightsBetween(draft.checkInDate, draft.checkOutDate)
    : null
  const [least, most] =
    draft.lengthOfStay === 'nights'
      ? [draft.minNights ?? draft.maxNights, draft.maxNights ?? draft.minNights]
      : [byCheckOut, byCheckOut]
  const latestCheckInDate = draft.latestCheckInDate || draft.checkInDate
  const spread = nightsBetween(draft.checkInDate, latestCheckInDate)
  if (!least || !most || least < 1 || most < least || most > MAX_NIGHTS) return null
  if (spread < 0 || spread > MAX_CHECK_IN_SPREAD_DAYS) return null
  const resorts = [draft, ...draft.otherResorts].flatMap((resort) =>
    resort.resortId ? [{ resortId: resort.resortId, roomIds: roomChoiceOf(resort) }] : [],
  )
  return hotelAlertCost({
    resorts,
    checkInDate: draft.checkInDate,
    latestCheckInDate,
    minNights: least,
    maxNights: most,
    splitStays: draft.splitStays,
  })
}

/** A hotel alert's JSON, in either shape (contract: one resort and stay, or the flexible one). */
export interface HotelAlertOfJson extends HotelStayOfJson {
  id: string
  resortId?: string
  resorts?: readonly { resortId: string; roomIds: readonly string[] | 'any' }[]
  splitStays?: boolean
}

/** A hotel alert as a form holds it: a flexible alert's first resort is the form's own. */
export function hotelDraftOf(alert: HotelAlertOfJson): HotelDraft {
  const [first, ...others] = alert.resorts ?? [
    { resortId: alert.resortId ?? '', roomIds: alert.roomIds ?? [] },
  ]
  const resortDraft = (resort: typeof first): ResortDraft => ({
    resortId: resort?.resortId || null,
    roomIds: resort && resort.roomIds !== ANY_ROOM ? [...resort.roomIds] : [],
    anyRoom: resort?.roomIds === ANY_ROOM,
  })
  const { minNights, maxNights } = alert
  // One length is said by the check-out of the earliest stay, as the form's simplest case.
  const checkOutDate =
    alert.checkOutDate ??
    (minNights !== undefined && minNights === maxNights
      ? addDays(alert.checkInDate, minNights)
      : '')
  const latest = alert.latestCheckInDate ?? alert.checkInDate
  const ceiling = alert.maxTotalPrice ?? alert.maxNightlyPrice
  return {
    ...resortDraft(first),
    checkInDate: alert.checkInDate,
    checkOutDate,
    latestCheckInDate: latest === alert.checkInDate ? '' : latest,
    lengthOfStay: checkOutDate ? 'checkOut' : 'nights',
    minNights: checkOutDate ? null : (minNights ?? null),
    maxNights: checkOutDate ? null : (maxNights ?? null),
    adults: alert.numberOfAdults,
    childAges: [...alert.agesOfChildren],
    accessible: alert.accessible,
    otherResorts: others.map(resortDraft),
    splitStays: alert.splitStays ?? false,
    keepWatching: alert.keepWatching,
    priceCeiling: alert.maxTotalPrice === undefined ? 'night' : 'stay',
    maxPrice: ceiling === undefined ? '' : dollarsText(ceiling),
  }
}

/** A draft as the query of its page form: what readHotelDraft reads back, defaults left out. */
function hotelDraftParams(draft: HotelDraft): URLSearchParams {
  const params = new URLSearchParams({
    resortId: draft.resortId ?? '',
    checkInDate: draft.checkInDate,
  })
  const set = (name: string, value: string | number | null) => {
    if (value !== null && value !== '') params.set(name, String(value))
  }
  const rooms = (name: string, resort: ResortDraft) => {
    for (const id of resort.anyRoom ? [ANY_ROOM] : resort.roomIds) params.append(name, id)
  }
  set('checkOutDate', draft.checkOutDate)
  set('latestCheckInDate', draft.latestCheckInDate)
  if (draft.lengthOfStay === 'nights') {
    params.set('lengthOfStay', 'nights')
    set('minNights', draft.minNights)
    set('maxNights', draft.maxNights)
  }
  params.set('numberOfAdults', String(draft.adults))
  params.set('numberOfChildren', String(draft.childAges.length))
  for (const age of draft.childAges)
    params.append('agesOfChildren', age === null ? '' : String(age))
  if (draft.accessible) params.set('accessible', 'on')
  rooms('roomIds', draft)
  draft.otherResorts.forEach((resort, index) => {
    params.set(otherResortField(index, 'resortId'), resort.resortId ?? '')
    rooms(otherResortField(index, 'roomIds'), resort)
  })
  if (draft.splitStays) params.set('splitStays', 'on')
  if (!draft.keepWatching) params.set('keepWatching', 'false')
  set('maxPrice', draft.maxPrice)
  if (draft.priceCeiling === 'stay') params.set('priceCeiling', 'stay')
  return params
}

/**
 * An alert's page form, filled in with the alert, to change it without JavaScript: the same
 * fields a draft is read from, and the alert's id in EDIT_FIELD.
 */
export function hotelEditHref(alert: HotelAlertOfJson): string {
  const params = hotelDraftParams(hotelDraftOf(alert))
  params.set(EDIT_FIELD, alert.id)
  return `/alerts/hotels?${params}`
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
