import { HttpResponse, delay } from 'msw'
import { readCatalogue, type CatalogueResort, type CatalogueRestaurant } from '../db/catalogue.ts'
import { MEAL_WINDOWS, minutesOf, type Meal } from '../app/domain/dining-alert.ts'
import { todayIn } from '../app/domain/dates.ts'
import { beyondSurelyBookable } from '../app/domain/room-keys.ts'
import { hash32 } from '../app/domain/schedule.ts'
import type { EndpointFamily } from '../app/utils/upstream-health.server.ts'
import { handlersFor, type Endpoint } from './endpoints.ts'

/**
 * A simulator of Disney's availability endpoints in the shapes of Disney's real answers
 * (tests/fixtures/disney): rooms keyed by Disney's numeric room ids with Disney's room codes,
 * answers for a whole complex at a shared address, the real reason codes, dining slots on
 * five-minute steps in the restaurant, dinner-show and dining-event groups (a show's times laid
 * out like a restaurant's, an event's nested under its host), empty meal periods, the
 * all-resorts search (each resort open exactly when its room-level answer has a bookable room),
 * and each of Disney's error answers. Everything it lists is Disney's: addresses, codes,
 * ids and venue ids come from the catalogue's Disney keys, never from our own ids. Openings
 * appear and vanish as time passes, more of them one to three days before the date; some
 * addresses are sold out. Rooms are priced as Disney prices them: a nightly price that varies by
 * date (dearer on Friday and Saturday nights and in some weeks of the year, a few dollars either
 * way per room and night), the stay's average and total beside it, and now and then, for a week
 * at a time, an address's rooms priced by a discount offer that the answer names. Tests script
 * openings and prices exactly and inject faults.
 */

export type SimulatorFault =
  | 'latency'
  | 'server-error'
  | 'bot-challenge'
  | 'expired-token'
  | 'malformed'
  /** dine-res's HTTP 200 `{code: 404}`: what a session that is not logged in gets. */
  | 'not-found'
  /** The site's HTML page instead of JSON, as dine-res serves a dead session. */
  | 'html'
  /** A Disneyland 404 that is not "no rooms" (no system error 220141). */
  | 'dlr-not-found'
  /** The all-resorts search alone answers 503: the room-level calls still answer. */
  | 'all-resorts-down'

export interface ScriptedOpenings {
  /** "venueId|date|HH:MM:SS" keys that are open; nothing else is. */
  dining: string[]
  /**
   * Disney room codes (WDW) or room ids (Disneyland) that are open, for every stay (`code`) or
   * for one stay only (`code@checkIn/checkOut`); nothing else is.
   */
  rooms: string[]
  /** Rooms Disney lists at an address that no catalogue room carries: `slug|code` or `slug|id`. */
  unknownRooms?: string[]
  /**
   * Venues Disney lists that the catalogue does not, or marks as no longer listed by Disney:
   * `destination|venueId|name`.
   */
  unknownVenues?: string[]
  /** A date-wide reason on every WDW answer, as DVCalc captured for sold-out dates. */
  reasonsUnavailable?: string[]
  /**
   * Scripted prices, keyed like `rooms` (`code`/room id for every stay, or `code@checkIn/checkOut`
   * for one stay; the stay-specific key wins): every night at `nightly` dollars, priced by `offer`
   * when given. Rooms not listed keep their drawn price, with no offer.
   */
  prices?: Record<string, { nightly: number; offer?: { id: string; name: string } }>
}

interface SimulatorState {
  seed: string
  fault: SimulatorFault | null
  latencyMs: number
  script: ScriptedOpenings | null
  calls: { family: EndpointFamily; url: string }[]
  /** Keeps each call for `simulatorCalls` (tests); the simulator process, which never reads them, does not. */
  recordCalls: boolean
  expectedToken: string
}

const state: SimulatorState = {
  seed: 'disney-alerts',
  fault: null,
  latencyMs: 0,
  script: null,
  calls: [],
  recordCalls: true,
  expectedToken: 'simulator-dining-token',
}

function recordCall(family: SimulatorState['calls'][number]['family'], url: string) {
  if (state.recordCalls) state.calls.push({ family, url })
}

export function configureSimulator(changes: Partial<Omit<SimulatorState, 'calls'>>) {
  Object.assign(state, changes)
}

export function resetSimulator() {
  Object.assign(state, { fault: null, latencyMs: 0, script: null, calls: [] })
  diningCache.clear()
}

export function simulatorCalls() {
  return [...state.calls]
}

const DAY_MS = 24 * 60 * 60 * 1000
/** How long a drawn opening lasts before the slot is drawn again. */
const SLOT_LIFETIME_MS = 7 * 60 * 1000
/** How long one dining answer is served again: openings change at most this often per answer. */
const DINING_ANSWER_MS = 10_000
/** Disney's slots fall on five-minute steps ("11:35:00"). */
const SLOT_STEP_MINUTES = 5

/** Two 32-bit numbers mixed into one evenly spread (MurmurHash3's finalizer over a ^ b·φ). */
function mix32(a: number, b: number) {
  let hash = a ^ Math.imul(b, 0x9e3779b9)
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b)
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35)
  return (hash ^ (hash >>> 16)) >>> 0
}

/** The chance a slot on `date` is open: higher one to three days before, when plans change. */
function chanceOn(date: string, chanceNear: number, chanceFar: number) {
  const daysBefore = (Date.parse(`${date}T12:00:00Z`) - Date.now()) / DAY_MS
  return daysBefore >= 0.5 && daysBefore <= 3.5 ? chanceNear : chanceFar
}

/**
 * Whether the slot hashed to `slot` is open right now: a weighted coin, re-tossed every few
 * minutes. Each slot is re-tossed on a phase of its own, so openings come and go all the time, as
 * cancellations do, rather than all at once at a shared moment. Integers only: a dining answer
 * tosses some 14,000 slots.
 */
function drawnOpen(slot: number, chance: number) {
  const draw = Math.floor((Date.now() + (slot % SLOT_LIFETIME_MS)) / SLOT_LIFETIME_MS)
  return mix32(slot, draw) / 2 ** 32 < chance
}

function soldOut(address: string) {
  return hash32(`${state.seed}|sold-out|${address}`) % 8 === 0
}

const diningCache = new Map<string, string>()
/** Keeps the latest answers only: a bounded map, oldest entries dropped first. */
function rememberDining(key: string, body: string) {
  diningCache.set(key, body)
  if (diningCache.size > 1000) diningCache.delete(diningCache.keys().next().value!)
}

let catalogue:
  Promise<{ resorts: CatalogueResort[]; restaurants: CatalogueRestaurant[] }> | undefined
const loadCatalogue = () => (catalogue ??= readCatalogue())

const DINE_RES_PAGE =
  '<!DOCTYPE html><html lang="en"><head><base href="/dine-res/"><title>Dining Reservations</title></head><body><app-root></app-root></body></html>'

/** The fault a test asked for, as Disney would answer it; null to answer normally. */
async function injectedFault(family: EndpointFamily) {
  if (state.latencyMs) await delay(state.latencyMs)
  switch (state.fault) {
    case 'server-error':
      return HttpResponse.json({ errors: [{ message: 'Internal Server Error' }] }, { status: 503 })
    case 'bot-challenge':
      return HttpResponse.json(
        { 'sec-cp-challenge': 'true', provider: 'crypto', chlg_duration: 30 },
        { status: 428 },
      )
    case 'malformed':
      return HttpResponse.json({ unexpected: true })
    case 'html':
      return HttpResponse.html(DINE_RES_PAGE)
    case 'not-found':
      return family === 'dining'
        ? HttpResponse.json({ code: 404, message: 'error.404.default.message' })
        : null
    case 'dlr-not-found':
      return family === 'dlr-hotel'
        ? HttpResponse.json({ errors: [{ message: 'Not Found' }] }, { status: 404 })
        : null
    case 'all-resorts-down':
      return family === 'wdw-all-resorts'
        ? HttpResponse.json({ errors: [{ message: 'Service Unavailable' }] }, { status: 503 })
        : null
    default:
      return null
  }
}

function hhmm(minutes: number) {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`
}

function label(time: string) {
  const at = minutesOf(time)!
  const hours = Math.floor(at / 60)
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(at % 60).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`
}

/** One meal period of a venue: every open slot on five-minute steps, or an empty offer list. */
function mealPeriods(venue: CatalogueRestaurant, date: string, party: string) {
  const table = hash32(`${state.seed}|${venue.id}|${date}|${party}`)
  const chance = chanceOn(date, 0.007, 0.001)
  return venue.mealPeriods.map((period) => {
    const window = MEAL_WINDOWS[(period === 'brunch' ? 'lunch' : period) as Meal]
    const open: string[] = []
    const end = minutesOf(window.end)!
    for (let at = minutesOf(window.start)!; at < end; at += SLOT_STEP_MINUTES) {
      if (
        state.script
          ? state.script.dining.includes(`${venue.id}|${date}|${hhmm(at)}`)
          : drawnOpen(mix32(table, at), chance)
      )
        open.push(hhmm(at))
    }
    const meal = period.charAt(0).toUpperCase() + period.slice(1)
    return {
      mealPeriodType: meal,
      mealPeriodName: `${venue.name} ${meal}`,
      startTime: window.start,
      endTime: window.end,
      offersByAccessibility: [
        {
          accessibilityLevel: 'GENERAL',
          offers: open.map((time) => ({
            offerId: `${hash32(`${venue.id}|${date}|${time}`).toString(16).padStart(8, '0')}:${party}`,
            time,
            label: label(time),
          })),
        },
      ],
    }
  })
}

const HOSTS = {
  'disneyworld.disney.go.com': 'disney-world',
  'disneyland.disney.go.com': 'disneyland',
} as const

/**
 * The restaurant hosting a dining event in the nested layout. The catalogue does not say which
 * one does, so the simulator draws one of the area's restaurants (the event itself in an area
 * with none); like Disney's, the host has an id of its own (Hoop-Dee-Doo plays at Pioneer Hall,
 * 90002032: tests/fixtures/disney/README.md).
 */
function hostOf(event: CatalogueRestaurant, listed: CatalogueRestaurant[]) {
  const hosts = listed.filter(
    (venue) => venue.entityType === 'restaurant' && venue.area === event.area,
  )
  return hosts.length ? hosts[hash32(`${state.seed}|host|${event.id}`) % hosts.length]! : event
}

/**
 * The dine-res all-restaurants answer: restaurants by bare id, shows and events by typed id.
 * Public parsers read a show's or event's times in one of two layouts (worker/upstream/dining.ts),
 * and the simulator answers in both so the client reads both: a dinner show's laid out like a
 * restaurant's, a dining event's nested under the restaurant hosting it. A venue the catalogue
 * marks as no longer listed by Disney is not in the answer, as it is not in Disney's.
 */
function diningAnswer(
  restaurants: CatalogueRestaurant[],
  destination: string,
  date: string,
  party: string,
) {
  const restaurant: Record<string, unknown> = {}
  const dinnerShow: Record<string, unknown> = {}
  const diningEvent: Record<string, unknown> = {}
  const listed = restaurants.filter(
    (venue) => venue.locationIdentifier === destination && venue.listedByDisney,
  )
  for (const venue of listed) {
    const offers = { [date]: mealPeriods(venue, date, party) }
    const id = `${venue.id};entityType=${venue.entityType}`
    if (venue.entityType === 'restaurant') restaurant[venue.id] = { id, name: venue.name, offers }
    else if (venue.entityType === 'dinner-show') dinnerShow[id] = { id, name: venue.name, offers }
    else {
      const host = hostOf(venue, listed)
      diningEvent[id] = {
        id,
        name: venue.name,
        eventTimes: [
          {
            eventFacilityId: venue.id,
            restaurant: {
              [host.id]: { id: `${host.id};entityType=restaurant`, name: host.name, offers },
            },
          },
        ],
      }
    }
  }
  for (const unknown of state.script?.unknownVenues ?? []) {
    const [where, id, name] = unknown.split('|')
    if (where === destination)
      restaurant[id!] = { id: `${id};entityType=restaurant`, name, offers: {} }
  }
  return { statusCode: 200, restaurant, dinnerShow, diningEvent }
}

/** Disney's endpoints as the simulator answers them (msw's handlers: `disneyHandlers`). */
export function disneyEndpoints(): Endpoint[] {
  return [
    {
      method: 'GET',
      path: 'https://:host/dine-res/api/availability/:party/:dates/:times',
      answer: async ({ request, params }) => {
        recordCall('dining', request.url)
        const fault = await injectedFault('dining')
        if (fault) return fault
        const token = request.headers.get('Authorization')?.replace(/^BEARER /i, '')
        if (state.fault === 'expired-token' || token !== state.expectedToken) {
          return new HttpResponse(null, { status: 401 })
        }
        const destination = HOSTS[params.host as keyof typeof HOSTS]
        const party = params.party!
        const date = params.dates!.split(',')[0]!
        // Alerts on one question share an answer for a few seconds, as they would Disney's.
        const cacheKey = `${destination}|${party}|${date}|${Math.floor(Date.now() / DINING_ANSWER_MS)}`
        const cached = state.script ? undefined : diningCache.get(cacheKey)
        if (cached)
          return HttpResponse.text(cached, { headers: { 'Content-Type': 'application/json' } })
        const { restaurants } = await loadCatalogue()
        const text = JSON.stringify(diningAnswer(restaurants, destination, date, party))
        if (!state.script) rememberDining(cacheKey, text)
        return HttpResponse.text(text, { headers: { 'Content-Type': 'application/json' } })
      },
    },
    {
      method: 'POST',
      path: 'https://disneyworld.disney.go.com/wdw-resorts-details-api/api/v1/resort/:slug/availability-and-prices',
      answer: async ({ request, params }) => {
        recordCall('wdw-hotel', request.url)
        return roomAnswer(await request.json(), params.slug!, 'disney-world')
      },
    },
    {
      method: 'POST',
      path: 'https://disneyworld.disney.go.com/wdpr-resorts-list-api/api/v1/resort-availability',
      answer: async ({ request }) => {
        recordCall('wdw-all-resorts', request.url)
        return allResortsAnswer(await request.json())
      },
    },
    {
      method: 'POST',
      path: 'https://disneyland.disney.go.com/dlr-resort-details-api/api/v1/availability-and-prices/:slug',
      answer: async ({ request, params }) => {
        recordCall('dlr-hotel', request.url)
        return roomAnswer(await request.json(), params.slug!, 'disneyland')
      },
    },
  ]
}

export const disneyHandlers = () => handlersFor(disneyEndpoints())

/** One room as Disney lists it: a numeric id, and at WDW a code. */
interface SimulatedRoom {
  roomId: string
  code?: string
  /** The catalogue resorts with a room type under this key (none for a scripted unknown room). */
  resortIds: string[]
}

/**
 * The rooms Disney lists at an address: every keyed room of every resort there, once. At WDW a
 * room is listed under its code with Disney's id where the sources give one (otherwise a stable
 * number drawn from the code); at Disneyland each of Disney's ids is a room of its own.
 */
function roomsAt(resorts: CatalogueResort[], slug: string, destination: string) {
  const rooms = new Map<string, SimulatedRoom>()
  for (const resort of resorts) {
    if (resort.locationIdentifier !== destination || resort.disneySlug !== slug) continue
    for (const room of resort.roomTypes) {
      const owners = (key: string) => [
        ...new Set([...(rooms.get(key)?.resortIds ?? []), resort.id]),
      ]
      if (destination === 'disneyland') {
        for (const roomId of room.disneyRoomIds)
          rooms.set(roomId, { roomId, resortIds: owners(roomId) })
        continue
      }
      const code = room.disneyRoomCodes[0]
      const roomId = room.disneyRoomIds[0] ?? String(10_000_000 + (hash32(`${slug}|${code}`) % 9e8))
      if (code || room.disneyRoomIds[0])
        rooms.set(code ?? roomId, {
          roomId,
          ...(code && { code }),
          resortIds: owners(code ?? roomId),
        })
    }
  }
  for (const unknown of state.script?.unknownRooms ?? []) {
    const [where, key] = unknown.split('|')
    if (where !== slug || !key) continue
    rooms.set(
      key,
      destination === 'disneyland'
        ? { roomId: key, resortIds: [] }
        : {
            roomId: String(10_000_000 + (hash32(`${slug}|${key}`) % 9e8)),
            code: key,
            resortIds: [],
          },
    )
  }
  return [...rooms.values()]
}

function nightsOf(checkIn: string, checkOut: string) {
  const nights: string[] = []
  for (
    let at = Date.parse(`${checkIn}T00:00:00Z`);
    at < Date.parse(`${checkOut}T00:00:00Z`);
    at += DAY_MS
  )
    nights.push(new Date(at).toISOString().slice(0, 10))
  return nights
}

type Destination = 'disney-world' | 'disneyland'
interface Stay {
  checkInDate: string
  checkOutDate: string
}

/** An offer pricing rooms below the standard rate, as `marketingOfferLookup` names it. */
interface Offer {
  id: string
  displayName: string
  longName: string
}

/** Disneyland's standard rate: every room not priced by a discount carries it (Mouse Agents). */
const DLR_STANDARD_OFFER = '7010'

/**
 * The discounts the simulator draws. SIMULATED: the ids are numeric strings like Disney's, and
 * at Disneyland never the standard 7010, but no source gives an offer's name or size; these are
 * made up.
 */
const DRAWN_OFFERS: Record<Destination, (Offer & { percentOff: number })[]> = {
  'disney-world': [
    {
      id: '11296',
      percentOff: 10,
      displayName: 'Save up to 10% on Rooms',
      longName: 'Save up to 10% on Rooms at Select Disney Resort Hotels',
    },
    {
      id: '11313',
      percentOff: 20,
      displayName: 'Save up to 20% on Rooms',
      longName: 'Save up to 20% on Rooms at Select Disney Resort Hotels',
    },
    {
      id: '11316',
      percentOff: 30,
      displayName: 'Save up to 30% on Rooms',
      longName: 'Save up to 30% on Rooms at Select Disney Resort Hotels',
    },
  ],
  disneyland: [
    {
      id: '7163',
      percentOff: 15,
      displayName: 'Save up to 15% on Rooms',
      longName: 'Save up to 15% on Rooms at the Disneyland Resort Hotels',
    },
    {
      id: '7248',
      percentOff: 25,
      displayName: 'Save up to 25% on Rooms',
      longName: 'Save up to 25% on Rooms at the Disneyland Resort Hotels',
    },
  ],
}

/** How long a drawn offer lasts, or its absence: an address has one about one week in four. */
const OFFER_WINDOW_MS = 7 * DAY_MS

/**
 * The discount pricing an address's rooms right now, if any: drawn afresh every week, each
 * address on a phase of its own so offers start and end at different moments.
 */
function drawnOffer(slug: string, destination: Destination) {
  const phase = hash32(`${state.seed}|offer-phase|${slug}`) % OFFER_WINDOW_MS
  const draw = mix32(
    hash32(`${state.seed}|offer|${slug}`),
    Math.floor((Date.now() + phase) / OFFER_WINDOW_MS),
  )
  const offers = DRAWN_OFFERS[destination]
  return draw % 4 === 0 ? offers[(draw >>> 2) % offers.length]! : null
}

/**
 * A room's standard price for one night, in whole dollars: its own rate, dearer on Friday and
 * Saturday nights (DVCalc's capture: 611 against 581 on weeknights) and in some weeks of every
 * year (peak seasons), and a few dollars either way for each night.
 */
function standardNightly(room: SimulatedRoom, date: string) {
  const roomHash = hash32(`${state.seed}|rate|${room.roomId}`)
  const rate = 300 + (roomHash % 500)
  const night = new Date(`${date}T00:00:00Z`)
  const weekOfYear = Math.floor(
    (night.getTime() - Date.UTC(night.getUTCFullYear(), 0, 1)) / (7 * DAY_MS),
  )
  const weekend = night.getUTCDay() === 5 || night.getUTCDay() === 6
  const peak = hash32(`${state.seed}|peak|${weekOfYear}`) % 6 === 0
  const wobble = (mix32(roomHash, hash32(date)) % 5) - 2
  return Math.round(rate * (1 + (weekend ? 0.05 : 0) + (peak ? 0.2 : 0) + wobble / 100))
}

/** A room's price for one stay: each night's, in cents, and the offer it is priced by, if any. */
function stayPrice(room: SimulatedRoom, slug: string, destination: Destination, stay: Stay) {
  const key = room.code ?? room.roomId
  const prices = state.script?.prices
  const scripted = prices?.[`${key}@${stay.checkInDate}/${stay.checkOutDate}`] ?? prices?.[key]
  // A script makes prices exact: it never draws an offer.
  const drawn = state.script ? null : drawnOffer(slug, destination)
  const offer: Offer | null = scripted
    ? scripted.offer
      ? {
          id: scripted.offer.id,
          displayName: scripted.offer.name,
          longName: scripted.offer.name,
        }
      : null
    : drawn
  const nights = nightsOf(stay.checkInDate, stay.checkOutDate).map((date) => ({
    date,
    cents: scripted
      ? Math.round(scripted.nightly * 100)
      : 100 * Math.round(standardNightly(room, date) * (1 - (drawn?.percentOff ?? 0) / 100)),
  }))
  const totalCents = nights.reduce((sum, night) => sum + night.cents, 0)
  return { nights, totalCents, averageCents: Math.round(totalCents / nights.length), offer }
}

const dollars = (cents: number) => (cents / 100).toFixed(2)

/**
 * A priced room in the shape of DVCalc's captures: prices are strings, the display price the
 * stay's average night, tax (12.5% of the subtotal, Florida's) only in the total. A WDW room carries an offer id
 * only when an offer prices it; a Disneyland room always does, the standard rate's when none.
 */
function priced(
  room: SimulatedRoom,
  price: ReturnType<typeof stayPrice>,
  destination: Destination,
) {
  const tax = Math.round(price.totalCents * 0.125)
  const offerId = price.offer?.id ?? (destination === 'disneyland' ? DLR_STANDARD_OFFER : null)
  return {
    ...(room.code && { code: room.code }),
    id: room.roomId,
    displayPrice: { basePrice: { subtotal: dollars(price.averageCents), taxIncluded: false } },
    orderedPricePerNight: price.nights.map(({ date, cents }) => ({
      date,
      price: { subtotal: dollars(cents), tax: '0.00', total: dollars(cents) },
    })),
    totalPrice: {
      subtotal: dollars(price.totalCents),
      tax: dollars(tax),
      total: dollars(price.totalCents + tax),
    },
    ...(offerId && { marketingOfferId: offerId }),
  }
}

/**
 * Which of an address's rooms are open for a stay, and its date-wide reasons: what the
 * room-level answer lists and the all-resorts answer sums up, so the two always agree.
 */
function stayAt(rooms: SimulatedRoom[], slug: string, stay: Stay) {
  const closedAll = !state.script && soldOut(slug)
  const stayHash = hash32(`${state.seed}|${slug}|${stay.checkInDate}|${stay.checkOutDate}`)
  const chance = chanceOn(stay.checkInDate, 0.02, 0.003)
  return {
    open: rooms.map((room) => {
      const key = room.code ?? room.roomId
      return state.script
        ? state.script.rooms.includes(key) ||
            state.script.rooms.includes(`${key}@${stay.checkInDate}/${stay.checkOutDate}`)
        : !closedAll && drawnOpen(mix32(stayHash, hash32(key)), chance)
    }),
    reasons: state.script?.reasonsUnavailable ?? (closedAll ? ['INVENTORY_UNAVAILABLE'] : []),
  }
}

/**
 * Walt Disney World's all-resorts search in the fixture's shape (tests/fixtures/disney): every
 * catalogue resort with a Disney id, offered from its cheapest bookable room exactly when its
 * room-level answer has one. Beyond the booking window, where the room-level call answers 404,
 * every resort is listed without an offer (assumed: no source shows that answer).
 */
async function allResortsAnswer(body: unknown) {
  const fault = await injectedFault('wdw-all-resorts')
  if (fault) return fault
  const asked = body as {
    checkInDate?: string
    checkOutDate?: string
    partyMix?: { childCount?: number; nonAdultAges?: unknown[] }
  }
  const ages = asked.partyMix?.nonAdultAges
  // Disney's own rules (parkfi): ages missing for children are a 400, bare numbers a 500.
  if (!asked.checkInDate || !asked.checkOutDate || (!ages && (asked.partyMix?.childCount ?? 0) > 0))
    return HttpResponse.json({ errors: [{ message: 'Bad Request' }] }, { status: 400 })
  if (ages?.some((age) => typeof age !== 'object'))
    return HttpResponse.json(
      {
        errors: [
          { message: 'JSON parse error: Cannot construct instance of `PartyMixAgeResource`' },
        ],
      },
      { status: 500 },
    )
  const stay = { checkInDate: asked.checkInDate, checkOutDate: asked.checkOutDate }
  if (nightsOf(stay.checkInDate, stay.checkOutDate).length === 0)
    return HttpResponse.json({ errors: [{ message: 'Bad Request' }] }, { status: 400 })
  const onSale = !beyondSurelyBookable(stay.checkInDate, todayIn('America/New_York'))
  const { resorts } = await loadCatalogue()
  const addresses = new Map<string, ReturnType<typeof stayAt> & { rooms: SimulatedRoom[] }>()
  const answer: Record<string, unknown> = {}
  resorts
    .filter((resort) => resort.locationIdentifier === 'disney-world' && resort.disneyIdentifier)
    .forEach((resort, index) => {
      const slug = resort.disneySlug!
      if (!addresses.has(slug)) {
        const rooms = roomsAt(resorts, slug, 'disney-world')
        addresses.set(slug, { rooms, ...stayAt(rooms, slug, stay) })
      }
      const { rooms, open, reasons } = addresses.get(slug)!
      const prices =
        onSale && reasons.length === 0
          ? rooms
              // A room the catalogue does not know is Disney's all the same: it is offered
              // under the resorts of its address.
              .filter(
                (room, at) =>
                  open[at] && (room.resortIds.length === 0 || room.resortIds.includes(resort.id)),
              )
              .map((room) => stayPrice(room, slug, 'disney-world', stay).averageCents / 100)
          : []
      answer[resort.disneyIdentifier!] = {
        displaySequence: index + 1,
        ...(prices.length
          ? {
              offers: {
                annual: {
                  displayPrice: { basePrice: { subtotal: Math.min(...prices) } },
                  resortPackageName: `${stay.checkInDate.slice(0, 4)} WDW Annual Room Only V1`,
                },
              },
            }
          : { reasonsUnavailable: [{ reasonCode: 'UNAVAILABLEROOMS' }] }),
      }
    })
  return HttpResponse.json({ resorts: answer })
}

async function roomAnswer(body: unknown, slug: string, destination: Destination) {
  const family = destination === 'disneyland' ? 'dlr-hotel' : 'wdw-hotel'
  const fault = await injectedFault(family)
  if (fault) return fault
  const asked = body as { checkInDate?: string; checkOutDate?: string }
  if (
    !asked.checkInDate ||
    !asked.checkOutDate ||
    nightsOf(asked.checkInDate, asked.checkOutDate).length === 0
  )
    return HttpResponse.json({ errors: [{ message: 'Bad Request' }] }, { status: 400 })
  const noRooms = () =>
    HttpResponse.json(
      { errors: [{ systemErrorCode: 220141, message: 'No Available Rooms were found.' }] },
      { status: 404 },
    )
  // Beyond the booking window Disney answers 404 (DVCalc; the GCH watcher's README).
  const today = todayIn(destination === 'disneyland' ? 'America/Los_Angeles' : 'America/New_York')
  const stay = { checkInDate: asked.checkInDate, checkOutDate: asked.checkOutDate }
  if (beyondSurelyBookable(stay.checkInDate, today))
    return destination === 'disneyland' ? noRooms() : new HttpResponse(null, { status: 404 })

  const { resorts } = await loadCatalogue()
  const rooms = roomsAt(resorts, slug, destination)
  if (rooms.length === 0)
    return HttpResponse.json({ errors: [{ message: 'Resort not found' }] }, { status: 404 })
  const { open, reasons } = stayAt(rooms, slug, stay)
  const prices = rooms.map((room, index) =>
    open[index] ? stayPrice(room, slug, destination, stay) : null,
  )
  const lookup: Record<string, unknown> = {}
  const offers: Record<string, { names: { displayName: string; longName: string } }> = {}
  rooms.forEach((room, index) => {
    const price = prices[index]
    if (price?.offer) {
      const { displayName, longName } = price.offer
      offers[price.offer.id] = { names: { displayName, longName } }
    }
    const key = room.code ?? room.roomId
    lookup[room.roomId] = price
      ? priced(room, price, destination)
      : {
          ...(room.code && { code: room.code }),
          id: room.roomId,
          // A length-of-stay rule closes some rooms; most are simply gone.
          reasonUnavailable:
            hash32(`${slug}|${key}|los`) % 5 === 0 ? 'LOS_RESTRICTION' : 'INVENTORY_UNAVAILABLE',
        }
  })
  if (destination === 'disneyland' && !open.includes(true)) return noRooms()
  // Disney orders the priced rooms cheapest first, then the rest (DVCalc's captures).
  const byPrice = rooms
    .map((room, index) => ({ roomId: room.roomId, average: prices[index]?.averageCents }))
    .sort((a, b) => (a.average ?? Number.MAX_SAFE_INTEGER) - (b.average ?? Number.MAX_SAFE_INTEGER))
  return HttpResponse.json({
    ...(destination === 'disney-world' &&
      reasons.length && { reasonsUnavailable: reasons.map((reasonCode) => ({ reasonCode })) }),
    roomPriceLookup: lookup,
    ...(destination === 'disney-world' && { orderedRoomIds: byPrice.map((room) => room.roomId) }),
    ...(Object.keys(offers).length && { marketingOfferLookup: offers }),
  })
}
