/**
 * The dining alert's schemas, apart from the rest of its rules so that a page can show the form
 * without zod and load them when the visitor starts filling it in (useDeferredValidation).
 */
import * as z from 'zod/mini'
import { DINING_STATUS } from './alerts'
import { beyondHorizon, isIsoDate } from './dates'
import { DINING_MESSAGES, DINING_PARTY, minutesOf, type Meal } from './dining-alert'
import { diningTimesOf } from './dining-drafts'
import {
  FLEXIBLE_DINING_MESSAGES,
  flexibleDiningAlertSchema,
  type FlexibleDiningAlertInput,
} from './flexible-alert-schema'
import { MEALS } from './flexible-dining'
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

/** Today's time choices, as the page form's radio and /dining-alerts/new's choices post them. */
const timeChoice = z._default(
  z.enum(['all-day', 'breakfast', 'lunch', 'dinner', 'time']),
  'all-day',
)

/** An alert in the flexible shape said as simply as the JSON API says it (the issue 29 contract). */
function simplestShape({
  diningLocationIds,
  reserveDates,
  mealPeriods,
  ...rest
}: FlexibleDiningAlertInput) {
  return {
    ...rest,
    ...(diningLocationIds.length === 1
      ? { diningLocationId: diningLocationIds[0]! }
      : { diningLocationIds }),
    ...(reserveDates.length === 1 ? { reserveDate: reserveDates[0]! } : { reserveDates }),
    ...(mealPeriods.length && { mealPeriods }),
  }
}

/** The form's field a refusal of the flexible schema is shown beside. */
function formField(path: readonly PropertyKey[]): PropertyKey[] {
  const [field] = path
  if (field === undefined) return []
  if (field === 'diningLocationId') return ['diningLocationIds']
  if (field === 'preferredTime' || field === 'timeRangeStart' || field === 'timeRangeEnd')
    return ['specificTime']
  return [field]
}

/**
 * What is wrong with a form's time fields: a meal period that is not one, a time wanted (`time`
 * not null) but not given, or meals and a time both. Null when nothing is.
 */
function timeFieldsProblem(posted: readonly string[], meals: readonly Meal[], time: string | null) {
  const problem = (message: string, field: string) => ({ message, path: [field] })
  if (!posted.every((meal) => MEALS.some((known) => known === meal)))
    return problem(FLEXIBLE_DINING_MESSAGES.meals, 'mealPeriods')
  if (time === null) return null
  if (minutesOf(time) === null) return problem('Choose a time.', 'specificTime')
  if (meals.length) return problem(FLEXIBLE_DINING_MESSAGES.mealsOrTime, 'mealPeriods')
  return null
}

/**
 * The page forms (/alerts/dining, and /dining-alerts/new once its simpler time fields are read):
 * one restaurant or several (diningLocationIds, or today's diningLocationId), a date, a range
 * (reserveDate and latestReserveDate) or a list (reserveDates), a party, and meal periods
 * (mealPeriods, or today's timeChoice of one meal) or a time with its flexibility. A restaurant,
 * a date and a party come first, in one message (catalogue §5); the rest is the JSON API's
 * flexible schema, its refusals beside the form's fields. It gives the alert as the API takes
 * it, in the simplest shape: an exact alert in today's fields.
 */
export function diningFormSchema(
  today: string,
  incompleteMessage: string = DINING_MESSAGES.formIncomplete,
) {
  const listOf = (message: string) =>
    z.optional(z.array(z.string({ error: message }), { error: message }))
  return z.pipe(
    z
      .object({
        resortLocationIdentifier: z.optional(z.string()),
        diningLocationId: z.optional(z.string()),
        diningLocationIds: listOf(FLEXIBLE_DINING_MESSAGES.restaurants),
        reserveDate: z.optional(z.string()),
        latestReserveDate: z.optional(z.string()),
        reserveDates: listOf(FLEXIBLE_DINING_MESSAGES.dates),
        partySize: z.optional(z.number({ error: DINING_MESSAGES.partySize })),
        timeChoice,
        mealPeriods: listOf(FLEXIBLE_DINING_MESSAGES.meals),
        specificTime: z.optional(z.string()),
        tolerance: z._default(z.int().check(z.gte(0), z.lte(180)), 0),
      })
      .check(
        z.superRefine((form, ctx) => {
          const restaurant = form.diningLocationId || form.diningLocationIds?.length
          const date = form.reserveDate || form.reserveDates?.length
          if (!restaurant || !date || !form.partySize)
            ctx.addIssue({ code: 'custom', path: [], message: incompleteMessage })
        }),
      ),
    z.transform((form, payload) => {
      const { timeChoice, mealPeriods = [], specificTime = '', tolerance, ...posted } = form
      const meals = MEALS.filter((meal) => mealPeriods.includes(meal) || timeChoice === meal)
      // A time picked from the list while All Day is still checked (no JavaScript) means that time.
      const wantsTime = timeChoice === 'time' || specificTime !== ''
      const timeProblem = timeFieldsProblem(mealPeriods, meals, wantsTime ? specificTime : null)
      const time = timeProblem ? '' : specificTime.slice(0, 5)
      // A list the form did not post comes from the form parser as empty: not given.
      const given = <T>(list: readonly T[] | undefined) => (list?.length ? list : undefined)
      const result = flexibleDiningAlertSchema(today).safeParse({
        ...posted,
        diningLocationIds: given(posted.diningLocationIds),
        reserveDates: given(posted.reserveDates),
        ...diningTimesOf({ mealPeriods: meals, specificTime: time, tolerance }),
      })
      if (timeProblem) refuse(payload, timeProblem.message, timeProblem.path)
      for (const issue of result.error?.issues ?? [])
        refuse(payload, issue.message, formField(issue.path))
      return result.data && !timeProblem ? simplestShape(result.data) : z.NEVER
    }),
  )
}
