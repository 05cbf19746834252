import type { MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ArticleGrid } from '~/components/blog/article-card'
import { BLOG_CACHE, listArticles, manifestEntry } from '~/utils/blog.server'
import { pageMeta } from '~/utils/seo'

export async function loader() {
  const entries = (await listArticles()).map(manifestEntry)
  return json({ entries }, { headers: BLOG_CACHE })
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: 'Disney Planning Articles | Disney Hotel Alerts',
    description:
      'Guides to Disney resort rooms and dining reservations: booking windows, cancellations, and how to catch an opening at Walt Disney World and Disneyland.',
  })

export default function Blog() {
  const { entries } = useLoaderData<typeof loader>()
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Disney Planning Articles</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-600">
        How Disney's booking windows and cancellations work, and how to get the room or the table
        you want at Walt Disney World and Disneyland Resort.{' '}
        <a href="/rss.xml" className="text-brand-700 font-medium hover:underline">
          RSS feed
        </a>
      </p>
      <ArticleGrid entries={entries} />
    </section>
  )
}
