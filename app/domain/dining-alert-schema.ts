/**
 * The dining alert's schemas, apart from the rest of its rules so that a page can show the form
 * without zod and load them when the visitor starts filling it in (useDeferredValidation).
 */
import * as z from 'zod/mini'
import { DINING_STATUS } from './alerts'
import { beyondHorizon, isIsoDate } from './dates'
import {
  DINING_MESSAGES,
  DINING_PARTY,
  minutesOf,
  toDiningTimes,
  type TimePreference,
} from './dining-alert'
import { refuse } from './schema'
import { snoozedUntilField, snoozeProblem } from './snooze'

/** A time of day as HH:MM:SS (HH:MM gets :00), or null when none is given. */
const optionalClock = z.pipe(
  z.optional(z.nullable(z.string({ error: DINING_MESSAGES.time }))),
  z.transform((value, payload) => {
    if (value === null || value === undefined || value === '') return null
    if (minutesOf(value) === null) return refuse(payload, DINING_MESSAGES.time)
    return value.length === 5 ? `${value}:00` : value
  }),
)

/**
 * A dining alert as the API sends it (catalogue §3). `today` is the destination's date.
 */
export function diningAlertSchema(today: string) {
  return z
    .object({
      resortLocationIdentifier: z.enum(['disney-world', 'disneyland'], {
        error: 'resortLocationIdentifier must be disney-world or disneyland.',
      }),
      // No restaurant's id holds a NUL, which Postgres cannot even compare: refused as unknown.
      diningLocationId: z.string({ error: DINING_MESSAGES.restaurant }).check(
        z.trim(),
        z.minLength(1, DINING_MESSAGES.restaurant),
        z.refine((id) => !id.includes('\u0000'), DINING_MESSAGES.restaurant),
      ),
      diningLocationName: z.optional(z.string()),
      reserveDate: z
        .string({ error: DINING_MESSAGES.date })
        .check(z.refine(isIsoDate, DINING_MESSAGES.date)),
      partySize: z
        .int({ error: DINING_MESSAGES.partySize })
        .check(
          z.gte(DINING_PARTY.min, DINING_MESSAGES.partySize),
          z.lte(DINING_PARTY.max, DINING_MESSAGES.partySize),
        ),
      preferredTime: optionalClock,
      timeRangeStart: optionalClock,
      timeRangeEnd: optionalClock,
      // Absent, a new alert is not snoozed and an edited one keeps its snooze (decision 0031).
      snoozedUntil: z.optional(snoozedUntilField),
      // A dining alert runs (1) or is stopped (0): any other status is refused, not saved as stopped.
      status: z.optional(
        z.nullable(
          z.literal([DINING_STATUS.stopped, DINING_STATUS.running], {
            error: 'Status must be 0 (stopped) or 1 (running).',
          }),
        ),
      ),
    })
    .check(
      z.superRefine((alert, ctx) => {
        if (isIsoDate(alert.reserveDate) && alert.reserveDate < today) {
          ctx.addIssue({ code: 'custom', path: ['reserveDate'], message: DINING_MESSAGES.pastDate })
        } else if (isIsoDate(alert.reserveDate) && beyondHorizon(alert.reserveDate, today)) {
          ctx.addIssue({ code: 'custom', path: ['reserveDate'], message: DINING_MESSAGES.tooFar })
        }
        const { timeRangeStart: start, timeRangeEnd: end } = alert
        if ((start === null) !== (end === null) || (start && end && start > end)) {
          ctx.addIssue({ code: 'custom', path: ['timeRangeStart'], message: DINING_MESSAGES.range })
        }
        const snooze = isIsoDate(alert.reserveDate)
          ? snoozeProblem(alert.snoozedUntil, {
              kind: 'dining',
              startsOn: alert.reserveDate,
              today,
            })
          : null
        if (snooze) ctx.addIssue({ code: 'custom', path: ['snoozedUntil'], message: snooze })
      }),
    )
}
export type DiningAlertInput = z.output<ReturnType<typeof diningAlertSchema>>

const timeChoice = z._default(
  z.enum(['all-day', 'breakfast', 'lunch', 'dinner', 'time']),
  'all-day',
)
const tolerance = (number: z.ZodMiniType<number, unknown>) =>
  z._default(number.check(z.gte(0), z.lte(180)), 0)

/** The time preference fields of the page form and the wizard, turned into what the API sends. */
export const timePreferenceFields = z.pipe(
  z.object({
    timeChoice,
    specificTime: z.optional(z.string()),
    tolerance: tolerance(z.pipe(z.coerce.number(), z.int())),
  }),
  z.transform((fields, payload): TimePreference => {
    if (fields.timeChoice === 'all-day') return { kind: 'all-day' }
    if (fields.timeChoice !== 'time') return { kind: 'meal', meal: fields.timeChoice }
    if (!fields.specificTime || minutesOf(fields.specificTime) === null)
      return refuse(payload, 'Choose a time.', ['specificTime'])
    return {
      kind: 'time',
      time: fields.specificTime.slice(0, 5),
      toleranceMinutes: fields.tolerance,
    }
  }),
)

/**
 * The page form (/alerts/dining) and the wizard: a restaurant, a date and a party first (one
 * message for all three, catalogue §5), then the time preference, turned into what the API sends.
 */
export function diningFormSchema(
  today: string,
  incompleteMessage: string = DINING_MESSAGES.formIncomplete,
) {
  return z.pipe(
    z
      .object({
        resortLocationIdentifier: z.optional(z.string()),
        diningLocationId: z.optional(z.string()),
        reserveDate: z.optional(z.string()),
        partySize: z.optional(z.number({ error: DINING_MESSAGES.partySize })),
        timeChoice,
        specificTime: z.optional(z.string()),
        tolerance: tolerance(z.int()),
      })
      .check(
        z.superRefine((draft, ctx) => {
          if (!draft.diningLocationId || !draft.reserveDate || !draft.partySize) {
            ctx.addIssue({ code: 'custom', path: [], message: incompleteMessage })
          }
        }),
      ),
    z.transform((draft, payload) => {
      // A time picked from the list while All Day is still checked (no JavaScript) means that time.
      const timeChoice =
        draft.specificTime && draft.timeChoice === 'all-day' ? 'time' : draft.timeChoice
      const preference = timePreferenceFields.safeParse({ ...draft, timeChoice })
      if (!preference.success) return refuse(payload, 'Choose a time.', ['specificTime'])
      const result = diningAlertSchema(today).safeParse({
        resortLocationIdentifier: draft.resortLocationIdentifier,
        diningLocationId: draft.diningLocationId,
        reserveDate: draft.reserveDate,
        partySize: draft.partySize,
        ...toDiningTimes(preference.data),
      })
      if (result.success) return result.data
      for (const issue of result.error.issues) refuse(payload, issue.message, issue.path)
      return z.NEVER
    }),
  )
}
