import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { pageMeta } from '~/utils/seo'

interface LegalPageData {
  title: string
  updated: string
  html: string
}

export const legalPageMeta: MetaFunction = (args) => {
  const title = (args.data as LegalPageData | undefined)?.title ?? 'Legal'
  return pageMeta(args, {
    // /terms-of-service shows the same terms: search engines should know one address.
    canonicalPath: args.location.pathname === '/terms-of-service' ? '/terms' : undefined,
    title: `${title} | Disney Hotel Alerts`,
    description: `The ${title} of Disney Hotel Alerts, an independent text-alert service for Disney hotel and dining openings.`,
  })
}

/** A legal page rendered from our own markdown (content/pages). */
export function LegalPage() {
  const { title, updated, html } = useLoaderData<LegalPageData>()
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-2 text-sm text-slate-500">Last updated {updated}</p>
      <div className="prose-legal mt-8" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  )
}
