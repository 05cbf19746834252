/**
 * The simulator's dine-res answer against the adapter's contract: read through the real adapter
 * (msw answering node's http, as in development), it must take the adapter's schema, lay out a
 * dinner show's times like a restaurant's and a dining event's under the restaurant hosting it,
 * so both layouts the adapter reads (tests/fixtures/disney/README.md) are exercised, and leave
 * out every venue the catalogue marks as no longer listed by Disney.
 */
import { describe, expect, it } from 'vitest'
import { readCatalogue } from '../db/catalogue.ts'
import { simulatorAt } from '../tests/support/disney-simulator.ts'
import {
  diningAvailabilitySchema,
  fetchDiningAnswer,
  type DiningOffer,
} from '../worker/upstream/dining.ts'
import { callDisney } from '../worker/upstream/http.ts'
import { configureSimulator } from './disney.ts'

const NOW = new Date('2026-12-01T15:00:00Z')
simulatorAt(NOW)

const DATE = '2026-12-03'
const TOKEN = 'simulator-dining-token'
const { restaurants } = await readCatalogue()
const wdw = restaurants.filter((venue) => venue.locationIdentifier === 'disney-world')
const byId = new Map(wdw.map((venue) => [venue.id, venue]))
const HOOP_DEE_DOO = '80010856'
/** Rose & Crown Fireworks Dining Package, a dining event. */
const FIREWORKS_PACKAGE = '19316134'
/** Mama Melrose's Ristorante Italiano: no longer in Disney's list (content/catalogue/SOURCES.md). */
const RETIRED = '90001865'
/** Cinderella's Royal Table. */
const LISTED = '90002464'

interface Entry {
  id: string
  name: string
  offers?: Record<string, unknown[]>
  eventTimes?: { eventFacilityId: string; restaurant: Record<string, Entry> }[]
}
interface Answer {
  restaurant: Record<string, Entry>
  dinnerShow: Record<string, Entry>
  diningEvent: Record<string, Entry>
}

/** The answer as Disney's JSON, asked as the adapter asks it. */
async function rawAnswer() {
  const { status, json } = await callDisney({
    family: 'dining',
    method: 'GET',
    url: `https://disneyworld.disney.go.com/dine-res/api/availability/2/${DATE},${DATE}/00:00:00,23:59:59`,
    headers: { Authorization: `BEARER ${TOKEN}` },
    timeoutMs: 5000,
  })
  expect(status).toBe(200)
  return json as Answer
}

async function reading() {
  const answer = await fetchDiningAnswer(
    { destination: 'disney-world', partySize: 2, date: DATE },
    { token: TOKEN, timeoutMs: 5000 },
  )
  if (answer.kind !== 'offers') throw new Error(`read as ${answer.kind}`)
  return answer
}

const slots = (offers: DiningOffer[]) =>
  offers.map((offer) => `${offer.venueId}|${offer.date}|${offer.time} ${offer.mealPeriod}`).sort()

/** The restaurant a dining event's times are nested under in the simulator's answer. */
async function hostOf(eventId: string) {
  const [time] = (await rawAnswer()).diningEvent[`${eventId};entityType=dining-event`]!.eventTimes!
  return Object.keys(time!.restaurant)[0]!
}

describe("the simulator's dine-res answer", () => {
  it('takes the adapter schema and lists every venue Disney lists, in its group, and no other', async () => {
    const answer = await rawAnswer()
    expect(diningAvailabilitySchema.safeParse(answer).success).toBe(true)
    const listed = (entityType: string) =>
      wdw
        .filter((venue) => venue.listedByDisney && venue.entityType === entityType)
        .map((venue) => venue.id)
        .sort()
    const bare = (group: Record<string, Entry>) =>
      Object.keys(group).map((key) => key.split(';')[0])
    expect(bare(answer.restaurant).sort()).toEqual(listed('restaurant'))
    expect(bare(answer.dinnerShow).sort()).toEqual(listed('dinner-show'))
    expect(bare(answer.diningEvent).sort()).toEqual(listed('dining-event'))
  })

  it("lays out a dinner show's times like a restaurant's, on the show itself", async () => {
    const show = (await rawAnswer()).dinnerShow[`${HOOP_DEE_DOO};entityType=dinner-show`]!
    expect(show).toEqual({
      id: `${HOOP_DEE_DOO};entityType=dinner-show`,
      name: 'Hoop-Dee-Doo Musical Revue',
      offers: { [DATE]: [expect.objectContaining({ mealPeriodType: 'Dinner' })] },
    })
  })

  it("nests every dining event's times under a restaurant of the event's area, with an id of its own", async () => {
    const events = Object.values((await rawAnswer()).diningEvent)
    expect(events.length).toBeGreaterThan(0)
    for (const event of events) {
      const eventId = event.id.split(';')[0]!
      expect(event.offers).toBeUndefined()
      expect(event.eventTimes).toHaveLength(1)
      const [time] = event.eventTimes!
      expect(time!.eventFacilityId).toBe(eventId)
      const [[hostId, host]] = Object.entries(time!.restaurant) as [[string, Entry]]
      expect(hostId).not.toBe(eventId)
      expect(byId.get(hostId)).toMatchObject({
        entityType: 'restaurant',
        listedByDisney: true,
        area: byId.get(eventId)!.area,
      })
      expect(host).toEqual({
        id: `${hostId};entityType=restaurant`,
        name: byId.get(hostId)!.name,
        offers: { [DATE]: expect.any(Array) },
      })
    }
  })

  it("is read in both layouts as each venue's own times: the show's, the event's and its host's apart", async () => {
    const host = await hostOf(FIREWORKS_PACKAGE)
    configureSimulator({
      script: {
        dining: [
          `${HOOP_DEE_DOO}|${DATE}|17:00:00`,
          `${FIREWORKS_PACKAGE}|${DATE}|20:00:00`,
          `${host}|${DATE}|20:00:00`,
          `${host}|${DATE}|18:30:00`,
        ],
        rooms: [],
      },
    })
    const answer = await reading()
    expect(slots(answer.offers)).toEqual(
      [
        `${FIREWORKS_PACKAGE}|${DATE}|20:00:00 Dinner`,
        `${HOOP_DEE_DOO}|${DATE}|17:00:00 Dinner`,
        `${host}|${DATE}|18:30:00 Dinner`,
        `${host}|${DATE}|20:00:00 Dinner`,
      ].sort(),
    )
    const venue = (id: string) => answer.venues.find((one) => one.venueId === id)
    expect(venue(HOOP_DEE_DOO)).toMatchObject({ group: 'dinnerShow', offers: 1 })
    expect(venue(FIREWORKS_PACKAGE)).toMatchObject({ group: 'diningEvent', offers: 1 })
    expect(venue(host)).toMatchObject({ group: 'restaurant', offers: 2 })
  })

  it('answers no table at a restaurant Disney no longer lists, and does at one it lists', async () => {
    expect(byId.get(RETIRED)?.listedByDisney).toBe(false)
    configureSimulator({
      script: { dining: [`${RETIRED}|${DATE}|18:00:00`, `${LISTED}|${DATE}|18:00:00`], rooms: [] },
    })
    const raw = JSON.stringify(await rawAnswer())
    for (const venue of wdw.filter((one) => !one.listedByDisney)) {
      expect(raw).not.toContain(`"${venue.id}`)
    }
    const answer = await reading()
    expect(slots(answer.offers)).toEqual([`${LISTED}|${DATE}|18:00:00 Dinner`])
    expect(answer.venues.map((one) => one.venueId)).not.toContain(RETIRED)
  })
})
