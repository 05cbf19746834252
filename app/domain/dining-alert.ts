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
  updateFailed: 'Failed to update dining alert. Please try again.',
} as const

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
