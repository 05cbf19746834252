/**
 * Whether a request that changes something came from another site. Browsers say so themselves
 * (Sec-Fetch-Site) and name where a form or fetch came from (Origin); a cookie-authenticated
 * write from another site is refused whatever its content type, `?_data=` included. Webhooks
 * come from servers, which send neither header and sign their bodies instead.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const SIGNED_WEBHOOKS = ['/api/stripe/webhook', '/webhooks/']

export function isCrossSiteWrite(request: {
  method: string
  path: string
  host: string | undefined
  origin: string | undefined
  secFetchSite: string | undefined
  /** The site's own origin (APP_URL), which may differ from Host behind a proxy. */
  appOrigin: string
}): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false
  if (SIGNED_WEBHOOKS.some((prefix) => request.path.startsWith(prefix))) return false
  if (request.secFetchSite === 'cross-site') return true
  if (request.origin === undefined) return false
  if (request.origin === 'null') return true
  if (request.origin === request.appOrigin) return false
  try {
    return new URL(request.origin).host !== request.host
  } catch {
    return true
  }
}
