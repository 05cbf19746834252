import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

interface LegalPageData {
  title: string
  updated: string
  html: string
}

export const legalPageMeta: MetaFunction = ({ data }) => [
  { title: `${(data as LegalPageData | undefined)?.title ?? 'Legal'} | Disney Hotel Alerts` },
]

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
