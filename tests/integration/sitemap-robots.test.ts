import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { loader as sitemap } from '~/routes/sitemap[.]xml'
import { loader as robots } from '~/routes/robots[.]txt'
import { loader as guideLoader } from '~/routes/disney-hotel-alerts'
import { PRIVATE_PREFIXES, PUBLIC_PAGES } from '~/domain/site-pages'
import { resortSlug } from '~/domain/slug'
import { getEnv } from '~/env.server'
import { getDb } from '~/utils/db.server'
import { legalPageMeta } from '~/components/legal-page'
import { callRoute, getRequest } from '../support/routes.ts'

describe('/sitemap.xml', () => {
  it('is valid XML listing every public page and every hotel page, on APP_URL', async () => {
    const response = await callRoute(sitemap, getRequest('/sitemap.xml'))
    expect(response.headers.get('Content-Type')).toBe('application/xml; charset=utf-8')
    const body = await response.text()
    expect(XMLValidator.validate(body)).toBe(true)
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(body)
    expect(parsed.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
    const locs: string[] = parsed.urlset.url.map((url: { loc: string }) => url.loc)
    const origin = getEnv().appUrl
    for (const path of PUBLIC_PAGES) expect(locs).toContain(`${origin}${path}`)

    const resorts = await getDb().selectFrom('resorts').selectAll().execute()
    expect(resorts).toHaveLength(37)
    for (const resort of resorts) {
      const loc = `${origin}/alerts/${resort.locationIdentifier}/${resortSlug(resort.name)}`
      // Paradise Pier's page is canonically Pixar Place's, and a sitemap lists canonical pages.
      if (resort.name === "Disney's Paradise Pier Hotel") expect(locs).not.toContain(loc)
      else expect(locs).toContain(loc)
    }
    expect(locs).toHaveLength(PUBLIC_PAGES.length + 36)
    expect(new Set(locs).size).toBe(locs.length)
    expect(locs.some((loc) => PRIVATE_PREFIXES.some((prefix) => loc.includes(prefix)))).toBe(false)
  })
})

describe('/robots.txt', () => {
  it('keeps crawlers off private pages and points at the sitemap', async () => {
    const response = await callRoute(robots, getRequest('/robots.txt'))
    expect(response.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
    const lines = (await response.text()).split('\n')
    expect(lines[0]).toBe('User-agent: *')
    for (const path of ['/dashboard', '/settings', '/admin/', '/chat-admin', '/payment/', '/api/'])
      expect(lines).toContain(`Disallow: ${path}`)
    expect(lines).toContain(`Sitemap: ${getEnv().appUrl}/sitemap.xml`)
    // Nothing public is disallowed.
    for (const path of PUBLIC_PAGES)
      expect(PRIVATE_PREFIXES.some((prefix) => path.startsWith(prefix))).toBe(false)
  })
})

describe('/disney-hotel-alerts', () => {
  it('lists 8 hotels per destination and 10 popular ones, all with pages', async () => {
    const data = await (await callRoute(guideLoader, getRequest('/disney-hotel-alerts'))).json()
    expect(data.popular).toHaveLength(10)
    expect(data.examples.map((group: { display: string }) => group.display)).toEqual([
      'Walt Disney World',
      'Disneyland Resort',
    ])
    // Disneyland sells five hotels, fewer than the eight examples.
    expect(data.examples.map((group: { hotels: unknown[] }) => group.hotels.length)).toEqual([8, 5])
    const paths = await getDb()
      .selectFrom('resorts')
      .select(['name', 'locationIdentifier'])
      .execute()
    const pages = new Set(paths.map((r) => `/alerts/${r.locationIdentifier}/${resortSlug(r.name)}`))
    for (const hotel of [
      ...data.popular,
      ...data.examples.flatMap((g: { hotels: unknown[] }) => g.hotels),
    ])
      expect(pages.has(hotel.path), hotel.name).toBe(true)
  })
})

describe('the terms at two addresses', () => {
  it('names /terms as the canonical address of /terms-of-service', () => {
    const canonicalOf = (pathname: string) =>
      (
        legalPageMeta({
          data: { title: 'Terms of Service' },
          params: {},
          location: { pathname, search: '', hash: '', state: null, key: 'default' },
          matches: [{ id: 'root', data: { appUrl: 'https://alerts.example' } }],
        } as unknown as Parameters<typeof legalPageMeta>[0]) as { rel?: string; href?: string }[]
      ).find((tag) => tag.rel === 'canonical')?.href
    expect(canonicalOf('/terms-of-service')).toBe('https://alerts.example/terms')
    expect(canonicalOf('/terms')).toBe('https://alerts.example/terms')
    expect(canonicalOf('/privacy-policy')).toBe('https://alerts.example/privacy-policy')
  })
})
