import { z } from 'zod'
import { beyondHorizon, isIsoDate } from './dates'

export const DINING_PARTY = { min: 1, max: 20, default: 4 } as const

/** Meal windows (catalogue §9), as the API sends times. */
export const MEAL_WINDOWS = {
  breakfast: { start: '07:00:00', end: '11:30:00', label: 'Breakfast' },
  lunch: { start: '11:30:00', end: '16:30:00', label: 'Lunch' },
  dinner: { start: '16:30:00', end: '22:00:00', label: 'Dinner' },
} as const
export type Meal = keyof typeof MEAL_WINDOWS

/** Specific times on 30-minute steps from 08:00 to 21:30. */
export const TIME_SLOTS: readonly string[] = Array.from({ length: 28 }, (_, index) => {
  const minutes = 8 * 60 + index * 30
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
})

/** Flexibility around a specific time, in minutes; 0 is the exact time. */
export const WIZARD_TOLERANCES = [0, 5, 15, 30, 45, 60, 90, 120, 180] as const
export const FORM_TOLERANCES = [0, 15, 30, 60, 120] as const

export function toleranceLabel(minutes: number, style: 'wizard' | 'form'): string {
  if (minutes === 0) return style === 'form' ? 'Exact time only' : 'Exact'
  if (style === 'wizard') return minutes < 60 ? `${minutes}m` : `${minutes / 60}h`
  return minutes < 60 ? `+/-${minutes} min` : `+/-${minutes / 60} h`
}

export type TimePreference =
  | { kind: 'all-day' }
  | { kind: 'meal'; meal: Meal }
  | { kind: 'time'; time: string; toleranceMinutes: number }

/** "HH:MM" or "HH:MM:SS" to minutes after midnight; null when it is not a time of day. */
export function minutesOf(time: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/.exec(time)
  return match ? Number(match[1]) * 60 + Number(match[2]) : null
}

function clockTime(minutes: number): string {
  const clamped = Math.min(Math.max(minutes, 0), 23 * 60 + 59)
  return `${String(Math.floor(clamped / 60)).padStart(2, '0')}:${String(clamped % 60).padStart(2, '0')}:00`
}

/** "8:30 AM" for a time of day. */
export function twelveHour(time: string): string {
  const minutes = minutesOf(time) ?? 0
  const hours = Math.floor(minutes / 60)
  const suffix = hours < 12 ? 'AM' : 'PM'
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes % 60).padStart(2, '0')} ${suffix}`
}

export interface DiningTimes {
  preferredTime: string | null
  timeRangeStart: string | null
  timeRangeEnd: string | null
}

/**
 * What a time preference sends (catalogue §5): nothing for all day, the meal's window, or the
 * preferred time with its range widened by the tolerance and clamped to 00:00 to 23:59.
 */
export function toDiningTimes(preference: TimePreference): DiningTimes {
  if (preference.kind === 'all-day')
    return { preferredTime: null, timeRangeStart: null, timeRangeEnd: null }
  if (preference.kind === 'meal') {
    const window = MEAL_WINDOWS[preference.meal]
    return { preferredTime: null, timeRangeStart: window.start, timeRangeEnd: window.end }
  }
  const at = minutesOf(preference.time) ?? 0
  if (preference.toleranceMinutes === 0) {
    return { preferredTime: clockTime(at), timeRangeStart: null, timeRangeEnd: null }
  }
  return {
    preferredTime: clockTime(at),
    timeRangeStart: clockTime(at - preference.toleranceMinutes),
    timeRangeEnd: clockTime(at + preference.toleranceMinutes),
  }
}

/**
 * The preference an existing alert was made with (catalogue §4): no time is all day, a meal's
 * window is that meal, and a preferred time keeps the tolerance its range shows when that is
 * one of the choices, else it is exact.
 */
export function fromDiningTimes(times: DiningTimes): TimePreference {
  const { preferredTime, timeRangeStart, timeRangeEnd } = times
  if (!preferredTime) {
    if (!timeRangeStart && !timeRangeEnd) return { kind: 'all-day' }
    const meal = (Object.keys(MEAL_WINDOWS) as Meal[]).find(
      (key) => MEAL_WINDOWS[key].start === timeRangeStart && MEAL_WINDOWS[key].end === timeRangeEnd,
    )
    return meal ? { kind: 'meal', meal } : { kind: 'all-day' }
  }
  const time = preferredTime.slice(0, 5)
  const tolerance = WIZARD_TOLERANCES.find((minutes) => {
    const expected = toDiningTimes({ kind: 'time', time, toleranceMinutes: minutes })
    return expected.timeRangeStart === timeRangeStart && expected.timeRangeEnd === timeRangeEnd
  })
  return { kind: 'time', time, toleranceMinutes: tolerance ?? 0 }
}

/** Whether a bookable time falls inside what the alert asks for. */
export function timeMatches(offerTime: string, times: DiningTimes): boolean {
  const at = minutesOf(offerTime)
  if (at === null) return false
  if (times.timeRangeStart && times.timeRangeEnd) {
    return (
      at >= (minutesOf(times.timeRangeStart) ?? 0) && at <= (minutesOf(times.timeRangeEnd) ?? 0)
    )
  }
  if (times.preferredTime) return at === minutesOf(times.preferredTime)
  return true
}

export const DINING_MESSAGES = {
  restaurant: 'Select a restaurant.',
  date: 'Choose a date.',
  pastDate: 'The date cannot be in the past.',
  tooFar: 'The date must be within the next two years.',
  partySize: `Party size must be between ${DINING_PARTY.min} and ${DINING_PARTY.max}.`,
  time: 'Choose a time as HH:MM or HH:MM:SS.',
  range: 'The time range must start before it ends.',
  formIncomplete: 'Please select a restaurant, date, and party size.',
  wizardIncomplete: 'Please complete all fields',
  created: 'Alert created. We will notify you when a time opens!',
  createFailed: 'Failed to create dining alert. Please try again.',
} as const

/** A time of day as HH:MM:SS (HH:MM gets :00), or null when none is given. */
const optionalClock = z
  .string({ error: DINING_MESSAGES.time })
  .nullable()
  .optional()
  .transform((value, ctx) => {
    if (value === null || value === undefined || value === '') return null
    if (minutesOf(value) === null) {
      ctx.addIssue({ code: 'custom', message: DINING_MESSAGES.time })
      return z.NEVER
    }
    return value.length === 5 ? `${value}:00` : value
  })

/**
 * A dining alert as the API sends it (catalogue §3). `today` is the destination's date.
 */
export function diningAlertSchema(today: string) {
  return z
    .object({
      resortLocationIdentifier: z.enum(['disney-world', 'disneyland'], {
        error: 'resortLocationIdentifier must be disney-world or disneyland.',
      }),
      diningLocationId: z
        .string({ error: DINING_MESSAGES.restaurant })
        .trim()
        .min(1, DINING_MESSAGES.restaurant),
      diningLocationName: z.string().optional(),
      reserveDate: z
        .string({ error: DINING_MESSAGES.date })
        .refine(isIsoDate, DINING_MESSAGES.date),
      partySize: z
        .number({ error: DINING_MESSAGES.partySize })
        .int(DINING_MESSAGES.partySize)
        .min(DINING_PARTY.min, DINING_MESSAGES.partySize)
        .max(DINING_PARTY.max, DINING_MESSAGES.partySize),
      preferredTime: optionalClock,
      timeRangeStart: optionalClock,
      timeRangeEnd: optionalClock,
    })
    .superRefine((alert, ctx) => {
      if (isIsoDate(alert.reserveDate) && alert.reserveDate < today) {
        ctx.addIssue({ code: 'custom', path: ['reserveDate'], message: DINING_MESSAGES.pastDate })
      } else if (isIsoDate(alert.reserveDate) && beyondHorizon(alert.reserveDate, today)) {
        ctx.addIssue({ code: 'custom', path: ['reserveDate'], message: DINING_MESSAGES.tooFar })
      }
      const { timeRangeStart: start, timeRangeEnd: end } = alert
      if ((start === null) !== (end === null) || (start && end && start > end)) {
        ctx.addIssue({ code: 'custom', path: ['timeRangeStart'], message: DINING_MESSAGES.range })
      }
    })
}
export type DiningAlertInput = z.output<ReturnType<typeof diningAlertSchema>>

/** The time preference fields of the page form and the wizard, turned into what the API sends. */
export const timePreferenceFields = z
  .object({
    timeChoice: z.enum(['all-day', 'breakfast', 'lunch', 'dinner', 'time']).default('all-day'),
    specificTime: z.string().optional(),
    tolerance: z.coerce.number().int().min(0).max(180).default(0),
  })
  .transform((fields, ctx): TimePreference => {
    if (fields.timeChoice === 'all-day') return { kind: 'all-day' }
    if (fields.timeChoice !== 'time') return { kind: 'meal', meal: fields.timeChoice }
    if (!fields.specificTime || minutesOf(fields.specificTime) === null) {
      ctx.addIssue({ code: 'custom', path: ['specificTime'], message: 'Choose a time.' })
      return z.NEVER
    }
    return {
      kind: 'time',
      time: fields.specificTime.slice(0, 5),
      toleranceMinutes: fields.tolerance,
    }
  })

/**
 * The page form (/alerts/dining) and the wizard: a restaurant, a date and a party first (one
 * message for all three, catalogue §5), then the time preference, turned into what the API sends.
 */
export function diningFormSchema(
  today: string,
  incompleteMessage: string = DINING_MESSAGES.formIncomplete,
) {
  return z
    .object({
      resortLocationIdentifier: z.string().optional(),
      diningLocationId: z.string().optional(),
      reserveDate: z.string().optional(),
      partySize: z.number({ error: DINING_MESSAGES.partySize }).optional(),
      timeChoice: z.enum(['all-day', 'breakfast', 'lunch', 'dinner', 'time']).default('all-day'),
      specificTime: z.string().optional(),
      tolerance: z.number().int().min(0).max(180).default(0),
    })
    .superRefine((draft, ctx) => {
      if (!draft.diningLocationId || !draft.reserveDate || !draft.partySize) {
        ctx.addIssue({ code: 'custom', path: [], message: incompleteMessage })
      }
    })
    .transform((draft, ctx) => {
      // A time picked from the list while All Day is still checked (no JavaScript) means that time.
      const timeChoice =
        draft.specificTime && draft.timeChoice === 'all-day' ? 'time' : draft.timeChoice
      const preference = timePreferenceFields.safeParse({ ...draft, timeChoice })
      if (!preference.success) {
        ctx.addIssue({ code: 'custom', path: ['specificTime'], message: 'Choose a time.' })
        return z.NEVER
      }
      const result = diningAlertSchema(today).safeParse({
        resortLocationIdentifier: draft.resortLocationIdentifier,
        diningLocationId: draft.diningLocationId,
        reserveDate: draft.reserveDate,
        partySize: draft.partySize,
        ...toDiningTimes(preference.data),
      })
      if (result.success) return result.data
      for (const issue of result.error.issues)
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message })
      return z.NEVER
    })
}

/**
 * The simpler dining form (/dining-alerts/new, catalogue §5): a time and one flexibility choice,
 * where the three meal choices stand for Breakfast, Lunch and Dinner. Each choice is the page
 * form's time fields, so both forms save through the same schema.
 */
export const SIMPLE_FLEXIBILITY = [
  { value: 'none', label: 'Exact time only', timeChoice: 'time', tolerance: 0 },
  { value: '1', label: '+/-1 h', timeChoice: 'time', tolerance: 60 },
  { value: '2', label: '+/-2 h', timeChoice: 'time', tolerance: 120 },
  { value: 'morning', label: 'Morning (Breakfast)', timeChoice: 'breakfast', tolerance: 0 },
  { value: 'afternoon', label: 'Afternoon (Lunch)', timeChoice: 'lunch', tolerance: 0 },
  { value: 'evening', label: 'Evening (Dinner)', timeChoice: 'dinner', tolerance: 0 },
] as const

export const SIMPLE_DINING_DEFAULTS = {
  flexibility: '2',
  time: '11:00',
  partySize: DINING_PARTY.default,
} as const

export const SIMPLE_FLEXIBILITY_MESSAGE = 'Choose how flexible your time is.'

/** The page form's time fields for a flexibility choice and time; null for an unknown choice. */
export function simpleTimeFields(flexibility: string, time: string) {
  const choice = SIMPLE_FLEXIBILITY.find((item) => item.value === flexibility)
  if (!choice) return null
  return {
    timeChoice: choice.timeChoice,
    specificTime: choice.timeChoice === 'time' ? time : '',
    tolerance: String(choice.tolerance),
  }
}

/** The flexibility choice a form's time fields came from, to show the form again. */
export function simpleFlexibilityOf(fields: { timeChoice: string; tolerance: number }): string {
  const choice = SIMPLE_FLEXIBILITY.find(
    (item) =>
      item.timeChoice === fields.timeChoice &&
      (item.timeChoice !== 'time' || item.tolerance === fields.tolerance),
  )
  return choice?.value ?? SIMPLE_DINING_DEFAULTS.flexibility
}
