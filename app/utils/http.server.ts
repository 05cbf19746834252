/** Catalogue and plan data changes a few times a year: browsers keep it an hour, CDNs a day. */
export const RARELY_CHANGES = {
  'Cache-Control': 'public, max-age=3600, s-maxage=86400, stale-while-revalidate=86400',
} as const
