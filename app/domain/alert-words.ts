import { diningDetails, diningWhen, hotelDetails, hotelWhen } from './dashboard'
import type { DiningTimes } from './dining-alert'
import { destinationDisplay, type DestinationId } from './destinations'

/** An alert as the dashboard and its own page say it in words. */
export type AlertInWords =
  | {
      kind: 'hotel'
      resort: { name: string; resortLocation: { identifier: DestinationId } }
      checkInDate: string
      checkOutDate: string
      numberOfAdults: number
      agesOfChildren: readonly number[]
      rooms: readonly { name: string }[]
      accessible: boolean
      keepWatching: boolean
    }
  | ({
      kind: 'dining'
      diningLocationName: string
      /** False once Disney no longer lists the restaurant (a draft does not say). */
      diningLocationListed?: boolean
      resortLocationIdentifier: DestinationId
      reserveDate: string
      partySize: number
    } & DiningTimes)

export function alertName(alert: AlertInWords) {
  return alert.kind === 'hotel' ? alert.resort.name : alert.diningLocationName
}

export function alertWhere(alert: AlertInWords) {
  return destinationDisplay(
    alert.kind === 'hotel'
      ? alert.resort.resortLocation.identifier
      : alert.resortLocationIdentifier,
  )
}

export function alertWhen(alert: AlertInWords, currentYear = new Date().getFullYear()) {
  return alert.kind === 'hotel'
    ? hotelWhen(alert.checkInDate, alert.checkOutDate, currentYear)
    : diningWhen(alert.reserveDate)
}

export function alertDetails(alert: AlertInWords) {
  return alert.kind === 'hotel' ? hotelDetails(alert) : diningDetails(alert)
}

/** What the alert's owner must know first, if anything: its restaurant has left Disney's list. */
export function alertNotice(alert: AlertInWords): string | null {
  if (alert.kind !== 'dining' || alert.diningLocationListed !== false) return null
  return `Disney no longer lists ${alert.diningLocationName} for reservations. We still check it, but a table may never open.`
}

/** The whole question in one line: "Pop Century Resort, Walt Disney World · Jun 8 – 12 · …". */
export function alertInWords(alert: AlertInWords, currentYear?: number) {
  return `${alertName(alert)}, ${alertWhere(alert)} · ${alertWhen(alert, currentYear)} · ${alertDetails(alert)}`
}
