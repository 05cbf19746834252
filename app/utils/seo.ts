import type { MetaArgs, MetaDescriptor } from '@remix-run/node'

export const SITE_NAME = 'Disney Hotel Alerts'
/** The social image of every page that has none of its own (catalogue §9). */
export const DEFAULT_SOCIAL_IMAGE = '/images/hero.png'

interface PageSeo {
  title: string
  description: string
  /** The page's own address, when it is not the one asked for (Paradise Pier → Pixar Place). */
  canonicalPath?: string
  image?: string
  keywords?: readonly string[]
  /** schema.org objects, each written as its own JSON-LD script. */
  structuredData?: readonly object[]
}

/** The site's origin (APP_URL), which the root loader hands to every page's meta. */
export function siteOrigin(matches: MetaArgs['matches']): string {
  const root = matches.find((match) => match?.id === 'root')?.data as
    { appUrl?: unknown } | undefined
  return typeof root?.appUrl === 'string' ? root.appUrl : ''
}

/**
 * The one way a public page describes itself to search engines and social sites: title,
 * description, canonical address, Open Graph and Twitter cards, and any structured data.
 */
export function pageMeta(args: Pick<MetaArgs, 'matches' | 'location'>, seo: PageSeo) {
  const origin = siteOrigin(args.matches)
  const canonical = `${origin}${seo.canonicalPath ?? args.location.pathname}`
  const image = `${origin}${seo.image ?? DEFAULT_SOCIAL_IMAGE}`
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: 'description', content: seo.description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: canonical },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: seo.title },
    { name: 'twitter:description', content: seo.description },
    { name: 'twitter:image', content: image },
  ]
  if (seo.keywords?.length) tags.push({ name: 'keywords', content: seo.keywords.join(', ') })
  for (const data of seo.structuredData ?? []) tags.push({ 'script:ld+json': data })
  return tags
}

export const NOINDEX = { name: 'robots', content: 'noindex, nofollow' } as const

/** A page that is someone's own (or an admin's): titled, and kept out of search engines. */
export function privateMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | ${SITE_NAME}` }, NOINDEX]
}
