import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ArticleGrid } from '~/components/blog/article-card'
import { BlogProblem } from '~/components/blog/article-parts'
import { articleCount, tagTitle } from '~/domain/blog'
import { articlesTagged, BLOG_CACHE, manifestEntry } from '~/utils/blog.server'
import { pageMeta } from '~/utils/seo'

/**
 * Tags are matched exactly as the catalogue's slug rule writes them. A tag with no article is
 * a 404 that still says so in words, so search engines do not index an empty page.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const tag = params.tag ?? ''
  const entries = (await articlesTagged(tag)).map(manifestEntry)
  return json({ tag, entries }, { status: entries.length ? 200 : 404, headers: BLOG_CACHE })
}

export const meta: MetaFunction<typeof loader> = (args) =>
  args.data
    ? pageMeta(args, {
        title: `${tagTitle(args.data.tag)} | Disney Planning Articles`,
        description: `Articles about ${tagTitle(args.data.tag).toLowerCase()} for Walt Disney World and Disneyland Resort planners.`,
      })
    : [{ title: 'Error Loading Tag | Disney Hotel Alerts' }]

export default function BlogTag() {
  const { tag, entries } = useLoaderData<typeof loader>()
  const title = tagTitle(tag)
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-3 text-lg text-slate-600">{articleCount(entries.length, title)}</p>
      {entries.length ? (
        <ArticleGrid entries={entries} />
      ) : (
        <p className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">
          No articles found for this tag.
        </p>
      )}
    </section>
  )
}

/** Catalogue §8: the articles could not be read. */
export function ErrorBoundary() {
  return <BlogProblem heading="Error Loading Tag" detail="Failed to load posts" />
}
