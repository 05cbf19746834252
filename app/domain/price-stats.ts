/**
 * A hotel page's typical nightly prices (issue 30): the median of the nightly prices our alerts'
 * questions saw at the hotel in the last 30 days, by room category. Disney's prices, before tax;
 * they cover the stays our alerts ask about, not every date.
 */
import { formatPrice } from './prices'

export const PRICE_STATS_DAYS = 30

/**
 * What a category needs before its typical price is public. One observation is one room's
 * latest price for one question (one stay, one party) in the period. A price depends mostly on
 * the dates, so a median of a few observations, or of one stay's rooms, would be that stay's
 * price rather than the hotel's typical one, and would tell which dates someone is watching: a
 * category is shown only with at least 5 observations from at least 3 different stays.
 */
export const PRICE_STATS_MINIMUM = { prices: 5, stays: 3 } as const

/** One room category's prices in the period, as the database aggregates them. */
export interface CategoryPrices {
  category: string
  /** Observations: rooms' latest nightly prices, one per question and room. */
  prices: number
  /** Different questions (stays asked by alerts) they come from. */
  stays: number
  medianCents: number
}

export interface ShownCategoryPrice {
  name: string
  prices: number
  /** The median, to the dollar: "typical" says no more. */
  typicalCents: number
  typical: string
}

export const meetsPriceMinimum = (category: { prices: number; stays: number }) =>
  category.prices >= PRICE_STATS_MINIMUM.prices && category.stays >= PRICE_STATS_MINIMUM.stays

/** The categories a hotel page may show, cheapest first; none below the minimum. */
export function publicPriceStats(categories: readonly CategoryPrices[]): ShownCategoryPrice[] {
  return categories
    .filter(meetsPriceMinimum)
    .map((category) => {
      const typicalCents = Math.round(category.medianCents / 100) * 100
      return {
        name: category.category,
        prices: category.prices,
        typicalCents,
        typical: formatPrice(typicalCents),
      }
    })
    .sort((a, b) => a.typicalCents - b.typicalCents || a.name.localeCompare(b.name))
}
