import { Link } from '@remix-run/react'
import {
  CARD_TAG_LIMIT,
  formatArticleDate,
  readingMinutes,
  tagTitle,
  type ManifestEntry,
} from '~/domain/blog'
import { DEFAULT_SOCIAL_IMAGE } from '~/utils/seo'

/** The tag links of an article: buttons on cards, links on the article page. */
export function TagLinks({ tags, className = '' }: { tags: string[]; className?: string }) {
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`} aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            to={`/blog/tags/${tag}`}
            className="bg-brand-50 text-brand-700 hover:bg-brand-100 inline-block rounded-full px-3 py-1 text-xs font-semibold"
          >
            {tagTitle(tag)}
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** The date and the estimated reading time (catalogue §9) of an article. */
export function ArticleDate({ entry }: { entry: Pick<ManifestEntry, 'date' | 'description'> }) {
  return (
    <p className="text-sm text-slate-500">
      <time dateTime={entry.date}>{formatArticleDate(entry.date)}</time>
      <span aria-hidden="true"> · </span>
      {readingMinutes(entry.description)} min read
    </p>
  )
}

/** An article's picture (the site's social image when it has none), at its 1200×630 shape. */
export function ArticleImage({
  image,
  className = '',
  lazy = false,
}: {
  image?: string
  className?: string
  lazy?: boolean
}) {
  return (
    <img
      src={image ?? DEFAULT_SOCIAL_IMAGE}
      alt=""
      width={1200}
      height={630}
      loading={lazy ? 'lazy' : undefined}
      className={`aspect-[40/21] w-full bg-slate-100 object-cover ${className}`.trim()}
    />
  )
}

/** One article in a list: image, date, reading time, title, description, up to 3 tags. */
export function ArticleCard({
  entry,
  heading: Heading,
}: {
  entry: ManifestEntry
  heading: 'h2' | 'h3'
}) {
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <ArticleImage image={entry.image} lazy />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <ArticleDate entry={entry} />
        <Heading className="text-lg font-semibold text-slate-900">
          <Link to={entry.url} className="hover:text-brand-700">
            {entry.title}
          </Link>
        </Heading>
        <p className="flex-1 leading-7 text-slate-600">{entry.description}</p>
        <TagLinks tags={entry.tags.slice(0, CARD_TAG_LIMIT)} />
      </div>
    </article>
  )
}

/** Cards under the page's h1 have h2 titles; under a section's h2, h3 titles. */
export function ArticleGrid({
  entries,
  heading = 'h2',
}: {
  entries: ManifestEntry[]
  heading?: 'h2' | 'h3'
}) {
  return (
    <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {entries.map((entry) => (
        <ArticleCard key={entry.slug} entry={entry} heading={heading} />
      ))}
    </div>
  )
}
