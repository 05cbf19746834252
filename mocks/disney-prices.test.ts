/**
 * The simulator's room prices against the shape of Disney's answers (tests/fixtures/disney,
 * upstream-disney.md §2.4), asked as the adapter asks them (msw answering node's http): nightly
 * prices that vary by date, the stay's average, total and tax that add up, scripted prices and
 * offers that come back exactly, drawn offers that come and go with time, and an all-resorts
 * "from" price that is the cheapest open room's average.
 */
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { roomCarriesKeys } from '../app/domain/room-keys.ts'
import { readCatalogue } from '../db/catalogue.ts'
import { simulatorAt } from '../tests/support/disney-simulator.ts'
import { roomAvailabilitySchema } from '../worker/upstream/hotels.ts'
import { callDisney } from '../worker/upstream/http.ts'
import { fetchResortAvailability } from '../worker/upstream/resort-availability.ts'
import { configureSimulator } from './disney.ts'

// The simulator's present; a test of offers that come and go moves the clock on from it.
const NOW = new Date('2026-12-01T15:00:00Z')
simulatorAt(NOW)

const { resorts } = await readCatalogue()
const OPTIONS = { timeoutMs: 5000 }
const DAY_MS = 86_400_000
/** The date `days` after the simulator's present. */
const day = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)

type Destination = 'disney-world' | 'disneyland'
interface Stay {
  checkInDate: string
  checkOutDate: string
}

const money = z.string().regex(/^\d+\.\d{2}$/, 'dollars with two decimals')
const cents = (dollars: string) => Math.round(Number(dollars) * 100)
/** The fields of a room-level answer these tests read, prices included, as Disney writes them. */
const pricedAnswerSchema = z.object({
  roomPriceLookup: z.record(
    z.string(),
    z.object({
      code: z.string().optional(),
      id: z.string(),
      reasonUnavailable: z.string().optional(),
      marketingOfferId: z.string().optional(),
      displayPrice: z
        .object({ basePrice: z.object({ subtotal: money, taxIncluded: z.literal(false) }) })
        .optional(),
      orderedPricePerNight: z
        .array(
          z.object({
            date: z.string(),
            price: z.object({ subtotal: money, tax: z.literal('0.00'), total: money }),
          }),
        )
        .optional(),
      totalPrice: z.object({ subtotal: money, tax: money, total: money }).optional(),
    }),
  ),
  orderedRoomIds: z.array(z.string()).optional(),
  marketingOfferLookup: z
    .record(
      z.string(),
      z.object({ names: z.object({ displayName: z.string(), longName: z.string() }) }),
    )
    .optional(),
})
type PricedAnswer = z.infer<typeof pricedAnswerSchema>
type LookupRoom = PricedAnswer['roomPriceLookup'][string]

/** One address's room-level answer for a stay, held to the adapter's schema; null for a 404. */
async function askRooms(destination: Destination, slug: string, stay: Stay) {
  const { status, json } = await callDisney({
    ...OPTIONS,
    family: destination === 'disneyland' ? 'dlr-hotel' : 'wdw-hotel',
    method: 'POST',
    url:
      destination === 'disneyland'
        ? `https://disneyland.disney.go.com/dlr-resort-details-api/api/v1/availability-and-prices/${slug}?storeId=dlr&accessible=false`
        : `https://disneyworld.disney.go.com/wdw-resorts-details-api/api/v1/resort/${slug}/availability-and-prices/?storeId=wdw`,
    body: { ...stay, partyMix: { adultCount: 2, childCount: 0, nonAdultAges: [] } },
  })
  if (status === 404) return null
  expect(status).toBe(200)
  expect(roomAvailabilitySchema.safeParse(json).error).toBeUndefined()
  return pricedAnswerSchema.parse(json)
}

/** The rooms of an answer that Disney prices, as the adapter reads a bookable one. */
const pricedRooms = (answer: PricedAnswer | null) =>
  Object.values(answer?.roomPriceLookup ?? {}).filter(
    (
      room,
    ): room is LookupRoom &
      Required<Pick<LookupRoom, 'displayPrice' | 'orderedPricePerNight' | 'totalPrice'>> =>
      !room.reasonUnavailable && room.displayPrice !== undefined,
  )
const nightly = (room: LookupRoom) =>
  (room.orderedPricePerNight ?? []).map((night) => night.price.subtotal)

/** Every night's price adds up to the total; the display price is the average night; tax is 12.5%. */
function expectPricesAddUp(room: ReturnType<typeof pricedRooms>[number], stay: Stay) {
  const nights = room.orderedPricePerNight
  expect(nights.map((night) => night.date)).toEqual(
    Array.from({ length: nights.length }, (_, at) =>
      new Date(Date.parse(stay.checkInDate) + at * DAY_MS).toISOString().slice(0, 10),
    ),
  )
  expect(day0(stay.checkOutDate) - day0(stay.checkInDate)).toBe(nights.length)
  for (const night of nights) expect(night.price.total).toBe(night.price.subtotal)
  const subtotal = nights.reduce((sum, night) => sum + cents(night.price.subtotal), 0)
  expect(cents(room.totalPrice.subtotal)).toBe(subtotal)
  expect(cents(room.displayPrice.basePrice.subtotal)).toBe(Math.round(subtotal / nights.length))
  expect(cents(room.totalPrice.tax)).toBe(Math.round(subtotal * 0.125))
  expect(cents(room.totalPrice.total)).toBe(subtotal + cents(room.totalPrice.tax))
}
const day0 = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS

// Copper Creek's codes and the Grand Californian's ids are Disney's (tests/fixtures/disney).
const WDW_SLUG = 'copper-creek-villas-and-cabins'
const DLR_SLUG = 'grand-californian-hotel'
/** A week's stay, two days out. */
const aWeek = () => ({ checkInDate: day(2), checkOutDate: day(9) })

describe("the simulator's room prices", () => {
  it.each([
    ['disney-world', WDW_SLUG, ['2D', '2A', '2E', '2I']],
    ['disneyland', DLR_SLUG, ['13874720', '13874730', '13874708']],
  ] as const)(
    'at %s, prices each night by its date, and the average, total and tax add up',
    async (destination, slug, rooms) => {
      configureSimulator({ script: { dining: [], rooms: [...rooms] } })
      const week = aWeek()
      const answer = await askRooms(destination, slug, week)
      const priced = pricedRooms(answer)
      expect(priced.map((room) => room.code ?? room.id).sort()).toEqual([...rooms].sort())
      for (const room of priced) {
        expectPricesAddUp(room, week)
        // Whole dollars a night, not the same every night of a week.
        expect(nightly(room).every((price) => price.endsWith('.00'))).toBe(true)
        expect(new Set(nightly(room)).size).toBeGreaterThan(1)
        // No offer without one: Disneyland's standard rate, nothing at Walt Disney World.
        expect(room.marketingOfferId).toBe(destination === 'disneyland' ? '7010' : undefined)
      }
      expect(answer?.marketingOfferLookup).toBeUndefined()
      // The same question at the same moment is priced the same.
      expect(await askRooms(destination, slug, week)).toEqual(answer)
    },
  )

  it('lists the priced rooms cheapest first, then the rest, as Disney orders them', async () => {
    configureSimulator({ script: { dining: [], rooms: ['2D', '2A', '2E', '2I'] } })
    const answer = await askRooms('disney-world', WDW_SLUG, aWeek())
    const averages = (answer?.orderedRoomIds ?? []).map((id) => {
      const price = answer!.roomPriceLookup[id]!.displayPrice
      return price ? cents(price.basePrice.subtotal) : null
    })
    expect(averages).toHaveLength(Object.keys(answer!.roomPriceLookup).length)
    const priced = averages.slice(0, 4)
    expect(priced).toEqual(priced.toSorted((a, b) => a! - b!))
    expect(priced.includes(null)).toBe(false)
    expect(new Set(averages.slice(4))).toEqual(new Set([null]))
  })

  it('prices scripted rooms exactly at Walt Disney World, the stay-specific price first, with their offer named', async () => {
    const stay = { checkInDate: day(3), checkOutDate: day(6) }
    configureSimulator({
      script: {
        dining: [],
        rooms: ['2D', '2E', '2A'],
        prices: {
          '2D': { nightly: 250 },
          '2E': { nightly: 999 },
          [`2E@${stay.checkInDate}/${stay.checkOutDate}`]: {
            nightly: 199.5,
            offer: { id: '11296', name: 'Save up to 25% on Rooms' },
          },
        },
      },
    })
    const answer = await askRooms('disney-world', WDW_SLUG, stay)
    const byCode = new Map(pricedRooms(answer).map((room) => [room.code, room]))
    const twoD = byCode.get('2D')!
    expect(nightly(twoD)).toEqual(['250.00', '250.00', '250.00'])
    expect(twoD.displayPrice.basePrice.subtotal).toBe('250.00')
    expect(twoD.totalPrice).toEqual({ subtotal: '750.00', tax: '93.75', total: '843.75' })
    expect(twoD.marketingOfferId).toBeUndefined()
    const twoE = byCode.get('2E')!
    expect(nightly(twoE)).toEqual(['199.50', '199.50', '199.50'])
    expect(twoE.displayPrice.basePrice.subtotal).toBe('199.50')
    expect(twoE.totalPrice).toEqual({ subtotal: '598.50', tax: '74.81', total: '673.31' })
    expect(twoE.marketingOfferId).toBe('11296')
    expect(answer?.marketingOfferLookup).toEqual({
      '11296': {
        names: { displayName: 'Save up to 25% on Rooms', longName: 'Save up to 25% on Rooms' },
      },
    })
    // 2A is not scripted: its drawn price, with no offer.
    expect(byCode.get('2A')!.marketingOfferId).toBeUndefined()
    expectPricesAddUp(byCode.get('2A')!, stay)

    // Another stay takes 2E's price for every stay, with no offer.
    const other = await askRooms('disney-world', WDW_SLUG, aWeek())
    const twoEWeek = pricedRooms(other).find((room) => room.code === '2E')!
    expect(new Set(nightly(twoEWeek))).toEqual(new Set(['999.00']))
    expect(twoEWeek.marketingOfferId).toBeUndefined()
    expect(other?.marketingOfferLookup).toBeUndefined()
  })

  it('prices scripted rooms exactly at Disneyland, the standard rate where no offer is scripted', async () => {
    const stay = { checkInDate: day(3), checkOutDate: day(5) }
    configureSimulator({
      script: {
        dining: [],
        rooms: ['13874720', '13874730'],
        prices: {
          '13874720': { nightly: 320, offer: { id: '7321', name: 'Save 20% on Summer Stays' } },
          '13874730': { nightly: 410 },
        },
      },
    })
    const answer = await askRooms('disneyland', DLR_SLUG, stay)
    const byId = new Map(pricedRooms(answer).map((room) => [room.id, room]))
    expect(byId.get('13874720')).toMatchObject({
      marketingOfferId: '7321',
      displayPrice: { basePrice: { subtotal: '320.00' } },
      totalPrice: { subtotal: '640.00', tax: '80.00', total: '720.00' },
    })
    expect(byId.get('13874730')).toMatchObject({
      marketingOfferId: '7010',
      displayPrice: { basePrice: { subtotal: '410.00' } },
      totalPrice: { subtotal: '820.00', tax: '102.50', total: '922.50' },
    })
    expect(answer?.marketingOfferLookup).toEqual({
      '7321': {
        names: { displayName: 'Save 20% on Summer Stays', longName: 'Save 20% on Summer Stays' },
      },
    })
  })
})

/** Near stays (one to three days out, one to seven nights): where most rooms open. */
const nearStays = () =>
  [1, 2, 3].flatMap((checkIn) =>
    [1, 2, 3, 4, 5, 6, 7].map((nights) => ({
      checkInDate: day(checkIn),
      checkOutDate: day(checkIn + nights),
    })),
  )

/** What prices an address's rooms right now: an offer's id, the standard rate, or unseen (none open). */
async function offerNow(destination: Destination, slug: string) {
  const seen = new Set<string>()
  let sample: { room: LookupRoom; stay: Stay } | null = null
  for (const stay of nearStays()) {
    const answer = await askRooms(destination, slug, stay)
    const priced = pricedRooms(answer)
    const offers = priced.map((room) => room.marketingOfferId ?? 'standard')
    for (const offer of offers) seen.add(offer === '7010' ? 'standard' : offer)
    // The answer names exactly the offers its rooms are priced by.
    expect(Object.keys(answer?.marketingOfferLookup ?? {}).sort()).toEqual(
      [...new Set(offers.filter((offer) => offer !== 'standard' && offer !== '7010'))].sort(),
    )
    for (const room of priced) expectPricesAddUp(room, stay)
    sample ??= priced[0] ? { room: priced[0], stay } : null
  }
  // An offer prices every room of the address while it lasts.
  expect(seen.size).toBeLessThanOrEqual(1)
  return { offer: [...seen][0] ?? 'unseen', sample }
}

describe("the simulator's drawn offers", () => {
  it.each([
    ['disney-world', WDW_SLUG],
    ['disneyland', DLR_SLUG],
  ] as const)(
    'at %s, price an address below its standard rate for some days, then stop',
    async (destination, slug) => {
      const days: { at: number; offer: string }[] = []
      let discounted: { at: number; room: LookupRoom; stay: Stay; offer: string } | null = null
      for (let at = 0; at < 16 * 7; at += 2) {
        vi.setSystemTime(NOW.getTime() + at * DAY_MS)
        const { offer, sample } = await offerNow(destination, slug)
        days.push({ at, offer })
        if (offer !== 'standard' && offer !== 'unseen' && sample)
          discounted ??= { at, ...sample, offer }
      }
      const seen = days.filter((reading) => reading.offer !== 'unseen')
      expect(discounted).not.toBeNull()
      // The offer lasts days, not one reading, and a later reading is at the standard rate again.
      const { at, room, stay, offer } = discounted!
      const run = seen.filter((reading) => reading.at >= at)
      expect(run[1]?.offer).toBe(offer)
      expect(run.some((reading) => reading.offer === 'standard')).toBe(true)

      // The same room and stay at that moment, scripted open without a price: its drawn
      // standard price, which the offer took 10–30% off, and no offer, since a script draws none.
      vi.setSystemTime(NOW.getTime() + at * DAY_MS)
      const key = room.code ?? room.id
      configureSimulator({
        script: { dining: [], rooms: [`${key}@${stay.checkInDate}/${stay.checkOutDate}`] },
      })
      const standard = pricedRooms(await askRooms(destination, slug, stay))[0]!
      expect(standard.marketingOfferId).toBe(destination === 'disneyland' ? '7010' : undefined)
      nightly(standard).forEach((price, night) => {
        const ratio = Number(nightly(room)[night]) / Number(price)
        expect(ratio).toBeGreaterThan(0.69)
        expect(ratio).toBeLessThan(0.91)
      })
    },
    // Fifty-six days of answers, each a full simulated call: CPU work a loaded machine slows.
    60_000,
  )
})

describe("the all-resorts search's price", () => {
  const wdw = resorts.filter((resort) => resort.locationIdentifier === 'disney-world')

  /** Each listed resort's cheapest open room's average in its own room-level answer. */
  async function cheapestByFacility(stay: Stay) {
    const answers = new Map<string, PricedAnswer | null>()
    const cheapest = new Map<string, number>()
    let offers = 0
    for (const resort of wdw.filter((resort) => resort.disneyIdentifier)) {
      const slug = resort.disneySlug!
      if (!answers.has(slug)) answers.set(slug, await askRooms('disney-world', slug, stay))
      const open = pricedRooms(answers.get(slug)!).filter((room) =>
        resort.roomTypes.some((roomType) =>
          roomCarriesKeys(
            { roomId: room.id, code: room.code ?? null, bookable: true, reason: null },
            roomType,
          ),
        ),
      )
      offers += open.filter((room) => room.marketingOfferId).length
      if (open.length)
        cheapest.set(
          resort.disneyIdentifier!,
          Math.min(...open.map((room) => Number(room.displayPrice.basePrice.subtotal))),
        )
    }
    return { cheapest, offers }
  }

  const fromPrices = async (stay: Stay) => {
    const answer = await fetchResortAvailability(
      { ...stay, adults: 2, childAges: [] },
      { ...OPTIONS, resorts: wdw },
    )
    return new Map(
      answer.resorts.flatMap((reading) =>
        reading.fromPrice === null ? [] : [[reading.facilityId, reading.fromPrice] as const],
      ),
    )
  }

  it("is the cheapest open room's average, scripted prices and offers included", async () => {
    const stay = { checkInDate: day(2), checkOutDate: day(5) }
    configureSimulator({
      script: {
        dining: [],
        rooms: ['QA', '2A', '2D', 'JB'],
        prices: {
          QA: { nightly: 123.45 },
          '2D': { nightly: 99, offer: { id: '11313', name: 'Save' } },
        },
      },
    })
    const from = await fromPrices(stay)
    expect(from).toEqual((await cheapestByFacility(stay)).cheapest)
    // Animal Kingdom Lodge (QA) and Copper Creek (2D below 2A) at their scripted prices.
    expect(from.get('80010395')).toBe(123.45)
    expect(Math.min(...from.values())).toBe(99)
  })

  it("is the cheapest open room's average as openings and drawn offers come and go", async () => {
    let offers = 0
    for (const at of [0, 7, 14, 21, 28, 35]) {
      vi.setSystemTime(NOW.getTime() + at * DAY_MS)
      const stay = { checkInDate: day(2), checkOutDate: day(5) }
      const expected = await cheapestByFacility(stay)
      expect(await fromPrices(stay)).toEqual(expected.cheapest)
      offers += expected.offers
    }
    // The comparison covered rooms priced by a drawn offer.
    expect(offers).toBeGreaterThan(0)
  })
})
