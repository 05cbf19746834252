/**
 * Pages that every visitor without cookies sees the same (their state lives in the query string,
 * and a visitor with one of our cookies may be signed in or have a notice waiting).
 */
const SHARED_PAGES = new Set([
  '/',
  '/pricing',
  '/faq',
  '/how-it-works',
  '/alerts/hotels',
  '/alerts/dining',
  '/privacy-policy',
  '/terms-of-service',
  '/terms',
])

/** Whether a request may be answered with the copy of a page rendered for everyone. */
export function isSharedPageRequest(request: {
  method: string
  path: string
  query: string
  cookie: string | undefined
  authorization: string | undefined
}): boolean {
  return (
    request.method === 'GET' &&
    SHARED_PAGES.has(request.path) &&
    !request.query &&
    !request.cookie &&
    !request.authorization
  )
}
