/** The alert intent a visitor brought from a hotel page, kept across login and checkout. */
export const ALERT_INTENT_KEYS = [
  'openAddAlert',
  'hotel',
  'hotelId',
  'disneyId',
  'location',
] as const

export type AlertIntentKey = (typeof ALERT_INTENT_KEYS)[number]

/** The alert intent a query carries: its non-empty openAddAlert, hotel, … values, in order. */
export function alertIntentQuery(params: URLSearchParams): URLSearchParams {
  const intent = new URLSearchParams()
  for (const key of ALERT_INTENT_KEYS) {
    const value = params.get(key)?.trim()
    if (value) intent.set(key, value)
  }
  return intent
}

/**
 * The alert intent of a page's query, or of the path its redirect or next parameter leads to
 * (a visitor sent to log in from /dashboard?openAddAlert=… carries it there).
 */
export function alertIntentOfPage(params: URLSearchParams): URLSearchParams {
  const own = alertIntentQuery(params)
  if (own.size) return own
  for (const key of ['redirect', 'next']) {
    const target = params.get(key)
    if (target?.startsWith('/')) {
      const nested = alertIntentQuery(new URL(target, 'https://same.site').searchParams)
      if (nested.size) return nested
    }
  }
  return own
}

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
