/**
 * A travel agent's reports (issue 31, decision 0035): per client, what each of its alerts watched
 * and what it found, the openings and the texts about them, to the agent or the client, with
 * their delivery; and every alert of the account with its client. The printable page, its CSV
 * and the JSON API say the same things in the same words.
 */
import type { TextPurpose, TextRecipient } from '../../db/schema.ts'
import { byOpenFirst, durationText, openingDuration, type OpeningLife } from './alert-history'
import { diningAlertShape, hotelAlertShape } from './alert-shape'
import {
  alertDetails,
  alertName,
  alertSummary,
  alertWhen,
  alertWhere,
  type AlertInWords,
} from './alert-words'
import { HOTEL_STATUS, statusLabel, type AlertKind } from './alerts'
import type { TextTo } from './client'
import type { CsvCell } from './csv'
import { addDays, formatDateRange, formatLongDate } from './dates'
import { TEXT_STATUS_LABEL, textProblem, type TextStatus } from './delivery'
import { findDestination } from './destinations'
import { twelveHour } from './dining-alert'
import { listedResort } from './flexible-words'

/** An alert as the JSON API gives it, with its kind: what the reports read of it. */
export type ReportAlertInput = AlertInWords & {
  id: string
  status: number
  statusReason: string | null
  created: string
  lastCheckedAt: string | null
  lastFoundAt: string | null
  clientName: string | null
  textTo: TextTo
}

/** An opening an alert saw, as the openings table keeps it. */
export interface OpeningSeen extends OpeningLife {
  id: number
  roomName: string | null
  resortName: string | null
  diningLocationId: string | null
  startsOn: string
  checkOutDate: string | null
  reserveTime: string | null
}

/** A text of the outbox: about an alert (and one of its openings), or to the client alone. */
export interface TextRecord {
  id: string
  purpose: TextPurpose
  recipient: TextRecipient
  alertKind: AlertKind | null
  alertId: string | null
  openingId: number | null
  body: string
  status: TextStatus
  error: string | null
  errorCode: number | null
  createdAt: Date
  sentAt: Date | null
}

/** What a text was, in words. */
export const TEXT_PURPOSE_LABEL: Record<TextPurpose, string> = {
  opening: 'Opening',
  summary: 'Day’s last text: more openings',
  price: 'Price drop',
  test: 'Test text',
  'plan-end': 'Plan reminder',
  'quiet-hours': 'After quiet hours',
  consent: 'Asked to agree to texts',
}

/** Who an alert's texts go to: "You", the client by name, or "You and …". */
export function textToWords(textTo: TextTo, clientName: string | null): string {
  if (textTo === 'agent') return 'You'
  return textTo === 'client'
    ? (clientName ?? 'The client')
    : `You and ${clientName ?? 'the client'}`
}

/** Who a text went to: "You" (the agent), or the client by name. */
export function sentToWords(recipient: TextRecipient, clientName: string): string {
  return recipient === 'agent' ? 'You' : clientName
}

/** A text's delivery in words, with what went wrong: "Not delivered (the number is unknown…)". */
export function deliveryInWords(text: {
  status: TextStatus
  error: string | null
  errorCode: number | null
}): string {
  const problem = textProblem(text)
  return problem ? `${TEXT_STATUS_LABEL[text.status]} (${problem})` : TEXT_STATUS_LABEL[text.status]
}

/** An alert's status, with why it stopped when it did not stop by the agent's hand. */
export function statusInWords(alert: {
  kind: AlertKind
  status: number
  statusReason: string | null
}): string {
  const label = statusLabel(alert.kind, alert.status)
  return alert.status !== HOTEL_STATUS.running && alert.statusReason
    ? `${label}: ${alert.statusReason}`
    : label
}

/** The first and last day an alert covers: a hotel alert's first check-in and last check-out. */
export function alertDays(alert: AlertInWords): { from: string; to: string } {
  if (alert.kind === 'hotel') {
    const shape = hotelAlertShape(alert)
    return { from: shape.checkInDate, to: addDays(shape.latestCheckInDate, shape.maxNights) }
  }
  const dates = [...diningAlertShape(alert).reserveDates].sort()
  return { from: dates[0]!, to: dates.at(-1)! }
}

/** The time zone an alert's times are given in: its resort's or restaurant's. */
function timeZoneOf(alert: AlertInWords): string {
  const destination =
    alert.kind === 'hotel' ? hotelAlertShape(alert).destination : alert.resortLocationIdentifier
  return findDestination(destination)!.timeZone
}

/** An opening in words: "Standard Room at Pop Century Resort, Jun 8 - Jun 12", "… at 6:15 PM". */
export function openingInWords(
  alert: AlertInWords,
  opening: OpeningSeen,
  currentYear: number,
): string {
  if (alert.kind === 'hotel') {
    const room = opening.roomName ?? 'A room type no longer listed'
    const resort = opening.resortName ? ` at ${listedResort(opening.resortName)}` : ''
    return `${room}${resort}, ${formatDateRange(opening.startsOn, opening.checkOutDate!, currentYear)}`
  }
  const restaurant =
    diningAlertShape(alert).restaurantChoices.find(
      (choice) => choice.id === opening.diningLocationId,
    )?.name ?? 'A restaurant'
  return `${restaurant}, ${formatLongDate(opening.startsOn)} at ${twelveHour(opening.reserveTime!)}`
}

const iso = (at: Date | null) => (at ? at.toISOString() : null)

/** A text of a report. */
function reportText(text: TextRecord) {
  return {
    id: text.id,
    purpose: text.purpose,
    about: TEXT_PURPOSE_LABEL[text.purpose],
    /** `agent` or `client`: whose phone it went to. */
    recipient: text.recipient,
    status: text.status,
    delivery: deliveryInWords(text),
    problem: textProblem(text),
    createdAt: text.createdAt.toISOString(),
    sentAt: iso(text.sentAt),
    body: text.body,
  }
}
export type ReportText = ReturnType<typeof reportText>

/** Newest first; a text to the agent before the client's about the same thing. */
const byNewest = (a: TextRecord, b: TextRecord) =>
  b.createdAt.getTime() - a.createdAt.getTime() || a.recipient.localeCompare(b.recipient)

const alertKey = (kind: AlertKind, id: string) => `${kind}:${id}`

/**
 * A client's report: each of its alerts (as given, newest first) with what it watches in words,
 * the openings it saw (open ones first) each with the texts about it, and its other texts (a
 * price drop, or a text about an opening no longer listed); then the texts to or about the
 * client that are not about one of these alerts (its consent text). Times in ISO 8601; the page
 * gives them at each alert's resort or restaurant (`timeZone`).
 */
export function clientReportOf(input: {
  alerts: readonly ReportAlertInput[]
  openings: ReadonlyMap<string, readonly OpeningSeen[]>
  texts: readonly TextRecord[]
  now: Date
}) {
  const currentYear = input.now.getUTCFullYear()
  const texts = [...input.texts].sort(byNewest)
  const listed = new Set(input.alerts.map((alert) => alertKey(alert.kind, alert.id)))
  const alerts = input.alerts.map((alert) => {
    const own = texts.filter((text) => text.alertKind === alert.kind && text.alertId === alert.id)
    const openings = [...(input.openings.get(alertKey(alert.kind, alert.id)) ?? [])].sort(
      byOpenFirst,
    )
    const openingIds = new Set(openings.map((opening) => opening.id))
    return {
      kind: alert.kind,
      id: alert.id,
      name: alertName(alert),
      watches: alertSummary(alert, currentYear),
      where: alertWhere(alert),
      details: alertDetails(alert),
      when: alertWhen(alert, currentYear),
      ...alertDays(alert),
      status: alert.status,
      statusText: statusInWords(alert),
      textTo: alert.textTo,
      created: alert.created,
      lastCheckedAt: alert.lastCheckedAt,
      lastFoundAt: alert.lastFoundAt,
      timeZone: timeZoneOf(alert),
      openings: openings.map((opening) => {
        const duration = openingDuration(opening, input.now)
        return {
          id: opening.id,
          what: openingInWords(alert, opening, currentYear),
          open: opening.closedAt === null,
          firstSeenAt: opening.firstSeenAt.toISOString(),
          closedAt: iso(opening.closedAt),
          durationSeconds: Math.round(duration / 1000),
          openFor: durationText(duration),
          texts: own.filter((text) => text.openingId === opening.id).map(reportText),
        }
      }),
      /** Its texts about no opening listed here: a price drop, or an opening no longer its own. */
      texts: own
        .filter((text) => text.openingId === null || !openingIds.has(text.openingId))
        .map(reportText),
    }
  })
  const otherTexts = texts
    .filter(
      (text) =>
        text.alertKind === null ||
        text.alertId === null ||
        !listed.has(alertKey(text.alertKind, text.alertId)),
    )
    .map(reportText)
  const openings = alerts.flatMap((alert) => alert.openings)
  return {
    generatedAt: input.now.toISOString(),
    totals: {
      alerts: alerts.length,
      openings: openings.length,
      openNow: openings.filter((opening) => opening.open).length,
      texts: texts.length,
      textsToClient: texts.filter((text) => text.recipient === 'client').length,
    },
    alerts,
    otherTexts,
  }
}
export type ClientReportBody = ReturnType<typeof clientReportOf>
export type ReportAlert = ClientReportBody['alerts'][number]

export const CLIENT_REPORT_COLUMNS = [
  'Alert',
  'Kind',
  'Watches',
  'Details',
  'Status',
  'Opening',
  'Opening seen at',
  'Closed at',
  'Open for',
  'Text',
  'Text sent at',
  'Sent to',
  'Delivery',
] as const

const KIND_LABEL: Record<AlertKind, string> = { hotel: 'Hotel', dining: 'Dining' }

/**
 * A client's report as CSV rows, for an agent to hand the client: a row for each text about an
 * opening (an opening without a text has one row of its own), for each other text of an alert,
 * and for an alert that found nothing; then the client's other texts. "Sent to" says "You" for
 * the agent and the client by name.
 */
export function clientReportRows(
  report: Pick<ClientReportBody, 'alerts' | 'otherTexts'>,
  clientName: string,
): CsvCell[][] {
  const textCells = (text: ReportText | null): CsvCell[] =>
    text
      ? [
          text.about,
          text.sentAt ?? text.createdAt,
          sentToWords(text.recipient, clientName),
          text.delivery,
        ]
      : [null, null, null, null]
  const rows = report.alerts.flatMap((alert) => {
    const alertCells: CsvCell[] = [
      alert.name,
      KIND_LABEL[alert.kind],
      alert.watches,
      alert.details,
      alert.statusText,
    ]
    const none: CsvCell[] = [null, null, null, null]
    const openingRows = alert.openings.flatMap((opening) => {
      const openingCells: CsvCell[] = [
        opening.what,
        opening.firstSeenAt,
        opening.closedAt,
        opening.openFor,
      ]
      return (opening.texts.length ? opening.texts : [null]).map((text) => [
        ...alertCells,
        ...openingCells,
        ...textCells(text),
      ])
    })
    const textRows = alert.texts.map((text) => [...alertCells, ...none, ...textCells(text)])
    const found = [...openingRows, ...textRows]
    return found.length ? found : [[...alertCells, ...none, ...textCells(null)]]
  })
  const otherRows = report.otherTexts.map((text) => [
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    ...textCells(text),
  ])
  return [[...CLIENT_REPORT_COLUMNS], ...rows, ...otherRows]
}

export const ALERTS_EXPORT_COLUMNS = [
  'Alert ID',
  'Kind',
  'Alert',
  'Client',
  'Texts to',
  'Watches',
  'Where',
  'Details',
  'From',
  'To',
  'Status',
  'Created',
  'Last checked',
  'Last found',
] as const

/**
 * Every alert of the account with its client (empty when none) as CSV rows: what it watches in
 * words and its first and last day (ISO dates), its status, and when it was made, last checked
 * and last found something (ISO 8601).
 */
export function alertsExportRows(alerts: readonly ReportAlertInput[], now: Date): CsvCell[][] {
  const currentYear = now.getUTCFullYear()
  return [
    [...ALERTS_EXPORT_COLUMNS],
    ...alerts.map((alert) => {
      const days = alertDays(alert)
      return [
        alert.id,
        KIND_LABEL[alert.kind],
        alertName(alert),
        alert.clientName,
        textToWords(alert.textTo, alert.clientName),
        alertSummary(alert, currentYear),
        alertWhere(alert),
        alertDetails(alert),
        days.from,
        days.to,
        statusInWords(alert),
        alert.created,
        alert.lastCheckedAt,
        alert.lastFoundAt,
      ]
    }),
  ]
}
