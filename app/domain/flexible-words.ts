/**
 * Flexible alerts in words a person reads at a glance (issue 29, decision 0032): the dashboard's
 * columns, the alert page, the form's count of what an alert covers and its refusal when too
 * wide. An exact alert reads exactly as it does today (dashboard.ts), since it is the simplest
 * case of the same words.
 */
import { diningDetails, diningWhen, hotelDetails, hotelWhen, timePreferenceText } from './dashboard'
import { formatShortDate, addDays } from './dates'
import { fromDiningTimes, MEAL_WINDOWS, type Meal } from './dining-alert'
import { MAX_QUESTIONS_PER_ALERT, type HotelAlertCost } from './flexible-cost'
import type { DiningTimeWish } from './flexible-dining'
import { isExactStay, type FlexibleHotelAlert } from './flexible-stays'
import type { RateType } from './price-terms'
import { formatPrice, type PriceCeiling } from './prices'

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`
const capitalized = (words: string) => words.charAt(0).toUpperCase() + words.slice(1)

/** "A", "A or B", "A, B or C", and past three "A, B or 4 more": a choice of any of them. */
export function anyOf(names: readonly string[]): string {
  const shown = names.length > 3 ? [...names.slice(0, 2), `${names.length - 2} more`] : names
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}` : (shown[0] ?? '')
}

/**
 * Days from one date to another, short: "Jun 8", "Jun 8–14", "Jun 28–Jul 4", with the year
 * when it is not the current one ("Jun 8–14, 2027", "Dec 28, 2026–Jan 3, 2027").
 */
export function dayRange(from: string, to: string, currentYear: number): string {
  if (from === to) return formatShortDate(from, currentYear)
  const year = from.slice(0, 4)
  if (year === to.slice(0, 4) && from.slice(5, 7) === to.slice(5, 7)) {
    const days = `${formatShortDate(from, Number(year))}–${Number(to.slice(8))}`
    return Number(year) === currentYear ? days : `${days}, ${year}`
  }
  return `${formatShortDate(from, currentYear)}–${formatShortDate(to, currentYear)}`
}

/** "1 night", "5 nights", "5–6 nights". */
export function nightsInWords(minNights: number, maxNights: number): string {
  return minNights === maxNights ? plural(minNights, 'night') : `${minNights}–${maxNights} nights`
}

/** A price watch on a booked stay (issue 30): what was paid, and the saving worth a text. */
export interface PriceWatchInWords {
  paidTotalCents: number
  rateType: RateType
  /** One of the two: the saving in dollars, or as a percentage of what was paid. */
  minSavingCents: number | null
  minSavingPercent: number | null
}

/**
 * A hotel alert as the pages have it: its resorts' and room types' names, its price ceiling,
 * and, for a watch on a booked stay, what it watches.
 */
export interface HotelAlertInWords
  extends Omit<FlexibleHotelAlert, 'resorts'>, Partial<PriceCeiling> {
  resorts: readonly { name: string; rooms: readonly { name: string }[] | 'any' }[]
  keepWatching: boolean
  priceWatch?: PriceWatchInWords
}

/** "at most $450 a night", "at most $2,400 for the stay"; null for an alert without a ceiling. */
export function ceilingInWords(ceiling: Partial<PriceCeiling>): string | null {
  const nightly = ceiling.maxNightlyPriceCents ?? null
  const total = ceiling.maxTotalPriceCents ?? null
  if (nightly !== null) return `at most ${formatPrice(nightly)} a night`
  return total === null ? null : `at most ${formatPrice(total)} for the stay`
}

const PAID_AS: Record<RateType, string> = { 'room-only': 'room-only', package: 'for a package' }

/** "paid $2,384.50 room-only", "texts a saving of $100 or more" (or "of 5% or more"). */
export function priceWatchInWords(watch: PriceWatchInWords): { paid: string; saving: string } {
  const saving =
    watch.minSavingPercent === null
      ? formatPrice(watch.minSavingCents!)
      : `${watch.minSavingPercent}%`
  return {
    paid: `paid ${formatPrice(watch.paidTotalCents)} ${PAID_AS[watch.rateType]}`,
    saving: `texts a saving of ${saving} or more`,
  }
}

/** A resort's name in a list or a text: "Disney's " is left off, as the texts do. */
export const listedResort = (name: string) => name.replace(/^Disney's /, '')

/** The name column: the resort, or "Polynesian Village Resort or Beach Club Resort". */
export function hotelAlertName(alert: Pick<HotelAlertInWords, 'resorts'>): string {
  const names = alert.resorts.map((resort) => resort.name)
  return names.length === 1 ? names[0]! : anyOf(names.map(listedResort))
}

/** The when column: today's "Jun 8 - Jun 12" for one stay, else "5–6 nights, check in Jun 8–14". */
export function hotelAlertWhen(
  alert: Pick<HotelAlertInWords, 'checkInDate' | 'latestCheckInDate' | 'minNights' | 'maxNights'>,
  currentYear: number,
): string {
  if (isExactStay(alert))
    return hotelWhen(alert.checkInDate, addDays(alert.checkInDate, alert.minNights), currentYear)
  const checkIn = dayRange(alert.checkInDate, alert.latestCheckInDate, currentYear)
  return `${nightsInWords(alert.minNights, alert.maxNights)}, check in ${checkIn}`
}

/**
 * The room types watched: one by name, "3 room types", "any room" (every room type that fits
 * the party: not "any standard room", which would read as Disney's room named Standard Room),
 * or both ("Water View or any room at Polynesian Village Resort").
 */
export function roomsInWords(resorts: HotelAlertInWords['resorts']): string {
  const chosen = resorts.flatMap((resort) => (resort.rooms === 'any' ? [] : resort.rooms))
  const anyAt = resorts.filter((resort) => resort.rooms === 'any')
  const named = chosen.length === 1 ? chosen[0]!.name : plural(chosen.length, 'room type')
  if (!anyAt.length) return named
  if (!chosen.length) return 'any room'
  return `${named} or any room at ${anyOf(anyAt.map((resort) => listedResort(resort.name)))}`
}

/**
 * The details column: today's (`hotelDetails`, given the rooms' words as the one room's name),
 * "Split stays" when the alert may split, and its price ceiling. A price watch says what it
 * watches instead: "Price watch · Standard Room · paid $2,384.50 room-only · texts a saving of
 * $100 or more".
 */
export function hotelAlertDetails(alert: HotelAlertInWords): string {
  if (alert.priceWatch) {
    const { paid, saving } = priceWatchInWords(alert.priceWatch)
    return ['Price watch', roomsInWords(alert.resorts), paid, saving].join(' · ')
  }
  const details = hotelDetails({ ...alert, rooms: [{ name: roomsInWords(alert.resorts) }] })
  const ceiling = ceilingInWords(alert)
  return [
    details,
    ...(alert.splitStays ? ['Split stays'] : []),
    ...(ceiling ? [capitalized(ceiling)] : []),
  ].join(' · ')
}

/**
 * The whole alert in one line: "5–6 nights, check in Jun 8–14, Polynesian … or Beach Club …, any
 * room, at most $450 a night"; a price watch's "Jun 8 - Jun 12, Pop Century Resort, Standard
 * Room, a price watch: paid $2,384.50 room-only, texts a saving of 5% or more".
 */
export function hotelAlertSummary(alert: HotelAlertInWords, currentYear: number): string {
  const where = anyOf(alert.resorts.map((resort) => listedResort(resort.name)))
  const ceiling = ceilingInWords(alert)
  const watch = alert.priceWatch && priceWatchInWords(alert.priceWatch)
  return [
    hotelAlertWhen(alert, currentYear),
    where,
    roomsInWords(alert.resorts),
    ...(alert.accessible ? ['accessible'] : []),
    ...(alert.splitStays ? ['or a split stay'] : []),
    ...(ceiling ? [ceiling] : []),
    ...(watch ? [`a price watch: ${watch.paid}`, watch.saving] : []),
  ].join(', ')
}

/**
 * What an alert covers, for the form before it is saved: "1 stay", "14 stays at 3 resorts, 42
 * in all", "6 stays and 30 shorter stays for split stays at 2 resorts, 72 in all".
 */
export function coverageInWords(cost: HotelAlertCost): string {
  const stays = cost.splitStays
    ? `${plural(cost.stays, 'stay')} and ${plural(cost.splitStays, 'shorter stay')} for split stays`
    : plural(cost.stays, 'stay')
  if (cost.resorts === 1) return cost.splitStays ? `${stays}, ${cost.questions} in all` : stays
  return `${stays} at ${cost.resorts} resorts, ${cost.questions} in all`
}

/**
 * The refusal of an alert too wide to save, saying what to narrow: "This alert covers 28 stays
 * at 3 resorts, 84 in all; the most one alert can watch is 60. Narrow the check-in dates, the
 * nights or the resorts."
 */
export function tooWideMessage(cost: HotelAlertCost): string {
  const narrow =
    cost.resorts > 1
      ? 'the check-in dates, the nights or the resorts'
      : 'the check-in dates or the nights'
  const split = cost.splitStays ? ', or turn off split stays' : ''
  return `This alert covers ${coverageInWords(cost)}; the most one alert can watch is ${MAX_QUESTIONS_PER_ALERT}. Narrow ${narrow}${split}.`
}

/** A dining alert as the pages have it: its restaurants' names, in its order. */
export interface DiningAlertInWords extends DiningTimeWish {
  restaurants: readonly string[]
  reserveDates: readonly string[]
  partySize: number
}

/** The name column: the restaurant, or "Be Our Guest, Cinderella's Royal Table or 'Ohana". */
export function diningAlertName(alert: Pick<DiningAlertInWords, 'restaurants'>): string {
  return anyOf(alert.restaurants)
}

/**
 * Dates in words: today's "Sat, Jun 8, 2026" for one, "Jun 8–14" for a run of days, "Jun 8,
 * Jun 10 or Jun 12" for a few, "5 dates, Jun 8–20" for more.
 */
export function diningAlertWhen(
  alert: Pick<DiningAlertInWords, 'reserveDates'>,
  currentYear: number,
): string {
  const dates = alert.reserveDates
  const first = dates[0]!
  const last = dates.at(-1)!
  if (dates.length === 1) return diningWhen(first)
  if (addDays(first, dates.length - 1) === last) return dayRange(first, last, currentYear)
  if (dates.length <= 3) return anyOf(dates.map((date) => formatShortDate(date, currentYear)))
  return `${dates.length} dates, ${dayRange(first, last, currentYear)}`
}

/** "Breakfast", "Lunch or dinner", "Breakfast, lunch or dinner". */
export function mealsInWords(meals: readonly Meal[]): string {
  return capitalized(anyOf(meals.map((meal) => MEAL_WINDOWS[meal].label.toLowerCase())))
}

/** The details column: today's "Party of 4 · Dinner", or "Party of 4 · Lunch or dinner". */
export function diningAlertDetails(alert: DiningAlertInWords): string {
  return alert.mealPeriods.length
    ? `Party of ${alert.partySize} · ${mealsInWords(alert.mealPeriods)}`
    : diningDetails(alert)
}

/**
 * The whole alert in one line: "Dinner for 4 at Be Our Guest, Cinderella's Royal Table or
 * 'Ohana, Jun 8–14", "Table for 2 at Space 220 Restaurant, Jun 8–14, 6:00 PM ±30 min".
 */
export function diningAlertSummary(alert: DiningAlertInWords, currentYear: number): string {
  const preference = fromDiningTimes(alert)
  const what = alert.mealPeriods.length
    ? mealsInWords(alert.mealPeriods)
    : preference.kind === 'meal'
      ? MEAL_WINDOWS[preference.meal].label
      : 'Table'
  const at =
    preference.kind === 'time' && !alert.mealPeriods.length ? `, ${timePreferenceText(alert)}` : ''
  return `${what} for ${alert.partySize} at ${diningAlertName(alert)}, ${diningAlertWhen(alert, currentYear)}${at}`
}
