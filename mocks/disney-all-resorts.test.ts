/**
 * The simulator's all-resorts search against the adapter's contract and against its own
 * room-level answers: read through the real adapters (msw answering node's http, as in
 * development), it must take the adapter's schema and the fixture's shape, and call a resort
 * available exactly when the room-level answer for the same stay and party has a bookable room
 * of that resort.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { openRoomTypes } from '../app/domain/room-keys.ts'
import { readCatalogue } from '../db/catalogue.ts'
import { simulatorAt } from '../tests/support/disney-simulator.ts'
import { callDisney } from '../worker/upstream/http.ts'
import { fetchRoomAnswer, type RoomAnswer } from '../worker/upstream/hotels.ts'
import {
  fetchResortAvailability,
  resortAvailabilitySchema,
  type ResortAvailabilityQuestion,
} from '../worker/upstream/resort-availability.ts'
import { configureSimulator } from './disney.ts'

const NOW = new Date('2026-12-01T15:00:00Z')
simulatorAt(NOW)

const { resorts } = await readCatalogue()
const wdw = resorts.filter((resort) => resort.locationIdentifier === 'disney-world')
const listed = wdw.filter((resort) => resort.disneyIdentifier)
const named = (name: string) => wdw.find((resort) => resort.name === name)!
const day = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString().slice(0, 10)

const OPTIONS = { timeoutMs: 5000 }
const allResorts = (stay: ResortAvailabilityQuestion) =>
  fetchResortAvailability(stay, { ...OPTIONS, resorts: wdw })
const URL_ALL = 'https://disneyworld.disney.go.com/wdpr-resorts-list-api/api/v1/resort-availability'

/** The all-resorts answer as Disney's JSON, asked as the adapter asks it. */
async function rawAnswer(stay: ResortAvailabilityQuestion) {
  const { status, json } = await callDisney({
    ...OPTIONS,
    family: 'wdw-all-resorts',
    method: 'POST',
    url: URL_ALL,
    body: {
      checkInDate: stay.checkInDate,
      checkOutDate: stay.checkOutDate,
      partyMix: {
        adultCount: stay.adults,
        childCount: stay.childAges.length,
        nonAdultAges: stay.childAges.map((age) => ({ age })),
      },
    },
  })
  return { status, json }
}

/** Each listed resort's room-level reading: does its own answer have a room of its to book? */
async function roomLevel(stay: ResortAvailabilityQuestion) {
  const answers = new Map<string, RoomAnswer>()
  const open = new Map<string, boolean>()
  for (const resort of listed) {
    const slug = resort.disneySlug!
    if (!answers.has(slug))
      answers.set(
        slug,
        await fetchRoomAnswer(
          {
            resort: { name: resort.name, locationIdentifier: 'disney-world', disneySlug: slug },
            ...stay,
            accessible: stay.accessible ?? false,
          },
          OPTIONS,
        ),
      )
    const answer = answers.get(slug)!
    open.set(
      resort.disneyIdentifier!,
      answer.kind === 'rooms' && openRoomTypes(answer.rooms, resort.roomTypes).length > 0,
    )
  }
  return { answers, open }
}

/** Every path of a JSON value with its type; the keys of Disney's maps (ids, buckets) as `*`. */
function shapeOf(value: unknown, at = '', into = new Set<string>()) {
  into.add(`${at}: ${Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value}`)
  if (Array.isArray(value)) for (const item of value) shapeOf(item, `${at}[]`, into)
  else if (value && typeof value === 'object') {
    const map = ['resorts', 'offers', 'marketingOffers'].includes(at.split('.').at(-1)!)
    for (const [key, item] of Object.entries(value)) shapeOf(item, `${at}.${map ? '*' : key}`, into)
  }
  return into
}
const FIXTURE_SHAPE = shapeOf(
  JSON.parse(
    readFileSync(
      new URL(
        '../tests/fixtures/disney/wdw-resort-availability.assumed.2027-01-15.party2.200.json',
        import.meta.url,
      ),
      'utf8',
    ),
  ),
)

const NEAR = { checkInDate: day(2), checkOutDate: day(5), adults: 2, childAges: [] }

describe("the simulator's all-resorts search", () => {
  it("takes the adapter's schema and the fixture's shape, listing every resort with a Disney id", async () => {
    configureSimulator({ script: { dining: [], rooms: ['QA', '2A'] } })
    const { status, json } = await rawAnswer(NEAR)
    expect(status).toBe(200)
    expect(resortAvailabilitySchema.safeParse(json).error).toBeUndefined()
    expect([...shapeOf(json)].filter((path) => !FIXTURE_SHAPE.has(path))).toEqual([])
    expect(Object.keys((json as { resorts: object }).resorts).sort()).toEqual(
      listed.map((resort) => resort.disneyIdentifier).sort(),
    )
  })

  it("opens exactly the scripted rooms' resorts, from their room-level price, never a neighbour at the same address", async () => {
    // QA is a Lodge room at the Animal Kingdom address, 2A Copper Creek's, TH the Treehouse
    // Villas' (no Disney id), MU a Polynesian villa at the Polynesian Village's address.
    configureSimulator({ script: { dining: [], rooms: ['QA', '2A', 'TH', 'MU'] } })
    const answer = await allResorts(NEAR)
    expect(answer.resorts.filter((r) => r.available).flatMap((r) => r.resortIds)).toEqual(
      [
        "Disney's Animal Kingdom Lodge",
        "Copper Creek Villas & Cabins at Disney's Wilderness Lodge",
        "Disney's Polynesian Villas & Bungalows",
      ].map((name) => named(name).id),
    )
    const { open } = await roomLevel(NEAR)
    for (const reading of answer.resorts)
      expect(open.get(reading.facilityId)).toBe(reading.available)

    const { json } = await callDisney({
      ...OPTIONS,
      family: 'wdw-hotel',
      method: 'POST',
      url: 'https://disneyworld.disney.go.com/wdw-resorts-details-api/api/v1/resort/animal-kingdom-lodge/availability-and-prices/?storeId=wdw',
      body: NEAR,
    })
    const rooms = Object.values(
      (json as { roomPriceLookup: Record<string, { code: string; displayPrice?: unknown }> })
        .roomPriceLookup,
    )
    const qa = rooms.find((room) => room.code === 'QA')!.displayPrice as {
      basePrice: { subtotal: string }
    }
    expect(answer.resorts.find((r) => r.facilityId === '80010395')?.fromPrice).toBe(
      Number(qa.basePrice.subtotal),
    )
    // Kidani shares the Lodge's address and is not open; the Treehouse Villas keep Saratoga
    // Springs asked, though its own rooms are not open.
    expect(answer.resorts.find((r) => r.facilityId === '273239')?.available).toBe(false)
    expect(answer.addressesToAsk.sort()).toEqual([
      'animal-kingdom-lodge',
      'copper-creek-villas-and-cabins',
      'polynesian-villas-bungalows',
      'saratoga-springs-resort-and-spa',
    ])
  })

  it('opens nothing while the room-level answer gives a date-wide reason', async () => {
    configureSimulator({
      script: { dining: [], rooms: ['QA', '2A'], reasonsUnavailable: ['INVENTORY_UNAVAILABLE'] },
    })
    const answer = await allResorts(NEAR)
    expect(answer.resorts.filter((r) => r.available)).toEqual([])
    const { open } = await roomLevel(NEAR)
    expect([...open.values()].includes(true)).toBe(false)
  })

  it.each([
    ['two adults, 1–3 days out', NEAR],
    ['a family, 1–3 days out', { ...NEAR, checkOutDate: day(9), adults: 2, childAges: [4, 9] }],
    ['a later week', { checkInDate: day(40), checkOutDate: day(44), adults: 1, childAges: [] }],
  ])('agrees with the room-level answers as openings come and go: %s', async (_, stay) => {
    const answer = await allResorts(stay)
    const { open } = await roomLevel(stay)
    expect(Object.fromEntries(answer.resorts.map((r) => [r.facilityId, r.available]))).toEqual(
      Object.fromEntries(open),
    )
  })

  it('finds some resorts open and some not across the drawn stays: the comparison above is not empty', async () => {
    const stays = [NEAR, { ...NEAR, checkOutDate: day(9) }, { ...NEAR, checkInDate: day(3) }]
    const readings = (await Promise.all(stays.map(allResorts))).flatMap((a) => a.resorts)
    expect(readings.some((r) => r.available)).toBe(true)
    expect(readings.some((r) => !r.available)).toBe(true)
  })

  it('beyond the booking window lists every resort without an offer, where the room-level call says "not bookable yet"', async () => {
    const far = { checkInDate: day(400), checkOutDate: day(403), adults: 2, childAges: [] }
    const answer = await allResorts(far)
    expect(answer.resorts).toHaveLength(listed.length)
    expect(answer.resorts.filter((r) => r.available)).toEqual([])
    const { answers } = await roomLevel(far)
    expect(new Set([...answers.values()].map((a) => a.kind))).toEqual(new Set(['not-bookable-yet']))
  })

  it("keeps Disney's rules for ages: bare numbers are a 500, none for children a 400", async () => {
    const ask = (nonAdultAges?: unknown[]) =>
      callDisney({
        ...OPTIONS,
        family: 'wdw-all-resorts',
        method: 'POST',
        url: URL_ALL,
        body: { ...NEAR, partyMix: { adultCount: 2, childCount: 1, nonAdultAges } },
      })
    expect((await ask([5])).status).toBe(500)
    expect((await ask()).status).toBe(400)
    expect((await ask([{ age: 5 }])).status).toBe(200)
  })

  it.each([
    ['bot-challenge', 'challenge'],
    ['server-error', 'http'],
    ['malformed', 'shape'],
    ['html', 'shape'],
  ] as const)(
    'answers the injected %s, which the adapter takes for a %s fault',
    async (fault, reason) => {
      configureSimulator({ fault })
      await expect(allResorts(NEAR)).rejects.toMatchObject({ family: 'wdw-all-resorts', reason })
    },
  )
})
