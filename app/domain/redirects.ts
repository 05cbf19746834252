import { alertIntentQuery } from './checkout'

/**
 * Where a visitor goes after a login or a form: only paths on this site are followed, so a
 * crafted link can never send someone elsewhere (no open redirect).
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const path = value.trim()
  // "//host" and "/\host" are protocol-relative in browsers; control characters hide tricks.
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(path)) return null
  try {
    const base = 'https://same.site'
    const url = new URL(path, base)
    if (url.origin !== base) return null
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return null
  }
}

export type AuthIntent = 'quick' | 'pro'

export function readIntent(value: unknown): AuthIntent | null {
  if (typeof value !== 'string') return null
  const intent = value.trim().toLowerCase()
  return intent === 'quick' || intent === 'pro' ? intent : null
}

/**
 * The post-login routing of the specification (accounts §4), the one rule for the login page's
 * posts with and without JavaScript and for a signed-in visit to /login. `redirect` comes before
 * `next` (issue 26): it names the protected page that sent the person to log in just now, where
 * `next` is a marketing link's suggestion, so it must not be outranked by one.
 */
export function postLoginPath(options: {
  hasPlan: boolean
  intent: AuthIntent | null
  next?: unknown
  redirect?: unknown
}): string {
  const target = safeRedirectPath(options.redirect) ?? safeRedirectPath(options.next)
  if (options.hasPlan) return target ?? '/dashboard'
  if (options.intent === 'pro') return target ?? '/pricing?intent=pro'
  if (target?.startsWith('/payment/')) return target
  // An alert intent (openAddAlert, hotel, …) rides through pricing and checkout to the dashboard.
  const query = new URLSearchParams(options.intent ? { intent: options.intent } : {})
  if (target)
    alertIntentQuery(new URL(target, 'https://same.site').searchParams).forEach((value, key) =>
      query.set(key, value),
    )
  return query.size ? `/pricing?${query}` : '/pricing'
}
