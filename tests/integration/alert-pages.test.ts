import { describe, expect, it } from 'vitest'
import { catalogueResort, createAlertRow, createUser, daysFromToday } from '../../db/factories.ts'
import {
  action as hotelPage,
  loader as hotelPageLoader,
  meta as hotelPageMeta,
} from '~/routes/alerts.hotels'
import { action as diningPage, loader as diningPageLoader } from '~/routes/alerts.dining'
import { action as dashboardAction, loader as dashboard } from '~/routes/dashboard'
import { loader as confirmDelete } from '~/routes/dashboard_.delete.$kind.$id'
import { getDb } from '~/utils/db.server'
import {
  callRoute,
  cookiesFrom,
  followRedirect,
  formRequest,
  getRequest,
} from '../support/routes.ts'
import { hotelFormFields } from '../support/alert-requests.ts'
import { restoreDiningDraft } from '../support/drafts.ts'
import { alertsOf } from '../support/rows.ts'
import { cookieFor } from '../support/session.ts'

const db = () => getDb()

const diningFields = (overrides: Record<string, string> = {}) => ({
  resortLocationIdentifier: 'disneyland',
  diningLocationId: '354099',
  reserveDate: daysFromToday(12),
  partySize: '4',
  timeChoice: 'dinner',
  specificTime: '',
  tolerance: '0',
  ...overrides,
})

describe('/alerts/hotels', () => {
  it('pre-selects a resort from hotelId, disneyId or hotel and lists its room types', async () => {
    const { resort } = await catalogueResort(db())
    for (const query of [
      `hotelId=${resort.id}`,
      `disneyId=${resort.disneyIdentifier}&location=disney-world`,
      `hotel=${encodeURIComponent(resort.name)}`,
    ]) {
      const data = await (
        await callRoute(hotelPageLoader, getRequest(`/alerts/hotels?${query}`))
      ).json()
      expect(data.draft.resortId).toBe(resort.id)
      expect(data.rooms.length).toBeGreaterThan(0)
    }
  })

  it('keeps state in the URL without JavaScript: the party sets the number of age fields', async () => {
    const data = await (
      await callRoute(
        hotelPageLoader,
        getRequest('/alerts/hotels?numberOfAdults=3&numberOfChildren=2&agesOfChildren=4'),
      )
    ).json()
    expect(data.draft).toMatchObject({ adults: 3, childAges: [4, null] })
  })

  it('lists what is missing in one message and creates nothing', async () => {
    const user = await createUser(db(), { planId: 'magic-hour' })
    const response = await callRoute(
      hotelPage,
      formRequest('/alerts/hotels', { numberOfAdults: '2' }, { cookie: await cookieFor(user) }),
    )
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.result.error['']).toEqual([
      'Please complete all required fields: resort, dates, at least 1 room type.',
    ])
    expect(await alertsOf('hotel', user.id)).toHaveLength(0)
  })

  it('creates the alert for a subscriber and goes to the dashboard', async () => {
    const user = await createUser(db(), { planId: 'magic-hour' })
    const response = await callRoute(
      hotelPage,
      formRequest('/alerts/hotels', await hotelFormFields(), { cookie: await cookieFor(user) }),
    )
    expect(response.headers.get('Location')).toBe('/dashboard?newAlert=hotel&success=1')
    expect(await alertsOf('hotel', user.id)).toEqual([
      expect.objectContaining({ keepWatching: true }),
    ])
  })

  it('makes an alert that stops after its first text from the radio button, without JavaScript', async () => {
    const user = await createUser(db(), { planId: 'magic-hour' })
    const cookie = await cookieFor(user)
    const refused = await callRoute(
      hotelPage,
      formRequest('/alerts/hotels', await hotelFormFields({ keepWatching: 'no' }), { cookie }),
    )
    expect(refused.status).toBe(400)
    const body = await refused.json()
    expect(body.result.error.keepWatching).toEqual(['keepWatching must be true or false.'])
    expect(await alertsOf('hotel', user.id)).toEqual([])

    const response = await callRoute(
      hotelPage,
      formRequest('/alerts/hotels', await hotelFormFields({ keepWatching: 'false' }), { cookie }),
    )
    expect(response.headers.get('Location')).toBe('/dashboard?newAlert=hotel&success=1')
    expect(await alertsOf('hotel', user.id)).toEqual([
      expect.objectContaining({ keepWatching: false }),
    ])
  })

  it('shows the limit message when the plan is full', async () => {
    const user = await createUser(db(), { planId: 'pixie-dust', trialStartUtc: new Date() })
    await createAlertRow(db(), 'dining', user.id)
    const response = await callRoute(
      hotelPage,
      formRequest('/alerts/hotels', await hotelFormFields(), { cookie: await cookieFor(user) }),
    )
    expect(response.status).toBe(400)
    expect((await response.json()).result.error['']).toEqual([
      'You have reached your plan limit of 1 active monitoring alert(s). To start monitoring this alert, please stop one of your other alerts or upgrade your plan.',
    ])
  })

  it('keeps a visitor’s alert as a draft, sends them to log in, and creates it exactly once after', async () => {
    const response = await callRoute(
      hotelPage,
      formRequest('/alerts/hotels', await hotelFormFields({ keepWatching: 'false' })),
    )
    expect(response.headers.get('Location')).toBe(
      '/login?intent=quick&redirect=%2Fdashboard%3FnewAlert%3Dhotel',
    )
    const draftCookie = cookiesFrom(response)
    expect(draftCookie).toMatch(/^pending-alerts=/)

    const user = await createUser(db(), { planId: 'magic-hour' })
    const cookie = `${await cookieFor(user)}; ${draftCookie}`
    const arrival = await callRoute(dashboard, getRequest('/dashboard?newAlert=hotel', { cookie }))
    expect(arrival.status).toBe(302)
    expect(arrival.headers.get('Location')).toBe('/dashboard?newAlert=hotel&success=1')
    // The draft kept the choice made before sign-in.
    expect(await alertsOf('hotel', user.id)).toEqual([
      expect.objectContaining({ keepWatching: false }),
    ])

    // The same browser arriving again (a reload, a second tab) creates nothing more.
    const again = await callRoute(dashboard, getRequest('/dashboard?newAlert=hotel', { cookie }))
    expect(again.status).toBe(302)
    expect(await alertsOf('hotel', user.id)).toHaveLength(1)
  })

  it('keeps no draft of an alert that could not exist, and at most 20 an hour from one address', async () => {
    const drafts = async () =>
      Number(
        (
          await db()
            .selectFrom('pendingAlerts')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await drafts()
    const { rooms: otherResortRooms } = await catalogueResort(db(), "Disney's Riviera Resort")
    const foreignRoom = await callRoute(
      hotelPage,
      formRequest('/alerts/hotels', await hotelFormFields({ roomIds: otherResortRooms[0]!.id })),
    )
    expect(foreignRoom.status).toBe(400)
    expect(await drafts()).toBe(before)

    const clientIp = '198.51.100.77'
    for (let i = 0; i < 20; i++) {
      const kept = await callRoute(
        hotelPage,
        formRequest('/alerts/hotels', await hotelFormFields()),
        {
          clientIp,
        },
      )
      expect(kept.status).toBe(302)
    }
    const refused = await callRoute(
      hotelPage,
      formRequest('/alerts/hotels', await hotelFormFields()),
      {
        clientIp,
      },
    )
    expect(refused.status).toBe(429)
    expect((await refused.json()).result.error['']).toEqual([
      'Too many alerts from this network. Please sign in, or try again later.',
    ])
    expect(await drafts()).toBe(before + 20)
  })

  it('tells a user whose draft could not become an alert', async () => {
    const response = await callRoute(
      hotelPage,
      formRequest('/alerts/hotels', await hotelFormFields()),
    )
    const user = await createUser(db(), { planId: 'pixie-dust', trialStartUtc: new Date() })
    await createAlertRow(db(), 'dining', user.id)
    const cookie = await cookieFor(user)
    const arrival = await callRoute(
      dashboard,
      getRequest('/dashboard', { cookie: `${cookie}; ${cookiesFrom(response)}` }),
    )
    expect(arrival.headers.get('Location')).toBe('/dashboard')
    const page = await followRedirect(dashboard, arrival, cookie)
    expect(page.notice).toEqual({
      tone: 'error',
      message: 'Failed to create your hotel alert.',
      link: { to: '/alerts/hotels', text: 'Try again' },
    })
  })
})

describe('/alerts/dining', () => {
  it('defaults to Disneyland Resort and lists its restaurants', async () => {
    const data = await (await callRoute(diningPageLoader, getRequest('/alerts/dining'))).json()
    expect(data.draft.resortLocationIdentifier).toBe('disneyland')
    expect(data.restaurants.length).toBeGreaterThan(20)
  })

  it('asks for a restaurant, date and party size in one message', async () => {
    const user = await createUser(db(), { planId: 'magic-hour' })
    const response = await callRoute(
      diningPage,
      formRequest(
        '/alerts/dining',
        { resortLocationIdentifier: 'disneyland', partySize: '2' },
        { cookie: await cookieFor(user) },
      ),
    )
    expect((await response.json()).result.error['']).toEqual([
      'Please select a restaurant, date, and party size.',
    ])
  })

  it('creates the alert with the meal window', async () => {
    const user = await createUser(db(), { planId: 'magic-hour' })
    const response = await callRoute(
      diningPage,
      formRequest('/alerts/dining', diningFields(), { cookie: await cookieFor(user) }),
    )
    expect(response.headers.get('Location')).toBe('/dashboard?newAlert=dining&success=1')
    const [row] = await alertsOf('dining', user.id)
    expect(row).toMatchObject({
      timeRangeStart: '16:30:00',
      timeRangeEnd: '22:00:00',
      preferredTime: null,
      status: 1,
    })
  })

  it('reads a time picked without JavaScript as that time', async () => {
    const user = await createUser(db(), { planId: 'magic-hour' })
    await callRoute(
      diningPage,
      formRequest(
        '/alerts/dining',
        diningFields({ timeChoice: 'all-day', specificTime: '18:30', tolerance: '30' }),
        { cookie: await cookieFor(user) },
      ),
    )
    const [row] = await alertsOf('dining', user.id)
    expect(row).toMatchObject({
      preferredTime: '18:30:00',
      timeRangeStart: '18:00:00',
      timeRangeEnd: '19:00:00',
    })
  })

  it('restores a visitor’s draft after login and creates it once', async () => {
    const posted = await callRoute(diningPage, formRequest('/alerts/dining', diningFields()))
    const user = await createUser(db(), { planId: 'magic-hour' })
    const { restored, cookie } = await restoreDiningDraft(posted, await cookieFor(user))
    expect(restored.draft).toMatchObject({
      diningLocationIds: ['354099'],
      mealPeriods: ['dinner'],
      partySize: 4,
    })

    const submit = { ...diningFields(), pendingId: restored.draft.pendingId }
    const created = await callRoute(diningPage, formRequest('/alerts/dining', submit, { cookie }))
    expect(created.headers.get('Location')).toBe('/dashboard?newAlert=dining&success=1')
    // The draft is gone, so arriving on the dashboard does not make a second alert.
    await callRoute(dashboard, getRequest('/dashboard', { cookie }))
    expect(await alertsOf('dining', user.id)).toHaveLength(1)
  })
})

describe('/dashboard', () => {
  it('sends a visitor to login and a user without a plan to pricing, keeping the query', async () => {
    const visitor = await callRoute(dashboard, getRequest('/dashboard?type=hotel'))
    expect(visitor.headers.get('Location')).toBe('/login?redirect=%2Fdashboard%3Ftype%3Dhotel')
    const user = await createUser(db())
    const noPlan = await callRoute(
      dashboard,
      getRequest('/dashboard?openAddAlert=true&hotel=Pop', { cookie: await cookieFor(user) }),
    )
    expect(noPlan.headers.get('Location')).toBe('/pricing?openAddAlert=true&hotel=Pop')
  })

  it('opens the hotel wizard prefilled from openAddAlert and the hotel parameters', async () => {
    const user = await createUser(db(), { planId: 'magic-hour' })
    const { resort } = await catalogueResort(db())
    const data = await (
      await callRoute(
        dashboard,
        getRequest(
          `/dashboard?openAddAlert=true&disneyId=${resort.disneyIdentifier}&location=disney-world`,
          { cookie: await cookieFor(user) },
        ),
      )
    ).json()
    expect(data).toMatchObject({ openAddAlert: true, prefillResortId: resort.id })
    // Without JavaScript the wizard opened by the link has its resorts in the page.
    expect(data.resorts.length).toBeGreaterThan(20)
    expect(data.resorts).toContainEqual({
      id: resort.id,
      name: resort.name,
      detail: `Walt Disney World · ${resort.area}`,
      locationIdentifier: 'disney-world',
    })
  })

  it('renders the alerts without the catalogue, which the wizards load when they open', async () => {
    const user = await createUser(db(), { planId: 'the-club' })
    await createAlertRow(db(), 'hotel', user.id)
    await createAlertRow(db(), 'dining', user.id)
    const cookie = await cookieFor(user)
    const page = await callRoute(dashboard, getRequest('/dashboard', { cookie }))
    expect(page.status).toBe(200)
    const data = await page.json()
    expect(data.alerts.map((alert: { kind: string }) => alert.kind).sort()).toEqual([
      'dining',
      'hotel',
    ])
    expect(data).toMatchObject({ total: 2, openAddAlert: false, resorts: null })
    expect(data).not.toHaveProperty('restaurants')
    // A hotel parameter that names no resort opens nothing, so nothing is brought either.
    const unknown = await callRoute(dashboard, getRequest('/dashboard?hotel=Nowhere', { cookie }))
    expect(await unknown.json()).toMatchObject({ openAddAlert: false, resorts: null })
  })

  it('searches, filters and pages through 30 alerts, newest first', async () => {
    const user = await createUser(db(), { planId: 'the-club' })
    const { resort: grand } = await catalogueResort(db(), "Disney's Grand Floridian Resort & Spa")
    const { rooms: grandRooms } = await catalogueResort(
      db(),
      "Disney's Grand Floridian Resort & Spa",
    )
    for (let i = 0; i < 20; i++) {
      await createAlertRow(db(), 'hotel', user.id, { createdAt: new Date(Date.now() - i * 60_000) })
    }
    for (let i = 0; i < 5; i++) {
      await createAlertRow(db(), 'hotel', user.id, {
        resortId: grand.id,
        roomTypeIds: [grandRooms[0]!.id],
        createdAt: new Date(Date.now() - (30 + i) * 60_000),
      })
    }
    for (let i = 0; i < 5; i++)
      await createAlertRow(db(), 'dining', user.id, {
        createdAt: new Date(Date.now() - (40 + i) * 60_000),
      })
    const cookie = await cookieFor(user)
    const load = async (query: string) =>
      (await callRoute(dashboard, getRequest(`/dashboard${query}`, { cookie }))).json()

    const first = await load('')
    expect(first.total).toBe(30)
    expect(first.alerts).toHaveLength(10)
    const third = await load('?page=3')
    expect(third.alerts.map((alert: { kind: string }) => alert.kind)).toEqual(
      Array(5).fill('hotel').concat(Array(5).fill('dining')),
    )
    expect((await load('?perPage=25&page=2')).alerts).toHaveLength(5)
    // The total comes with the page's rows; a page past the end still knows it.
    expect(first.filteredTotal).toBe(30)
    const pastTheEnd = await load('?page=9')
    expect(pastTheEnd.alerts).toEqual([])
    expect(pastTheEnd.filteredTotal).toBe(30)
    expect((await load('?q=no%20such%20resort')).filteredTotal).toBe(0)
    expect((await load('?type=dining')).filteredTotal).toBe(5)
    const search = await load('?q=grand%20flor')
    expect(search.filteredTotal).toBe(5)
    expect(
      search.alerts.every((alert: { resort: { name: string } }) =>
        alert.resort.name.includes('Grand Floridian'),
      ),
    ).toBe(true)
    const created = first.alerts.map((alert: { created: string }) => alert.created)
    expect([...created].sort().reverse()).toEqual(created)
  })

  it('starts, pauses and restarts through the form, with the limit message when full', async () => {
    const user = await createUser(db(), { planId: 'pixie-dust', trialStartUtc: new Date() })
    const running = await createAlertRow(db(), 'hotel', user.id, { status: 1 })
    const completed = await createAlertRow(db(), 'hotel', user.id, { status: 2 })
    const cookie = await cookieFor(user)
    const toggle = (id: string, status: number) =>
      callRoute(
        dashboardAction,
        formRequest(
          '/dashboard',
          { intent: 'toggle', kind: 'hotel', id, status: String(status) },
          { cookie },
        ),
      )

    const refused = await toggle(completed.id, 2)
    expect(refused.status).toBe(400)
    expect((await refused.json()).error).toMatch(
      /^You have reached your plan limit of 1 active monitoring alert\(s\)\./,
    )

    expect((await toggle(running.id, 1)).status).toBe(302)
    expect((await toggle(completed.id, 2)).status).toBe(302)
    const rows = await alertsOf('hotel', user.id)
    expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual({
      [running.id]: 0,
      [completed.id]: 1,
    })
  })

  it('deletes through the confirm page, and only the owner can', async () => {
    const owner = await createUser(db(), { planId: 'magic-hour' })
    const stranger = await createUser(db(), { planId: 'magic-hour' })
    const alert = await createAlertRow(db(), 'dining', owner.id)
    const page = await callRoute(
      confirmDelete,
      getRequest(`/dashboard/delete/dining/${alert.id}`, { cookie: await cookieFor(owner) }),
      {
        params: { kind: 'dining', id: alert.id },
      },
    )
    expect((await page.json()).name).toBe("Cinderella's Royal Table")
    const strangerPage = await callRoute(
      confirmDelete,
      getRequest(`/dashboard/delete/dining/${alert.id}`, { cookie: await cookieFor(stranger) }),
      {
        params: { kind: 'dining', id: alert.id },
      },
    )
    expect(strangerPage.status).toBe(404)
    const deleteAs = async (user: typeof owner) =>
      callRoute(
        dashboardAction,
        formRequest(
          '/dashboard',
          { intent: 'delete', kind: 'dining', id: alert.id },
          { cookie: await cookieFor(user) },
        ),
      )
    expect((await deleteAs(stranger)).status).toBe(404)
    const ownerDelete = await deleteAs(owner)
    expect(ownerDelete.headers.get('Location')).toBe('/dashboard')
    expect(await db().selectFrom('diningAlerts').where('id', '=', alert.id).execute()).toEqual([])
  })
})

describe('the hotel form page', () => {
  it("answers its guide's questions in its data and its FAQPage structured data, not its JavaScript", async () => {
    const data = await (await callRoute(hotelPageLoader, getRequest('/alerts/hotels'))).json()
    expect(data.guide.faq.map((entry: { question: string }) => entry.question)).toContain(
      'Do I need an account to set an alert?',
    )
    expect(data.guide.destinations.map((entry: { title: string }) => entry.title)).toEqual([
      'Walt Disney World hotels',
      'Disneyland Resort hotels',
    ])
    const tags = hotelPageMeta({
      data,
      matches: [],
      location: { pathname: '/alerts/hotels' },
    } as unknown as Parameters<typeof hotelPageMeta>[0])
    const faq = tags.find((tag) => 'script:ld+json' in tag) as {
      'script:ld+json': { '@type': string }
    }
    expect(faq['script:ld+json']['@type']).toBe('FAQPage')
  })
})
