import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { todayIn } from '../../app/domain/dates.ts'
import { centsOf, STANDARD_OFFER_IDS, type RoomPrice } from '../../app/domain/prices.ts'
import { beyondSurelyBookable, type AnswerRoom } from '../../app/domain/room-keys.ts'
import { AlertQuestionError, UpstreamFault } from './errors.ts'
import { callDisney, parseShape, type UpstreamOptions } from './http.ts'

export interface HotelQuestion {
  resort: {
    name: string
    locationIdentifier: 'disney-world' | 'disneyland'
    /** Disney's address for the resort (content/catalogue); null when Disney no longer sells it. */
    disneySlug: string | null
  }
  checkInDate: string
  checkOutDate: string
  adults: number
  childAges: readonly number[]
  accessible: boolean
}

export type RoomAnswer =
  /** The rooms of the address, bookable or not, and any date-wide reasons Disney gave. */
  | { kind: 'rooms'; rooms: AnswerRoom[]; reasonsUnavailable: string[] }
  /** Disneyland's 404 with system error 220141: no room at all for this stay. */
  | { kind: 'sold-out' }
  /** The stay lies beyond Disney's booking window: nothing to text yet, nothing wrong. */
  | { kind: 'not-bookable-yet'; detail: string }

/** Disney's prices are strings with two decimals here ("1033.00"), read exactly into cents. */
const money = z.string().refine((text) => centsOf(text) !== null, 'not a price in dollars')
const room = z.object({
  code: z.string().optional(),
  reasonUnavailable: z.string().optional(),
  displayPrice: z
    .object({ basePrice: z.object({ subtotal: money, taxIncluded: z.boolean().optional() }) })
    .optional(),
  orderedPricePerNight: z
    .array(z.object({ date: z.string(), price: z.object({ subtotal: money }) }))
    .optional(),
  totalPrice: z
    .object({ subtotal: money.optional(), tax: money.optional(), total: money.optional() })
    .optional(),
  marketingOfferId: z.string().optional(),
})
type AnswerEntry = z.infer<typeof room>
/** Room-level availability and prices (upstream-disney.md §2.4; docs/pricing.md). */
export const roomAvailabilitySchema = z.object({
  roomPriceLookup: z.record(z.string(), room),
  orderedRoomIds: z.array(z.string()).optional(),
  reasonsUnavailable: z.array(z.object({ reasonCode: z.string() })).optional(),
  marketingOfferLookup: z
    .record(
      z.string(),
      z.object({
        names: z
          .object({ displayName: z.string().optional(), longName: z.string().optional() })
          .optional(),
      }),
    )
    .optional(),
})
type OfferLookup = z.infer<typeof roomAvailabilitySchema>['marketingOfferLookup']

const cents = (text: string) => centsOf(text)!

/**
 * A room's price as Disney gives it: the average nightly price, the stay's total before tax
 * where the tax is split out (otherwise Disney's total, whose tax we do not know), each night,
 * and the offer behind it when that is a discount, named from the answer's offer lookup.
 */
function priceOf(entry: AnswerEntry, offers: OfferLookup): RoomPrice | null {
  if (!entry.displayPrice) return null
  const nights = (entry.orderedPricePerNight ?? []).map((night) => ({
    date: night.date,
    cents: cents(night.price.subtotal),
  }))
  const total = entry.totalPrice?.subtotal ?? entry.totalPrice?.total
  const totalCents = total
    ? cents(total)
    : nights.length
      ? nights.reduce((sum, night) => sum + night.cents, 0)
      : null
  if (totalCents === null) return null
  const offerId = entry.marketingOfferId
  const names = offerId ? offers?.[offerId]?.names : undefined
  return {
    currency: 'USD',
    nightlyCents: cents(entry.displayPrice.basePrice.subtotal),
    totalCents,
    taxCents:
      entry.totalPrice?.subtotal && entry.totalPrice.tax ? cents(entry.totalPrice.tax) : null,
    taxIncluded: entry.displayPrice.basePrice.taxIncluded ?? null,
    nights,
    offer:
      offerId && !STANDARD_OFFER_IDS.includes(offerId)
        ? { id: offerId, name: names?.displayName ?? names?.longName ?? null }
        : null,
  }
}
const errorsSchema = z.object({
  errors: z.array(
    z.object({
      systemErrorCode: z.union([z.number(), z.string()]).optional(),
      code: z.string().optional(),
      message: z.string().optional(),
    }),
  ),
})

const WDW_TIME_ZONE = 'America/New_York'
const DLR_TIME_ZONE = 'America/Los_Angeles'

/** Disneyland's "No Available Rooms were found." (upstream-disney.md §2.4). */
export const DLR_SOLD_OUT_CODE = '220141'

function partyMix(question: HotelQuestion) {
  return {
    adultCount: question.adults,
    childCount: question.childAges.length,
    nonAdultAges: question.childAges.map((age) => ({ age })),
  }
}

/**
 * A room is bookable when Disney prices it and gives no reason against it, for the room or for
 * the whole date: with a date-wide reason (INVENTORY_UNAVAILABLE) Disney still prices some rooms
 * from its rate plans, but none can be booked (DVCalc's captures; tests/fixtures/disney).
 */
function readRooms(family: 'wdw-hotel' | 'dlr-hotel', json: unknown): RoomAnswer {
  const answer = parseShape(family, roomAvailabilitySchema, json)
  const reasonsUnavailable = (answer.reasonsUnavailable ?? []).map((reason) => reason.reasonCode)
  // Object keys that look like numbers lose their order in JSON.parse; `orderedRoomIds` keeps
  // Disney's (cheapest first).
  const order = [
    ...new Set([...(answer.orderedRoomIds ?? []), ...Object.keys(answer.roomPriceLookup)]),
  ]
  return {
    kind: 'rooms',
    rooms: order
      .flatMap((roomId) => {
        const entry = answer.roomPriceLookup[roomId]
        return entry ? [{ roomId, entry }] : []
      })
      .map(({ roomId, entry }) => {
        const bookable =
          reasonsUnavailable.length === 0 &&
          !entry.reasonUnavailable &&
          entry.displayPrice !== undefined
        return {
          roomId,
          code: entry.code ?? null,
          bookable,
          reason: entry.reasonUnavailable ?? reasonsUnavailable[0] ?? null,
          // A room that cannot be booked is priced from Disney's rate plans: not a price to keep.
          price: bookable ? priceOf(entry, answer.marketingOfferLookup) : null,
        }
      }),
    reasonsUnavailable,
  }
}

/** What a 404 about a stay this far out means: Disney has not opened its dates yet. */
function notBookableYet(stay: Stay, today: string): RoomAnswer | null {
  return beyondSurelyBookable(stay.checkInDate, today)
    ? {
        kind: 'not-bookable-yet',
        detail: `Disney does not sell ${stay.checkInDate} yet`,
      }
    : null
}

/** The stay an answer is about, and today's date at the destination. */
interface Stay {
  checkInDate: string
}

/**
 * Reads a Disneyland Resort answer: only system error 220141 means "no rooms", which for a stay
 * beyond the booking window means "not bookable yet" (Disney answers both alike).
 */
export function readDlrAnswer(
  status: number,
  json: unknown,
  stay: Stay,
  today: string,
): RoomAnswer {
  if (status === 428) throw new UpstreamFault('dlr-hotel', 'challenge', 'bot challenge (428)')
  if (status === 404) {
    const errors = errorsSchema.safeParse(json)
    const codes = errors.success ? errors.data.errors.map((e) => String(e.systemErrorCode)) : []
    if (codes.includes(DLR_SOLD_OUT_CODE))
      return notBookableYet(stay, today) ?? { kind: 'sold-out' }
    throw new UpstreamFault(
      'dlr-hotel',
      'http',
      `answered 404 without "no rooms" (${codes.filter((code) => code !== 'undefined').join(', ') || 'no error code'})`,
    )
  }
  if (status !== 200) throw new UpstreamFault('dlr-hotel', 'http', `answered ${status}`)
  return readRooms('dlr-hotel', json)
}

/**
 * Reads a Walt Disney World answer. Disney answers 404 for a stay beyond its booking window; a 404
 * for a nearer stay is not an answer we know, so it is a fault.
 */
export function readWdwAnswer(
  status: number,
  json: unknown,
  stay: Stay,
  today: string,
): RoomAnswer {
  if (status === 428) throw new UpstreamFault('wdw-hotel', 'challenge', 'bot challenge (428)')
  if (status === 404) {
    const waiting = notBookableYet(stay, today)
    if (waiting) return waiting
    throw new UpstreamFault('wdw-hotel', 'http', `answered 404 for ${stay.checkInDate}`)
  }
  if (status !== 200) throw new UpstreamFault('wdw-hotel', 'http', `answered ${status}`)
  return readRooms('wdw-hotel', json)
}

/** Every room Disney lists at the resort's address for one stay and party. */
export async function fetchRoomAnswer(
  question: HotelQuestion,
  options: UpstreamOptions,
): Promise<RoomAnswer> {
  const slug = question.resort.disneySlug
  if (!slug) throw new AlertQuestionError(`${question.resort.name} is no longer sold by Disney`)
  if (question.resort.locationIdentifier === 'disneyland') {
    const { status, json } = await callDisney({
      family: 'dlr-hotel',
      method: 'POST',
      url: `https://disneyland.disney.go.com/dlr-resort-details-api/api/v1/availability-and-prices/${slug}?storeId=dlr&accessible=${question.accessible}`,
      timeoutMs: options.timeoutMs,
      via: options.via,
      headers: {
        'X-Disney-Internal-Core-Api-Product-Instance': 'true',
        Referer: `https://disneyland.disney.go.com/hotels/${slug}/rates-rooms/`,
      },
      body: {
        checkInDate: question.checkInDate,
        checkOutDate: question.checkOutDate,
        partyMix: { ...partyMix(question), infantCount: 0 },
        accessible: question.accessible,
        affiliations: ['STD_GST'],
      },
    })
    return readDlrAnswer(status, json, question, todayIn(DLR_TIME_ZONE))
  }

  const { status, json } = await callDisney({
    family: 'wdw-hotel',
    method: 'POST',
    url: `https://disneyworld.disney.go.com/wdw-resorts-details-api/api/v1/resort/${slug}/availability-and-prices/?storeId=wdw`,
    timeoutMs: options.timeoutMs,
    via: options.via,
    body: {
      checkInDate: question.checkInDate,
      checkOutDate: question.checkOutDate,
      partyMix: partyMix(question),
      region: 'US',
      accessible: question.accessible,
      marketingOfferId: 'room-only',
      affiliations: ['STD_GST'],
      personalizationId: randomUUID(),
    },
  })
  return readWdwAnswer(status, json, question, todayIn(WDW_TIME_ZONE))
}
