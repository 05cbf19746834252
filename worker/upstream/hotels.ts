import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { AlertQuestionError, UpstreamFault } from './errors.ts'
import { callDisney, parseShape, type UpstreamOptions } from './http.ts'

export interface HotelQuestion {
  resort: { name: string; locationIdentifier: 'disney-world' | 'disneyland'; sold: boolean }
  checkInDate: string
  checkOutDate: string
  adults: number
  childAges: readonly number[]
  accessible: boolean
}

/** A room of the answer that is bookable: Disney's room id and its code. */
export interface RoomOpening {
  roomId: string
  code: string | null
}

const room = z.object({
  code: z.string().optional(),
  reasonUnavailable: z.string().optional(),
  displayPrice: z.unknown().optional(),
})
/** Room-level availability and prices (upstream-disney.md §2.4). */
export const roomAvailabilitySchema = z.object({
  roomPriceLookup: z.record(z.string(), room),
  orderedRoomIds: z.array(z.string()).optional(),
  reasonsUnavailable: z.array(z.object({ reasonCode: z.string() })).optional(),
})

/** Disney's own slug for a resort page: its name without "Disney's" or "The", hyphenated. */
export function disneyResortSlug(name: string): string {
  return name
    .replace(/^(Disney's|The) /, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** Disneyland Resort's store names its four hotels so (upstream-disney.md §1.F). */
export const DLR_SLUGS: Record<string, string> = {
  'Disneyland Hotel': 'disneyland-hotel',
  'The Villas at Disneyland Hotel': 'villas-at-disneyland-hotel',
  "Disney's Grand Californian Hotel & Spa": 'grand-californian-hotel',
  "The Villas at Disney's Grand Californian Hotel & Spa": 'grand-californian-hotel',
  'Pixar Place Hotel': 'pixar-place-hotel',
}

function partyMix(question: HotelQuestion) {
  return {
    adultCount: question.adults,
    childCount: question.childAges.length,
    nonAdultAges: question.childAges.map((age) => ({ age })),
  }
}

function openRooms(answer: z.output<typeof roomAvailabilitySchema>): RoomOpening[] {
  return Object.entries(answer.roomPriceLookup)
    .filter(([, entry]) => !entry.reasonUnavailable)
    .map(([roomId, entry]) => ({ roomId, code: entry.code ?? null }))
}

/** The rooms of one resort that can be booked for one stay and party. */
export async function fetchRoomOpenings(
  question: HotelQuestion,
  options: UpstreamOptions,
): Promise<RoomOpening[]> {
  if (!question.resort.sold)
    throw new AlertQuestionError(`${question.resort.name} is no longer sold by Disney`)
  if (question.resort.locationIdentifier === 'disneyland') {
    const slug = DLR_SLUGS[question.resort.name]
    if (!slug)
      throw new AlertQuestionError(`${question.resort.name} has no Disneyland Resort store page`)
    const { status, json } = await callDisney({
      family: 'dlr-hotel',
      method: 'POST',
      url: `https://disneyland.disney.go.com/dlr-resort-details-api/api/v1/availability-and-prices/${slug}?storeId=dlr&accessible=${question.accessible}`,
      timeoutMs: options.timeoutMs,
      via: options.via,
      headers: {
        'X-Disney-Internal-Core-Api-Product-Instance': 'true',
        Referer: `https://disneyland.disney.go.com/hotels/${slug}/rates-rooms/`,
      },
      body: {
        checkInDate: question.checkInDate,
        checkOutDate: question.checkOutDate,
        partyMix: { ...partyMix(question), infantCount: 0 },
        accessible: question.accessible,
        affiliations: ['STD_GST'],
      },
    })
    // 404 with system error 220141: no rooms at all for this stay, which is an answer.
    if (status === 404) return []
    if (status === 428) throw new UpstreamFault('dlr-hotel', 'challenge', 'bot challenge (428)')
    if (status !== 200) throw new UpstreamFault('dlr-hotel', 'http', `answered ${status}`)
    return openRooms(parseShape('dlr-hotel', roomAvailabilitySchema, json))
  }

  const slug = disneyResortSlug(question.resort.name)
  const { status, json } = await callDisney({
    family: 'wdw-hotel',
    method: 'POST',
    url: `https://disneyworld.disney.go.com/wdw-resorts-details-api/api/v1/resort/${slug}/availability-and-prices/?storeId=wdw`,
    timeoutMs: options.timeoutMs,
    via: options.via,
    body: {
      checkInDate: question.checkInDate,
      checkOutDate: question.checkOutDate,
      partyMix: partyMix(question),
      region: 'US',
      accessible: question.accessible,
      marketingOfferId: 'room-only',
      affiliations: ['STD_GST'],
      personalizationId: randomUUID(),
    },
  })
  if (status === 428) throw new UpstreamFault('wdw-hotel', 'challenge', 'bot challenge (428)')
  if (status !== 200) throw new UpstreamFault('wdw-hotel', 'http', `answered ${status}`)
  return openRooms(parseShape('wdw-hotel', roomAvailabilitySchema, json))
}
