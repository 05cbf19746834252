/** A hotel's public page (/alerts/{location}/{slug}) as Remix serves it: its loader and its meta. */
import type { MetaArgs } from '@remix-run/node'
import { loader, meta } from '~/routes/alerts.$location.$slug'
import { callRoute, getRequest } from './routes.ts'

/** The site's address the root hands the page's meta. */
export const ORIGIN = 'https://alerts.example'

export async function hotelPage(location: string, slug: string) {
  const response = await callRoute(loader, getRequest(`/alerts/${location}/${slug}`), {
    params: { location, slug },
  })
  return { status: response.status, data: await response.json() }
}

/** Runs the page's meta the way Remix does, with the root's APP_URL. */
export function metaOf(data: unknown, pathname: string): Record<string, unknown>[] {
  const args = {
    data,
    params: {},
    location: { pathname, search: '', hash: '', state: null, key: 'default' },
    matches: [{ id: 'root', data: { appUrl: ORIGIN } }],
  } as unknown as MetaArgs<typeof loader>
  return (meta(args) ?? []) as Record<string, unknown>[]
}

/** The JSON-LD among meta's tags, parsed back as a crawler would. */
export function structuredData(tags: Record<string, unknown>[]) {
  return tags
    .filter((tag) => 'script:ld+json' in tag)
    .map(
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON-LD read back untyped
      (tag) => JSON.parse(JSON.stringify(tag['script:ld+json'])) as Record<string, any>,
    )
}
