import { describe, expect, it } from 'vitest'
import { resortSlug } from '~/domain/slug'
import { getDb } from '~/utils/db.server'
import { hotelPage, metaOf, ORIGIN, structuredData } from '../support/hotel-page.ts'

describe('/alerts/{location}/{slug}', () => {
  it('has a page for every one of the 37 catalogue hotels, with their rooms and own text', async () => {
    const resorts = await getDb()
      .selectFrom('resorts')
      .selectAll()
      .where('listed', '=', true)
      .execute()
    expect(resorts).toHaveLength(37)
    for (const resort of resorts) {
      const { status, data } = await hotelPage(resort.locationIdentifier, resortSlug(resort.name))
      expect(status, resort.name).toBe(200)
      expect(data.hotel.name).toBe(resort.name)
      expect(data.hotel.about, resort.name).not.toContain('we check Disney') // no generic text
      expect(data.rooms.length, resort.name).toBeGreaterThan(0)
      expect(data.rooms.length).toBeLessThanOrEqual(40)
      const start = new URL(data.hotel.startPath, ORIGIN)
      expect(start.pathname).toBe('/alerts/hotels')
      expect(Object.fromEntries(start.searchParams)).toEqual({
        hotel: resort.name,
        hotelId: resort.id,
        disneyId: resort.disneyIdentifier ?? '',
        location: resort.locationIdentifier,
      })
    }
  })

  it.each([
    ['disney-world', 'no-such-hotel'],
    ['disneyland', 'disney-s-contemporary-resort'],
    ['wdw', 'disney-s-contemporary-resort'],
    ['disney-world', "disney's-contemporary-resort"],
  ])('answers 404 Hotel not found for /alerts/%s/%s', async (location, slug) => {
    const { status, data } = await hotelPage(location, slug)
    expect(status).toBe(404)
    expect(data.hotel).toBeNull()
    const tags = metaOf(data, `/alerts/${location}/${slug}`)
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex, nofollow' })
  })

  it('notes that Paradise Pier became Pixar Place and points its canonical there', async () => {
    const { status, data } = await hotelPage('disneyland', 'disney-s-paradise-pier-hotel')
    expect(status).toBe(200)
    expect(data.replacedBy).toEqual({
      name: 'Pixar Place Hotel',
      path: '/alerts/disneyland/pixar-place-hotel',
    })
    const tags = metaOf(data, '/alerts/disneyland/disney-s-paradise-pier-hotel')
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: `${ORIGIN}/alerts/disneyland/pixar-place-hotel`,
    })
    const other = await hotelPage('disneyland', 'pixar-place-hotel')
    expect(other.data.replacedBy).toBeNull()
  })

  it('writes title, description, keywords, social tags and valid JSON-LD', async () => {
    const path = '/alerts/disney-world/disney-s-grand-floridian-resort-and-spa'
    const { data } = await hotelPage('disney-world', 'disney-s-grand-floridian-resort-and-spa')
    const tags = metaOf(data, path)
    const content = (key: string, value: string) =>
      (tags.find((tag) => tag[key] === value) as { content?: string } | undefined)?.content
    expect(tags[0]).toEqual({
      title: "Disney's Grand Floridian Resort & Spa Disney Hotel Alerts | Room availability texts",
    })
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${ORIGIN}${path}` })
    expect(content('property', 'og:url')).toBe(`${ORIGIN}${path}`)
    expect(content('property', 'og:image')).toBe(`${ORIGIN}/images/hero.png`)
    expect(content('name', 'twitter:card')).toBe('summary_large_image')
    const keywords = content('name', 'keywords')!.split(', ')
    expect(keywords).toEqual(data.rooms.slice(0, 6).map((room: { name: string }) => room.name))
    for (const keyword of keywords) expect(content('name', 'description')).toContain(keyword)

    const [place, rooms, breadcrumb, faq] = structuredData(tags)
    for (const item of [place, rooms, breadcrumb, faq])
      expect(item!['@context']).toBe('https://schema.org')
    expect(place).toMatchObject({
      '@type': 'Hotel',
      name: "Disney's Grand Floridian Resort & Spa",
      url: `${ORIGIN}${path}`,
      address: { '@type': 'PostalAddress', addressRegion: 'FL', addressCountry: 'US' },
    })
    expect(rooms!['@type']).toBe('ItemList')
    expect(rooms!.itemListElement).toHaveLength(Math.min(20, data.rooms.length))
    rooms!.itemListElement.forEach((item: Record<string, unknown>, index: number) =>
      expect(item).toEqual({
        '@type': 'ListItem',
        position: index + 1,
        name: data.rooms[index].name,
      }),
    )
    expect(breadcrumb!['@type']).toBe('BreadcrumbList')
    expect(breadcrumb!.itemListElement.map((item: { item: string }) => item.item)).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/disney-hotel-alerts`,
      `${ORIGIN}${path}`,
    ])
    expect(faq!['@type']).toBe('FAQPage')
    expect(faq!.mainEntity).toHaveLength(2)
    for (const question of faq!.mainEntity) {
      expect(question['@type']).toBe('Question')
      expect(question.name).toMatch(/\?$/)
      expect(question.acceptedAnswer['@type']).toBe('Answer')
      expect(question.acceptedAnswer.text.length).toBeGreaterThan(40)
    }
  })
})
