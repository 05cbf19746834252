import { describe, expect, it } from 'vitest'
import {
  dollarsToCents,
  NO_PRICE_TERMS,
  PRICE_MESSAGES,
  priceFieldsOf,
  readPriceTerms,
} from './price-terms'

const exact = {
  resorts: [{ roomIds: ['studio'] }],
  checkInDate: '2027-01-15',
  latestCheckInDate: '2027-01-15',
  minNights: 4,
  maxNights: 4,
  splitStays: false,
}
const messages = (input: Record<string, unknown>, alert = exact) =>
  readPriceTerms(input, alert).problems.map((problem) => [problem.path.join('.'), problem.message])

describe('dollarsToCents', () => {
  it('takes dollars to the cent, in range, and nothing else', () => {
    expect(dollarsToCents(450)).toBe(45_000)
    expect(dollarsToCents(450.5)).toBe(45_050)
    expect(dollarsToCents(0.29)).toBe(29)
    expect(dollarsToCents(100_000)).toBe(10_000_000)
    for (const bad of [0, -5, 450.005, 100_000.01, Number.POSITIVE_INFINITY, Number.NaN])
      expect(dollarsToCents(bad), String(bad)).toBeNull()
  })
})

describe('readPriceTerms', () => {
  it('reads no price fields as none, and one ceiling in cents', () => {
    expect(readPriceTerms({}, exact).terms).toEqual(NO_PRICE_TERMS)
    expect(readPriceTerms({ maxNightlyPrice: 450 }, exact).terms).toMatchObject({
      watch: 'availability',
      maxNightlyPriceCents: 45_000,
      maxTotalPriceCents: null,
    })
    expect(readPriceTerms({ maxTotalPrice: 2400.5 }, exact).terms?.maxTotalPriceCents).toBe(240_050)
  })

  it('refuses strings, both ceilings, and watch fields on an alert for an opening', () => {
    expect(messages({ maxNightlyPrice: '450' })).toEqual([
      ['maxNightlyPrice', PRICE_MESSAGES.price],
    ])
    expect(messages({ maxNightlyPrice: 450, maxTotalPrice: 2000 })).toEqual([
      ['maxTotalPrice', PRICE_MESSAGES.oneCeiling],
    ])
    expect(messages({ paidTotal: 2000 })).toEqual([['paidTotal', PRICE_MESSAGES.notAWatch]])
    expect(messages({ watch: 'prices' })).toEqual([['watch', PRICE_MESSAGES.watch]])
  })

  it('reads a watch on one room and one stay, with one kind of threshold', () => {
    expect(
      readPriceTerms(
        { watch: 'price', paidTotal: 2384.5, rateType: 'room-only', minSavingPercent: 5 },
        exact,
      ).terms,
    ).toEqual({
      ...NO_PRICE_TERMS,
      watch: 'price',
      paidTotalCents: 238_450,
      rateType: 'room-only',
      minSavingPercent: 5,
    })
    expect(messages({ watch: 'price' })).toEqual([
      ['paidTotal', PRICE_MESSAGES.paidTotal],
      ['rateType', PRICE_MESSAGES.rateType],
      ['minSaving', PRICE_MESSAGES.saving],
    ])
    expect(
      messages({
        watch: 'price',
        paidTotal: 1,
        rateType: 'package',
        minSaving: 5,
        minSavingPercent: 5,
      }),
    ).toEqual([['minSavingPercent', PRICE_MESSAGES.savingOrPercent]])
    expect(
      messages({ watch: 'price', paidTotal: 1, rateType: 'package', minSavingPercent: 5.5 }),
    ).toEqual([['minSavingPercent', PRICE_MESSAGES.percent]])
    expect(messages({ watch: 'price', paidTotal: 1, rateType: 'deluxe', minSaving: 5 })).toEqual([
      ['rateType', PRICE_MESSAGES.rateType],
    ])
  })

  it('refuses a watch on several rooms, a window of stays, or with a ceiling', () => {
    const watch = { watch: 'price', paidTotal: 2000, rateType: 'room-only', minSaving: 50 }
    expect(messages(watch, { ...exact, resorts: [{ roomIds: 'any' }] as never })).toEqual([
      ['roomIds', PRICE_MESSAGES.watchOneRoom],
    ])
    expect(messages(watch, { ...exact, resorts: [{ roomIds: ['a', 'b'] }] })).toEqual([
      ['roomIds', PRICE_MESSAGES.watchOneRoom],
    ])
    expect(messages(watch, { ...exact, maxNights: 5 })).toEqual([
      ['checkOutDate', PRICE_MESSAGES.watchExactStay],
    ])
    expect(messages({ ...watch, maxTotalPrice: 1 })).toEqual([
      ['maxTotalPrice', PRICE_MESSAGES.watchNoCeiling],
    ])
  })

  it('gives the JSON fields back in dollars, only those set', () => {
    expect(priceFieldsOf(NO_PRICE_TERMS)).toEqual({})
    expect(priceFieldsOf({ ...NO_PRICE_TERMS, maxNightlyPriceCents: 45_050 })).toEqual({
      maxNightlyPrice: 450.5,
    })
    expect(
      priceFieldsOf({
        ...NO_PRICE_TERMS,
        watch: 'price',
        paidTotalCents: 238_400,
        rateType: 'package',
        minSavingPercent: 5,
      }),
    ).toEqual({ watch: 'price', paidTotal: 2384, rateType: 'package', minSavingPercent: 5 })
  })
})
