import type { AlertKind } from './alerts'
import type { CheckCounts, PaceHistory } from './check-history'

/**
 * An alert's own page (issue 28): its checks at its plan's pace and the openings it saw, in the
 * words the page and the JSON API share.
 */

export const OPENINGS_PER_PAGE = 20

export const CHECK_RESULTS = [
  'open-found',
  'nothing-open',
  'disney-did-not-answer',
  'not-bookable-yet',
] as const
export type CheckResult = (typeof CHECK_RESULTS)[number]

export const CHECK_RESULT_LABEL: Record<CheckResult, string> = {
  'open-found': 'Open found',
  'nothing-open': 'Nothing open',
  'disney-did-not-answer': 'Disney did not answer',
  'not-bookable-yet': 'Not bookable yet',
}

/** An opening's life as the page needs it. */
export interface OpeningLife {
  firstSeenAt: Date
  /** The last check that saw it, once it closed. */
  lastSeenAt: Date | null
  closedAt: Date | null
}

const toSecond = (at: Date) => Math.floor(at.getTime() / 1000) * 1000

/**
 * Whether the alert had an opening open at a check: seen by then and not yet gone (checks are
 * kept to the second, so the openings are compared to the second).
 */
function openAt(openings: readonly OpeningLife[], at: number) {
  return openings.some(
    (opening) =>
      toSecond(opening.firstSeenAt) <= at &&
      (opening.lastSeenAt === null || toSecond(opening.lastSeenAt) >= at),
  )
}

/**
 * The alert's last checks, newest first, from its pace's history: an answer is "open found" when
 * one of the alert's own openings was open at it (the question may have had others' openings).
 * Only checks since the alert last changed are its own.
 */
export function recentChecks(
  pace: PaceHistory | null,
  openings: readonly OpeningLife[],
  since: Date,
): { at: Date; result: CheckResult }[] {
  if (!pace) return []
  return pace.recent
    .filter((check) => check.at.getTime() >= toSecond(since))
    .map((check) => ({
      at: check.at,
      result:
        check.outcome === 'unanswered'
          ? ('disney-did-not-answer' as const)
          : check.outcome === 'not-bookable-yet'
            ? ('not-bookable-yet' as const)
            : openAt(openings, check.at.getTime())
              ? ('open-found' as const)
              : ('nothing-open' as const),
    }))
    .reverse()
}

/** A period's checks as the page counts them: every ask, and how many Disney did not answer. */
export function checkTotals(counts: CheckCounts | undefined) {
  const { answered = 0, unanswered = 0, notBookableYet = 0 } = counts ?? {}
  return { checks: answered + unanswered + notBookableYet, unanswered, notBookableYet }
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/** How long an opening lasted, or has been open: "4 min", "2 h 5 min", "3 days". */
export function durationText(milliseconds: number): string {
  const minutes = Math.max(0, Math.round(milliseconds / 60_000))
  if (minutes < 1) return 'under a minute'
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`
  return plural(Math.floor(hours / 24), 'day')
}

/**
 * How long an opening lasted: from its first sight to the first check without it (it was gone
 * by then, so this is at most one interval long), or so far while it is open.
 */
export function openingDuration(opening: OpeningLife, now: Date): number {
  return (opening.closedAt ?? now).getTime() - opening.firstSeenAt.getTime()
}

/** Open ones first (newest first), then the closed ones, most recently seen first. */
export function byOpenFirst(a: OpeningLife, b: OpeningLife): number {
  if ((a.closedAt === null) !== (b.closedAt === null)) return a.closedAt === null ? -1 : 1
  return b.firstSeenAt.getTime() - a.firstSeenAt.getTime()
}

export const PAGE_MESSAGE = 'The page must be a whole number from 1.'

/** A page number from the query: none is the first; anything but a whole number from 1 is refused. */
export function readPage(value: string | null): number | null {
  if (value === null) return 1
  return /^[1-9]\d{0,5}$/.test(value) ? Number(value) : null
}

/** The kind in an alert page's path: hotel or dining, anything else names no alert. */
export function readKind(value: string | undefined): AlertKind | null {
  return value === 'hotel' || value === 'dining' ? value : null
}

/** The alert's own page. */
export function alertPageHref(kind: AlertKind, id: string, page = 1) {
  return `/dashboard/alerts/${kind}/${id}${page > 1 ? `?page=${page}` : ''}`
}
