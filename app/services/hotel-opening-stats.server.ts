import type { DestinationId } from '../../db/schema.ts'
import { publicOpeningStats, type PublicOpeningStats } from '~/domain/opening-stats'
import { PRICE_STATS_DAYS, publicPriceStats, type CategoryPrices } from '~/domain/price-stats'
import { OPENING_STATS_FRESH_MS, recentOpeningStats } from '~/models/opening-stats.server'
import { readPriceStats } from '~/models/price-history.server'
import { getDb } from '~/utils/db.server'
import { expiringCache } from '~/utils/expiring-cache.server'
import { getLogger } from '~/utils/logger.server'

/**
 * The opening statistics a hotel page may show, a few minutes old at most; null when they
 * cannot be read now. The rest of a hotel page comes from the catalogue, read once per process:
 * a slow or failing statistics query must not take the page down with it.
 */
export async function hotelOpeningStats(resort: {
  id: string
  locationIdentifier: DestinationId
}): Promise<PublicOpeningStats | null> {
  try {
    const { categories, ...period } = await recentOpeningStats(getDb(), resort)
    return publicOpeningStats(categories, period)
  } catch (error) {
    getLogger().warn({ err: error, resortId: resort.id }, 'opening statistics unavailable')
    return null
  }
}

const recentPrices = expiringCache<string, CategoryPrices[]>(OPENING_STATS_FRESH_MS)

/**
 * A hotel's typical nightly prices by room category (those that meet the minimum), as fresh as
 * its opening statistics; null when they cannot be read now, which leaves the rest of the page.
 */
export async function hotelPriceStats(resortId: string) {
  try {
    return publicPriceStats(
      await recentPrices(resortId, () => readPriceStats(getDb(), resortId, PRICE_STATS_DAYS)),
    )
  } catch (error) {
    getLogger().warn({ err: error, resortId }, 'price statistics unavailable')
    return null
  }
}
