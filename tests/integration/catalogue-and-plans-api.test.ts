import { describe, expect, it } from 'vitest'
import { loader as resorts } from '~/routes/api.resorts'
import { loader as rooms } from '~/routes/api.resorts.$id.rooms'
import { loader as dining } from '~/routes/api.resorts.$group.dining-locations'
import { loader as plans } from '~/routes/api.settings.subscription-plans'
import { getDb } from '~/utils/db.server'
import { legacyPlan } from '../../db/factories.ts'
import { seed } from '../../db/seed.ts'
import { callRoute, getRequest } from '../support/routes.ts'

interface ResortJson {
  id: string
  name: string
  slug: string
  resortLocation: { identifier: string; display: string }
}

async function allResorts() {
  const response = await callRoute(resorts, getRequest('/api/resorts'))
  return { response, body: (await response.json()) as ResortJson[] }
}

describe('GET /api/resorts', () => {
  it('lists the 37 hotels with their destination, cacheable', async () => {
    const { response, body } = await allResorts()
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toMatch(/public, max-age=3600/)
    expect(body).toHaveLength(37)
    const grand = body.find((resort) => resort.name === "Disney's Grand Floridian Resort & Spa")
    expect(grand).toMatchObject({
      disneyIdentifier: '80010384',
      slug: 'disney-s-grand-floridian-resort-and-spa',
      resortLocation: { identifier: 'disney-world', display: 'Walt Disney World' },
    })
    expect(body.filter((resort) => resort.resortLocation.identifier === 'disneyland')).toHaveLength(
      6,
    )
  })
})

describe('GET /api/resorts/{id}/rooms', () => {
  it('lists the room types of a resort with their occupancy', async () => {
    const { body } = await allResorts()
    const pop = body.find((resort) => resort.name === "Disney's Pop Century Resort")!
    const response = await callRoute(rooms, getRequest(`/api/resorts/${pop.id}/rooms`), {
      params: { id: pop.id },
    })
    expect(response.status).toBe(200)
    const list = await response.json()
    expect(list.length).toBeGreaterThan(2)
    expect(Object.keys(list[0]).sort()).toEqual(
      [
        'accessible',
        'categoryName',
        'id',
        'maxAdultOccupancy',
        'maxNonAdultOccupancy',
        'maxNonInfantOccupancy',
        'maxOccupancy',
        'name',
        'numberOfBedrooms',
      ].sort(),
    )
  })

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"])(
    'is a 404 with a message for %s',
    async (id) => {
      const response = await callRoute(rooms, getRequest(`/api/resorts/${id}/rooms`), {
        params: { id },
      })
      expect(response.status).toBe(404)
      expect((await response.json()).message).toBe(`No resort has the id "${id}".`)
    },
  )
})

describe('GET /api/resorts/{group}/dining-locations', () => {
  it('lists the restaurants of each destination', async () => {
    for (const [group, atLeast] of [
      ['disney-world', 100],
      ['disneyland', 20],
      ['WDW', 100],
    ] as const) {
      const response = await callRoute(
        dining,
        getRequest(`/api/resorts/${group}/dining-locations`),
        {
          params: { group },
        },
      )
      expect(response.status).toBe(200)
      const list = await response.json()
      expect(list.length).toBeGreaterThan(atLeast)
      expect(list[0]).toHaveProperty('resortLocationIdentifier')
    }
  })

  it('is a 404 for an unknown destination', async () => {
    const response = await callRoute(dining, getRequest('/api/resorts/epcot/dining-locations'), {
      params: { group: 'epcot' },
    })
    expect(response.status).toBe(404)
    expect((await response.json()).message).toBe(
      'Unknown destination "epcot". Use disney-world or disneyland.',
    )
  })
})

describe('the catalogue calls the dashboard wizards make on open', () => {
  const revalidate = (path: string, etag: string) =>
    new Request(`http://localhost${path}`, { headers: { 'If-None-Match': etag } })

  it('answer with an ETag, and a 304 without a body when the browser holds that answer', async () => {
    const pop = (await allResorts()).body.find((r) => r.name === "Disney's Pop Century Resort")!
    const calls: { loader: typeof resorts; path: string; params: Record<string, string> }[] = [
      { loader: resorts, path: '/api/resorts', params: {} },
      { loader: rooms, path: `/api/resorts/${pop.id}/rooms`, params: { id: pop.id } },
      {
        loader: dining,
        path: '/api/resorts/disneyland/dining-locations',
        params: { group: 'disneyland' },
      },
    ]
    for (const { loader, path, params } of calls) {
      const first = await callRoute(loader, getRequest(path), { params })
      expect(first.status).toBe(200)
      expect(first.headers.get('Cache-Control')).toMatch(/^public, max-age=3600/)
      const etag = first.headers.get('ETag')!
      expect(etag).toMatch(/^"[\w-]+"$/)
      expect((await first.json()).length).toBeGreaterThan(0)

      const again = await callRoute(loader, revalidate(path, etag), { params })
      expect(again.status).toBe(304)
      expect(again.headers.get('ETag')).toBe(etag)
      expect(await again.text()).toBe('')

      const stale = await callRoute(loader, revalidate(path, '"an-older-answer"'), { params })
      expect(stale.status).toBe(200)
      expect(stale.headers.get('ETag')).toBe(etag)
    }
  })
})

describe('re-seeding the catalogue', () => {
  it('updates rows in place, never duplicates, and unlists rather than deletes', async () => {
    const db = getDb()
    const before = await db
      .selectFrom('roomTypes')
      .select(db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    const orphan = await db
      .insertInto('resorts')
      .values({
        id: '11111111-1111-4111-8111-111111111111',
        name: 'A Resort That Left The Files',
        slug: 'a-resort-that-left-the-files',
        locationIdentifier: 'disney-world',
        tier: 'value',
        area: 'Nowhere',
        description:
          'Stands for a hotel that was removed from the catalogue files after alerts were set.',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    // Edited rows get the files' values back.
    const snapshot = () =>
      Promise.all([
        db.selectFrom('plans').selectAll().orderBy('id').execute(),
        db.selectFrom('roomTypes').selectAll().orderBy('id').execute(),
        db.selectFrom('diningLocations').selectAll().orderBy('id').execute(),
      ])
    const files = await snapshot()
    await db.updateTable('plans').set({ tagline: 'edited', alertLimit: 99 }).execute()
    await db
      .updateTable('roomTypes')
      .set({ name: 'edited', disneyRoomIds: ['0'] })
      .execute()
    await db.updateTable('diningLocations').set({ cuisine: 'edited' }).execute()
    await seed(db)
    await seed(db)
    expect(await snapshot()).toEqual(files)
    const after = await db
      .selectFrom('roomTypes')
      .select(db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(after.n).toBe(before.n)
    const kept = await db
      .selectFrom('resorts')
      .selectAll()
      .where('id', '=', orphan.id)
      .executeTakeFirstOrThrow()
    expect(kept.listed).toBe(false)
    const { body } = await allResorts()
    expect(body).toHaveLength(37)
  })
})

describe('GET /api/settings/subscription-plans', () => {
  it('lists the four plans in order with every field of the contract', async () => {
    const response = await callRoute(plans, getRequest('/api/settings/subscription-plans'))
    expect(response.status).toBe(200)
    const list = await response.json()
    expect(list.map((plan: { id: string }) => plan.id)).toEqual([
      'pixie-dust',
      'magic-hour',
      'lightning-lane',
      'the-club',
    ])
    expect(list[1]).toEqual({
      id: 'magic-hour',
      priceId: 'price_mock_magic_hour',
      name: 'Magic Hour',
      displayName: 'Magic Hour',
      description: expect.any(String),
      tagline: expect.any(String),
      price: '$7 per month',
      priceCents: 700,
      currency: 'usd',
      limit: 5,
      alerts: 5,
      clients: 0,
      intervalMinutes: 60,
      free: false,
      legacy: false,
      legacyPrice: null,
      order: 2,
    })
    expect(list.map((plan: { intervalMinutes: number }) => plan.intervalMinutes)).toEqual([
      1440, 60, 5, 2,
    ])
    // The Club keeps an agent's clients, one for each alert (decision 0035).
    expect(list.map((plan: { clients: number }) => plan.clients)).toEqual([0, 0, 0, 40])
  })

  it('hides legacy plans', async () => {
    await legacyPlan(getDb())
    const list = await (
      await callRoute(plans, getRequest('/api/settings/subscription-plans'))
    ).json()
    expect(list.map((plan: { id: string }) => plan.id)).not.toContain('castle-classic')
  })
})
