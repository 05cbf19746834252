import { PAGE_COPY } from '~/utils/http.server'
import { PUBLIC_PAGES, sitemapXml } from '~/domain/site-pages'
import { hotelPagePath, PARADISE_PIER } from '~/domain/hotel-page'
import { getEnv } from '~/env.server'
import { listResorts } from '~/models/catalogue.server'
import { blogSitemapPaths } from '~/utils/blog.server'
import { getDb } from '~/utils/db.server'

export async function loader() {
  // A sitemap lists canonical addresses: Paradise Pier's page is canonically Pixar Place's.
  const hotels = (await listResorts(getDb()))
    .filter((resort) => resort.name !== PARADISE_PIER)
    .map((resort) => hotelPagePath(resort.locationIdentifier, resort.name))
  const blog = await blogSitemapPaths()
  return new Response(sitemapXml(getEnv().appUrl, [...PUBLIC_PAGES, ...hotels, ...blog]), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      ...PAGE_COPY,
    },
  })
}
