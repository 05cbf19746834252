/**
 * Prices (issue 30, decision 0034). Disney's room-level answers price each bookable room for the
 * stay: the average nightly price before tax, each night's price, the stay's total, and the
 * offer that priced it (docs/pricing.md says what is known and what is assumed). Money is whole
 * cents in US dollars throughout; Disney's strings ("1033.00") are read exactly, never as floats.
 */
import { addDays } from './dates'
import { roomCarriesKeys, type AnswerRoom, type RoomKeys } from './room-keys'

/** A bookable room's price for the stay. */
export interface RoomPrice {
  /** Assumed: no answer names a currency, and both resorts price in US dollars (docs/pricing.md). */
  currency: 'USD'
  /** The stay's average nightly price before tax (Disney's `displayPrice.basePrice.subtotal`). */
  nightlyCents: number
  /** The stay before tax where Disney splits the tax out (WDW); Disney's total otherwise. */
  totalCents: number
  taxCents: number | null
  /** Whether Disney says its nightly price includes tax; null where it does not say. */
  taxIncluded: boolean | null
  /** Each night's price before tax, where the answer lists them. */
  nights: { date: string; cents: number }[]
  /** The offer that priced the room, when the answer names one that is not the standard rate. */
  offer: { id: string; name: string | null } | null
}

/**
 * Offer ids that mean the standard rate, not a discount: Disneyland's "7010" (Mouse Agents'
 * scraper) and the "room-only" every WDW request asks for.
 */
export const STANDARD_OFFER_IDS: readonly string[] = ['7010', 'room-only']

/** "1033.00", "189", 189: a price in dollars, to cents; null for anything else. */
export function centsOf(dollars: string | number): number | null {
  if (typeof dollars === 'number')
    return Number.isFinite(dollars) && dollars >= 0 ? Math.round(dollars * 100) : null
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(dollars)
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'))
}

/** "$1,033", "$1,033.50": how a text or a page names a price. */
export function formatPrice(cents: number): string {
  const dollars = Math.floor(cents / 100).toLocaleString('en-US')
  const rest = cents % 100
  return rest === 0 ? `$${dollars}` : `$${dollars}.${String(rest).padStart(2, '0')}`
}

/** A room's key in Disney's answer: its code at Walt Disney World, its id at Disneyland. */
export const roomKeyOf = (room: AnswerRoom) => room.code ?? room.roomId

/** What a question keeps of an answer's prices: `{ key: [nightly, total, offerId] }`. */
export type QuestionPrices = Record<string, [number, number, string | null]>

/** The prices of an answer's bookable rooms, by room key (the first of a key wins). */
export function pricesOf(rooms: readonly AnswerRoom[]): QuestionPrices {
  const prices: QuestionPrices = {}
  for (const room of rooms) {
    const key = roomKeyOf(room)
    if (!room.bookable || !room.price || Object.hasOwn(prices, key)) continue
    prices[key] = [room.price.nightlyCents, room.price.totalCents, room.price.offer?.id ?? null]
  }
  return prices
}

/** A room whose price changed, appeared, or stopped being bookable (prices null). */
export interface PriceChange {
  roomKey: string
  nightlyCents: number | null
  totalCents: number | null
  offerId: string | null
  offerName: string | null
}

/** What an answer changed in a question's prices: only these are written (a compact history). */
export function priceChanges(
  before: Readonly<QuestionPrices>,
  after: Readonly<QuestionPrices>,
  offerNames: ReadonlyMap<string, string | null>,
): PriceChange[] {
  const changes: PriceChange[] = []
  for (const [roomKey, [nightly, total, offerId]] of Object.entries(after)) {
    const was = before[roomKey]
    if (was && was[0] === nightly && was[1] === total && was[2] === offerId) continue
    changes.push({
      roomKey,
      nightlyCents: nightly,
      totalCents: total,
      offerId,
      offerName: offerId === null ? null : (offerNames.get(offerId) ?? null),
    })
  }
  for (const roomKey of Object.keys(before))
    if (!Object.hasOwn(after, roomKey))
      changes.push({
        roomKey,
        nightlyCents: null,
        totalCents: null,
        offerId: null,
        offerName: null,
      })
  return changes
}

/** The cheapest bookable room of the answer listed under one of a room type's keys. */
export function priceOfRoomType(rooms: readonly AnswerRoom[], keys: RoomKeys): RoomPrice | null {
  let cheapest: RoomPrice | null = null
  for (const room of rooms)
    if (room.bookable && room.price && roomCarriesKeys(room, keys))
      if (!cheapest || room.price.totalCents < cheapest.totalCents) cheapest = room.price
  return cheapest
}

/** The names an answer gives its offers, by id. */
export function offerNamesOf(rooms: readonly AnswerRoom[]): Map<string, string | null> {
  const names = new Map<string, string | null>()
  for (const room of rooms)
    if (room.price?.offer) names.set(room.price.offer.id, room.price.offer.name)
  return names
}

/** A price as a question keeps it. */
export interface KeptPrice {
  nightlyCents: number
  totalCents: number
}

/** The cheapest price a question's last answer showed among a room type's keys. */
export function keptPriceOf(prices: Readonly<QuestionPrices>, keys: RoomKeys): KeptPrice | null {
  let cheapest: KeptPrice | null = null
  for (const key of [...keys.disneyRoomCodes, ...keys.disneyRoomIds]) {
    const kept = prices[key]
    if (kept && (!cheapest || kept[1] < cheapest.totalCents))
      cheapest = { nightlyCents: kept[0], totalCents: kept[1] }
  }
  return cheapest
}

/** An alert's price ceiling, in cents: per night or for the stay (never both). */
export interface PriceCeiling {
  maxNightlyPriceCents: number | null
  maxTotalPriceCents: number | null
}

/**
 * Whether a price is above the alert's ceiling. A room without a price (an answer that did not
 * price it) is never held back: the family still wants to know it opened.
 */
export function aboveCeiling(price: KeptPrice | null, ceiling: PriceCeiling): boolean {
  if (!price) return false
  if (ceiling.maxNightlyPriceCents !== null)
    return price.nightlyCents > ceiling.maxNightlyPriceCents
  if (ceiling.maxTotalPriceCents !== null) return price.totalCents > ceiling.maxTotalPriceCents
  return false
}

export const hasCeiling = (ceiling: PriceCeiling) =>
  ceiling.maxNightlyPriceCents !== null || ceiling.maxTotalPriceCents !== null

/** What the ceiling is about: each night (the stay's average) or the whole stay. */
export const ceilingPer = (ceiling: PriceCeiling): 'night' | 'stay' =>
  ceiling.maxNightlyPriceCents !== null ? 'night' : 'stay'

/**
 * A split stay's price against the ceiling: the stay's total is both bookings' totals, and each
 * booking's nights are under a nightly ceiling. A booking whose price is not known is not held
 * back, as a room without a price is not. Null when some price is unknown.
 */
export function splitPrice(parts: readonly (KeptPrice | null)[]): KeptPrice | null {
  if (parts.some((part) => part === null)) return null
  const known = parts as KeptPrice[]
  return {
    nightlyCents: Math.max(...known.map((part) => part.nightlyCents)),
    totalCents: known.reduce((sum, part) => sum + part.totalCents, 0),
  }
}

/** A watch on a stay already booked, and what it texted so far. */
export interface PriceWatch {
  paidTotalCents: number
  minSavingCents: number | null
  minSavingPercent: number | null
  /** The price last texted: a further drop is measured from it. */
  priceTextedCents: number | null
  offersTexted: readonly string[]
}

/** The smallest saving worth a text: the amount, or the percentage of what was paid. */
export function savingThreshold(watch: PriceWatch): number {
  return (
    watch.minSavingCents ?? Math.ceil((watch.paidTotalCents * (watch.minSavingPercent ?? 0)) / 100)
  )
}

/** Why a watch texts: the price dropped far enough, or a new discount priced the room lower. */
export interface PriceNews {
  kind: 'drop' | 'offer'
  priceCents: number
  /** Against what was paid. */
  savingCents: number
  offer: { id: string; name: string | null } | null
}

/**
 * Whether today's price of the booked room is news (decision 0034): a price at least the
 * threshold below what was paid, or below the last price texted by the threshold again (each
 * further drop is worth another call to Disney); or a discount offer not texted before that
 * prices the room below both what was paid and the last price texted.
 */
export function priceNews(watch: PriceWatch, price: RoomPrice): PriceNews | null {
  const reference = Math.min(watch.paidTotalCents, watch.priceTextedCents ?? Infinity)
  const saving = watch.paidTotalCents - price.totalCents
  const offer = price.offer
  if (reference - price.totalCents >= savingThreshold(watch))
    return { kind: 'drop', priceCents: price.totalCents, savingCents: saving, offer }
  if (offer && !watch.offersTexted.includes(offer.id) && price.totalCents < reference)
    return { kind: 'offer', priceCents: price.totalCents, savingCents: saving, offer }
  return null
}

/** The watch after a text about `news`: the price it now measures from, the offers it told. */
export function afterNews(watch: PriceWatch, news: PriceNews) {
  return {
    priceTextedCents: Math.min(news.priceCents, watch.priceTextedCents ?? Infinity),
    offersTexted: news.offer
      ? [...new Set([...watch.offersTexted, news.offer.id])]
      : [...watch.offersTexted],
  }
}

/** The outbox key of a watch's text: one text per price and offer, whatever retries. */
export const priceTextKey = (news: PriceNews) => `price|${news.priceCents}|${news.offer?.id ?? ''}`

/** The last day to change a booking for free: `days` before check-in (booking-rules.ts). */
export const lastDayToAct = (checkIn: string, daysBeforeCheckIn: number) =>
  addDays(checkIn, -daysBeforeCheckIn)
