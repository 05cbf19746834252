/**
 * The texts prices call for (issue 30): an opening of a ceiling alert names its price, and a
 * watch on a booked stay tells the saving, the offer's name where Disney gives one, and the last
 * day to change the booking for free. Up to two segments: a saving is rare and worth the words.
 */
import { format, parseISO } from 'date-fns'
import { fitNames, TWO_SEGMENTS_LENGTH } from './flexible-texts'
import { listedResort } from './flexible-words'
import { formatPrice, type KeptPrice } from './prices'
import type { RateType } from './price-terms'
import { BRAND, SEGMENT_LENGTH } from './texts'

const shortDate = (iso: string) => format(parseISO(iso), 'MMM d')

interface PricedStay {
  room: string
  resort: string
  checkIn: string
  checkOut: string
  link: string
}

/** How a ceiling alert's text names the price: the one its ceiling is about. */
export function priceInWords(price: KeptPrice, per: 'night' | 'stay'): string {
  return per === 'night'
    ? `${formatPrice(price.nightlyCents)}/night`
    : `${formatPrice(price.totalCents)} total`
}

/**
 * A room open under the alert's price ceiling, in one segment: "Disney Hotel Alerts: Room open:
 * Deluxe Studio at Copper Creek Villas & Cabins, Jan 15-Jan 19, $596/night before tax. Book
 * fast: <link>"
 */
export function pricedOpeningText(opening: PricedStay & { price: string }): string {
  const stay = `${shortDate(opening.checkIn)}-${shortDate(opening.checkOut)}`
  return fitNames(
    ([room, resort]) =>
      `${BRAND}: Room open: ${room} at ${resort}, ${stay}, ${opening.price} before tax. Book fast: ${opening.link}`,
    [opening.room, listedResort(opening.resort)],
    SEGMENT_LENGTH,
  )
}

/**
 * A booked stay's price news: "Disney Hotel Alerts: Price drop for your Deluxe Studio at Copper
 * Creek, Jan 15-Jan 19: now $2,184 before tax, $200 less than you paid. Ask Disney to reprice
 * your room-only booking by Jan 10: <link>". A new offer is named: "New offer "Save 20%" for
 * your ..." (and so is the offer behind a drop, where Disney names it).
 */
export function priceWatchText(news: {
  stay: PricedStay
  kind: 'drop' | 'offer'
  offerName: string | null
  priceCents: number
  savingCents: number
  rateType: RateType
  lastDay: string
}): string {
  const { stay } = news
  const dates = `${shortDate(stay.checkIn)}-${shortDate(stay.checkOut)}`
  const saving = `${formatPrice(news.priceCents)} before tax, ${formatPrice(news.savingCents)} less than you paid`
  const act = `Ask Disney to reprice your ${news.rateType} booking by ${shortDate(news.lastDay)}`
  return fitNames(
    ([room, resort, offer]) =>
      `${BRAND}: ${news.kind === 'offer' ? 'New offer' : 'Price drop'}${offer ? ` "${offer}"` : ''} for your ${room} at ${resort}, ${dates}: now ${saving}. ${act}: ${stay.link}`,
    [stay.room, listedResort(stay.resort), news.offerName ?? ''],
    TWO_SEGMENTS_LENGTH,
  )
}
