import { describe, expect, it } from 'vitest'
import { createUser, daysFromToday } from '../../db/factories.ts'
import { diningEditHref } from '~/domain/dining-drafts'
import { action as diningPage, loader as diningPageLoader } from '~/routes/alerts.dining'
import { loader as dashboard } from '~/routes/dashboard'
import { action as newDining, loader as newDiningLoader } from '~/routes/dining-alerts.new'
import { listDiningAlerts } from '~/models/dining-alert.server'
import { getDb } from '~/utils/db.server'
import { callRoute, getRequest } from '../support/routes.ts'
import { restoreDiningDraft } from '../support/drafts.ts'
import { cookieFor } from '../support/session.ts'

/*
 * The dining page forms with flexible alerts (issue 29): several restaurants, a range of dates
 * and meal periods, posted as a browser posts them without JavaScript (a field once per value).
 */

const db = () => getDb()

const BLUE_BAYOU = '354099'
const CAFE_ORLEANS = '354117'
const CARNATION_CAFE = '354129'
/** Walt Disney World's Cinderella's Royal Table: another destination than the three above. */
const ROYAL_TABLE = '90002464'

/** Disneyland Resort restaurants in the catalogue's order (25 of them). */
async function disneylandRestaurants(count: number): Promise<string[]> {
  const data = await (
    await callRoute(newDiningLoader, getRequest('/dining-alerts/new?location=disneyland'))
  ).json()
  return data.restaurants.slice(0, count).map((restaurant: { id: string }) => restaurant.id)
}

type Fields = [string, string][]

/** A form post with each field as often as the browser sends it. */
function post(path: string, fields: Fields, cookie?: string) {
  const headers = new Headers({ 'Content-Type': 'application/x-www-form-urlencoded' })
  if (cookie) headers.set('Cookie', cookie)
  return new Request(`http://localhost${path}`, {
    method: 'POST',
    headers,
    body: new URLSearchParams(fields).toString(),
  })
}

/** Dinner or lunch for 4 at three restaurants on five days, as /alerts/dining posts it. */
const flexibleFields = (overrides: Fields = []): Fields => {
  const replaced = new Set(overrides.map(([name]) => name))
  const base: Fields = [
    ['resortLocationIdentifier', 'disneyland'],
    ['diningLocationIds', BLUE_BAYOU],
    ['diningLocationIds', CAFE_ORLEANS],
    ['diningLocationIds', CARNATION_CAFE],
    ['reserveDate', daysFromToday(150)],
    ['latestReserveDate', daysFromToday(154)],
    ['partySize', '4'],
    ['mealPeriods', 'lunch'],
    ['mealPeriods', 'dinner'],
    ['specificTime', ''],
    ['tolerance', '0'],
  ]
  return [...base.filter(([name]) => !replaced.has(name)), ...overrides]
}

async function subscriber() {
  const user = await createUser(db(), { planId: 'magic-hour' })
  return { user, cookie: await cookieFor(user) }
}

describe('/alerts/dining with a flexible alert', () => {
  it('creates one alert for several restaurants, a range of dates and two meals', async () => {
    const { user, cookie } = await subscriber()
    const response = await callRoute(diningPage, post('/alerts/dining', flexibleFields(), cookie))
    expect(response.headers.get('Location')).toBe('/dashboard?newAlert=dining&success=1')
    const alerts = await listDiningAlerts(db(), user.id)
    expect(alerts).toHaveLength(1)
    expect(alerts[0]).toMatchObject({
      resortLocationIdentifier: 'disneyland',
      diningLocationIds: [BLUE_BAYOU, CAFE_ORLEANS, CARNATION_CAFE],
      reserveDates: [150, 151, 152, 153, 154].map(daysFromToday),
      partySize: 4,
      mealPeriods: ['lunch', 'dinner'],
      status: 1,
    })
  })

  it("keeps the simplest case in today's fields: one restaurant, one date, one meal", async () => {
    const { user, cookie } = await subscriber()
    const fields = flexibleFields([
      ['diningLocationIds', BLUE_BAYOU],
      ['latestReserveDate', daysFromToday(150)],
      ['mealPeriods', 'dinner'],
    ])
    await callRoute(diningPage, post('/alerts/dining', fields, cookie))
    const [alert] = await listDiningAlerts(db(), user.id)
    expect(alert).toMatchObject({
      diningLocationId: BLUE_BAYOU,
      reserveDate: daysFromToday(150),
      timeRangeStart: '16:30:00',
      timeRangeEnd: '22:00:00',
    })
    expect(alert).not.toHaveProperty('diningLocationIds')
    expect(alert).not.toHaveProperty('mealPeriods')
  })

  it('refuses what one alert may not watch, in words beside the field, and saves nothing', async () => {
    const { user, cookie } = await subscriber()
    const eleven = (await disneylandRestaurants(11)).map((id): [string, string] => [
      'diningLocationIds',
      id,
    ])
    const cases: [Fields, string, string][] = [
      [eleven, 'diningLocationIds', 'Select at most 10 restaurants.'],
      [
        [['latestReserveDate', daysFromToday(164)]],
        'latestReserveDate',
        'A date range can cover at most 14 days.',
      ],
      [
        [['latestReserveDate', daysFromToday(149)]],
        'latestReserveDate',
        'The last date cannot be before the first.',
      ],
      [[['specificTime', '18:00']], 'mealPeriods', 'Choose meal periods or a time, not both.'],
      [[['mealPeriods', 'brunch']], 'mealPeriods', 'Choose breakfast, lunch or dinner.'],
      [[['partySize', '21']], 'partySize', 'Party size must be between 1 and 20.'],
    ]
    for (const [overrides, field, message] of cases) {
      const response = await callRoute(
        diningPage,
        post('/alerts/dining', flexibleFields(overrides), cookie),
      )
      expect(response.status, JSON.stringify(overrides)).toBe(400)
      const body = await response.json()
      expect(body.result.error[field]).toEqual([message])
      // The form comes back as it was filled in.
      expect(body.draft.diningLocationIds.length).toBeGreaterThan(0)
    }
    expect(await listDiningAlerts(db(), user.id)).toEqual([])
  })

  it('refuses restaurants of two destinations, saving nothing', async () => {
    const { user, cookie } = await subscriber()
    const response = await callRoute(
      diningPage,
      post('/alerts/dining', flexibleFields([['diningLocationIds', ROYAL_TABLE]]), cookie),
    )
    expect(response.status).toBe(400)
    expect((await response.json()).result.error['']).toEqual(['Select a restaurant.'])
    expect(await listDiningAlerts(db(), user.id)).toEqual([])
  })

  it('keeps its state in the URL without JavaScript: adding, removing, counting', async () => {
    const load = async (query: string) =>
      (await callRoute(diningPageLoader, getRequest(`/alerts/dining?${query}`))).json()
    const two = `diningLocationIds=${BLUE_BAYOU}&diningLocationIds=${CAFE_ORLEANS}`
    // "Add another" stays open through a search, and closes once one more is picked.
    expect((await load(`${two}&adding=2&q=plaza`)).adding).toBe(true)
    expect((await load(`${two}&adding=1`)).adding).toBe(false)
    expect((await load(`${two}&remove=${BLUE_BAYOU}`)).draft.diningLocationIds).toEqual([
      CAFE_ORLEANS,
    ])
    // A restaurant of another destination is not this form's.
    expect((await load(`${two}&diningLocationIds=${ROYAL_TABLE}`)).draft.diningLocationIds).toEqual(
      [BLUE_BAYOU, CAFE_ORLEANS],
    )
    const list = `reserveDates=${daysFromToday(150)}&reserveDates=${daysFromToday(153)}`
    expect((await load(list)).draft).toMatchObject({
      reserveDate: '',
      reserveDates: [daysFromToday(150), daysFromToday(153)],
    })
    expect((await load(`${list}&change=reserveDates`)).draft).toMatchObject({
      reserveDate: daysFromToday(150),
      reserveDates: [],
    })
  })

  it('keeps a visitor’s flexible alert through login and creates it once', async () => {
    const posted = await callRoute(diningPage, post('/alerts/dining', flexibleFields()))
    const { user, cookie: userCookie } = await subscriber()
    const { restored, cookie } = await restoreDiningDraft(posted, userCookie)
    expect(restored.draft).toMatchObject({
      diningLocationIds: [BLUE_BAYOU, CAFE_ORLEANS, CARNATION_CAFE],
      reserveDate: daysFromToday(150),
      latestReserveDate: daysFromToday(154),
      mealPeriods: ['lunch', 'dinner'],
    })
    const submit = flexibleFields([['pendingId', restored.draft.pendingId]])
    const created = await callRoute(diningPage, post('/alerts/dining', submit, cookie))
    expect(created.headers.get('Location')).toBe('/dashboard?newAlert=dining&success=1')
    // The draft is gone, so arriving on the dashboard does not make a second alert.
    await callRoute(dashboard, getRequest('/dashboard', { cookie }))
    expect(await listDiningAlerts(db(), user.id)).toHaveLength(1)
  })

  it('edits a flexible alert through its page form, filled in from the edit link', async () => {
    const { user, cookie } = await subscriber()
    await callRoute(diningPage, post('/alerts/dining', flexibleFields(), cookie))
    const [alert] = await listDiningAlerts(db(), user.id)
    const page = await (
      await callRoute(diningPageLoader, getRequest(diningEditHref(alert!), { cookie }))
    ).json()
    expect(page.editing).toBe(alert!.id)
    expect(page.draft).toMatchObject({
      diningLocationIds: [BLUE_BAYOU, CAFE_ORLEANS, CARNATION_CAFE],
      reserveDate: daysFromToday(150),
      latestReserveDate: daysFromToday(154),
      mealPeriods: ['lunch', 'dinner'],
    })

    const edited = flexibleFields([
      ['edit', alert!.id],
      ['diningLocationIds', CAFE_ORLEANS],
      ['latestReserveDate', daysFromToday(151)],
      ['mealPeriods', 'breakfast'],
      ['mealPeriods', 'lunch'],
      ['mealPeriods', 'dinner'],
    ])
    const saved = await callRoute(diningPage, post('/alerts/dining', edited, cookie))
    expect(saved.status).toBe(302)
    expect(await listDiningAlerts(db(), user.id)).toEqual([
      expect.objectContaining({
        id: alert!.id,
        diningLocationId: CAFE_ORLEANS,
        reserveDates: [daysFromToday(150), daysFromToday(151)],
        mealPeriods: ['breakfast', 'lunch', 'dinner'],
      }),
    ])
  })
})

describe('/dining-alerts/new with a flexible alert', () => {
  it('creates one alert for the restaurants checked and a range of dates', async () => {
    const { user, cookie } = await subscriber()
    const fields: Fields = [
      ['resortLocationIdentifier', 'disneyland'],
      ['diningLocationIds', BLUE_BAYOU],
      ['diningLocationIds', CAFE_ORLEANS],
      ['reserveDate', daysFromToday(160)],
      ['latestReserveDate', daysFromToday(162)],
      ['partySize', '2'],
      ['specificTime', '11:00'],
      ['flexibility', 'evening'],
    ]
    const response = await callRoute(newDining, post('/dining-alerts/new', fields, cookie))
    expect(response.headers.get('Location')).toBe('/dashboard?newAlert=dining&success=1')
    expect(await listDiningAlerts(db(), user.id)).toEqual([
      expect.objectContaining({
        diningLocationIds: [BLUE_BAYOU, CAFE_ORLEANS],
        reserveDates: [160, 161, 162].map(daysFromToday),
        partySize: 2,
        timeRangeStart: '16:30:00',
      }),
    ])
  })

  it('counts from the URL without JavaScript, and refuses a range too long', async () => {
    const { user, cookie } = await subscriber()
    const page = await (
      await callRoute(
        newDiningLoader,
        getRequest(
          `/dining-alerts/new?resortLocationIdentifier=disney-world&diningLocationIds=${ROYAL_TABLE}` +
            `&reserveDate=${daysFromToday(160)}&latestReserveDate=${daysFromToday(163)}&flexibility=morning`,
        ),
      )
    ).json()
    expect(page.location).toBe('disney-world')
    expect(page.draft).toMatchObject({
      diningLocationIds: [ROYAL_TABLE],
      latestReserveDate: daysFromToday(163),
      mealPeriods: ['breakfast'],
    })

    const tooLong: Fields = [
      ['resortLocationIdentifier', 'disney-world'],
      ['diningLocationIds', ROYAL_TABLE],
      ['reserveDate', daysFromToday(160)],
      ['latestReserveDate', daysFromToday(175)],
      ['partySize', '2'],
      ['specificTime', '11:00'],
      ['flexibility', '2'],
    ]
    const response = await callRoute(newDining, post('/dining-alerts/new', tooLong, cookie))
    expect(response.status).toBe(400)
    expect((await response.json()).result.error.latestReserveDate).toEqual([
      'A date range can cover at most 14 days.',
    ])
    expect(await listDiningAlerts(db(), user.id)).toEqual([])
  })
})
