/*
 * Snoozing an alert (decision 0031): it sends nothing and is not asked through a date of its
 * destination, then wakes by itself. One rule for the dashboard's form and the JSON API's
 * `snoozedUntil`, written with zod/mini as the dashboard loads it (decision 0012).
 */
import { parseWithZod } from '@conform-to/zod/v4'
import * as z from 'zod/mini'
import type { AlertKind } from './alerts'
import { formatLongDate, isIsoDate } from './dates'

export const SNOOZE_MESSAGES = {
  date: 'Choose a date to snooze until.',
  past: 'The snooze date cannot be in the past.',
  notBefore: {
    hotel: 'Snooze until a date before check-in.',
    dining: 'Snooze until a date before the reservation.',
  },
  snoozed: (until: string) => `Snoozed until ${formatLongDate(until)}.`,
  woken: 'The alert is awake again.',
} as const

/**
 * A snooze date (YYYY-MM-DD), or null (or empty text, as a form posts it) for none. Left out of an
 * alert's update, the alert keeps its snooze.
 */
export const snoozedUntilField = z.pipe(
  z.pipe(
    z.nullable(z.string({ error: SNOOZE_MESSAGES.date })),
    z.transform((value: string | null) => value || null),
  ),
  z.nullable(z.string().check(z.refine(isIsoDate, SNOOZE_MESSAGES.date))),
)

/**
 * Why a snooze date cannot be: it must be the destination's today or later, and before the stay
 * or meal (`startsOn`: the check-in or reservation date), when the alert has nothing left to say.
 */
export function snoozeProblem(
  until: string | null | undefined,
  alert: { kind: AlertKind; startsOn: string; today: string },
): string | null {
  if (!until || !isIsoDate(until)) return null
  if (until < alert.today) return SNOOZE_MESSAGES.past
  if (until >= alert.startsOn) return SNOOZE_MESSAGES.notBefore[alert.kind]
  return null
}

/** The latest date an alert may be snoozed until: the day before its stay or meal. */
export function lastSnoozeDate(startsOn: string): string {
  const [year, month, day] = startsOn.split('-').map(Number)
  return new Date(Date.UTC(year!, month! - 1, day! - 1)).toISOString().slice(0, 10)
}

/**
 * The dashboard's Snooze and Unsnooze (an empty date): one field, refused beside it. `today` is
 * the alert's destination's date.
 */
export function snoozeSchema(alert: { kind: AlertKind; startsOn: string; today: string }) {
  return z.strictObject({ snoozedUntil: snoozedUntilField }).check(
    z.superRefine(({ snoozedUntil }, ctx) => {
      const problem = snoozeProblem(snoozedUntil, alert)
      if (problem) ctx.addIssue({ code: 'custom', path: ['snoozedUntil'], message: problem })
    }),
  )
}

/** The dashboard's snooze form as posted (server and browser): an empty date wakes the alert. */
export const parseSnoozeForm = (
  formData: FormData,
  alert: { kind: AlertKind; startsOn: string; today: string },
) => parseWithZod(formData, { schema: snoozeSchema(alert), disableAutoCoercion: true })
