/**
 * The texts of a flexible alert's openings (issue 29, decision 0032). An exact hotel alert's
 * opening keeps today's text (`hotelOpeningText`); a flexible one's also says the nights, since
 * the stay is one of many. A dining opening's text already names the restaurant, date and time
 * (`diningOpeningText`), so a flexible dining alert sends it unchanged.
 */
import { format, parseISO } from 'date-fns'
import { nightsBetween } from './dates'
import { listedResort, nightsInWords } from './flexible-words'
import { BRAND, gsmLength, hotelOpeningText, SEGMENT_LENGTH, toGsm7 } from './texts'

/**
 * Two segments of one concatenated text: each carries 153 GSM-7 characters once the header that
 * joins them is added. A split stay needs two links, which leave too little of one segment.
 */
export const TWO_SEGMENTS_LENGTH = 2 * 153

/**
 * Fills a template with names (made GSM-7), cutting the longest down to the same length (with
 * "..") until the whole text fits `limit`.
 */
export function fitNames(
  build: (names: readonly string[]) => string,
  names: readonly string[],
  limit: number,
): string {
  const plain = names.map(toGsm7)
  for (let cap = Math.max(...plain.map((name) => name.length)); ; cap--) {
    const text = build(
      plain.map((name) => (name.length > cap ? `${name.slice(0, cap - 2).trimEnd()}..` : name)),
    )
    if (gsmLength(text) <= limit || cap <= 2) return text
  }
}

const shortDate = (iso: string) => format(parseISO(iso), 'MMM d')

/** A room open for a stay, and the short link to book it. */
export interface StayOpening {
  room: string
  resort: string
  checkIn: string
  checkOut: string
  link: string
}

/**
 * The text of a hotel opening: today's text for an exact alert; for a flexible one the nights
 * too, in one segment. "Disney Hotel Alerts: Room open: Water View at Beach Club Resort, Jun
 * 9-Jun 14, 5 nights. Book fast: <link>"
 */
export function stayOpeningText(opening: StayOpening, alert: { exact: boolean }): string {
  if (alert.exact) return hotelOpeningText(opening)
  const nights = nightsBetween(opening.checkIn, opening.checkOut)
  const stay = `${shortDate(opening.checkIn)}-${shortDate(opening.checkOut)}, ${nightsInWords(nights, nights)}`
  return fitNames(
    ([room, resort]) =>
      `${BRAND}: Room open: ${room} at ${resort}, ${stay}. Book fast: ${opening.link}`,
    [opening.room, listedResort(opening.resort)],
    SEGMENT_LENGTH,
  )
}

/**
 * The text of a split stay: both bookings with their dates, the day of the move, and both
 * links, in at most two segments. "Disney Hotel Alerts: Split stay open: Water View at Beach
 * Club Resort Jun 9-Jun 12, then Garden View at Polynesian Village Resort Jun 12-Jun 14 (move
 * Jun 12). Book both fast: <link> and <link>"
 */
export function splitStayText(split: {
  first: StayOpening
  second: StayOpening
  /** The split's price, for an alert with a ceiling ("$4,200 total"). */
  price?: string | null
}): string {
  const { first, second } = split
  const price = split.price ? `, ${split.price} before tax` : ''
  const sameResort = first.resort === second.resort
  const datesOf = (booking: StayOpening) =>
    `${shortDate(booking.checkIn)}-${shortDate(booking.checkOut)}`
  return fitNames(
    ([firstRoom, firstResort, secondRoom, secondResort]) =>
      `${BRAND}: Split stay open: ${firstRoom} at ${firstResort} ${datesOf(first)}, then ${secondRoom} at ${sameResort ? 'the same resort' : secondResort} ${datesOf(second)} (move ${shortDate(first.checkOut)})${price}. Book both fast: ${first.link} and ${second.link}`,
    [first.room, listedResort(first.resort), second.room, listedResort(second.resort)],
    TWO_SEGMENTS_LENGTH,
  )
}
