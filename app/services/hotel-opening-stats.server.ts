import type { DestinationId } from '../../db/schema.ts'
import { publicOpeningStats, type PublicOpeningStats } from '~/domain/opening-stats'
import { recentOpeningStats } from '~/models/opening-stats.server'
import { getDb } from '~/utils/db.server'
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
