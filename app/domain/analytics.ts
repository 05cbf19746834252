/**
 * First-party analytics rules shared by the browser tracker and the server (decision record
 * 0014). No zod here: the tracker loads on every page and must stay a few hundred bytes.
 */

/** Where the tracker posts its events. */
export const ANALYTICS_ENDPOINT = '/api/events'

/** Accounts §1: a page view waits for the tracker, asking again every 150 ms, at most 10 times. */
export const READY_RETRY = { intervalMs: 150, attempts: 10 } as const

/** Accounts §9: a navigation that waits for the conversion event goes on after 800 ms at most. */
export const CONVERSION_FALLBACK_MS = 800

/** Events the browser sends: what a visitor saw or clicked, which only the browser knows. */
export const BROWSER_EVENTS = [
  'page_view',
  'cta_click',
  'view_pricing_intent_pro',
  'checkout_initiated',
  'checkout_invalid_plan',
  'conversion',
] as const
export type BrowserEventName = (typeof BROWSER_EVENTS)[number]

/**
 * Events the server records in the transaction that makes them true, so a no-JavaScript form, an
 * API client, a pending alert created at sign-in or Stripe's webhook count exactly once.
 */
export const SERVER_EVENTS = [
  'alert_created',
  'alert_deleted',
  'plan_changed',
  'subscription_completed',
] as const
export type ServerEventName = (typeof SERVER_EVENTS)[number]

export const MAX_PATH_LENGTH = 200

const LOOPBACK = /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|\[?::1\]?)\.?$/i

/**
 * Whether the browser tracker may send anything: never from a developer's own machine (a
 * loopback host name), never when the visitor asks not to be tracked (Do Not Track or Global
 * Privacy Control).
 */
export function analyticsAllowed(visitor: {
  hostname: string
  doNotTrack: string | null | undefined
  globalPrivacyControl: boolean | undefined
}): boolean {
  if (LOOPBACK.test(visitor.hostname)) return false
  if (visitor.doNotTrack === '1') return false
  return visitor.globalPrivacyControl !== true
}

/** The path an event names: never the query string, which may hold a session or a phone. */
export function eventPath(pathname: string): string {
  return pathname.slice(0, MAX_PATH_LENGTH)
}
