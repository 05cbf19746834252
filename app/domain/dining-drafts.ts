import type { PendingDiningAlert } from './pending-alert'
import { EDIT_FIELD, textOf, type Source } from './alert-drafts'
import { diningAlertShape, type DiningAlertJsonShape } from './alert-shape'
import { isIsoDate } from './dates'
import { findDestination, type DestinationId } from './destinations'
import {
  DINING_PARTY,
  fromDiningTimes,
  toDiningTimes,
  type DiningTimes,
  type Meal,
} from './dining-alert'
import type { DiningDatesChoice } from './dining-coverage'
import { datesBetween, MEALS } from './flexible-dining'

/* The dining alert's form while it is being filled in (alert-drafts.ts says how drafts are read). */

/**
 * When a table is wanted, as the form fields hold it: meal periods, else a time with its
 * flexibility, else (neither) all day.
 */
export interface TimeFields {
  /** In the day's order. */
  mealPeriods: Meal[]
  /** HH:MM, or empty for none. */
  specificTime: string
  tolerance: number
}

/** An alert's time as its form fields hold it: its meal periods, else what its times say. */
export function timeFieldsOf(wish: DiningTimes & { mealPeriods?: readonly Meal[] }): TimeFields {
  const none = { mealPeriods: [], specificTime: '', tolerance: 0 }
  if (wish.mealPeriods?.length) return { ...none, mealPeriods: [...wish.mealPeriods] }
  const preference = fromDiningTimes(wish)
  if (preference.kind === 'meal') return { ...none, mealPeriods: [preference.meal] }
  if (preference.kind === 'all-day') return none
  return { mealPeriods: [], specificTime: preference.time, tolerance: preference.toleranceMinutes }
}

/**
 * What the time fields send, in the simplest shape: one meal as today's window of it, several
 * as mealPeriods, a time with its range, or all day. Meals win over a time: the page form's
 * schema refuses both before it gets here, and the wizard never holds both.
 */
export function diningTimesOf(fields: TimeFields): DiningTimes & { mealPeriods?: Meal[] } {
  const meals = MEALS.filter((meal) => fields.mealPeriods.includes(meal))
  if (meals.length > 1) return { ...toDiningTimes({ kind: 'all-day' }), mealPeriods: meals }
  if (meals[0]) return toDiningTimes({ kind: 'meal', meal: meals[0] })
  if (!fields.specificTime) return toDiningTimes({ kind: 'all-day' })
  return toDiningTimes({
    kind: 'time',
    time: fields.specificTime,
    toleranceMinutes: fields.tolerance,
  })
}

/** What a dining alert form holds while it is being filled in. */
export interface DiningDraft extends TimeFields, DiningDatesChoice {
  resortLocationIdentifier: DestinationId
  /** In the order they were chosen. */
  diningLocationIds: string[]
  partySize: number
  /** The draft kept before sign-in that this form restores, claimed when the alert is made. */
  pendingId?: string
}

/** Dates as a form holds them: one run as its first and last date, else the list. */
export function dateFieldsOf(dates: readonly string[]): DiningDatesChoice {
  const sorted = [...new Set(dates)].sort()
  const [first, last] = [sorted[0], sorted.at(-1)]
  if (!first || !last) return { reserveDate: '', latestReserveDate: '', reserveDates: [] }
  if (datesBetween(first, last).length !== sorted.length)
    return { reserveDate: '', latestReserveDate: '', reserveDates: sorted }
  return { reserveDate: first, latestReserveDate: last === first ? '' : last, reserveDates: [] }
}

/**
 * A dining form from the URL or a post. Restaurants come as diningLocationIds (the form) or
 * diningLocationId (today's links and /dining-alerts/new), meals as mealPeriods or today's
 * timeChoice of one meal.
 */
export function readDiningDraft(source: Source, fallbackDestination: DestinationId): DiningDraft {
  const text = (key: string) => textOf(source, key)
  const texts = (key: string) =>
    source.getAll(key).filter((value): value is string => typeof value === 'string' && !!value)
  const party = Number(text('partySize'))
  const meals = [...texts('mealPeriods'), text('timeChoice')]
  const listed = texts('reserveDates').filter(isIsoDate)
  const date = (key: string) => (isIsoDate(text(key)) ? text(key) : '')
  return {
    resortLocationIdentifier:
      findDestination(text('resortLocationIdentifier') || text('location'))?.identifier ??
      fallbackDestination,
    diningLocationIds: [...new Set([...texts('diningLocationIds'), ...texts('diningLocationId')])],
    ...(listed.length
      ? dateFieldsOf(listed)
      : {
          reserveDate: date('reserveDate'),
          latestReserveDate: date('latestReserveDate'),
          reserveDates: [],
        }),
    partySize:
      Number.isInteger(party) && party >= DINING_PARTY.min && party <= DINING_PARTY.max
        ? party
        : DINING_PARTY.default,
    mealPeriods: MEALS.filter((meal) => meals.includes(meal)),
    specificTime: text('specificTime'),
    tolerance: Number(text('tolerance')) || 0,
  }
}

/**
 * The JSON API's fields for what a dining form holds, in the simplest shape that says it:
 * diningLocationId for one restaurant, reserveDate for one date, a range as reserveDate and
 * latestReserveDate, a list as reserveDates, and the times of `diningTimesOf`.
 */
export function diningAlertFields(draft: Omit<DiningDraft, 'pendingId'>) {
  const ids = draft.diningLocationIds
  const last = draft.latestReserveDate
  return {
    resortLocationIdentifier: draft.resortLocationIdentifier,
    ...(ids.length === 1 ? { diningLocationId: ids[0]! } : { diningLocationIds: ids }),
    ...(draft.reserveDates.length
      ? { reserveDates: draft.reserveDates }
      : { reserveDate: draft.reserveDate, ...(last && { latestReserveDate: last }) }),
    partySize: draft.partySize,
    ...diningTimesOf(draft),
  }
}

/**
 * The dining form holding an alert: from its JSON, or from the draft kept before sign-in (the
 * fields the JSON API takes, where several restaurants come without their names).
 */
export function diningDraftOf(
  alert: DiningAlertJsonShape & { diningLocationIds?: readonly string[] },
): DiningDraft {
  const shape = diningAlertShape(alert)
  return {
    resortLocationIdentifier: shape.destination,
    diningLocationIds: [
      ...(alert.diningLocationIds ?? shape.restaurantChoices.map((restaurant) => restaurant.id)),
    ],
    ...dateFieldsOf(shape.reserveDates),
    partySize: shape.partySize,
    ...timeFieldsOf(shape),
  }
}

export function diningEditHref(alert: DiningAlertJsonShape & { id: string }): string {
  const draft = diningDraftOf(alert)
  const params = new URLSearchParams({
    [EDIT_FIELD]: alert.id,
    location: draft.resortLocationIdentifier,
  })
  const add = (key: string, values: readonly string[]) =>
    values.forEach((value) => params.append(key, value))
  add('diningLocationIds', draft.diningLocationIds)
  add('reserveDates', draft.reserveDates)
  add('reserveDate', draft.reserveDate ? [draft.reserveDate] : [])
  add('latestReserveDate', draft.latestReserveDate ? [draft.latestReserveDate] : [])
  params.set('partySize', String(draft.partySize))
  add('mealPeriods', draft.mealPeriods)
  if (draft.specificTime) {
    params.set('specificTime', draft.specificTime)
    params.set('tolerance', String(draft.tolerance))
  }
  return `/alerts/dining?${params}`
}

/** The page form again, from a dining draft kept before sign-in. */
export function diningDraftFromPending(saved: PendingDiningAlert, pendingId: string): DiningDraft {
  return { ...diningDraftOf(saved), pendingId }
}
