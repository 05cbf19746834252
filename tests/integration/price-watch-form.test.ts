import { describe, expect, it } from 'vitest'
import { catalogueResort, createAlertRow, createUser, daysFromToday } from '../../db/factories.ts'
import { priceWatchEditHref } from '~/domain/price-watch-link'
import { ALERT_ERRORS } from '~/domain/alerts'
import { HOTEL_MESSAGES } from '~/domain/hotel-alert'
import { PRICE_MESSAGES } from '~/domain/price-terms'
import { action as hotelPage, loader as hotelPageLoader } from '~/routes/alerts.hotels'
import { action as priceWatchPage, loader as priceWatchLoader } from '~/routes/alerts.price-watch'
import { loader as hotelList } from '~/routes/api.availability-queries'
import { loader as dashboard } from '~/routes/dashboard'
import { getDb } from '~/utils/db.server'
import { readNotice } from '~/utils/flash.server'
import { WATCH_EDITED_ELSEWHERE } from '~/models/hotel-alert.server'
import { BOOKED_FORM_FIELDS, BOOKED_WATCH_TERMS, UNREAD_STAY } from '../support/price-watch.ts'
import { alertRow, alertsOf } from '../support/rows.ts'
import { callRoute, cookiesFrom, formPairs, formRequest, getRequest } from '../support/routes.ts'
import { cookieFor, tokenFor } from '../support/session.ts'

/*
 * The price watch page form (issue 30, "I already booked"): a watch on a booked stay made from
 * /alerts/price-watch as a user and as a visitor through login, filled in from an "I booked it"
 * link, refused beside its fields, counted toward the plan like every alert, and edited from the
 * dashboard's Edit on this page (never on the hotel form, which would make it an alert for an
 * opening).
 */

const db = () => getDb()

type Fields = Record<string, string | string[]>

/** The form posted as a browser posts it, with or without JavaScript: the same fields. */
function post(fields: Fields, cookie?: string) {
  return callRoute(priceWatchPage, formRequest('/alerts/price-watch', fields, { cookie }))
}

/** The page as an address shows it: a link, or a GET submission of the form without JavaScript. */
async function page(query: string, cookie?: string) {
  const response = await callRoute(
    priceWatchLoader,
    getRequest(`/alerts/price-watch?${query}`, { cookie }),
  )
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
    ...BOOKED_FORM_FIELDS,
    // The total as people type it.
    paidTotal: '$2,384.50',
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
    expect(response.headers.get('Location')).toBe('/dashboard?newAlert=hotel&success=1&watch=price')
    expect(await apiAlerts(user)).toEqual([
      expect.objectContaining({
        resortId: resort.id,
        roomIds: [rooms[0]!.id],
        checkInDate: daysFromToday(90),
        checkOutDate: daysFromToday(94),
        ...BOOKED_WATCH_TERMS,
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
    const login = new URL(response.headers.get('Location')!, 'http://localhost')
    expect(login.pathname).toBe('/login')
    expect(login.searchParams.get('intent')).toBe('quick')
    const afterLogin = login.searchParams.get('redirect')!
    expect(afterLogin).toBe('/dashboard?newAlert=hotel&watch=price')
    const { user, cookie } = await subscriber()
    const arrival = await callRoute(
      dashboard,
      getRequest(afterLogin, { cookie: `${cookie}; ${cookiesFrom(response)}` }),
    )
    expect(arrival.headers.get('Location')).toBe('/dashboard?newAlert=hotel&watch=price&success=1')
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
        body: formPairs({
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
      formPairs({
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
      expect(shown.draft.stay, query).toMatchObject(UNREAD_STAY)
    }
    expect((await page(garbage[0]!)).draft.stay.resortId).toBeNull()
    expect((await page(garbage[1]!)).draft.stay.resortId).toBe(resort.id)
  })

  it('keeps the form through a resort search without JavaScript, and forgets the resort on Change', async () => {
    const { resort } = await pop()
    const entered = await bookedFields()
    const searched = await page(formPairs({ ...entered, resortId: '', q: 'pop' }).toString())
    expect(searched).toMatchObject({
      q: 'pop',
      draft: { paidTotal: '$2,384.50', rateType: 'room-only', saving: '50' },
    })
    const changed = await page(
      formPairs({ ...entered, resortId: resort.id, change: 'resortId' }).toString(),
    )
    expect(changed.draft.stay).toMatchObject({ resortId: null, roomIds: [] })
  })
})

describe('what the dashboard is told was made', () => {
  it('says a price watch for its banner, and nothing of one after an alert for an opening', async () => {
    const { cookie } = await subscriber()
    const arrived = async (query: string) =>
      (await callRoute(dashboard, getRequest(`/dashboard?${query}`, { cookie }))).json()
    expect(await arrived('newAlert=hotel&success=1&watch=price')).toMatchObject({
      newAlert: 'hotel',
      success: true,
      newWatch: true,
    })
    expect(await arrived('newAlert=hotel&success=1')).toMatchObject({
      newAlert: 'hotel',
      newWatch: false,
    })
    expect((await arrived('newAlert=hotel&success=1&watch=availability')).newWatch).toBe(false)
  })
})

describe('editing a watch from the dashboard', () => {
  /** A user's watch, made on the page, as the dashboard lists it. */
  async function listedWatch(cookie: string, fields: Fields = {}) {
    expect((await post(await bookedFields(fields), cookie)).status).toBe(302)
    const { alerts } = await (
      await callRoute(dashboard, getRequest('/dashboard', { cookie }))
    ).json()
    expect(alerts).toHaveLength(1)
    return alerts[0]
  }

  it('opens this page, not the hotel form, filled in with the watch, for its owner only', async () => {
    const { cookie } = await subscriber()
    const { resort, rooms } = await pop()
    const watch = await listedWatch(cookie)
    const href = priceWatchEditHref(watch)
    expect(href).toMatch(/^\/alerts\/price-watch\?/)
    const query = href.split('?')[1]!

    const shown = await page(query, cookie)
    expect(shown.editing).toBe(watch.id)
    expect(shown.draft).toEqual({
      stay: expect.objectContaining({
        resortId: resort.id,
        roomIds: [rooms[0]!.id],
        checkInDate: daysFromToday(90),
        checkOutDate: daysFromToday(94),
        adults: 2,
        childAges: [7],
        accessible: false,
      }),
      paidTotal: '$2,384.50',
      rateType: 'room-only',
      savingKind: 'amount',
      saving: '$50',
    })
    expect(shown.rooms.map((room: { id: string }) => room.id)).toContain(rooms[0]!.id)
    // Without JavaScript, the form sent again by GET (a resort search, Update room types) keeps
    // editing the same watch.
    expect((await page(`${query}&q=pop&change=resortId`, cookie)).editing).toBe(watch.id)

    // Another user, or a visitor, following the same link makes a watch of their own.
    const stranger = await subscriber()
    expect((await page(query, stranger.cookie)).editing).toBeNull()
    expect((await page(query)).editing).toBeNull()
  })

  it('fills in a saving given as a percentage, and a package', async () => {
    const { cookie } = await subscriber()
    const watch = await listedWatch(cookie, {
      rateType: 'package',
      savingKind: 'percent',
      saving: '5',
      paidTotal: '3100',
    })
    const shown = await page(priceWatchEditHref(watch).split('?')[1]!, cookie)
    expect(shown.draft).toMatchObject({
      paidTotal: '$3,100',
      rateType: 'package',
      savingKind: 'percent',
      saving: '5',
    })
  })

  it('saves a new paid total and saving with or without JavaScript (the same post), and the watch stays a watch', async () => {
    const { user, cookie } = await subscriber()
    const watch = await listedWatch(cookie)
    // Paused: an edit keeps the watch running or paused as it was.
    await db().updateTable('hotelAlerts').set({ status: 0 }).where('id', '=', watch.id).execute()
    const edits: [Fields, Record<string, unknown>][] = [
      [
        { paidTotal: '$2,200', saving: '75' },
        { paidTotal: 2200, minSaving: 75 },
      ],
      [
        { paidTotal: '2150.25', savingKind: 'percent', saving: '4%' },
        { paidTotal: 2150.25, minSavingPercent: 4 },
      ],
    ]
    for (const [fields, saved] of edits) {
      const response = await post(await bookedFields({ ...fields, edit: watch.id }), cookie)
      expect(response.status).toBe(302)
      expect(response.headers.get('Location')).toBe('/dashboard')
      const { notice } = await readNotice(
        getRequest('/dashboard', { cookie: cookiesFrom(response) }),
      )
      expect(notice).toMatchObject({ tone: 'success', message: 'Alert updated.' })
      const [alert] = await apiAlerts(user)
      expect(alert).toMatchObject({
        id: watch.id,
        watch: 'price',
        rateType: 'room-only',
        checkInDate: daysFromToday(90),
        checkOutDate: daysFromToday(94),
        status: 0,
        ...saved,
      })
      // One saving, the one just chosen.
      expect(Object.keys(alert).filter((key) => key.startsWith('minSaving'))).toEqual(
        Object.keys(saved).filter((key) => key.startsWith('minSaving')),
      )
    }
    expect(await alertsOf('hotel', user.id)).toEqual([
      expect.objectContaining({ id: watch.id, watch: 'price', paidTotalCents: 215_025 }),
    ])
  })

  it('says a refusal of the edit beside its field, keeping the watch as it was', async () => {
    const { cookie } = await subscriber()
    const watch = await listedWatch(cookie)
    const response = await post(
      await bookedFields({ edit: watch.id, paidTotal: 'less', saving: '75' }),
      cookie,
    )
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.result.error).toEqual({ paidTotal: [PRICE_MESSAGES.paidTotal] })
    expect(body.draft).toMatchObject({ paidTotal: 'less', saving: '75' })
    expect(await alertRow('hotel', watch.id)).toMatchObject({
      paidTotalCents: 238_450,
      minSavingCents: 5000,
    })
  })

  it("refuses another user's watch, a made-up id and a visitor as /alerts/hotels does", async () => {
    const { user, cookie } = await subscriber()
    const stranger = await subscriber()
    const theirs = await listedWatch(stranger.cookie)
    for (const edit of [theirs.id, 'not-an-id']) {
      const refused = await post(await bookedFields({ edit, paidTotal: '10' }), cookie)
      expect(refused.status).toBe(404)
      expect((await refused.json()).result.error['']).toEqual([ALERT_ERRORS.NOT_FOUND])
    }
    const signedOut = await post(await bookedFields({ edit: theirs.id, paidTotal: '10' }))
    expect(signedOut.status).toBe(302)
    expect(signedOut.headers.get('Location')).toBe('/login?redirect=%2Fdashboard')

    expect(await alertRow('hotel', theirs.id)).toMatchObject({
      watch: 'price',
      paidTotalCents: 238_450,
    })
    expect(await alertsOf('hotel', user.id)).toEqual([])
  })
})

describe('a form of the other kind', () => {
  it('never turns a watch into an alert for an opening, or an alert into a watch', async () => {
    const { user, cookie } = await subscriber()
    const { resort, rooms } = await pop()
    expect((await post(await bookedFields(), cookie)).status).toBe(302)
    const [watch] = await alertsOf('hotel', user.id)
    // An old Edit link to the hotel form leads to the watch's own page.
    const opened = await callRoute(
      hotelPageLoader,
      getRequest(`/alerts/hotels?resortId=${resort.id}&edit=${watch!.id}`, { cookie }),
    )
    expect(opened.status).toBe(302)
    const location = opened.headers.get('Location')!
    expect(location).toBe(`/alerts/price-watch?edit=${watch!.id}`)
    // There the watch's own fields fill the form in.
    const filled = await callRoute(priceWatchLoader, getRequest(location, { cookie }))
    expect(filled.status).toBe(302)
    const [listed] = await apiAlerts(user)
    expect(filled.headers.get('Location')).toBe(priceWatchEditHref(listed))
    // The hotel form posted for it anyway is refused, and the watch stays as it was.
    const hotelPost = await callRoute(
      hotelPage,
      new Request('http://localhost/alerts/hotels', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
        body: new URLSearchParams({
          resortId: resort.id,
          roomIds: rooms[0]!.id,
          checkInDate: daysFromToday(90),
          checkOutDate: daysFromToday(94),
          numberOfAdults: '2',
          numberOfChildren: '0',
          edit: watch!.id,
        }).toString(),
      }),
    )
    expect(hotelPost.status).toBe(400)
    expect(JSON.stringify(await hotelPost.json())).toContain(WATCH_EDITED_ELSEWHERE.price)
    expect(await alertRow('hotel', watch!.id)).toMatchObject({
      watch: 'price',
      paidTotalCents: 238_450,
    })

    // And the watch's page will not make an alert for an opening into a watch.
    const alert = await createAlertRow(db(), 'hotel', user.id, {
      resortId: resort.id,
      roomTypeIds: [rooms[0]!.id],
      checkInDate: daysFromToday(95),
      checkOutDate: daysFromToday(97),
    })
    const watchPost = await post(
      await bookedFields({
        checkInDate: daysFromToday(95),
        checkOutDate: daysFromToday(97),
        edit: alert.id,
      }),
      cookie,
    )
    expect(watchPost.status).toBe(400)
    expect(await alertRow('hotel', alert.id)).toMatchObject({ watch: 'availability' })
  })
})
