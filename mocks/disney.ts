import { http, HttpResponse, delay } from 'msw'
import { readCatalogue, type CatalogueResort, type CatalogueRestaurant } from '../db/catalogue.ts'
import { MEAL_WINDOWS, minutesOf, type Meal } from '../app/domain/dining-alert.ts'
import { hash32 } from '../app/domain/schedule.ts'
import { disneyResortSlug, DLR_SLUGS } from '../worker/upstream/hotels.ts'

/**
 * A simulator of Disney's availability endpoints, built from our catalogue. Openings appear and
 * vanish as time passes (each slot is re-drawn every few minutes), more of them one to three days
 * before the date, and some resorts are sold out. Tests script it exactly and inject faults.
 */

export type SimulatorFault =
  'latency' | 'server-error' | 'bot-challenge' | 'expired-token' | 'malformed'

export interface ScriptedOpenings {
  /** "restaurantId|date|HH:MM:SS" keys that are open; nothing else is. */
  dining: string[]
  /** Room ids (Disney's, or ours where Disney's is unknown) that are open; nothing else is. */
  rooms: string[]
}

interface SimulatorState {
  seed: string
  fault: SimulatorFault | null
  latencyMs: number
  script: ScriptedOpenings | null
  calls: { family: 'dining' | 'wdw-hotel' | 'dlr-hotel'; url: string }[]
  expectedToken: string
}

const state: SimulatorState = {
  seed: 'disney-alerts',
  fault: null,
  latencyMs: 0,
  script: null,
  calls: [],
  expectedToken: 'simulator-dining-token',
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

/**
 * Whether a slot is open right now: a weighted coin, re-tossed every few minutes. Each slot is
 * re-tossed on a phase of its own, so openings come and go all the time, as cancellations do,
 * rather than all at once at a shared moment.
 */
function drawnOpen(key: string, date: string, now = Date.now()) {
  const daysBefore = (Date.parse(`${date}T12:00:00Z`) - now) / DAY_MS
  const chance = daysBefore >= 0.5 && daysBefore <= 3.5 ? 0.02 : 0.003
  const phase = hash32(`${state.seed}|phase|${key}`) % SLOT_LIFETIME_MS
  const draw = Math.floor((now + phase) / SLOT_LIFETIME_MS)
  return hash32(`${state.seed}|${key}|${draw}`) / 2 ** 32 < chance
}

function soldOut(resortName: string) {
  return hash32(`${state.seed}|sold-out|${resortName}`) % 8 === 0
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

/** The fault a test asked for, as Disney would answer it; null to answer normally. */
async function injectedFault(): Promise<Response | null> {
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
    default:
      return null
  }
}

/** Times every 15 minutes inside each meal period the restaurant serves. */
function servingTimes(restaurant: CatalogueRestaurant): { meal: string; time: string }[] {
  const times: { meal: string; time: string }[] = []
  for (const period of restaurant.mealPeriods) {
    const window = MEAL_WINDOWS[(period === 'brunch' ? 'lunch' : period) as Meal]
    for (let at = minutesOf(window.start)!; at < minutesOf(window.end)!; at += 15) {
      const time = `${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}:00`
      times.push({ meal: period.charAt(0).toUpperCase() + period.slice(1), time })
    }
  }
  return times
}

function label(time: string) {
  const at = minutesOf(time)!
  const hours = Math.floor(at / 60)
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(at % 60).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`
}

const HOSTS = {
  'disneyworld.disney.go.com': 'disney-world',
  'disneyland.disney.go.com': 'disneyland',
} as const

export function disneyHandlers() {
  return [
    http.get(
      'https://:host/dine-res/api/availability/:party/:dates/:times',
      async ({ request, params }) => {
        state.calls.push({ family: 'dining', url: request.url })
        const fault = await injectedFault()
        if (fault) return fault
        const token = request.headers.get('Authorization')?.replace(/^BEARER /i, '')
        if (state.fault === 'expired-token' || token !== state.expectedToken) {
          return new HttpResponse(null, { status: 401 })
        }
        const destination = HOSTS[String(params.host) as keyof typeof HOSTS]
        const date = String(params.dates).split(',')[0]!
        // Alerts on one question share an answer for a few seconds, as they would Disney's.
        const cacheKey = `${destination}|${String(params.party)}|${date}|${Math.floor(Date.now() / DINING_ANSWER_MS)}`
        const cached = state.script ? undefined : diningCache.get(cacheKey)
        if (cached)
          return HttpResponse.text(cached, { headers: { 'Content-Type': 'application/json' } })
        const { restaurants } = await loadCatalogue()
        const body: Record<string, unknown> = {}
        for (const restaurant of restaurants.filter((r) => r.locationIdentifier === destination)) {
          const open = servingTimes(restaurant).filter(({ time }) => {
            const key = `${restaurant.id}|${date}|${time}`
            return state.script
              ? state.script.dining.includes(key)
              : drawnOpen(`${key}|${String(params.party)}`, date)
          })
          const byMeal = new Map<string, string[]>()
          for (const { meal, time } of open) byMeal.set(meal, [...(byMeal.get(meal) ?? []), time])
          body[restaurant.id] = {
            id: restaurant.id,
            name: restaurant.name,
            offers: {
              [date]: [...byMeal].map(([meal, times]) => ({
                mealPeriodType: meal,
                offersByAccessibility: [
                  {
                    accessibilityLevel: 'GENERAL',
                    offers: times.map((time) => ({
                      offerId: `${hash32(time).toString(16)}:1`,
                      time,
                      label: label(time),
                    })),
                  },
                ],
              })),
            },
          }
        }
        const text = JSON.stringify({ statusCode: 200, restaurant: body })
        if (!state.script) rememberDining(cacheKey, text)
        return HttpResponse.text(text, { headers: { 'Content-Type': 'application/json' } })
      },
    ),

    http.post(
      'https://disneyworld.disney.go.com/wdw-resorts-details-api/api/v1/resort/:slug/availability-and-prices',
      async ({ request, params }) => {
        state.calls.push({ family: 'wdw-hotel', url: request.url })
        return roomAnswer(await request.json(), String(params.slug), 'disney-world')
      },
    ),

    http.post(
      'https://disneyland.disney.go.com/dlr-resort-details-api/api/v1/availability-and-prices/:slug',
      async ({ request, params }) => {
        state.calls.push({ family: 'dlr-hotel', url: request.url })
        return roomAnswer(await request.json(), String(params.slug), 'disneyland')
      },
    ),
  ]
}

async function roomAnswer(body: unknown, slug: string, destination: 'disney-world' | 'disneyland') {
  const fault = await injectedFault()
  if (fault) return fault
  const stay = body as { checkInDate?: string; checkOutDate?: string; accessible?: boolean }
  if (!stay.checkInDate || !stay.checkOutDate)
    return HttpResponse.json({ errors: [{ message: 'Bad Request' }] }, { status: 400 })
  const { resorts } = await loadCatalogue()
  const slugOf = (name: string) =>
    destination === 'disneyland' ? DLR_SLUGS[name] : disneyResortSlug(name)
  const resort = resorts.find(
    (item) => item.locationIdentifier === destination && slugOf(item.name) === slug,
  )
  if (!resort)
    return HttpResponse.json({ errors: [{ message: 'Resort not found' }] }, { status: 404 })
  const lookup: Record<
    string,
    { code?: string; reasonUnavailable?: string; displayPrice?: unknown }
  > = {}
  for (const room of resort.roomTypes) {
    const roomId = room.disneyRoomId ?? room.id
    const open = state.script
      ? state.script.rooms.includes(roomId)
      : !soldOut(resort.name) &&
        drawnOpen(`${roomId}|${stay.checkInDate}|${stay.checkOutDate}`, stay.checkInDate)
    lookup[roomId] = open
      ? {
          ...(room.disneyRoomCode && { code: room.disneyRoomCode }),
          displayPrice: { basePrice: { subtotal: '412.00', taxIncluded: false } },
        }
      : {
          ...(room.disneyRoomCode && { code: room.disneyRoomCode }),
          reasonUnavailable: 'NO_AVAILABILITY',
        }
  }
  const anyOpen = Object.values(lookup).some((entry) => !entry.reasonUnavailable)
  if (destination === 'disneyland' && !anyOpen) {
    return HttpResponse.json(
      { errors: [{ systemErrorCode: 220141, message: 'No Available Rooms were found.' }] },
      { status: 404 },
    )
  }
  return HttpResponse.json({ roomPriceLookup: lookup, orderedRoomIds: Object.keys(lookup) })
}
