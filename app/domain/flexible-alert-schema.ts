/**
 * The JSON API's flexible alerts (issue 29): `/api/availability-queries` and `/api/dining-alerts`
 * with the fields that widen an alert. Today's fields keep today's rules and messages: each
 * schema checks its own fields and hands the rest, with placeholders for what it checked itself,
 * to today's schema (hotel-alert-schema.ts, dining-alert-schema.ts), so today's payloads parse
 * to the simplest case of the flexible shape. Strict: no coercion, every refusal in words.
 */
import * as z from 'zod/mini'
import { beyondHorizon, isIsoDate, nightsBetween, addDays } from './dates'
import { DINING_MESSAGES, type Meal } from './dining-alert'
import { diningAlertSchema } from './dining-alert-schema'
import { hotelAlertCost, isTooWide, MAX_QUESTIONS_PER_ALERT } from './flexible-cost'
import {
  datesBetween,
  MAX_DINING_DATES,
  MAX_RESTAURANTS_PER_ALERT,
  MEALS,
  type FlexibleDiningAlert,
} from './flexible-dining'
import {
  exactStayFields,
  MAX_CHECK_IN_SPREAD_DAYS,
  type FlexibleHotelAlert,
  type ResortChoice,
} from './flexible-stays'
import { tooWideMessage } from './flexible-words'
import { HOTEL_MESSAGES, MAX_NIGHTS } from './hotel-alert'
import { hotelAlertSchema } from './hotel-alert-schema'
import { readPriceTerms, type PriceTerms } from './price-terms'
import { refuse } from './schema'

export const FLEXIBLE_HOTEL_MESSAGES = {
  latestCheckIn: 'Choose the latest check-in date.',
  latestBeforeEarliest: 'The latest check-in cannot be before the earliest.',
  spread: `Check-in dates can be at most ${MAX_CHECK_IN_SPREAD_DAYS} days apart.`,
  nights: `Nights must be between 1 and ${MAX_NIGHTS}.`,
  nightsOrder: 'The most nights cannot be fewer than the least.',
  checkOutOrNights: 'Give a check-out date or a number of nights, not both.',
  resortsOrResort: 'Give resorts, or resortId and roomIds, not both.',
  resorts: 'Select at least one resort.',
  tooManyResorts: `Select at most ${MAX_QUESTIONS_PER_ALERT} resorts.`,
  sameResortTwice: 'Select each resort once.',
  oneDestination: 'Choose resorts at one destination: Walt Disney World or Disneyland Resort.',
  rooms: 'Select at least one room type, or any room, at each resort.',
  splitStays: 'splitStays must be true or false.',
  splitNeedsNights: 'Split stays need a stay of 2 nights or more.',
} as const

export const FLEXIBLE_DINING_MESSAGES = {
  restaurantsOrRestaurant: 'Give diningLocationIds or diningLocationId, not both.',
  restaurants: 'Select at least one restaurant.',
  tooManyRestaurants: `Select at most ${MAX_RESTAURANTS_PER_ALERT} restaurants.`,
  datesOrDate: 'Give reserveDates, or reserveDate and latestReserveDate, not both.',
  dates: 'Choose at least one date.',
  tooManyDates: `Choose at most ${MAX_DINING_DATES} dates.`,
  lastBeforeFirst: 'The last date cannot be before the first.',
  rangeTooLong: `A date range can cover at most ${MAX_DINING_DATES} days.`,
  meals: 'Choose breakfast, lunch or dinner.',
  mealsOrTime: 'Choose meal periods or a time, not both.',
} as const

const ALERT_OBJECT = 'Send the alert as a JSON object.'

interface Problem {
  message: string
  path: PropertyKey[]
}

const issuesOf = (error: z.core.$ZodError): Problem[] =>
  error.issues.map((issue) => ({ message: issue.message, path: issue.path }))

const pathIs = (problem: Problem, field: string) =>
  problem.path.length === 1 && problem.path[0] === field

/** Refuses every problem found, all at once, so a form shows each beside its field. */
function refuseAll(payload: z.core.ParsePayload, problems: readonly Problem[]): never {
  for (const problem of problems) refuse(payload, problem.message, problem.path)
  return z.NEVER
}

const given = (value: unknown) => value !== undefined
/** A time field a client sent with a value (null or "" is none, as today's schema reads them). */
const timeGiven = (value: unknown) => value !== undefined && value !== null && value !== ''

const nightsField = z.optional(
  z
    .int({ error: FLEXIBLE_HOTEL_MESSAGES.nights })
    .check(
      z.gte(1, FLEXIBLE_HOTEL_MESSAGES.nights),
      z.lte(MAX_NIGHTS, FLEXIBLE_HOTEL_MESSAGES.nights),
    ),
)

/** The flexible hotel fields; each resort takes today's resortId and roomIds rules. */
function hotelFields(exactSchema: ReturnType<typeof hotelAlertSchema>) {
  const exact = exactSchema.def.in.shape
  const resortChoice = z.object({
    resortId: exact.resortId,
    roomIds: z.union([z.literal('any'), exact.roomIds], { error: FLEXIBLE_HOTEL_MESSAGES.rooms }),
  })
  return z.object({
    latestCheckInDate: z.optional(
      z
        .string({ error: FLEXIBLE_HOTEL_MESSAGES.latestCheckIn })
        .check(z.refine(isIsoDate, FLEXIBLE_HOTEL_MESSAGES.latestCheckIn)),
    ),
    minNights: nightsField,
    maxNights: nightsField,
    resorts: z.optional(
      z.array(resortChoice, { error: FLEXIBLE_HOTEL_MESSAGES.resorts }).check(
        z.minLength(1, FLEXIBLE_HOTEL_MESSAGES.resorts),
        // Every resort asks at least one question, so more can never be under the cap.
        z.maxLength(MAX_QUESTIONS_PER_ALERT, FLEXIBLE_HOTEL_MESSAGES.tooManyResorts),
        z.refine(
          (resorts) => new Set(resorts.map((resort) => resort.resortId)).size === resorts.length,
          FLEXIBLE_HOTEL_MESSAGES.sameResortTwice,
        ),
      ),
    ),
    splitStays: z.optional(z.boolean({ error: FLEXIBLE_HOTEL_MESSAGES.splitStays })),
  })
}

export type FlexibleHotelAlertInput = FlexibleHotelAlert & {
  resorts: ResortChoice[]
  /** A price ceiling, or a watch on a stay already booked (price-terms.ts). */
  price: PriceTerms
  agesOfChildren: number[]
  keepWatching?: boolean
  snoozedUntil?: string | null
}

/**
 * A hotel alert as `/api/availability-queries` takes it: today's fields (`resortId`, `roomIds`,
 * `checkInDate`, `checkOutDate`, the party, `accessible`, `keepWatching`, `snoozedUntil`), and
 * to widen it `latestCheckInDate` (with `checkInDate` the earliest), `minNights` and `maxNights`
 * (in place of `checkOutDate`; one alone is an exact length), `resorts: [{ resortId, roomIds }]`
 * (in place of `resortId` and `roomIds`; `roomIds: "any"` for any room type that fits) and
 * `splitStays: true`. It gives the alert in the flexible shape, today's payloads as its simplest
 * case, or refuses what one alert may not watch (the cap of decision 0032). `today` is the
 * destination's date. That the resorts share a destination and the rooms are theirs is for the
 * caller, which reads the catalogue.
 */
export function flexibleHotelAlertSchema(today: string) {
  const exactSchema = hotelAlertSchema(today)
  const fieldsSchema = hotelFields(exactSchema)
  return z.pipe(
    z.record(z.string(), z.unknown(), { error: ALERT_OBJECT }),
    z.transform((input, payload) => {
      const byResorts = given(input.resorts)
      const byNights = given(input.minNights) || given(input.maxNights)
      const problems: Problem[] = []
      if (byResorts && (given(input.resortId) || given(input.roomIds)))
        problems.push({ message: FLEXIBLE_HOTEL_MESSAGES.resortsOrResort, path: ['resorts'] })
      if (byNights && given(input.checkOutDate))
        problems.push({ message: FLEXIBLE_HOTEL_MESSAGES.checkOutOrNights, path: ['checkOutDate'] })

      const fields = fieldsSchema.safeParse(input)
      if (!fields.success) problems.push(...issuesOf(fields.error))
      const least = fields.data?.minNights ?? fields.data?.maxNights
      const most = fields.data?.maxNights ?? fields.data?.minNights
      if (least !== undefined && most !== undefined && most < least)
        problems.push({ message: FLEXIBLE_HOTEL_MESSAGES.nightsOrder, path: ['maxNights'] })

      // Today's rules for the rest; what this schema checked itself stands in as a placeholder.
      const checkIn = input.checkInDate
      const exact = exactSchema.safeParse({
        ...input,
        ...(byResorts ? { resortId: 'resort', roomIds: ['room'] } : {}),
        ...(byNights
          ? { checkOutDate: isIsoDate(checkIn) ? addDays(checkIn, least ?? 1) : undefined }
          : {}),
      })
      if (!exact.success)
        problems.push(
          // A check-out made from the nights is wrong only when the nights are, said above.
          ...issuesOf(exact.error).filter(
            (problem) => !byNights || !pathIs(problem, 'checkOutDate'),
          ),
        )
      if (!fields.data || !exact.data || problems.length) return refuseAll(payload, problems)

      const { resortId, roomIds, checkOutDate, ...common } = exact.data
      const stay = exactStayFields(common.checkInDate, checkOutDate)
      const shape = {
        ...common,
        resorts: fields.data.resorts ?? [{ resortId, roomIds }],
        latestCheckInDate: fields.data.latestCheckInDate ?? stay.latestCheckInDate,
        minNights: least ?? stay.minNights,
        maxNights: most ?? stay.maxNights,
        splitStays: fields.data.splitStays ?? false,
      }
      const price = readPriceTerms(input, shape)
      if (!price.terms) return refuseAll(payload, price.problems)
      const alert: FlexibleHotelAlertInput = { ...shape, price: price.terms }
      const spread = nightsBetween(alert.checkInDate, alert.latestCheckInDate)
      if (spread < 0)
        problems.push({
          message: FLEXIBLE_HOTEL_MESSAGES.latestBeforeEarliest,
          path: ['latestCheckInDate'],
        })
      else if (spread > MAX_CHECK_IN_SPREAD_DAYS)
        problems.push({ message: FLEXIBLE_HOTEL_MESSAGES.spread, path: ['latestCheckInDate'] })
      else if (beyondHorizon(alert.latestCheckInDate, today))
        problems.push({ message: HOTEL_MESSAGES.tooFar, path: ['latestCheckInDate'] })
      if (alert.splitStays && alert.maxNights < 2)
        problems.push({ message: FLEXIBLE_HOTEL_MESSAGES.splitNeedsNights, path: ['splitStays'] })
      if (!problems.length) {
        const cost = hotelAlertCost(alert)
        if (isTooWide(cost)) problems.push({ message: tooWideMessage(cost), path: [] })
      }
      return problems.length ? refuseAll(payload, problems) : alert
    }),
  )
}

/** The flexible dining fields; each restaurant and date takes today's field rules. */
function diningFields(exactSchema: ReturnType<typeof diningAlertSchema>) {
  const exact = exactSchema.shape
  return z.object({
    diningLocationIds: z.optional(
      z.pipe(
        z
          .array(exact.diningLocationId, { error: FLEXIBLE_DINING_MESSAGES.restaurants })
          .check(
            z.minLength(1, FLEXIBLE_DINING_MESSAGES.restaurants),
            z.maxLength(MAX_RESTAURANTS_PER_ALERT, FLEXIBLE_DINING_MESSAGES.tooManyRestaurants),
          ),
        z.transform((ids) => [...new Set(ids)]),
      ),
    ),
    reserveDates: z.optional(
      z.pipe(
        z
          .array(exact.reserveDate, { error: FLEXIBLE_DINING_MESSAGES.dates })
          .check(
            z.minLength(1, FLEXIBLE_DINING_MESSAGES.dates),
            z.maxLength(MAX_DINING_DATES, FLEXIBLE_DINING_MESSAGES.tooManyDates),
          ),
        z.transform((dates) => [...new Set(dates)].sort()),
      ),
    ),
    latestReserveDate: z.optional(exact.reserveDate),
    mealPeriods: z.optional(
      z.pipe(
        z
          .array(z.enum(MEALS, { error: FLEXIBLE_DINING_MESSAGES.meals }), {
            error: FLEXIBLE_DINING_MESSAGES.meals,
          })
          .check(z.minLength(1, FLEXIBLE_DINING_MESSAGES.meals)),
        z.transform((meals): Meal[] => MEALS.filter((meal) => meals.includes(meal))),
      ),
    ),
  })
}

export type FlexibleDiningAlertInput = FlexibleDiningAlert &
  Omit<z.output<ReturnType<typeof diningAlertSchema>>, 'diningLocationId' | 'reserveDate'> & {
    diningLocationIds: string[]
    reserveDates: string[]
    mealPeriods: Meal[]
  }

/**
 * A dining alert as `/api/dining-alerts` takes it: today's fields, and to widen it
 * `diningLocationIds` (in place of `diningLocationId`, up to 10), `reserveDates` (a list, in
 * place of `reserveDate`) or `reserveDate` with `latestReserveDate` (a range), up to 14 dates
 * either way, and `mealPeriods` (`breakfast`, `lunch`, `dinner`; in place of a time). It gives
 * the alert in the flexible shape, today's payloads as its simplest case. `today` is the
 * destination's date; that the restaurants are the destination's is for the caller.
 */
export function flexibleDiningAlertSchema(today: string) {
  const exactSchema = diningAlertSchema(today)
  const fieldsSchema = diningFields(exactSchema)
  return z.pipe(
    z.record(z.string(), z.unknown(), { error: ALERT_OBJECT }),
    z.transform((input, payload) => {
      const byIds = given(input.diningLocationIds)
      const byList = given(input.reserveDates)
      const problems: Problem[] = []
      if (byIds && given(input.diningLocationId))
        problems.push({
          message: FLEXIBLE_DINING_MESSAGES.restaurantsOrRestaurant,
          path: ['diningLocationIds'],
        })
      if (byList && (given(input.reserveDate) || given(input.latestReserveDate)))
        problems.push({ message: FLEXIBLE_DINING_MESSAGES.datesOrDate, path: ['reserveDates'] })
      if (
        given(input.mealPeriods) &&
        [input.preferredTime, input.timeRangeStart, input.timeRangeEnd].some(timeGiven)
      )
        problems.push({ message: FLEXIBLE_DINING_MESSAGES.mealsOrTime, path: ['mealPeriods'] })

      const fields = fieldsSchema.safeParse(input)
      if (!fields.success) problems.push(...issuesOf(fields.error))
      // Today's rules for the rest, with the earliest date standing for a list (its past, its
      // snooze) and placeholders for what this schema checked itself.
      const earliest = fields.data?.reserveDates?.[0]
      const exact = exactSchema.safeParse({
        ...input,
        ...(byIds ? { diningLocationId: 'restaurant' } : {}),
        ...(byList ? { reserveDate: earliest ?? today } : {}),
      })
      if (!exact.success)
        problems.push(
          ...issuesOf(exact.error).map((problem) =>
            byList && pathIs(problem, 'reserveDate')
              ? { ...problem, path: ['reserveDates'] }
              : problem,
          ),
        )
      if (!fields.data || !exact.data || problems.length) return refuseAll(payload, problems)

      const { diningLocationId, reserveDate, ...common } = exact.data
      const last = fields.data.latestReserveDate
      if (last !== undefined && last < reserveDate)
        problems.push({
          message: FLEXIBLE_DINING_MESSAGES.lastBeforeFirst,
          path: ['latestReserveDate'],
        })
      else if (last !== undefined && nightsBetween(reserveDate, last) >= MAX_DINING_DATES)
        problems.push({
          message: FLEXIBLE_DINING_MESSAGES.rangeTooLong,
          path: ['latestReserveDate'],
        })
      const reserveDates =
        fields.data.reserveDates ??
        (last && !problems.length ? datesBetween(reserveDate, last) : [reserveDate])
      if (beyondHorizon(reserveDates.at(-1)!, today))
        problems.push({
          message: DINING_MESSAGES.tooFar,
          path: [byList ? 'reserveDates' : 'latestReserveDate'],
        })
      const alert: FlexibleDiningAlertInput = {
        ...common,
        diningLocationIds: fields.data.diningLocationIds ?? [diningLocationId],
        reserveDates,
        mealPeriods: fields.data.mealPeriods ?? [],
      }
      return problems.length ? refuseAll(payload, problems) : alert
    }),
  )
}
