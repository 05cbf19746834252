/**
 * The site's public pages, listed once: the sitemap is built from this list (plus one page per
 * hotel). A new public page, such as the blog and its posts, is added here.
 */
export const PUBLIC_PAGES = [
  '/',
  '/alerts/hotels',
  '/alerts/dining',
  '/alerts/price-watch',
  '/dining-alerts/new',
  '/blog',
  '/disney-hotel-alerts',
  '/disney-resort-availability',
  '/disney-room-alerts',
  '/disney-room-availability',
  '/how-it-works',
  '/pricing',
  '/faq',
  '/status',
  '/privacy-policy',
  '/terms',
] as const

/** Someone's own pages, admin pages and machine endpoints: never crawled (robots.txt). */
export const PRIVATE_PREFIXES = [
  '/dashboard',
  '/settings',
  '/login',
  '/logout',
  '/payment/',
  '/complete-checkout',
  '/support',
  '/chat-admin',
  '/admin/',
  '/api/',
  '/webhooks/',
  '/o/',
] as const

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

export function sitemapXml(origin: string, paths: readonly string[]): string {
  const urls = paths.map(
    (path) =>
      `  <url><loc>${`${origin}${path}`.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!)}</loc></url>`,
  )
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n')
}
