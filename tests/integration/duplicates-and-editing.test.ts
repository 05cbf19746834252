import { describe, expect, it } from 'vitest'
import { catalogueResort, createAlertRow, createUser, daysFromToday } from '../../db/factories.ts'
import type { User } from '../../db/schema.ts'
import { ALERT_ERRORS } from '~/domain/alerts'
import { diningEditHref } from '~/domain/dining-drafts'
import { hotelEditHref } from '~/domain/hotel-drafts'
import { action as hotelApi } from '~/routes/api.availability-queries'
import { action as diningApi } from '~/routes/api.dining-alerts'
import { action as hotelPage, loader as hotelPageLoader } from '~/routes/alerts.hotels'
import { action as diningPage, loader as diningPageLoader } from '~/routes/alerts.dining'
import { action as dashboardAction, loader as dashboard } from '~/routes/dashboard'
import { getDb } from '~/utils/db.server'
import { diningAlertBody, hotelFormFields } from '../support/alert-requests.ts'
import { callRoute, formRequest, getRequest, jsonRequest } from '../support/routes.ts'
import { alertRow, alertsOf } from '../support/rows.ts'
import { cookieFor, tokenFor } from '../support/session.ts'

const db = () => getDb()

async function subscriber() {
  const user = await createUser(db(), { planId: 'magic-hour', trialStartUtc: new Date() })
  return { user, token: await tokenFor(user), cookie: await cookieFor(user) }
}

async function hotelPayload(overrides: Record<string, unknown> = {}) {
  const { resort, rooms } = await catalogueResort(db())
  return {
    resortId: resort.id,
    checkInDate: daysFromToday(40),
    checkOutDate: daysFromToday(44),
    numberOfAdults: 2,
    agesOfChildren: [9, 4],
    accessible: false,
    roomIds: [rooms[0]!.id, rooms[1]!.id],
    active: true,
    ...overrides,
  }
}

const call = (fn: typeof hotelApi, path: string, body: unknown, token: string, method = 'POST') =>
  callRoute(fn, jsonRequest(path, body, { token, method }))

/** The dashboard's Start button on a paused hotel alert, without JavaScript. */
const startPaused = (id: string, cookie: string) =>
  callRoute(
    dashboardAction,
    formRequest('/dashboard', { intent: 'toggle', kind: 'hotel', id, status: '0' }, { cookie }),
  )

/** The dashboard's view of one user, as its loader answers it. */
async function dashboardOf(user: User, query = '') {
  const response = await callRoute(
    dashboard,
    getRequest(`/dashboard${query}`, { cookie: await cookieFor(user) }),
  )
  return response.json()
}

describe('a duplicate of a running alert', () => {
  it('is refused by the hotel API with its code and the running alert it repeats', async () => {
    const { user, token } = await subscriber()
    const first = await (
      await call(hotelApi, '/api/availability-queries', await hotelPayload(), token)
    ).json()

    // The same question with the rooms and the children's ages in another order.
    const payload = await hotelPayload()
    const again = await call(
      hotelApi,
      '/api/availability-queries',
      { ...payload, roomIds: [...payload.roomIds].reverse(), agesOfChildren: [4, 9] },
      token,
    )
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({
      message: ALERT_ERRORS.DUPLICATE,
      code: 'DUPLICATE_ALERT',
      alertId: first.id,
    })
    expect(await alertsOf('hotel', user.id)).toHaveLength(1)

    // Another party, or one room type fewer, is another question.
    expect(
      (
        await call(
          hotelApi,
          '/api/availability-queries',
          await hotelPayload({ numberOfAdults: 1 }),
          token,
        )
      ).status,
    ).toBe(201)
    expect(
      (
        await call(
          hotelApi,
          '/api/availability-queries',
          await hotelPayload({ roomIds: [payload.roomIds[0]] }),
          token,
        )
      ).status,
    ).toBe(201)
    expect(await alertsOf('hotel', user.id)).toHaveLength(3)
  })

  it('may be kept paused, but cannot be started or edited into a copy while the first runs', async () => {
    const { user, token, cookie } = await subscriber()
    const running = await (
      await call(hotelApi, '/api/availability-queries', await hotelPayload(), token)
    ).json()
    const paused = await call(
      hotelApi,
      '/api/availability-queries',
      await hotelPayload({ active: false }),
      token,
    )
    expect(paused.status).toBe(201)
    const pausedId = (await paused.json()).id as string

    const start = await startPaused(pausedId, cookie)
    expect(start.status).toBe(409)
    expect(await start.json()).toEqual({ error: ALERT_ERRORS.DUPLICATE, id: pausedId })
    expect((await alertRow('hotel', pausedId)).status).toBe(0)

    // A running alert edited into the first one's question is refused and left as it was.
    const other = await (
      await call(
        hotelApi,
        '/api/availability-queries',
        await hotelPayload({ numberOfAdults: 1 }),
        token,
      )
    ).json()
    const edit = await call(
      hotelApi,
      '/api/availability-queries',
      { ...(await hotelPayload()), id: other.id, status: 1 },
      token,
      'PUT',
    )
    expect(edit.status).toBe(409)
    expect((await edit.json()).alertId).toBe(running.id)
    expect((await alertRow('hotel', other.id)).numberOfAdults).toBe(1)

    // Once the first is paused, the copy may run.
    await call(
      hotelApi,
      '/api/availability-queries',
      { ...(await hotelPayload()), id: running.id, status: 0 },
      token,
      'PUT',
    )
    const restart = await startPaused(pausedId, cookie)
    expect(restart.status).toBe(302)
    expect((await alertsOf('hotel', user.id)).filter((alert) => alert.status === 1)).toHaveLength(2)
  })

  it('is refused by the dining API; another time of day is another alert', async () => {
    const { user, token } = await subscriber()
    const first = await (
      await call(diningApi, '/api/dining-alerts', diningAlertBody(), token)
    ).json()
    const again = await call(diningApi, '/api/dining-alerts', diningAlertBody(), token)
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({ code: 'DUPLICATE_ALERT', alertId: first.id })
    const allDay = await call(
      diningApi,
      '/api/dining-alerts',
      diningAlertBody({ preferredTime: null, timeRangeStart: null, timeRangeEnd: null }),
      token,
    )
    expect(allDay.status).toBe(201)
    expect(await alertsOf('dining', user.id)).toHaveLength(2)
  })

  it("is another user's own business: two people may watch the same room", async () => {
    const one = await subscriber()
    const two = await subscriber()
    expect(
      (await call(hotelApi, '/api/availability-queries', await hotelPayload(), one.token)).status,
    ).toBe(201)
    expect(
      (await call(hotelApi, '/api/availability-queries', await hotelPayload(), two.token)).status,
    ).toBe(201)
  })

  it('is refused by the page form in words, with the running alert to go to', async () => {
    const { user, cookie } = await subscriber()
    const fields = await hotelFormFields()
    const existing = await createAlertRow(db(), 'hotel', user.id, {
      resortId: fields.resortId,
      checkInDate: fields.checkInDate,
      checkOutDate: fields.checkOutDate,
      roomTypeIds: [fields.roomIds],
    })
    const response = await callRoute(hotelPage, formRequest('/alerts/hotels', fields, { cookie }))
    expect(response.status).toBe(409)
    const body = await response.json()
    expect(body.result.error['']).toEqual([ALERT_ERRORS.DUPLICATE])
    expect(body).toMatchObject({ code: 'DUPLICATE_ALERT', alertId: existing.id })
    expect(await alertsOf('hotel', user.id)).toHaveLength(1)

    // Where the link goes: the dashboard showing that alert alone.
    const one = await dashboardOf(user, `?alert=${existing.id}`)
    expect(one.alerts.map((alert: { id: string }) => alert.id)).toEqual([existing.id])
    expect(one.view.alertId).toBe(existing.id)
  })
})

describe('the dashboard showing one alert', () => {
  it("shows only the user's own alert, and nothing for another's or a made-up id", async () => {
    const { user } = await subscriber()
    const mine = await createAlertRow(db(), 'dining', user.id)
    await createAlertRow(db(), 'hotel', user.id)
    const stranger = await createUser(db(), { planId: 'magic-hour' })
    const theirs = await createAlertRow(db(), 'hotel', stranger.id)

    expect((await dashboardOf(user, `?alert=${mine.id}`)).alerts).toHaveLength(1)
    expect((await dashboardOf(user, `?alert=${theirs.id}`)).alerts).toHaveLength(0)
    // Not a UUID: the whole list, as if no alert were named.
    const all = await dashboardOf(user, '?alert=1%27%20or%201=1')
    expect(all.view.alertId).toBeNull()
    expect(all.alerts).toHaveLength(2)
  })
})

describe('editing an alert without JavaScript', () => {
  it('opens the hotel form filled in, saves the change, keeps it paused and goes back', async () => {
    const { user, cookie } = await subscriber()
    const alert = await createAlertRow(db(), 'hotel', user.id, {
      status: 0,
      agesOfChildren: [7],
      keepWatching: false,
    })
    const [listed] = (await dashboardOf(user)).alerts
    const href = hotelEditHref(listed)

    const page = await (await callRoute(hotelPageLoader, getRequest(href, { cookie }))).json()
    expect(page.editing).toBe(alert.id)
    expect(page.draft).toMatchObject({
      resortId: alert.resortId,
      checkInDate: alert.checkInDate,
      checkOutDate: alert.checkOutDate,
      adults: 2,
      childAges: [7],
      roomIds: alert.roomTypeIds,
      keepWatching: false,
    })

    // The edit's form as posted, with or without the choice.
    const post = (choice: { keepWatching?: string } = {}) =>
      callRoute(
        hotelPage,
        formRequest(
          '/alerts/hotels',
          {
            edit: alert.id,
            resortId: alert.resortId,
            checkInDate: daysFromToday(50),
            checkOutDate: daysFromToday(52),
            numberOfAdults: '3',
            numberOfChildren: '0',
            roomIds: alert.roomTypeIds[0]!,
            ...choice,
          },
          { cookie },
        ),
      )
    const saved = await post()
    expect(saved.status).toBe(302)
    expect(saved.headers.get('Location')).toBe('/dashboard')
    const row = await alertRow('hotel', alert.id)
    // A post without the choice (a form from before it existed) leaves it as it was.
    expect(row).toMatchObject({
      checkInDate: daysFromToday(50),
      numberOfAdults: 3,
      agesOfChildren: [],
      status: 0,
      keepWatching: false,
    })
    expect(await alertsOf('hotel', user.id)).toHaveLength(1)

    const watching = await post({ keepWatching: 'true' })
    expect(watching.status).toBe(302)
    expect((await alertRow('hotel', alert.id)).keepWatching).toBe(true)
  })

  it('edits a dining alert through its page form', async () => {
    const { user, cookie } = await subscriber()
    const alert = await createAlertRow(db(), 'dining', user.id)
    const [listed] = (await dashboardOf(user)).alerts
    const page = await (
      await callRoute(diningPageLoader, getRequest(diningEditHref(listed), { cookie }))
    ).json()
    expect(page.editing).toBe(alert.id)
    expect(page.draft).toMatchObject({
      resortLocationIdentifier: 'disney-world',
      diningLocationIds: [alert.diningLocationId],
      partySize: 4,
    })

    const saved = await callRoute(
      diningPage,
      formRequest(
        '/alerts/dining',
        {
          edit: alert.id,
          resortLocationIdentifier: 'disney-world',
          diningLocationId: alert.diningLocationId,
          reserveDate: daysFromToday(21),
          partySize: '6',
          timeChoice: 'dinner',
          specificTime: '',
          tolerance: '0',
        },
        { cookie },
      ),
    )
    expect(saved.status).toBe(302)
    expect(await alertRow('dining', alert.id)).toMatchObject({
      reserveDate: daysFromToday(21),
      partySize: 6,
      status: 1,
    })
  })

  it("cannot reach another user's alert, a made-up id, or anything signed out", async () => {
    const { user, cookie } = await subscriber()
    const stranger = await createUser(db(), { planId: 'magic-hour' })
    const theirs = await createAlertRow(db(), 'hotel', stranger.id)
    const fields = {
      resortId: theirs.resortId,
      checkInDate: daysFromToday(60),
      checkOutDate: daysFromToday(62),
      numberOfAdults: '1',
      numberOfChildren: '0',
      roomIds: theirs.roomTypeIds[0]!,
    }

    const page = await (
      await callRoute(hotelPageLoader, getRequest(`/alerts/hotels?edit=${theirs.id}`, { cookie }))
    ).json()
    expect(page.editing).toBeNull()

    for (const edit of [theirs.id, 'not-an-id']) {
      const refused = await callRoute(
        hotelPage,
        formRequest('/alerts/hotels', { ...fields, edit }, { cookie }),
      )
      expect(refused.status).toBe(404)
      expect((await refused.json()).result.error['']).toEqual([ALERT_ERRORS.NOT_FOUND])
    }
    const signedOut = await callRoute(
      hotelPage,
      formRequest('/alerts/hotels', { ...fields, edit: theirs.id }),
    )
    expect(signedOut.status).toBe(302)
    expect(signedOut.headers.get('Location')).toBe('/login?redirect=%2Fdashboard')

    expect(await alertRow('hotel', theirs.id)).toMatchObject({
      checkInDate: theirs.checkInDate,
      numberOfAdults: theirs.numberOfAdults,
    })
    expect(await alertsOf('hotel', user.id)).toHaveLength(0)
  })
})
