/**
 * The public pages: what a visitor can open without an account. The Lighthouse benchmark
 * (bench/lighthouse.ts), the JavaScript budget and the accessibility checks all read this list.
 * (Once the app serves /sitemap.xml, the list should be read from it.)
 */
export const PUBLIC_PATHS = [
  '/',
  '/pricing',
  '/faq',
  '/how-it-works',
  '/login',
  '/alerts/hotels',
  '/alerts/dining',
  '/support',
  '/terms',
  '/privacy-policy',
] as const

/** Issue 12: gzipped JavaScript a public page may load. */
export const JS_BUDGET_KB = 130
