import { describe, expect, it } from 'vitest'
import { meetsPriceMinimum, publicPriceStats } from './price-stats'

describe('meetsPriceMinimum', () => {
  it.each([
    [5, 3, true],
    [40, 3, true],
    [4, 3, false],
    [12, 2, false],
  ])('%i prices from %i stays: %s', (prices, stays, shown) => {
    expect(meetsPriceMinimum({ prices, stays })).toBe(shown)
  })
})

describe('publicPriceStats', () => {
  it('shows the categories over the minimum, cheapest first, to the dollar', () => {
    expect(
      publicPriceStats([
        { category: 'Suites', prices: 6, stays: 3, medianCents: 112_549.5 },
        { category: 'Rooms', prices: 9, stays: 4, medianCents: 45_050 },
        { category: 'Villas', prices: 4, stays: 4, medianCents: 90_000 },
      ]),
    ).toEqual([
      { name: 'Rooms', prices: 9, typicalCents: 45_100, typical: '$451' },
      { name: 'Suites', prices: 6, typicalCents: 112_500, typical: '$1,125' },
    ])
    expect(publicPriceStats([])).toEqual([])
  })
})
