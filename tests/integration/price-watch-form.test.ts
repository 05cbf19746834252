import { describe, expect, it } from 'vitest'
import { catalogueResort, createAlertRow, createUser, daysFromToday } from '../../db/factories.ts'
import { ALERT_ERRORS } from '~/domain/alerts'
import { HOTEL_MESSAGES } from '~/domain/hotel-alert'
import { PRICE_MESSAGES } from '~/domain/price-terms'
import { action as hotelPage } from '~/routes/alerts.hotels'
import { action as priceWatchPage, loader as priceWatchLoader } from '~/routes/alerts.price-watch'
import { loader as hotelList } from '~/routes/api.availability-queries'
import { loader as dashboard } from '~/routes/dashboard'
import { getDb } from '~/utils/db.server'
import { alertsOf } from '../support/rows.ts'
import { callRoute, cookiesFrom, getRequest } from '../support/routes.ts'
import { cookieFor, tokenFor } from '../support/session.ts'

/*
 * The price watch page form (issue 30, "I already booked"): a watch on a booked stay made from
 * /alerts/price-watch as a user and as a visitor through login, filled in from an "I booked it"
 * link, refused beside its fields, and counted toward the plan like every alert.
 */

const db = () => getDb()

type Fields = Record<string, string | string[]>

/** The page form as a browser sends it: a repeated name for each value. */
function pairs(fields: Fields) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(fields))
    for (const item of [value].flat()) params.append(key, item)
  return params
}

/** The form posted as a browser posts it, with or without JavaScript: the same fields. */
function post(fields: Fields, cookie?: string) {
  const headers = new Headers({ 'Content-Type': 'application/x-www-form-urlencoded' })
  if (cookie) headers.set('Cookie', cookie)
  return callRoute(
    priceWatchPage,
    new Request('http://localhost/alerts/price-watch', {
      method: 'POST',
      headers,
      body: pairs(fields).toString(),
    }),
  )
}

/** The page as an address shows it: a link, or a GET submission of the form without JavaScript. */
async function page(query: string) {
  const response = await callRoute(priceWatchLoader, getRequest(`/alerts/price-watch?${query}`))
  expect(response.status).toBe(200)
  return response.json()
}

const pop = () => catalogueResort(db())

/** A stay booked at Pop Century for two adults and a child, far from the other files' stays. */
async function bookedFields(overrides: Fields = {}): Promise<Fields> {
  const { resort, rooms } = await pop()
  return {
    resortId: resort.id,
    roomId: rooms[0]!.id,
    checkInDate: daysFromToday(90),
    checkOutDate: daysFromToday(94),
    numberOfAdults: '2',
    numberOfChildren: '1',
    agesOfChildren: '7',
    paidTotal: '$2,384.50',
    rateType: 'room-only',
    savingKind: 'amount',
    saving: '50',
    ...overrides,
  }
}

async function subscriber(planId = 'magic-hour') {
  const user = await createUser(db(), { planId, trialStartUtc: new Date() })
  return { user, cookie: await cookieFor(user) }
}

/** The user's hotel alerts as GET /api/availability-queries answers them. */
async function apiAlerts(user: Awaited<ReturnType<typeof createUser>>) {
  const token = await tokenFor(user)
  return (await callRoute(hotelList, getRequest('/api/availability-queries', { token }))).json()
}

describe('a price watch from the page form', () => {
  it('is made for a user, who goes to the dashboard', async () => {
    const { user, cookie } = await subscriber()
    const { resort, rooms } = await pop()
    const response = await post(await bookedFields(), cookie)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/dashboard?newAlert=hotel&success=1')
    expect(await apiAlerts(user)).toEqual([
      expect.objectContaining({
        resortId: resort.id,
        roomIds: [rooms[0]!.id],
        checkInDate: daysFromToday(90),
        checkOutDate: daysFromToday(94),
        numberOfAdults: 2,
        agesOfChildren: [7],
        accessible: false,
        watch: 'price',
        paidTotal: 2384.5,
        rateType: 'room-only',
        minSaving: 50,
        active: true,
      }),
    ])
  })

  it('watches for a percentage on a package', async () => {
    const { user, cookie } = await subscriber()
    await post(
      await bookedFields({ rateType: 'package', savingKind: 'percent', saving: '5%' }),
      cookie,
    )
    const [alert] = await apiAlerts(user)
    expect(alert).toMatchObject({ watch: 'price', rateType: 'package', minSavingPercent: 5 })
    expect(alert).not.toHaveProperty('minSaving')
    expect(await alertsOf('hotel', user.id)).toEqual([
      expect.objectContaining({ watch: 'price', paidTotalCents: 238450, minSavingPercent: 5 }),
    ])
  })

  it('keeps a visitor’s watch through login, every field of it', async () => {
    const { resort } = await pop()
    // Accessible: a room type of the resort that is, as the party needs.
    const accessibleRoom = await db()
      .selectFrom('roomTypes')
      .select('id')
      .where('resortId', '=', resort.id)
      .where('accessible', '=', true)
      .executeTakeFirstOrThrow()
    const response = await post(
      await bookedFields({ accessible: 'on', agesOfChildren: '4', roomId: accessibleRoom.id }),
    )
    expect(response.headers.get('Location')).toMatch(/^\/login\?intent=quick/)
    const { user, cookie } = await subscriber()
    const arrival = await callRoute(
      dashboard,
      getRequest('/dashboard?newAlert=hotel', { cookie: `${cookie}; ${cookiesFrom(response)}` }),
    )
    expect(arrival.headers.get('Location')).toBe('/dashboard?newAlert=hotel&success=1')
    const [alert] = await apiAlerts(user)
    expect(alert).toMatchObject({
      roomIds: [accessibleRoom.id],
      checkInDate: daysFromToday(90),
      checkOutDate: daysFromToday(94),
      agesOfChildren: [4],
      accessible: true,
      watch: 'price',
      paidTotal: 2384.5,
      rateType: 'room-only',
      minSaving: 50,
    })
  })
})

describe('what the form refuses', () => {
  it('says each refusal beside its field with a 400, keeps what was typed and saves nothing', async () => {
    const { user, cookie } = await subscriber()
    const { rooms } = await pop()
    const refusals: [Fields, Record<string, string[]>][] = [
      [{ paidTotal: '23,84' }, { paidTotal: [PRICE_MESSAGES.paidTotal] }],
      [{ paidTotal: 'two thousand' }, { paidTotal: [PRICE_MESSAGES.paidTotal] }],
      [{ rateType: [] }, { rateType: [PRICE_MESSAGES.rateType] }],
      [{ savingKind: ['amount', 'percent'] }, { saving: [PRICE_MESSAGES.savingOrPercent] }],
      [{ savingKind: 'percent', saving: '120' }, { saving: [PRICE_MESSAGES.percent] }],
      [{ roomId: [rooms[0]!.id, rooms[1]!.id] }, { roomId: [PRICE_MESSAGES.watchOneRoom] }],
      [
        { checkOutDate: daysFromToday(89) },
        { checkOutDate: [HOTEL_MESSAGES.checkOutAfterCheckIn] },
      ],
    ]
    for (const [fields, errors] of refusals) {
      const response = await post(await bookedFields(fields), cookie)
      expect(response.status, JSON.stringify(fields)).toBe(400)
      const body = await response.json()
      expect(body.result.error, JSON.stringify(fields)).toEqual(errors)
      // The page shows the form again as it was sent.
      expect(body.draft.paidTotal).toBe(
        typeof fields.paidTotal === 'string' ? fields.paidTotal : '$2,384.50',
      )
      expect(body.draft.stay.checkInDate).toBe(daysFromToday(90))
    }
    expect(await alertsOf('hotel', user.id)).toEqual([])
  })

  it('refuses what only the catalogue can tell beside the room type: another resort’s room', async () => {
    const { user, cookie } = await subscriber()
    const other = await catalogueResort(db(), "Disney's Grand Californian Hotel & Spa")
    const response = await post(await bookedFields({ roomId: other.rooms[0]!.id }), cookie)
    expect(response.status).toBe(400)
    expect((await response.json()).result.error).toEqual({
      roomId: [HOTEL_MESSAGES.unknownRooms],
    })
    expect(await alertsOf('hotel', user.id)).toEqual([])
  })
})

describe('the plan limit', () => {
  it('refuses a watch to a user at their plan’s limit, with the limit’s message', async () => {
    const { user, cookie } = await subscriber('pixie-dust')
    await createAlertRow(db(), 'dining', user.id)
    const response = await post(await bookedFields(), cookie)
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.code).toBe('QUOTA_EXCEEDED')
    expect(body.result.error).toEqual({ '': [ALERT_ERRORS.QUOTA_EXCEEDED(1)] })
    expect(await alertsOf('hotel', user.id)).toEqual([])
  })

  it('counts a watch as an alert: the next one is refused', async () => {
    const { user, cookie } = await subscriber('pixie-dust')
    await post(await bookedFields(), cookie)
    const { resort, rooms } = await pop()
    const next = await callRoute(
      hotelPage,
      new Request('http://localhost/alerts/hotels', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
        body: pairs({
          resortId: resort.id,
          roomIds: rooms[0]!.id,
          checkInDate: daysFromToday(90),
          checkOutDate: daysFromToday(94),
          numberOfAdults: '2',
        }).toString(),
      }),
    )
    expect(next.status).toBe(400)
    expect((await next.json()).result.error).toEqual({ '': [ALERT_ERRORS.QUOTA_EXCEEDED(1)] })
    expect(await alertsOf('hotel', user.id)).toEqual([expect.objectContaining({ watch: 'price' })])
  })
})

describe('the form filled in from an "I booked it" link', () => {
  it('shows the stay the link gives, with the resort’s room types', async () => {
    const { resort, rooms } = await pop()
    const shown = await page(
      pairs({
        resortId: resort.id,
        roomId: rooms[0]!.id,
        checkInDate: daysFromToday(90),
        checkOutDate: daysFromToday(94),
        adults: '3',
        childAges: '4,9',
        accessible: 'false',
      }).toString(),
    )
    expect(shown.draft.stay).toMatchObject({
      resortId: resort.id,
      roomIds: [rooms[0]!.id],
      checkInDate: daysFromToday(90),
      checkOutDate: daysFromToday(94),
      adults: 3,
      childAges: [4, 9],
      accessible: false,
    })
    expect(shown.rooms.map((room: { id: string }) => room.id)).toContain(rooms[0]!.id)
    expect(shown.draft).toMatchObject({ paidTotal: '', rateType: null })
  })

  it('ignores what it cannot use, leaving those fields empty', async () => {
    const { resort } = await pop()
    const other = await catalogueResort(db(), "Disney's Grand Californian Hotel & Spa")
    const garbage = [
      'resortId=not-a-resort&roomId=x&checkInDate=2027-02-30&checkOutDate=soon&adults=-1&childAges=a,b&accessible=maybe',
      `resortId=${resort.id}&roomId=${other.rooms[0]!.id}&adults=99&childAges=4,30`,
      'childAges=&adults=&resortId=&roomId=%00',
    ]
    for (const query of garbage) {
      const shown = await page(query)
      expect(shown.draft.stay, query).toMatchObject({
        roomIds: [],
        checkInDate: '',
        checkOutDate: '',
        adults: 2,
        childAges: [],
        accessible: false,
      })
    }
    expect((await page(garbage[0]!)).draft.stay.resortId).toBeNull()
    expect((await page(garbage[1]!)).draft.stay.resortId).toBe(resort.id)
  })

  it('keeps the form through a resort search without JavaScript, and forgets the resort on Change', async () => {
    const { resort } = await pop()
    const entered = await bookedFields()
    const searched = await page(pairs({ ...entered, resortId: '', q: 'pop' }).toString())
    expect(searched).toMatchObject({
      q: 'pop',
      draft: { paidTotal: '$2,384.50', rateType: 'room-only', saving: '50' },
    })
    const changed = await page(
      pairs({ ...entered, resortId: resort.id, change: 'resortId' }).toString(),
    )
    expect(changed.draft.stay).toMatchObject({ resortId: null, roomIds: [] })
  })
})
