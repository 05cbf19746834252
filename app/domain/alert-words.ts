import {
  diningAlertShape,
  hotelAlertShape,
  type DiningAlertJsonShape,
  type HotelAlertJsonShape,
} from './alert-shape'
import { destinationDisplay } from './destinations'
import {
  diningAlertDetails,
  diningAlertName,
  diningAlertSummary,
  diningAlertWhen,
  hotelAlertDetails,
  hotelAlertName,
  hotelAlertSummary,
  hotelAlertWhen,
} from './flexible-words'

/**
 * An alert as the dashboard and its own page say it in words: its JSON, in either shape (one
 * resort and stay, one restaurant and date, or the flexible fields; alert-shape.ts).
 */
export type AlertInWords =
  ({ kind: 'hotel' } & HotelAlertJsonShape) | ({ kind: 'dining' } & DiningAlertJsonShape)

/** The one shape the words are made from, whichever shape the JSON has. */
const shapeOf = (alert: AlertInWords) =>
  alert.kind === 'hotel'
    ? { kind: alert.kind, ...hotelAlertShape(alert) }
    : { kind: alert.kind, ...diningAlertShape(alert) }

const thisYear = () => new Date().getFullYear()

export function alertName(alert: AlertInWords) {
  const shape = shapeOf(alert)
  return shape.kind === 'hotel' ? hotelAlertName(shape) : diningAlertName(shape)
}

export function alertWhere(alert: AlertInWords) {
  return destinationDisplay(shapeOf(alert).destination)
}

export function alertWhen(alert: AlertInWords, currentYear = thisYear()) {
  const shape = shapeOf(alert)
  return shape.kind === 'hotel'
    ? hotelAlertWhen(shape, currentYear)
    : diningAlertWhen(shape, currentYear)
}

export function alertDetails(alert: AlertInWords) {
  const shape = shapeOf(alert)
  return shape.kind === 'hotel' ? hotelAlertDetails(shape) : diningAlertDetails(shape)
}

/** The whole alert in one line: "5–6 nights, check in Jun 8–14, Polynesian … or Beach Club …, any room". */
export function alertSummary(alert: AlertInWords, currentYear = thisYear()) {
  const shape = shapeOf(alert)
  return shape.kind === 'hotel'
    ? hotelAlertSummary(shape, currentYear)
    : diningAlertSummary(shape, currentYear)
}

/** "A", "A and B", "A, B and C": every one of them. */
const allOf = (names: readonly string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '')

/**
 * What the alert's owner must know first, if anything: restaurants of it that have left Disney's
 * list, each by name. A draft does not say whether its restaurant is listed, and says nothing.
 */
export function alertNotice(alert: AlertInWords): string | null {
  if (alert.kind !== 'dining') return null
  const gone = diningAlertShape(alert)
    .restaurantChoices.filter((restaurant) => !restaurant.listed)
    .map((restaurant) => restaurant.name)
  if (!gone.length) return null
  const them = gone.length === 1 ? 'it' : 'them'
  return `Disney no longer lists ${allOf(gone)} for reservations. We still check ${them}, but a table may never open.`
}
