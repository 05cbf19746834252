import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { DESTINATION_HOSTS } from '../../app/domain/booking-links.ts'
import { UpstreamFault } from './errors.ts'
import { callDisney, parseShape, type UpstreamOptions } from './http.ts'

/** The three groups of an answer: restaurants, dinner shows and dining events (packages, parties). */
export type VenueGroup = 'restaurant' | 'dinnerShow' | 'diningEvent'

/** Only tables anyone may book are openings (docs/decisions/0007-disney-answers.md). */
export const BOOKABLE_ACCESSIBILITY = 'GENERAL'

/** One bookable time at one venue. */
export interface DiningOffer {
  /** Disney's bare numeric id of the restaurant, dinner show or dining event. */
  venueId: string
  date: string
  time: string
  mealPeriod: string
}

/** A venue the answer lists, with or without offers: what catalogue drift is measured on. */
export interface AnswerVenue {
  venueId: string
  group: VenueGroup
  name: string
  offers: number
}

export type DiningAnswer =
  | { kind: 'offers'; offers: DiningOffer[]; venues: AnswerVenue[] }
  /**
   * HTTP 200 with `{code: 404, message: "error.404.default.message"}`: Disney found nothing to
   * say, which it answers both for "no tables" and for a session that is not logged in
   * (upstream-disney.md §1.C, §2.3d). Not a fault; watched on /healthz when it never ends.
   */
  | { kind: 'not-found' }

const slot = z.object({
  time: z.string().regex(/^\d{2}:\d{2}(:\d{2})?$/),
  offerId: z.string().optional(),
  label: z.string().optional(),
})
const mealPeriodOffer = z.object({
  mealPeriodType: z.string().optional(),
  offersByAccessibility: z
    .array(z.object({ accessibilityLevel: z.string().optional(), offers: z.array(slot).nullish() }))
    .nullish(),
})
const restaurant = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  name: z.string().optional(),
  offers: z.record(z.string(), z.array(mealPeriodOffer).nullish()).nullish(),
})
/**
 * A dinner show or dining event. Public parsers disagree on where Disney puts its times: laid
 * out like a restaurant's (the entry's own `offers`), or nested under the restaurants hosting it
 * (`eventTimes[].restaurant`). Both are read (tests/fixtures/disney/README.md).
 */
const event = restaurant.extend({
  eventTimes: z
    .array(
      z.object({
        eventProductId: z.string().optional(),
        eventLabel: z.string().optional(),
        eventFacilityId: z.string().optional(),
        restaurant: z.record(z.string(), restaurant).nullish(),
      }),
    )
    .nullish(),
})
/** The all-restaurants search of dine-res (upstream-disney.md §2.3a). */
export const diningAvailabilitySchema = z.object({
  statusCode: z.number().optional(),
  restaurant: z.record(z.string(), restaurant).nullish(),
  dinnerShow: z.record(z.string(), event).nullish(),
  diningEvent: z.record(z.string(), event).nullish(),
})
const notFoundSchema = z.object({ code: z.literal(404), message: z.string().optional() })

/** Ids come bare ("80010856") or with their type ("80010856;entityType=dinner-show"). */
export function bareId(key: string): string {
  return key.split(';')[0]!.trim()
}

function hhmmss(time: string) {
  return time.length === 5 ? `${time}:00` : time
}

/** Every GENERAL slot of one venue's meal periods on the date asked. */
function offersOf(
  venueId: string,
  periods: z.output<typeof mealPeriodOffer>[] | null | undefined,
  date: string,
): DiningOffer[] {
  const offers: DiningOffer[] = []
  for (const period of periods ?? []) {
    for (const tier of period.offersByAccessibility ?? []) {
      if ((tier.accessibilityLevel ?? BOOKABLE_ACCESSIBILITY) !== BOOKABLE_ACCESSIBILITY) continue
      for (const { time } of tier.offers ?? []) {
        offers.push({ venueId, date, time: hhmmss(time), mealPeriod: period.mealPeriodType ?? '' })
      }
    }
  }
  return offers
}

/** The meal periods of a show or event on the date, wherever the answer lays them out. */
function eventPeriods(entry: z.output<typeof event>, date: string) {
  const hosted = (entry.eventTimes ?? []).flatMap((time) =>
    Object.values(time.restaurant ?? {}).flatMap((host) => host.offers?.[date] ?? []),
  )
  return [...(entry.offers?.[date] ?? []), ...hosted]
}

/** Reads a dine-res answer into the offers of every venue it lists, for one date. */
export function readDiningAnswer(body: unknown, date: string): DiningAnswer {
  if (notFoundSchema.safeParse(body).success) return { kind: 'not-found' }
  const answer = parseShape('dining', diningAvailabilitySchema, body)
  if (!answer.restaurant && !answer.dinnerShow && !answer.diningEvent) {
    throw new UpstreamFault('dining', 'shape', 'answer lists no restaurant, dinner show or event')
  }
  // A time listed twice for one venue (in both layouts, or under two hosts) is one opening.
  const offers = new Map<string, DiningOffer>()
  const venues = new Map<string, AnswerVenue>()
  const add = (
    venueId: string,
    group: VenueGroup,
    name: string | undefined,
    periods: z.output<typeof mealPeriodOffer>[] | null | undefined,
  ) => {
    let venue = venues.get(venueId)
    if (!venue) venues.set(venueId, (venue = { venueId, group, name: name ?? '', offers: 0 }))
    for (const offer of offersOf(venueId, periods, date)) {
      const key = `${venueId}|${offer.time}`
      if (offers.has(key)) continue
      offers.set(key, offer)
      venue.offers += 1
    }
  }
  for (const [key, entry] of Object.entries(answer.restaurant ?? {})) {
    add(bareId(key), 'restaurant', entry.name, entry.offers?.[date])
  }
  for (const group of ['dinnerShow', 'diningEvent'] as const) {
    for (const [key, entry] of Object.entries(answer[group] ?? {})) {
      // The opening is the show's or event's, whichever restaurant hosts it: that is what an
      // alert on a dinner show or a dining package asks about.
      add(bareId(key), group, entry.name, eventPeriods(entry, date))
    }
  }
  return { kind: 'offers', offers: [...offers.values()], venues: [...venues.values()] }
}

/**
 * Every bookable time at every venue of a destination for one party and date: one call serves
 * every dining alert asking that question.
 */
export async function fetchDiningAnswer(
  question: { destination: keyof typeof DESTINATION_HOSTS; partySize: number; date: string },
  options: UpstreamOptions & { token: string },
): Promise<DiningAnswer> {
  const host = DESTINATION_HOSTS[question.destination]
  const path = `/dine-res/api/availability/${question.partySize}/${question.date},${question.date}/00:00:00,23:59:59`
  // `trim` drops heavy fields; `trimExclude` keeps the dining events, as Disney's own page asks.
  const query =
    'trim=facets,media,webLinks,mediaGalleries,sortProductName&trimExclude=dining-events,diningEvent'
  const { status, json } = await callDisney({
    family: 'dining',
    method: 'GET',
    url: `${host}${path}?${query}`,
    timeoutMs: options.timeoutMs,
    via: options.via,
    // Without a live session dine-res serves its single-page app instead of JSON.
    htmlMeans: {
      reason: 'auth',
      message: 'answered the site page instead of JSON: session expired',
    },
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
    throw new UpstreamFault('dining', 'auth', `dining credentials refused (${status})`)
  if (status === 428) throw new UpstreamFault('dining', 'challenge', 'bot challenge (428)')
  // dine-res answers "no availability" with an HTTP 404 or an empty 204 (upstream-disney.md §2.3d).
  if (status === 404 || status === 204) return { kind: 'offers', offers: [], venues: [] }
  if (status !== 200) throw new UpstreamFault('dining', 'http', `answered ${status}`)
  return readDiningAnswer(json, question.date)
}
