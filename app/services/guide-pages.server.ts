import { PAGE_COPY } from '~/utils/http.server'
import { json } from '@remix-run/node'
import { z } from 'zod'
import type { Resort } from '../../db/schema.ts'
import { DESTINATIONS } from '~/domain/destinations'
import { hotelPagePath } from '~/domain/hotel-page'
import { listResorts } from '~/models/catalogue.server'
import { readContentJson } from '~/utils/content.server'
import { getDb } from '~/utils/db.server'

/** Guide pages (catalogue §2), each a JSON file under content/guides/. */
export const GUIDE_PAGES = [
  'disney-hotel-alerts',
  'disney-resort-availability',
  'disney-room-alerts',
  'disney-room-availability',
] as const
export type GuideName = (typeof GUIDE_PAGES)[number]

/** Hotel examples: the first 8 of each destination, and 10 in the popular list (§9). */
export const HOTEL_EXAMPLES = { perLocation: 8, popular: 10 } as const

const qa = z.object({ question: z.string().min(1), answer: z.string().min(1) })
const link = z.object({ path: z.string().startsWith('/'), label: z.string().min(1) })

export const guideSchema = z.object({
  title: z.string().min(1),
  metaTitle: z.string().min(1),
  description: z.string().min(50).max(200),
  intro: z.string().min(1),
  sections: z
    .array(z.object({ heading: z.string().min(1), paragraphs: z.array(z.string().min(1)).min(1) }))
    .min(1),
  faq: z.array(qa).min(1),
  blog: z.array(link).min(1),
  popular: z.array(z.string()).max(HOTEL_EXAMPLES.popular).optional(),
})

/** Popular hotels when a guide names none: the hotel alerts guide's list. */
const DEFAULT_POPULAR_FROM: GuideName = 'disney-hotel-alerts'

export function hotelLink(resort: Resort) {
  return { name: resort.name, path: hotelPagePath(resort.locationIdentifier, resort.name) }
}

function readGuide(name: GuideName) {
  return readContentJson(`guides/${name}.json`, guideSchema)
}

/** A guide's copy with the hotel pages it links to. */
export async function loadGuidePage(name: GuideName) {
  const [guide, resorts] = await Promise.all([readGuide(name), listResorts(getDb())])
  const sold = resorts.filter((resort) => resort.sold)
  const popularNames = guide.popular ?? (await readGuide(DEFAULT_POPULAR_FROM)).popular ?? []
  const popular = popularNames.flatMap((hotel) => {
    const resort = sold.find((item) => item.name === hotel)
    return resort ? [hotelLink(resort)] : []
  })
  // Only the hotel alerts guide lists every destination's examples.
  const examples =
    name === 'disney-hotel-alerts'
      ? DESTINATIONS.map((destination) => ({
          display: destination.display,
          hotels: sold
            .filter((resort) => resort.locationIdentifier === destination.identifier)
            .slice(0, HOTEL_EXAMPLES.perLocation)
            .map(hotelLink),
        }))
      : []
  return json({ path: `/${name}`, guide, popular, examples }, { headers: PAGE_COPY })
}
