import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { UpstreamFault } from './errors.ts'
import { callDisney, parseShape, type UpstreamOptions } from './http.ts'

export const DESTINATION_HOSTS = {
  'disney-world': 'https://disneyworld.disney.go.com',
  disneyland: 'https://disneyland.disney.go.com',
} as const

/** One bookable time at one restaurant. */
export interface DiningOffer {
  restaurantId: string
  date: string
  time: string
  mealPeriod: string
}

const offer = z.object({
  time: z.string().regex(/^\d{2}:\d{2}(:\d{2})?$/),
  offerId: z.string().optional(),
  label: z.string().optional(),
})
const mealPeriodOffer = z.object({
  mealPeriodType: z.string().optional(),
  offersByAccessibility: z.array(
    z.object({ accessibilityLevel: z.string().optional(), offers: z.array(offer) }),
  ),
})
const restaurant = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  name: z.string().optional(),
  offers: z.record(z.string(), z.array(mealPeriodOffer)).nullish(),
})
/** The all-restaurants search of dine-res (upstream-disney.md §2.3a). */
export const diningAvailabilitySchema = z.object({
  statusCode: z.number().optional(),
  restaurant: z.record(z.string(), restaurant),
})

/**
 * Every bookable time at every restaurant of a destination for one party and date: one call
 * serves every dining alert asking that question.
 */
export async function fetchDiningOffers(
  question: { destination: keyof typeof DESTINATION_HOSTS; partySize: number; date: string },
  options: UpstreamOptions & { token: string },
): Promise<DiningOffer[]> {
  const host = DESTINATION_HOSTS[question.destination]
  const path = `/dine-res/api/availability/${question.partySize}/${question.date},${question.date}/00:00:00,23:59:59`
  const query =
    'trim=facets,media,webLinks,mediaGalleries,sortProductName&trimExclude=dining-events,diningEvent'
  const { status, json } = await callDisney({
    family: 'dining',
    method: 'GET',
    url: `${host}${path}?${query}`,
    timeoutMs: options.timeoutMs,
    via: options.via,
    headers: {
      Authorization: `BEARER ${options.token}`,
      'x-disney-internal-dine-vas-eks': 'true',
      'x-disney-internal-dine-vas-365': 'true',
      'X-Function-Name': 'getAvailability',
      'X-Conversation-Id': randomUUID(),
      Referer: `${host}/dine-res/search-results`,
    },
  })
  if (status === 401 || status === 403)
    throw new UpstreamFault('dining', 'auth', 'dining credentials expired')
  if (status === 428) throw new UpstreamFault('dining', 'challenge', 'bot challenge (428)')
  if (status === 404 || status === 204) return []
  if (status !== 200) throw new UpstreamFault('dining', 'http', `answered ${status}`)
  const body = parseShape('dining', diningAvailabilitySchema, json)
  const offers: DiningOffer[] = []
  for (const [restaurantId, entry] of Object.entries(body.restaurant)) {
    for (const period of entry.offers?.[question.date] ?? []) {
      for (const tier of period.offersByAccessibility) {
        for (const slot of tier.offers) {
          offers.push({
            restaurantId,
            date: question.date,
            time: slot.time.length === 5 ? `${slot.time}:00` : slot.time,
            mealPeriod: period.mealPeriodType ?? '',
          })
        }
      }
    }
  }
  return offers
}
