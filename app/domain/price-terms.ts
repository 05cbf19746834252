/**
 * What a hotel alert says about price (issue 30, decision 0034): a ceiling (`maxNightlyPrice` or
 * `maxTotalPrice`, in US dollars), or, with `watch: "price"`, a watch on a stay already booked
 * (`paidTotal`, `rateType`, and `minSaving` or `minSavingPercent`). Dollars are JSON numbers
 * with at most two decimals, kept as whole cents; nothing is coerced.
 */
import * as z from 'zod/mini'
import type { PriceCeiling } from './prices'

export const RATE_TYPES = ['room-only', 'package'] as const
export type RateType = (typeof RATE_TYPES)[number]

/** A price anyone may type: up to a hundred thousand dollars, to the cent. */
export const MAX_PRICE_DOLLARS = 100_000
export const MAX_SAVING_PERCENT = 90

export const PRICE_MESSAGES = {
  price: 'Enter a price in US dollars, like 450 or 450.50.',
  oneCeiling: 'Give a nightly or a total price ceiling, not both.',
  watch: 'watch must be "availability" or "price".',
  paidTotal: 'Enter what you paid for the room, in US dollars, like 2384 or 2384.50.',
  rateType: 'Choose room-only or package.',
  saving: 'Enter the smallest saving worth a text: an amount in dollars or a percentage.',
  savingOrPercent: 'Give a saving in dollars or a percentage, not both.',
  percent: `The percentage must be a whole number from 1 to ${MAX_SAVING_PERCENT}.`,
  watchOneRoom: 'A price watch is for the room you booked: choose one room type at one resort.',
  watchExactStay:
    'A price watch is for the stay you booked: give its check-in and check-out dates.',
  watchNoCeiling: 'A price watch compares with what you paid: it takes no price ceiling.',
  notAWatch: 'What you paid and the saving you want are for a price watch (watch: "price").',
} as const

/** The price columns of a hotel alert, in cents. */
export interface PriceTerms extends PriceCeiling {
  watch: 'availability' | 'price'
  paidTotalCents: number | null
  rateType: RateType | null
  minSavingCents: number | null
  minSavingPercent: number | null
}

export const NO_PRICE_TERMS: PriceTerms = {
  watch: 'availability',
  maxNightlyPriceCents: null,
  maxTotalPriceCents: null,
  paidTotalCents: null,
  rateType: null,
  minSavingCents: null,
  minSavingPercent: null,
}

/** Dollars to cents, only for a number with at most two decimals in range. */
export function dollarsToCents(dollars: number): number | null {
  if (!Number.isFinite(dollars) || dollars <= 0 || dollars > MAX_PRICE_DOLLARS) return null
  const cents = Math.round(dollars * 100)
  return Math.abs(cents - dollars * 100) < 1e-6 ? cents : null
}

const dollars = (message: string) =>
  z.optional(
    z.pipe(
      z
        .number({ error: message })
        .check(z.refine((value) => dollarsToCents(value) !== null, message)),
      z.transform((value) => dollarsToCents(value)!),
    ),
  )

const priceFields = z.object({
  maxNightlyPrice: dollars(PRICE_MESSAGES.price),
  maxTotalPrice: dollars(PRICE_MESSAGES.price),
  watch: z.optional(z.enum(['availability', 'price'], { error: PRICE_MESSAGES.watch })),
  paidTotal: dollars(PRICE_MESSAGES.paidTotal),
  rateType: z.optional(z.enum(RATE_TYPES, { error: PRICE_MESSAGES.rateType })),
  minSaving: dollars(PRICE_MESSAGES.saving),
  minSavingPercent: z.optional(
    z
      .int({ error: PRICE_MESSAGES.percent })
      .check(z.gte(1, PRICE_MESSAGES.percent), z.lte(MAX_SAVING_PERCENT, PRICE_MESSAGES.percent)),
  ),
})

interface Problem {
  message: string
  path: PropertyKey[]
}

/** The alert's shape as far as a watch cares: one room type at one resort, one exact stay. */
export interface WatchedShape {
  resorts: readonly { roomIds: readonly string[] | 'any' }[]
  checkInDate: string
  latestCheckInDate: string
  minNights: number
  maxNights: number
  splitStays: boolean
}

/**
 * Reads the price fields of a hotel alert's payload against the alert it belongs to: the terms,
 * or every problem beside its field.
 */
export function readPriceTerms(
  input: Readonly<Record<string, unknown>>,
  alert: WatchedShape,
): { terms: PriceTerms; problems: [] } | { terms: null; problems: Problem[] } {
  const parsed = priceFields.safeParse(input)
  if (!parsed.success)
    return {
      terms: null,
      problems: parsed.error.issues.map((issue) => ({ message: issue.message, path: issue.path })),
    }
  const fields = parsed.data
  const problems: Problem[] = []
  const ceiling = {
    maxNightlyPriceCents: fields.maxNightlyPrice ?? null,
    maxTotalPriceCents: fields.maxTotalPrice ?? null,
  }
  if (ceiling.maxNightlyPriceCents !== null && ceiling.maxTotalPriceCents !== null)
    problems.push({ message: PRICE_MESSAGES.oneCeiling, path: ['maxTotalPrice'] })

  if (fields.watch !== 'price') {
    const watchField = (['paidTotal', 'rateType', 'minSaving', 'minSavingPercent'] as const).find(
      (field) => fields[field] !== undefined,
    )
    if (watchField) problems.push({ message: PRICE_MESSAGES.notAWatch, path: [watchField] })
    return problems.length
      ? { terms: null, problems }
      : { terms: { ...NO_PRICE_TERMS, ...ceiling }, problems: [] }
  }

  if (ceiling.maxNightlyPriceCents !== null || ceiling.maxTotalPriceCents !== null)
    problems.push({
      message: PRICE_MESSAGES.watchNoCeiling,
      path: [ceiling.maxNightlyPriceCents !== null ? 'maxNightlyPrice' : 'maxTotalPrice'],
    })
  const rooms = alert.resorts[0]?.roomIds
  if (alert.resorts.length !== 1 || rooms === 'any' || rooms?.length !== 1)
    problems.push({ message: PRICE_MESSAGES.watchOneRoom, path: ['roomIds'] })
  if (
    alert.latestCheckInDate !== alert.checkInDate ||
    alert.minNights !== alert.maxNights ||
    alert.splitStays
  )
    problems.push({ message: PRICE_MESSAGES.watchExactStay, path: ['checkOutDate'] })
  if (fields.paidTotal === undefined)
    problems.push({ message: PRICE_MESSAGES.paidTotal, path: ['paidTotal'] })
  if (fields.rateType === undefined)
    problems.push({ message: PRICE_MESSAGES.rateType, path: ['rateType'] })
  if (fields.minSaving !== undefined && fields.minSavingPercent !== undefined)
    problems.push({ message: PRICE_MESSAGES.savingOrPercent, path: ['minSavingPercent'] })
  else if (fields.minSaving === undefined && fields.minSavingPercent === undefined)
    problems.push({ message: PRICE_MESSAGES.saving, path: ['minSaving'] })
  if (problems.length) return { terms: null, problems }
  return {
    terms: {
      ...NO_PRICE_TERMS,
      watch: 'price',
      paidTotalCents: fields.paidTotal!,
      rateType: fields.rateType!,
      minSavingCents: fields.minSaving ?? null,
      minSavingPercent: fields.minSavingPercent ?? null,
    },
    problems: [],
  }
}

/** The JSON API's price fields of a stored alert: only those it has, in dollars. */
export function priceFieldsOf(terms: PriceTerms) {
  const dollarsOf = (cents: number | null) => (cents === null ? undefined : cents / 100)
  return terms.watch === 'price'
    ? {
        watch: 'price' as const,
        paidTotal: dollarsOf(terms.paidTotalCents),
        rateType: terms.rateType!,
        ...(terms.minSavingCents !== null && { minSaving: dollarsOf(terms.minSavingCents) }),
        ...(terms.minSavingPercent !== null && { minSavingPercent: terms.minSavingPercent }),
      }
    : {
        ...(terms.maxNightlyPriceCents !== null && {
          maxNightlyPrice: dollarsOf(terms.maxNightlyPriceCents),
        }),
        ...(terms.maxTotalPriceCents !== null && {
          maxTotalPrice: dollarsOf(terms.maxTotalPriceCents),
        }),
      }
}
