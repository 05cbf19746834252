/** Hotel alert statuses (accounts §4). */
export const HOTEL_STATUS = { stopped: 0, running: 1, completed: 2, errored: 3 } as const
export type HotelStatus = (typeof HOTEL_STATUS)[keyof typeof HOTEL_STATUS]

/** Dining alert statuses: running (1) or stopped (0), nothing else. */
export const DINING_STATUS = { stopped: 0, running: 1 } as const
export type DiningStatus = (typeof DINING_STATUS)[keyof typeof DINING_STATUS]

/** Hotel alert types: 1 marks an internal query, not a user's alert (0004_alerts.sql). */
export const HOTEL_TYPE = { alert: 0, internal: 1 } as const

export type AlertKind = 'hotel' | 'dining'

/** Toggle: stopped starts, running stops, completed and errored restart. */
export function toggledHotelStatus(status: number): HotelStatus {
  return status === HOTEL_STATUS.running ? HOTEL_STATUS.stopped : HOTEL_STATUS.running
}

export function toggledDiningStatus(status: number): DiningStatus {
  return status === DINING_STATUS.running ? DINING_STATUS.stopped : DINING_STATUS.running
}

export function canStartAnother(running: number, limit: number): boolean {
  return running < limit
}

export function planLimitMessage(limit: number): string {
  return `You have reached your plan limit of ${limit} active monitoring alert(s). To start monitoring this alert, please stop one of your other alerts or upgrade your plan.`
}

/** The dashboard warns at 80 percent of the plan's limit, and again when every slot is in use. */
export function usageLevel(running: number, limit: number): 'ok' | 'approaching' | 'full' {
  if (limit <= 0) return 'ok'
  if (running >= limit) return 'full'
  return running >= limit * 0.8 ? 'approaching' : 'ok'
}

export const ALERT_ERRORS = {
  QUOTA_EXCEEDED: planLimitMessage,
  SUBSCRIPTION_REQUIRED:
    'Your free trial has ended. Please upgrade your plan in Settings to resume monitoring alerts.',
  NO_PLAN: 'Choose a plan to create and run alerts.',
  NOT_FOUND: 'Alert not found.',
  DUPLICATE: 'You already have this alert running: same place, dates and party.',
} as const

/** The link to one alert on the dashboard, shown alone (`alert` of the dashboard's view). */
export function alertHref(id: string): string {
  return `/dashboard?${new URLSearchParams({ alert: id })}`
}

export const ALERT_STATUS_LABELS: Record<AlertKind, Record<number, string>> = {
  hotel: { 0: 'Stopped', 1: 'Monitoring', 2: 'Found', 3: 'Error' },
  dining: { 0: 'Stopped', 1: 'Monitoring' },
}

export function statusLabel(kind: AlertKind, status: number): string {
  return ALERT_STATUS_LABELS[kind][status] ?? 'Stopped'
}
