/**
 * A price ceiling on a hotel alert from its page form (issue 30): per night or for the stay, in
 * dollars as people type them, kept through login and editing, refused beside its field, and
 * given back by the JSON API in dollars.
 */
import { describe, expect, it } from 'vitest'
import { catalogueResort, createUser, daysFromToday } from '../../db/factories.ts'
import { hotelEditHref } from '~/domain/hotel-drafts'
import { PRICE_MESSAGES } from '~/domain/price-terms'
import { action as hotelPage, loader as hotelPageLoader } from '~/routes/alerts.hotels'
import { loader as hotelList } from '~/routes/api.availability-queries'
import { loader as dashboard } from '~/routes/dashboard'
import { getDb } from '~/utils/db.server'
import { alertsOf } from '../support/rows.ts'
import { callRoute, cookiesFrom, formRequest, getRequest } from '../support/routes.ts'
import { cookieFor } from '../support/session.ts'

type Fields = Record<string, string>

/** The page form as it posts (with JavaScript Remix posts the same fields to the same action). */
const post = (fields: Fields, cookie?: string) =>
  callRoute(hotelPage, formRequest('/alerts/hotels', fields, { cookie }))

/** Today's exact form at Pop Century, and a price ceiling. */
async function withCeiling(ceiling: Fields): Promise<Fields> {
  const pop = await catalogueResort(getDb(), "Disney's Pop Century Resort")
  return {
    resortId: pop!.resort.id,
    checkInDate: daysFromToday(70),
    checkOutDate: daysFromToday(74),
    numberOfAdults: '2',
    numberOfChildren: '0',
    roomIds: pop!.rooms[0]!.id,
    ...ceiling,
  }
}

async function subscriber() {
  const user = await createUser(getDb(), { planId: 'magic-hour' })
  return { user, cookie: await cookieFor(user) }
}

const ceilingOf = async (userId: string) =>
  (await alertsOf('hotel', userId)).map((row) => [row.maxNightlyPriceCents, row.maxTotalPriceCents])

const created = (response: Response) =>
  expect(response.headers.get('Location')).toBe('/dashboard?newAlert=hotel&success=1')

describe('a price ceiling from the hotel page form', () => {
  it('watches below a nightly ceiling typed with a dollar sign and a comma', async () => {
    const { user, cookie } = await subscriber()
    created(await post(await withCeiling({ priceCeiling: 'night', maxPrice: '$1,450.50' }), cookie))
    expect(await ceilingOf(user.id)).toEqual([[145_050, null]])
  })

  it('watches below a ceiling for the whole stay, and the JSON API says it in dollars', async () => {
    const { user, cookie } = await subscriber()
    created(await post(await withCeiling({ priceCeiling: 'stay', maxPrice: '2400' }), cookie))
    expect(await ceilingOf(user.id)).toEqual([[null, 240_000]])
    const [listed] = await (
      await callRoute(hotelList, getRequest('/api/availability-queries', { cookie }))
    ).json()
    expect(listed).toMatchObject({ maxTotalPrice: 2400 })
    expect(listed).not.toHaveProperty('maxNightlyPrice')
  })

  it('watches any price when the dollars are left blank', async () => {
    const { user, cookie } = await subscriber()
    created(await post(await withCeiling({ priceCeiling: 'stay', maxPrice: ' ' }), cookie))
    expect(await ceilingOf(user.id)).toEqual([[null, null]])
    const [listed] = await (
      await callRoute(hotelList, getRequest('/api/availability-queries', { cookie }))
    ).json()
    expect(listed).not.toHaveProperty('maxTotalPrice')
    expect(listed).not.toHaveProperty('maxNightlyPrice')
  })

  it('refuses dollars it cannot take beside the field, keeps them as typed, and saves nothing', async () => {
    const { user, cookie } = await subscriber()
    for (const maxPrice of ['about 400', '450.505', '0', '250,000']) {
      const response = await post(await withCeiling({ priceCeiling: 'stay', maxPrice }), cookie)
      expect(response.status, maxPrice).toBe(400)
      const body = await response.json()
      expect(body.result.error, maxPrice).toEqual({ maxPrice: [PRICE_MESSAGES.price] })
      // Without JavaScript the page shows the form again from this: as it was sent.
      expect(body.draft, maxPrice).toMatchObject({ priceCeiling: 'stay', maxPrice })
    }
    expect(await alertsOf('hotel', user.id)).toEqual([])
  })

  it('keeps the ceiling when the page is sent again without JavaScript (Update room types)', async () => {
    const fields = await withCeiling({ priceCeiling: 'stay', maxPrice: '$3,000' })
    const page = await (
      await callRoute(hotelPageLoader, getRequest(`/alerts/hotels?${new URLSearchParams(fields)}`))
    ).json()
    expect(page.draft).toMatchObject({ priceCeiling: 'stay', maxPrice: '$3,000' })
  })

  it('keeps a visitor’s ceiling through login', async () => {
    const response = await post(await withCeiling({ priceCeiling: 'night', maxPrice: '399.99' }))
    expect(response.headers.get('Location')).toMatch(/^\/login\?intent=quick/)
    const { user, cookie } = await subscriber()
    const arrival = await callRoute(
      dashboard,
      getRequest('/dashboard?newAlert=hotel', { cookie: `${cookie}; ${cookiesFrom(response)}` }),
    )
    created(arrival)
    expect(await ceilingOf(user.id)).toEqual([[39_999, null]])
  })
})

describe('editing a ceiling from the page form', () => {
  it('opens with the ceiling, and keeps, changes or clears it', async () => {
    const { user, cookie } = await subscriber()
    const fields = await withCeiling({ priceCeiling: 'night', maxPrice: '450' })
    created(await post(fields, cookie))
    const [alert] = await alertsOf('hotel', user.id)
    const id = alert!.id
    const listed = (await (await callRoute(dashboard, getRequest('/dashboard', { cookie }))).json())
      .alerts[0]
    expect(listed).toMatchObject({ maxNightlyPrice: 450 })
    const page = await (
      await callRoute(hotelPageLoader, getRequest(hotelEditHref(listed), { cookie }))
    ).json()
    expect(page.editing).toBe(id)
    expect(page.draft).toMatchObject({ priceCeiling: 'night', maxPrice: '450' })

    const edit = async (ceiling: Fields) => {
      const saved = await post({ ...fields, ...ceiling, edit: id }, cookie)
      expect(saved.headers.get('Location')).toBe('/dashboard')
      return ceilingOf(user.id)
    }
    expect(await edit({ numberOfAdults: '3' })).toEqual([[45_000, null]])
    expect(await edit({ priceCeiling: 'stay', maxPrice: '1,800.25' })).toEqual([[null, 180_025]])
    expect(await edit({ maxPrice: '' })).toEqual([[null, null]])
  })
})
