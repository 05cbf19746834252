import type { MetaDescriptor } from '@remix-run/node'

export interface PageMetaInput {
  title: string
  description: string
  /** The site's own origin (APP_URL), from the loader: canonical and social URLs are absolute. */
  origin: string
  path: string
  image: string
  type?: 'website' | 'article'
}

/** Title, description, canonical URL and social tags of a public page. */
export function pageMeta({
  title,
  description,
  origin,
  path,
  image,
  type = 'website',
}: PageMetaInput): MetaDescriptor[] {
  const url = `${origin}${path}`
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: type },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: `${origin}${image}` },
    { name: 'twitter:card', content: 'summary_large_image' },
  ]
}
