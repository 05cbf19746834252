import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { UpstreamFault } from './errors.ts'
import { callDisney, parseShape, type UpstreamOptions } from './http.ts'

/*
 * Walt Disney World's anonymous all-resorts search (upstream-disney.md §1.D, shapes §2.4): one
 * call says, for a stay and party, which resorts have any room to book, so the room-level call is
 * made only where it can find one. No raw answer of it has been captured: what is read here is
 * what other projects' parsers read (tests/fixtures/disney/README.md says what is assumed).
 */

const FAMILY = 'wdw-all-resorts'

/** A stay and party, asked of every Walt Disney World resort at once. */
export interface ResortAvailabilityQuestion {
  checkInDate: string
  checkOutDate: string
  adults: number
  childAges: readonly number[]
  accessible?: boolean
}

/** A Walt Disney World catalogue resort as the answer is matched to it. */
export interface ResortKeys {
  /** Our key. */
  id: string
  /** Disney's facility id: the key of the answer; null when no source gives one. */
  disneyIdentifier: string | null
  /** Disney's address for the room-level call. */
  disneySlug: string | null
}

/** What the answer says of one resort it lists. */
export interface ResortReading {
  facilityId: string
  /** The catalogue resorts under this id; none when the catalogue does not know it. */
  resortIds: string[]
  /** Disney priced an offer: some room can be booked for the whole stay. */
  available: boolean
  /** The cheapest offer's average nightly price before tax, in dollars; null when none. */
  fromPrice: number | null
  /** Disney's reason codes, given when nothing is offered. */
  reasons: string[]
}

export interface ResortAvailabilityAnswer {
  /** Every resort the answer lists, in Disney's display order. */
  resorts: ResortReading[]
  /** Listed ids no catalogue resort carries (Jambo House, a resort new to Disney): drift. */
  unknownFacilityIds: string[]
  /** Catalogue resorts the answer says nothing of: no Disney id, or an id it does not list. */
  unlistedResortIds: string[]
  /**
   * Disney's addresses where the room-level call can find a bookable room. One is left out only
   * when every catalogue resort at it is listed and not available: an address shared with a
   * resort the answer does not list (the Treehouse Villas at Saratoga Springs) is always asked.
   */
  addressesToAsk: string[]
}

const offer = z.object({
  displayPrice: z.object({ basePrice: z.object({ subtotal: z.number().nonnegative() }) }),
})
const resort = z.object({
  displaySequence: z.number().optional(),
  // Its one bucket is keyed `annual`, `best`, `rackOffer` or `specialOffer` by store and
  // promotion (parkfi, the deal tracker): read by value.
  offers: z.record(z.string(), offer).nullish(),
  reasonsUnavailable: z.array(z.object({ reasonCode: z.string() })).nullish(),
})
/** The all-resorts answer: resorts keyed by bare numeric facility id. */
export const resortAvailabilitySchema = z.object({
  resorts: z
    .record(z.string().regex(/^\d+$/, 'a Disney facility id'), resort)
    .refine((resorts) => Object.keys(resorts).length > 0, 'lists no resort'),
})

/**
 * Reads an all-resorts answer against the catalogue's Walt Disney World resorts. Anything but a
 * 200 in the known shape is a fault: Disney gives no "nothing open" status here, and an answer we
 * cannot read must never be taken for one.
 */
export function readResortAvailability(
  status: number,
  json: unknown,
  catalogue: readonly ResortKeys[],
): ResortAvailabilityAnswer {
  if (status === 428) throw new UpstreamFault(FAMILY, 'challenge', 'bot challenge (428)')
  if (status !== 200) throw new UpstreamFault(FAMILY, 'http', `answered ${status}`)
  const answer = parseShape(FAMILY, resortAvailabilitySchema, json)

  const byFacility = new Map<string, string[]>()
  for (const { id, disneyIdentifier } of catalogue)
    if (disneyIdentifier)
      byFacility.set(disneyIdentifier, [...(byFacility.get(disneyIdentifier) ?? []), id])
  // JSON.parse puts keys that look like numbers in numeric order; Disney's order is its own.
  const last = Number.MAX_SAFE_INTEGER
  const resorts = Object.entries(answer.resorts)
    .sort(([, a], [, b]) => (a.displaySequence ?? last) - (b.displaySequence ?? last))
    .map(([facilityId, node]): ResortReading => {
      const prices = Object.values(node.offers ?? {}).map((o) => o.displayPrice.basePrice.subtotal)
      return {
        facilityId,
        resortIds: byFacility.get(facilityId) ?? [],
        // A priced offer beside a reason still counts: the room-level call then decides.
        available: prices.length > 0,
        fromPrice: prices.length ? Math.min(...prices) : null,
        reasons: (node.reasonsUnavailable ?? []).map((reason) => reason.reasonCode),
      }
    })

  const listed = new Set(resorts.flatMap((reading) => reading.resortIds))
  const open = new Set(resorts.filter((r) => r.available).flatMap((r) => r.resortIds))
  return {
    resorts,
    unknownFacilityIds: resorts.filter((r) => r.resortIds.length === 0).map((r) => r.facilityId),
    unlistedResortIds: catalogue.filter((r) => !listed.has(r.id)).map((r) => r.id),
    addressesToAsk: [
      ...new Set(
        catalogue.flatMap(({ id, disneySlug }) =>
          disneySlug && (open.has(id) || !listed.has(id)) ? [disneySlug] : [],
        ),
      ),
    ],
  }
}

/** Which Walt Disney World resorts have any room for one stay and party: one call for all. */
export async function fetchResortAvailability(
  question: ResortAvailabilityQuestion,
  options: UpstreamOptions & { resorts: readonly ResortKeys[] },
): Promise<ResortAvailabilityAnswer> {
  const { status, json } = await callDisney({
    family: FAMILY,
    method: 'POST',
    url: 'https://disneyworld.disney.go.com/wdpr-resorts-list-api/api/v1/resort-availability',
    timeoutMs: options.timeoutMs,
    via: options.via,
    // As parkfi and the deal tracker send it: ages as objects (bare numbers get a 500), a
    // personalization id present.
    body: {
      storeId: 'wdw',
      checkInDate: question.checkInDate,
      checkOutDate: question.checkOutDate,
      partyMix: {
        adultCount: question.adults,
        childCount: question.childAges.length,
        nonAdultAges: question.childAges.map((age) => ({ age })),
      },
      accessible: question.accessible ?? false,
      region: 'us',
      resortGroup: 'CORE',
      affiliations: ['STD_GST'],
      marketingOfferId: 'room-only',
      personalizationId: randomUUID(),
    },
  })
  return readResortAvailability(status, json, options.resorts)
}
