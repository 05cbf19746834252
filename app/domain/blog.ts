/** Catalogue §9: the author an article without one is shown under. */
export const DEFAULT_AUTHOR = 'the team'
/** Catalogue §9: a card shows at most this many tag buttons. */
export const CARD_TAG_LIMIT = 3

/** Catalogue §9: lower-case, every character that is not a letter or digit a hyphen. */
export function tagSlug(tag: string): string {
  return tag.toLowerCase().replace(/[^a-z0-9]/g, '-')
}

/** "dining-alerts" → "Dining Alerts", as the tag page's heading shows it. */
export function tagTitle(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

/**
 * Catalogue §9's estimate: (words in the description + 120) / 230, rounded, at least 2. It counts
 * the description, not the body, as the spec's client does from the manifest alone.
 */
export function readingMinutes(description: string): number {
  const words = description.trim().split(/\s+/).filter(Boolean).length
  return Math.max(2, Math.round((words + 120) / 230))
}

const ARTICLE_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

/** "November 2, 2026": the same on the server and in any browser's time zone. */
export function formatArticleDate(iso: string): string {
  return ARTICLE_DATE.format(new Date(`${iso}T00:00:00Z`))
}

/** Catalogue §2's count line, in its own words: "3 article(s) about Dining Alerts". */
export function articleCount(count: number, tag: string): string {
  return `${count} article(s) about ${tag}`
}

/** Catalogue §3: what /blog/manifest.json lists for each article. */
export interface ManifestEntry {
  slug: string
  url: string
  title: string
  description: string
  date: string
  updated: string
  author?: string
  image?: string
  tags: string[]
}

/** The PNG rendering of an article's illustration, for social cards and feeds. */
export function socialImage(image: string | undefined): string | undefined {
  return image?.replace(/\.svg$/, '.png')
}

/**
 * Catalogue §8: when the manifest cannot be read, the landing page's blog section still shows
 * one article. The Christmas guide is the one the landing page links to anyway.
 */
export const FALLBACK_ARTICLE: ManifestEntry = {
  slug: 'disney-world-at-christmas',
  url: '/blog/disney-world-at-christmas',
  title: 'Disney World at Christmas: rooms, dining and parties',
  description:
    'How to plan Walt Disney World over the holidays: when to book, which events need their own ticket, and how to catch a room or table when someone cancels.',
  date: '2026-11-02',
  updated: '2026-11-02',
  image: '/images/blog/disney-world-at-christmas.svg',
  tags: ['reservations', 'disney-hotel-alerts', 'dining-alerts'],
}

/** The blog's list pages, which show a skeleton while a client navigation loads them. */
export function isBlogListPath(pathname: string): boolean {
  return pathname === '/blog' || pathname.startsWith('/blog/tags/')
}
