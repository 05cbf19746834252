import * as z from 'zod/mini'
import type { AlertKind } from './alerts'
import { formatDateRange, formatLongDate } from './dates'
import { fromDiningTimes, MEAL_WINDOWS, twelveHour, type DiningTimes } from './dining-alert'
import { trialEndsAt } from './plans'

export const PAGE_SIZES = [10, 25, 50] as const
export type PageSize = (typeof PAGE_SIZES)[number]

export interface DashboardView {
  search: string
  type: AlertKind | null
  page: number
  perPage: PageSize
  /** One alert shown alone: where a refused duplicate points to. */
  alertId: string | null
  /** The alerts of one of the account's clients (its id), or of none (`none`); null: all. */
  client: string | null
}

/**
 * The list's search, filter and paging, all kept in the URL so Back and reload keep them. A
 * client filter names one of the account's clients (`clientIds`) or none; any other is no filter.
 */
export function readDashboardView(
  params: URLSearchParams,
  clientIds: readonly string[] = [],
): DashboardView {
  const type = params.get('type')
  const perPage = Number(params.get('perPage'))
  const page = Number(params.get('page'))
  const alertId = params.get('alert')
  const client = params.get('client')
  return {
    search: (params.get('q') ?? '').slice(0, 100),
    type: type === 'hotel' || type === 'dining' ? type : null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
    perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? (perPage as PageSize) : 10,
    alertId: alertId && z.safeParse(z.uuid(), alertId).success ? alertId : null,
    client: client === 'none' || (client && clientIds.includes(client)) ? client : null,
  }
}

/**
 * A dashboard link with some of the view changed. Defaults are left out (type for all alerts,
 * every client, page 1, 10 rows), changing the search, type, client or rows starts again at
 * page 1, and any change leaves the one alert shown alone for the whole list.
 */
export function dashboardHref(view: DashboardView, changes: Partial<DashboardView>): string {
  const next = { ...view, alertId: null, ...changes }
  if (
    changes.search !== undefined ||
    changes.type !== undefined ||
    changes.client !== undefined ||
    changes.perPage !== undefined
  ) {
    next.page = changes.page ?? 1
  }
  const params = new URLSearchParams()
  if (next.search) params.set('q', next.search)
  if (next.type) params.set('type', next.type)
  if (next.client) params.set('client', next.client)
  if (next.perPage !== 10) params.set('perPage', String(next.perPage))
  if (next.page > 1) params.set('page', String(next.page))
  if (next.alertId) params.set('alert', next.alertId)
  const query = params.toString()
  return query ? `/dashboard?${query}` : '/dashboard'
}

const kindOf = (value: string | null): AlertKind | null =>
  value === 'hotel' || value === 'dining' ? value : null

/**
 * What the URL says about how the visitor arrived: to add an alert (openAddAlert, or a resort
 * to pre-select), or having just created one (newAlert and success, accounts §6).
 */
export function readArrival(params: URLSearchParams, resortLinked: boolean) {
  const open = params.get('openAddAlert')
  return {
    openAddAlert: open === 'true' || open === '1' || resortLinked,
    newAlert: kindOf(params.get('newAlert')),
    success: params.get('success') === '1',
  }
}

export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage))
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

export function hotelWhen(checkIn: string, checkOut: string, currentYear: number): string {
  return formatDateRange(checkIn, checkOut, currentYear)
}

export function diningWhen(reserveDate: string): string {
  return formatLongDate(reserveDate)
}

export function hotelDetails(alert: {
  numberOfAdults: number
  agesOfChildren: readonly number[]
  rooms: readonly { name: string }[]
  accessible: boolean
  keepWatching: boolean
}): string {
  const party = [plural(alert.numberOfAdults, 'adult')]
  if (alert.agesOfChildren.length)
    party.push(
      alert.agesOfChildren.length === 1 ? '1 child' : `${alert.agesOfChildren.length} children`,
    )
  const rooms =
    alert.rooms.length === 1 ? alert.rooms[0]!.name : plural(alert.rooms.length, 'room type')
  return [
    party.join(', '),
    rooms,
    ...(alert.accessible ? ['Accessible'] : []),
    // Watching on is the default, so only an alert that stops says so.
    ...(alert.keepWatching ? [] : ['Stops after a text']),
  ].join(' · ')
}

export function timePreferenceText(times: DiningTimes): string {
  const preference = fromDiningTimes(times)
  if (preference.kind === 'all-day') return 'All Day'
  if (preference.kind === 'meal') return MEAL_WINDOWS[preference.meal].label
  const at = twelveHour(preference.time)
  if (preference.toleranceMinutes) return `${at} ±${preference.toleranceMinutes} min`
  if (times.timeRangeStart && times.timeRangeEnd) {
    return `${at} (${twelveHour(times.timeRangeStart)} to ${twelveHour(times.timeRangeEnd)})`
  }
  return at
}

export function diningDetails(alert: DiningTimes & { partySize: number }): string {
  return `Party of ${alert.partySize} · ${timePreferenceText(alert)}`
}

// Strict: an id that is not a UUID or a status that is not one of the four names nothing.
const alertRef = { kind: z.enum(['hotel', 'dining']), id: z.uuid() }

/** Which alert a dashboard post is about; without one, there is nothing to act on. */
export const dashboardTargetSchema = z.object(alertRef)

/**
 * What the dashboard posts (plain forms, fetchers with JavaScript): delete an alert, or toggle
 * it from the status it had on the page (any odd status starts it, as a toggle of a stopped one).
 */
export const dashboardIntentSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('delete'), ...alertRef }),
  z.object({
    intent: z.literal('toggle'),
    ...alertRef,
    status: z.pipe(z.enum(['0', '1', '2', '3']), z.transform(Number)),
  }),
])

/** The trial banner of a free plan with a trial start, or null for any other plan. */
export function trialOf(
  plan: { free: boolean } | undefined,
  trialStartUtc: Date | string | null,
  now: Date,
) {
  if (!plan?.free || !trialStartUtc) return null
  return trialCountdown(trialEndsAt(new Date(trialStartUtc)), now)
}

/** How running alerts read while nobody checks them: the worker's rule (`scansAllowed`) in words. */
export const PAUSED_LABELS = {
  textsOff: 'Paused: texts are off',
  noPlan: 'Paused: no active plan',
  trialEnded: 'Paused: trial ended',
} as const

/**
 * Why the account's running alerts are not checked, as their badge says it, or null while they
 * are: the number replied STOP, there is no plan, or the free plan's trial is over (or never began).
 */
export function pausedLabel(account: {
  textsOff: boolean
  plan: { free: boolean } | null
  trial: ReturnType<typeof trialOf>
}): string | null {
  if (account.textsOff) return PAUSED_LABELS.textsOff
  if (!account.plan) return PAUSED_LABELS.noPlan
  if (account.plan.free && (!account.trial || account.trial.over)) return PAUSED_LABELS.trialEnded
  return null
}

const HOUR_MS = 60 * 60 * 1000

/** The free trial banner: days and hours left, or that it has ended. */
export function trialCountdown(
  endsAt: Date,
  now: Date,
): { over: true } | { over: false; days: number; hours: number } {
  const left = endsAt.getTime() - now.getTime()
  if (left <= 0) return { over: true }
  const hours = Math.floor(left / HOUR_MS)
  return { over: false, days: Math.floor(hours / 24), hours: hours % 24 }
}
