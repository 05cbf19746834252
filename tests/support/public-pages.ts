import { PUBLIC_PAGES } from '~/domain/site-pages'

/**
 * The public pages: what a visitor can open without an account. The Lighthouse benchmark
 * (bench/lighthouse.ts), the JavaScript budget and the accessibility checks all read this list:
 * the sitemap's pages, the two that are open to all but kept out of search engines (login and
 * support), and one page of each kind the site makes per hotel, per article and per tag.
 */
export const PUBLIC_PATHS = [
  ...PUBLIC_PAGES,
  '/login',
  '/support',
  '/alerts/disney-world/disney-s-pop-century-resort',
  '/blog/disney-room-alerts',
  '/blog/tags/reservations',
] as const

/** Issue 12: gzipped JavaScript a public page may load. */
export const JS_BUDGET_KB = 130
