/** The alert intent a visitor brought from a hotel page, kept across login and checkout. */
export const ALERT_INTENT_KEYS = [
  'openAddAlert',
  'hotel',
  'hotelId',
  'disneyId',
  'location',
] as const

/**
 * Where checkout completion sends the user (accounts §4): the dashboard, carrying the stored
 * alert intent, or else the same parameters from the URL; only non-empty values are kept.
 */
export function dashboardAfterCheckout(
  stored: Partial<Record<string, unknown>> | null,
  urlParams: URLSearchParams,
): string {
  const params = new URLSearchParams()
  for (const key of ALERT_INTENT_KEYS) {
    const value = stored ? stored[key] : urlParams.get(key)
    if (typeof value === 'string' && value.trim()) params.set(key, value.trim())
    else if (typeof value === 'boolean' && value) params.set(key, 'true')
  }
  const query = params.toString()
  return query ? `/dashboard?${query}` : '/dashboard'
}
