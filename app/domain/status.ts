import type { IncidentsTable } from '../../db/schema.ts'
import type { AlertKind } from './alerts'
import { DESTINATIONS, type DestinationId } from './destinations'

/*
 * The public status page's rules (issue 28, item 6): what counts as degraded, the percentiles of
 * how fast texts go out, and every figure in words. Times are in UTC: the page is one copy for
 * every visitor, wherever they are.
 */

export type EndpointFamily = NonNullable<IncidentsTable['family']>

/** Disney's endpoint families as a visitor knows them, in the order the page lists them. */
export const FAMILY_NAMES: Record<EndpointFamily, string> = {
  'wdw-hotel': 'Walt Disney World hotels',
  'dlr-hotel': 'Disneyland Resort hotels',
  dining: 'Dining at both resorts',
  'wdw-all-resorts': 'Walt Disney World resort search',
}
export const FAMILIES = Object.keys(FAMILY_NAMES) as EndpointFamily[]

const KINDS: readonly AlertKind[] = ['hotel', 'dining']

/** A field of the hourly check counters: destination and kind (`disney-world:hotel`). */
export type CheckCountField = `${DestinationId}:${AlertKind}`

export const CHECK_COUNT_FIELDS: readonly CheckCountField[] = DESTINATIONS.flatMap((destination) =>
  KINDS.map((kind) => `${destination.identifier}:${kind}` as const),
)

export type CheckCounts = Record<CheckCountField, number>

export function isCheckCountField(field: string): field is CheckCountField {
  return (CHECK_COUNT_FIELDS as readonly string[]).includes(field)
}

/** The counts as the page's table: one row per destination, its hotels and its dining. */
export function checkCountRows(counts: CheckCounts) {
  return DESTINATIONS.map((destination) => ({
    destination: destination.display,
    hotel: counts[`${destination.identifier}:hotel`],
    dining: counts[`${destination.identifier}:dining`],
  }))
}

/**
 * The value at or below which `p` of the values lie (nearest rank: always one of the values, so
 * a 95th percentile of a few texts is the slowest of them, never an invented figure).
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length)))
  return sorted[rank - 1]!
}

export interface Spread {
  count: number
  medianMs: number
  p95Ms: number
}

function spreadOf(durations: readonly number[]): Spread | null {
  if (durations.length === 0) return null
  return {
    count: durations.length,
    medianMs: percentile(durations, 0.5)!,
    p95Ms: percentile(durations, 0.95)!,
  }
}

export interface TextTiming {
  /** The check that found the opening for the text's alert. */
  seenAt: number
  /** Handed to Twilio. */
  sentAt: number
  /** Twilio reported it delivered; null while it has not. */
  deliveredAt: number | null
}

/**
 * How long texts took from the check that found their opening to Twilio, and to the phone. Clocks
 * of different machines may disagree by a little: a time before the sighting counts as none.
 */
export function textSpeed(texts: readonly TextTiming[]) {
  const after = (from: number, to: number) => Math.max(0, to - from)
  return {
    sent: spreadOf(texts.map((text) => after(text.seenAt, text.sentAt))),
    delivered: spreadOf(
      texts.flatMap((text) =>
        text.deliveredAt === null ? [] : [after(text.seenAt, text.deliveredAt)],
      ),
    ),
  }
}

/** Why a Disney call failed, in a visitor's words (the raw message stays on /healthz). */
const FAULT_WORDS: Record<string, string> = {
  timeout: 'Disney took too long to answer',
  network: 'Disney could not be reached',
  http: 'Disney answered with an error',
  shape: 'Disney answered in a form we could not read',
  auth: 'Disney refused our session',
  challenge: 'Disney asked for a bot check',
}

export type FamilyHealth =
  | { family: EndpointFamily; state: 'ok'; words: string }
  | { family: EndpointFamily; state: 'degraded'; since: number; words: string }

/**
 * A family's health, worst first: its breaker open (an incident, since it opened), every answer
 * "not found" for ten minutes (since the first), or its latest call failed with no good answer
 * since (the fault /healthz shows). A lone fault is "degraded" as on /healthz, dated by that
 * fault: it is the latest, not the first, so the words say "last failed", not "since".
 */
export function familyHealth(
  family: EndpointFamily,
  seen: {
    breakerOpenSince: number | null
    notFoundSince: number | null
    fault: { reason: string; at: number } | null
  },
): FamilyHealth {
  if (seen.breakerOpenSince !== null)
    return {
      family,
      state: 'degraded',
      since: seen.breakerOpenSince,
      words: `Degraded since ${formatUtc(seen.breakerOpenSince)}: Disney stopped answering, so checks pause and retry every 30 seconds.`,
    }
  if (seen.notFoundSince !== null)
    return {
      family,
      state: 'degraded',
      since: seen.notFoundSince,
      words: `Degraded since ${formatUtc(seen.notFoundSince)}: every answer says "not found".`,
    }
  if (seen.fault)
    return {
      family,
      state: 'degraded',
      since: seen.fault.at,
      words: `Degraded: the last call, at ${formatUtc(seen.fault.at)}, failed (${FAULT_WORDS[seen.fault.reason] ?? 'Disney did not answer'}).`,
    }
  return { family, state: 'ok', words: 'OK' }
}

/** Whether anything is checking now: a worker beat within the staleness limit. */
export function checkingWords(alive: boolean, lastBeatAt: number | null) {
  if (alive) return 'Checking now.'
  return lastBeatAt === null
    ? 'Not checking right now: no worker is running.'
    : `Not checking right now: no worker has checked in since ${formatUtc(lastBeatAt)}.`
}

/**
 * A stretch with no worker beating: the freshest beat kept is older than the staleness limit.
 * Null when a worker beat recently, or none ever did (a first start, or every worker stopped
 * cleanly, which takes its beat with it).
 */
export function heartbeatGap(lastBeatAt: number | null, now: number, staleMs: number) {
  if (lastBeatAt === null || now - lastBeatAt <= staleMs) return null
  return { from: lastBeatAt, to: now }
}

/** How many days of incidents the page lists and the table keeps. */
export const INCIDENT_DAYS = 30

export interface IncidentRow {
  kind: 'breaker' | 'heartbeat'
  family: EndpointFamily | null
  startedAt: number
  endedAt: number | null
}

/**
 * An incident in words. One with no end recorded is "ongoing" only while its cause still is (a
 * breaker incident Redis still holds); else its end was lost (a worker died between the two
 * writes) and the page says so rather than claim it lasts.
 */
export function incidentWords(incident: IncidentRow, ongoing: boolean, now: number) {
  const what =
    incident.kind === 'breaker'
      ? `${FAMILY_NAMES[incident.family!]}: Disney stopped answering (circuit breaker open)`
      : 'No worker was checking (heartbeats missed)'
  const from = formatUtc(incident.startedAt)
  if (incident.endedAt !== null)
    return {
      what,
      when: `${from} to ${formatUtc(incident.endedAt)}`,
      lasted: durationWords(incident.endedAt - incident.startedAt),
    }
  return ongoing
    ? {
        what,
        when: `Since ${from}`,
        lasted: `Ongoing, ${durationWords(now - incident.startedAt)} so far`,
      }
    : { what, when: `From ${from}`, lasted: 'End not recorded' }
}

const UTC = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** "Nov 26, 14:05 UTC". */
export function formatUtc(ms: number): string {
  return `${UTC.format(new Date(ms))} UTC`
}

/** "0.4 s", "12 s", "4 min", "2 h 5 min", "3 d 4 h": as precise as a reader needs. */
export function durationWords(ms: number): string {
  const seconds = Math.max(0, ms) / 1000
  if (seconds < 10) return `${seconds.toFixed(1)} s`
  if (seconds < 59.5) return `${Math.round(seconds)} s`
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`
  const days = Math.floor(hours / 24)
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`
}
