/**
 * Contract tests: Disney's answers as public projects captured them (tests/fixtures/disney,
 * sources in its README) are served over HTTP to the real adapters, and what they read is
 * matched against the real catalogue. The expected readings are the README's, not ours.
 */
import { readFileSync } from 'node:fs'
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { readCatalogue } from '../../db/catalogue.ts'
import { daysFromToday } from '../../db/factories.ts'
import { fetchDiningAnswer, readDiningAnswer } from '../../worker/upstream/dining.ts'
import { UpstreamFault } from '../../worker/upstream/errors.ts'
import { fetchRoomAnswer, type HotelQuestion } from '../../worker/upstream/hotels.ts'
import { pricesOf, priceOfRoomType } from '~/domain/prices'
import { knownKeysOf, openRoomTypes, unmatchedRooms } from '~/domain/room-keys'
import { disneyOverHttp } from '../support/disney-over-http.ts'

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/disney/${name}`, import.meta.url), 'utf8')

/** What the stand-in Disney answers next: a fixture's status and body, encoded as said. */
let next: { status: number; body: string; type?: string; encoding?: string } = {
  status: 500,
  body: '',
}
const ENCODE: Record<string, (body: string) => Buffer> = {
  gzip: (body) => gzipSync(body),
  br: (body) => brotliCompressSync(body),
  deflate: (body) => deflateSync(body),
  // What a proxy that mislabels its answers sends.
  mislabelled: (body) => Buffer.from(body),
}
const disney = disneyOverHttp((response) => {
  const encoding = next.encoding
  response.writeHead(next.status, {
    'Content-Type': next.type ?? 'application/json',
    ...(encoding && { 'Content-Encoding': encoding === 'mislabelled' ? 'gzip' : encoding }),
  })
  response.end(encoding ? ENCODE[encoding]!(next.body) : next.body)
})

function answerWith(name: string, status: number) {
  next = { status, body: fixture(name) }
}

const { resorts, restaurants } = await readCatalogue()
const resort = (name: string) => {
  const found = resorts.find((candidate) => candidate.name === name)
  if (!found) throw new Error(`no resort ${name}`)
  return found
}
const COPPER_CREEK = resort("Copper Creek Villas & Cabins at Disney's Wilderness Lodge")
const GRAND_CALIFORNIAN = resort("Disney's Grand Californian Hotel & Spa")

function question(
  at: typeof COPPER_CREEK,
  checkInDate: string,
  checkOutDate: string,
): HotelQuestion {
  return {
    resort: { name: at.name, locationIdentifier: at.locationIdentifier, disneySlug: at.disneySlug },
    checkInDate,
    checkOutDate,
    adults: 2,
    childAges: [],
    accessible: false,
  }
}

/** Asks the stand-in as the worker asks Disney. */
const askRooms = (asking: HotelQuestion) =>
  fetchRoomAnswer(asking, { timeoutMs: 5000, via: disney.via })

/** The room types of a resort that an answer opens, each asked as its own alert would be. */
function openRoomNames(rooms: Parameters<typeof openRoomTypes>[0], at: typeof COPPER_CREEK) {
  return openRoomTypes(
    rooms,
    at.roomTypes.filter((room) => !room.accessible),
  ).map((room) => room.name)
}

describe('Walt Disney World: availability-and-prices', () => {
  it("asks Copper Creek at Disney's own address", async () => {
    answerWith('wdw-availability-and-prices.copper-creek.2027-01-15.200.json', 200)
    await askRooms(question(COPPER_CREEK, '2027-01-15', '2027-01-19'))
    expect(disney.asked.at(-1)!.url).toBe(
      '/disneyworld.disney.go.com/wdw-resorts-details-api/api/v1/resort/copper-creek-villas-and-cabins/availability-and-prices/?storeId=wdw',
    )
    expect(JSON.parse(disney.asked.at(-1)!.body)).toMatchObject({
      checkInDate: '2027-01-15',
      checkOutDate: '2027-01-19',
      partyMix: { adultCount: 2, childCount: 0, nonAdultAges: [] },
    })
  })

  it('reads a complex-wide answer: only Copper Creek rooms open Copper Creek alerts, and a length-of-stay rule is no opening', async () => {
    answerWith('wdw-availability-and-prices.copper-creek.2027-01-15.200.json', 200)
    const answer = await askRooms(question(COPPER_CREEK, '2027-01-15', '2027-01-19'))
    expect(answer.kind).toBe('rooms')
    if (answer.kind !== 'rooms') return
    expect(answer.reasonsUnavailable).toEqual([])
    expect(answer.rooms.filter((room) => room.bookable).map((room) => room.code)).toEqual([
      '2D',
      'JB',
      'XA',
      '2A',
      'Z3',
      'JC',
      'Z9',
      'JZ',
      '25',
      'JD',
      'ZS',
      'XB',
      '2E',
      'JS',
      'XC',
    ])
    expect(answer.rooms.find((room) => room.code === '2F')).toMatchObject({
      bookable: false,
      reason: 'LOS_RESTRICTION',
    })
    expect(openRoomNames(answer.rooms, COPPER_CREEK)).toEqual([
      'Deluxe Studio',
      'Deluxe Studio with Shower',
      '1-Bedroom Villa',
    ])
    // The Wilderness Lodge and Boulder Ridge rooms of the same answer are known, not drift;
    // code 25 is in no public room table, so it is.
    const known = knownKeysOf(
      resorts.filter((r) => r.locationIdentifier === 'disney-world').flatMap((r) => r.roomTypes),
    )
    expect(unmatchedRooms(answer.rooms, known)).toEqual([
      { keyKind: 'code', disneyKey: '25', description: 'room id 18410810, bookable' },
    ])
  })

  it("reads each bookable room's real price exactly: nightly average, each night, the total before tax and the tax", async () => {
    answerWith('wdw-availability-and-prices.copper-creek.2027-01-15.200.json', 200)
    const answer = await askRooms(question(COPPER_CREEK, '2027-01-15', '2027-01-19'))
    if (answer.kind !== 'rooms') throw new Error(answer.kind)
    const byCode = (code: string) => answer.rooms.find((room) => room.code === code)!
    expect(byCode('2D').price).toEqual({
      currency: 'USD',
      nightlyCents: 59_600,
      totalCents: 238_400,
      taxCents: 29_802,
      taxIncluded: false,
      nights: [
        { date: '2027-01-15', cents: 61_100 },
        { date: '2027-01-16', cents: 61_100 },
        { date: '2027-01-17', cents: 58_100 },
        { date: '2027-01-18', cents: 58_100 },
      ],
      offer: null,
    })
    // Half dollars are read exactly: 3606.00 over four nights is 901.50 a night.
    expect(byCode('JD').price).toMatchObject({
      nightlyCents: 90_150,
      totalCents: 360_600,
      taxCents: 45_076,
    })
    expect(byCode('XC').price).toMatchObject({ nightlyCents: 155_200, totalCents: 620_800 })
    // The cheapest Copper Creek room of each type, as a ceiling or a watch reads it.
    const prices = Object.fromEntries(
      COPPER_CREEK.roomTypes.map((roomType) => [
        roomType.name,
        priceOfRoomType(answer.rooms, roomType)?.nightlyCents ?? null,
      ]),
    )
    expect(prices).toMatchObject({
      'Deluxe Studio': 60_000,
      'Deluxe Studio with Shower': 59_600,
      '1-Bedroom Villa': 99_050,
    })
    // A room that cannot be booked keeps no price, whatever its rate plan says.
    expect(byCode('2F').price).toBeNull()
    expect(pricesOf(answer.rooms)).toMatchObject({
      '2D': [59_600, 238_400, null],
      XC: [155_200, 620_800, null],
    })
    expect(Object.keys(pricesOf(answer.rooms))).toHaveLength(15)
  })

  it('keeps no price on a date Disney says is unavailable, though it prices three rooms from rate plans', async () => {
    answerWith('wdw-availability-and-prices.copper-creek.2026-09-01.200.json', 200)
    const answer = await askRooms(question(COPPER_CREEK, '2026-09-01', '2026-09-05'))
    if (answer.kind !== 'rooms') throw new Error(answer.kind)
    expect(answer.rooms.filter((room) => room.price)).toEqual([])
    expect(pricesOf(answer.rooms)).toEqual({})
  })

  it('reads a date-wide INVENTORY_UNAVAILABLE as nothing bookable, though Disney still prices three rooms', async () => {
    answerWith('wdw-availability-and-prices.copper-creek.2026-09-01.200.json', 200)
    const answer = await askRooms(question(COPPER_CREEK, '2026-09-01', '2026-09-05'))
    expect(answer.kind).toBe('rooms')
    if (answer.kind !== 'rooms') return
    expect(answer.reasonsUnavailable).toEqual(['INVENTORY_UNAVAILABLE'])
    expect(answer.rooms).toHaveLength(18)
    expect(answer.rooms.filter((room) => room.bookable)).toEqual([])
    expect(openRoomNames(answer.rooms, COPPER_CREEK)).toEqual([])
    expect(openRoomNames(answer.rooms, resort("Disney's Wilderness Lodge"))).toEqual([])
  })

  it('reads a 404 for a stay beyond the booking window as "not bookable yet", and a nearer one as a fault', async () => {
    next = { status: 404, body: '' }
    const far = question(COPPER_CREEK, daysFromToday(420), daysFromToday(423))
    expect(await askRooms(far)).toMatchObject({
      kind: 'not-bookable-yet',
    })
    const near = question(COPPER_CREEK, daysFromToday(30), daysFromToday(33))
    await expect(askRooms(near)).rejects.toMatchObject({
      family: 'wdw-hotel',
      reason: 'http',
    })
  })
})

describe('compressed answers', () => {
  const COPPER_CREEK_ANSWER = 'wdw-availability-and-prices.copper-creek.2027-01-15.200.json'
  const bookable = async () => {
    const answer = await askRooms(question(COPPER_CREEK, '2027-01-15', '2027-01-19'))
    return answer.kind === 'rooms' ? answer.rooms.filter((room) => room.bookable).length : null
  }

  it.each(['gzip', 'br', 'deflate'])(
    'asks for them as a browser does and reads a %s answer as the plain one',
    async (encoding) => {
      answerWith(COPPER_CREEK_ANSWER, 200)
      const plain = await bookable()
      next = { ...next, encoding }
      expect(await bookable()).toBe(plain)
      expect(plain).toBe(15)
      expect(disney.asked.at(-1)!.headers['accept-encoding']).toBe('gzip, deflate, br')
    },
  )

  it('takes a body that is not what its encoding says for a shape fault', async () => {
    next = { status: 200, body: fixture(COPPER_CREEK_ANSWER), encoding: 'mislabelled' }
    await expect(
      askRooms(question(COPPER_CREEK, '2027-01-15', '2027-01-19')),
    ).rejects.toMatchObject({ family: 'wdw-hotel', reason: 'shape' })
  })
})

describe('Disneyland Resort: availability-and-prices', () => {
  it('reads rooms keyed by numeric id and opens the Grand Californian room types they belong to', async () => {
    answerWith('dlr-availability-and-prices.grand-californian-hotel.200.json', 200)
    const answer = await askRooms(question(GRAND_CALIFORNIAN, daysFromToday(30), daysFromToday(32)))
    expect(disney.asked.at(-1)!.url).toBe(
      '/disneyland.disney.go.com/dlr-resort-details-api/api/v1/availability-and-prices/grand-californian-hotel?storeId=dlr&accessible=false',
    )
    expect(answer.kind).toBe('rooms')
    if (answer.kind !== 'rooms') return
    expect(answer.rooms.filter((room) => room.bookable).map((room) => room.roomId)).toEqual([
      '13874720',
      '13874730',
    ])
    expect(openRoomNames(answer.rooms, GRAND_CALIFORNIAN)).toEqual([
      'Standard View',
      'Woods Courtyard View',
    ])
  })

  it("reads a Disneyland room's price and its standard offer 7010 as no discount", async () => {
    answerWith('dlr-availability-and-prices.grand-californian-hotel.200.json', 200)
    const answer = await askRooms(question(GRAND_CALIFORNIAN, daysFromToday(30), daysFromToday(32)))
    if (answer.kind !== 'rooms') throw new Error(answer.kind)
    // Disneyland lists no `orderedRoomIds`: numeric keys come back in number order.
    expect(answer.rooms.map((room) => room.price)).toEqual([
      null,
      // Only Disney's total is known here: whether it holds the tax is not (taxIncluded null).
      {
        currency: 'USD',
        nightlyCents: 90_000,
        totalCents: 200_000,
        taxCents: null,
        taxIncluded: null,
        nights: [],
        offer: null,
      },
      {
        currency: 'USD',
        nightlyCents: 95_000,
        totalCents: 210_000,
        taxCents: null,
        taxIncluded: null,
        nights: [],
        offer: null,
      },
    ])
  })

  it('names a discount offer from the answer and refuses a price that is not dollars', async () => {
    const body = JSON.parse(fixture('dlr-availability-and-prices.grand-californian-hotel.200.json'))
    body.roomPriceLookup['13874720'].marketingOfferId = '11296'
    body.marketingOfferLookup = {
      '11296': { names: { displayName: 'Save on Rooms', longName: 'Save on Rooms this Spring' } },
    }
    next = { status: 200, body: JSON.stringify(body) }
    const answer = await askRooms(question(GRAND_CALIFORNIAN, daysFromToday(30), daysFromToday(32)))
    if (answer.kind !== 'rooms') throw new Error(answer.kind)
    const priceOf = (roomId: string) => answer.rooms.find((room) => room.roomId === roomId)!.price
    expect(priceOf('13874720')!.offer).toEqual({ id: '11296', name: 'Save on Rooms' })
    expect(priceOf('13874730')!.offer).toBeNull()

    body.roomPriceLookup['13874720'].displayPrice.basePrice.subtotal = '$900'
    next = { status: 200, body: JSON.stringify(body) }
    await expect(
      askRooms(question(GRAND_CALIFORNIAN, daysFromToday(30), daysFromToday(32))),
    ).rejects.toMatchObject({
      reason: 'shape',
    })
  })

  it('reads system error 220141 as sold out, or as "not bookable yet" beyond the booking window', async () => {
    answerWith('dlr-availability-and-prices.404-220141.json', 404)
    const near = question(GRAND_CALIFORNIAN, daysFromToday(30), daysFromToday(32))
    expect(await askRooms(near)).toEqual({ kind: 'sold-out' })
    const far = question(GRAND_CALIFORNIAN, daysFromToday(400), daysFromToday(402))
    expect(await askRooms(far)).toMatchObject({
      kind: 'not-bookable-yet',
    })
  })

  it('reads any other 404 as a fault, never as sold out', async () => {
    next = { status: 404, body: JSON.stringify({ errors: [{ systemErrorCode: 220000 }] }) }
    const stay = question(GRAND_CALIFORNIAN, daysFromToday(30), daysFromToday(32))
    const error = await askRooms(stay).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UpstreamFault)
    expect(error).toMatchObject({ family: 'dlr-hotel', reason: 'http' })
    expect((error as Error).message).toContain('220000')
  })
})

describe('dine-res: every restaurant for one party and date', () => {
  const dining = (destination: 'disney-world' | 'disneyland', date: string) =>
    fetchDiningAnswer(
      { destination, partySize: 2, date },
      { token: 'a-session-token', timeoutMs: 5000, via: disney.via },
    )

  it('reads the restaurant group: every GENERAL slot, none where a meal period is empty', async () => {
    answerWith('dine-res-all-restaurants.dlr.2026-03-15.party2.200.json', 200)
    const answer = await dining('disneyland', '2026-03-15')
    expect(disney.asked.at(-1)!.url).toMatch(
      /^\/disneyland\.disney\.go\.com\/dine-res\/api\/availability\/2\/2026-03-15,2026-03-15\/00:00:00,23:59:59\?/,
    )
    expect(answer.kind).toBe('offers')
    if (answer.kind !== 'offers') return
    // JSON.parse orders keys that look like numbers, so venues come by id: compare as sets.
    expect(
      answer.offers
        .map((offer) => `${offer.venueId}|${offer.date}|${offer.time} ${offer.mealPeriod}`)
        .sort(),
    ).toEqual([
      '19343532|2026-03-15|18:45:00 Dinner',
      '19343532|2026-03-15|20:00:00 Dinner',
      '354132|2026-03-15|17:00:00 Dinner',
      '354261|2026-03-15|19:35:00 Dinner',
      '354450|2026-03-15|14:30:00 Lunch',
      '354450|2026-03-15|17:30:00 Dinner',
    ])
    // Every venue of the answer is one of ours: no drift at Disneyland's dining.
    const ours = new Set(restaurants.map((r) => r.id))
    expect(answer.venues.filter((venue) => !ours.has(venue.venueId))).toEqual([])
  })

  it('reads dinner shows and dining events under their bare ids: Hoop-Dee-Doo opens, an empty event does not', async () => {
    answerWith('dine-res-all-restaurants.wdw.event-groups.200.json', 200)
    const answer = await dining('disney-world', '2026-06-11')
    expect(answer.kind).toBe('offers')
    if (answer.kind !== 'offers') return
    expect(answer.offers).toEqual([
      { venueId: '80010856', date: '2026-06-11', time: '16:00:00', mealPeriod: 'Dinner' },
    ])
    expect(answer.venues.map((venue) => [venue.venueId, venue.group, venue.offers])).toEqual([
      ['90002606', 'restaurant', 0],
      ['80010856', 'dinnerShow', 1],
      ['140873', 'diningEvent', 0],
    ])
    // Both are in the catalogue, so alerts on them can fire.
    const ids = restaurants.map((r) => r.id)
    expect(ids).toEqual(expect.arrayContaining(['80010856', '140873', '90002606']))
  })

  it("reads the real single-restaurant capture's meal periods the same way", () => {
    // parkfi's capture keys meal periods by date; they are what a restaurant's `offers` hold.
    const capture = JSON.parse(fixture('dine-res-facility-range.jaleo.200.json')) as {
      restaurants: Record<string, unknown[]>
    }
    const answer = readDiningAnswer(
      { restaurant: { '1': { offers: capture.restaurants } } },
      '2026-06-11',
    )
    expect(
      answer.kind === 'offers' && answer.offers.map((o) => `${o.time} ${o.mealPeriod}`),
    ).toEqual(['11:35:00 Lunch', '11:50:00 Lunch', '16:00:00 Dinner'])
    const empty = readDiningAnswer(
      { restaurant: { '1': { offers: capture.restaurants } } },
      '2026-06-10',
    )
    expect(empty).toEqual({
      kind: 'offers',
      offers: [],
      venues: [{ venueId: '1', group: 'restaurant', name: '', offers: 0 }],
    })
  })

  it('reads the HTTP 200 {code: 404} as its own case: no tables told, no fault', async () => {
    answerWith('dine-res.200-code404.json', 200)
    expect(await dining('disney-world', '2026-06-11')).toEqual({ kind: 'not-found' })
  })

  it("reads Akamai's 428 as a bot challenge", async () => {
    answerWith('dine-res.428-akamai-challenge.json', 428)
    await expect(dining('disney-world', '2026-06-11')).rejects.toMatchObject({
      family: 'dining',
      reason: 'challenge',
    })
  })

  it("reads the site's HTML page instead of JSON as an expired session", async () => {
    next = {
      status: 200,
      type: 'text/html',
      body: '<!DOCTYPE html><html><head><base href="/dine-res/"></head><body></body></html>',
    }
    await expect(dining('disney-world', '2026-06-11')).rejects.toMatchObject({
      family: 'dining',
      reason: 'auth',
      message: 'dining: answered the site page instead of JSON: session expired (status 200)',
    })
  })
})
