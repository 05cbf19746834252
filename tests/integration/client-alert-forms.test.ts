/**
 * A travel agent's clients on the alert forms and the dashboard (issue 31): the Client choice, a
 * new client's name and "Texts go to" on the hotel, dining and price watch page forms (posted as
 * a browser posts them without JavaScript) and through the JSON API the dashboard's wizards call;
 * every refusal beside its field, leaving nothing behind; and the dashboard's client name, filter
 * and search.
 */
import { describe, expect, it } from 'vitest'
import { catalogueResort, createUser, daysFromToday } from '../../db/factories.ts'
import { CLIENT_MESSAGES } from '~/domain/client'
import { hotelEditHref } from '~/domain/hotel-drafts'
import { diningEditHref } from '~/domain/dining-drafts'
import { priceWatchEditHref } from '~/domain/price-watch-link'
import { action as diningPage, loader as diningPageLoader } from '~/routes/alerts.dining'
import { action as hotelPage, loader as hotelPageLoader } from '~/routes/alerts.hotels'
import { action as priceWatchPage, loader as priceWatchLoader } from '~/routes/alerts.price-watch'
import { action as hotelApi } from '~/routes/api.availability-queries'
import { action as diningApi } from '~/routes/api.dining-alerts'
import { loader as dashboard } from '~/routes/dashboard'
import { action as newDining, loader as newDiningLoader } from '~/routes/dining-alerts.new'
import { getDb } from '~/utils/db.server'
import { callRoute, formRequest, getRequest, jsonRequest } from '../support/routes.ts'
import { cookieFor, tokenFor } from '../support/session.ts'

const db = () => getDb()

type Fields = Record<string, string>

async function agent(planId = 'the-club') {
  const user = await createUser(db(), { planId, trialStartUtc: new Date() })
  return { user, cookie: await cookieFor(user), token: await tokenFor(user) }
}

function addClient(
  userId: string,
  name: string,
  fields: { phoneNumber?: string; consent?: 'none' | 'asked' | 'agreed' } = {},
) {
  return db()
    .insertInto('clients')
    .values({ userId, name, ...fields })
    .returningAll()
    .executeTakeFirstOrThrow()
}

const clientsOf = (userId: string) =>
  db().selectFrom('clients').select('name').where('userId', '=', userId).orderBy('name').execute()

const alertsOf = (table: 'hotelAlerts' | 'diningAlerts', userId: string) =>
  db()
    .selectFrom(table)
    .select(['id', 'clientId', 'textTo'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .execute()

const pop = await catalogueResort(db())

/** The hotel page form at Pop Century, `days` out for four nights. */
const hotelFields = (days: number, fields: Fields = {}): Fields => ({
  resortId: pop.resort.id,
  checkInDate: daysFromToday(days),
  checkOutDate: daysFromToday(days + 4),
  numberOfAdults: '2',
  numberOfChildren: '0',
  roomIds: pop.rooms[0]!.id,
  ...fields,
})
const postHotel = (fields: Fields, cookie: string) =>
  callRoute(hotelPage, formRequest('/alerts/hotels', fields, { cookie }))

/** The dining page form: Blue Bayou for four, `days` out, all day. */
const diningFields = (days: number, fields: Fields = {}): Fields => ({
  resortLocationIdentifier: 'disneyland',
  diningLocationIds: '354099',
  reserveDate: daysFromToday(days),
  partySize: '4',
  specificTime: '',
  tolerance: '0',
  ...fields,
})
const postDining = (fields: Fields, cookie: string) =>
  callRoute(diningPage, formRequest('/alerts/dining', fields, { cookie }))

const loaded = async (loader: Parameters<typeof callRoute>[0], path: string, cookie?: string) =>
  (await callRoute(loader, getRequest(path, { cookie }))).json()

const createdHotel = (response: Response) =>
  expect(response.headers.get('Location')).toBe('/dashboard?newAlert=hotel&success=1')
const createdDining = (response: Response) =>
  expect(response.headers.get('Location')).toBe('/dashboard?newAlert=dining&success=1')

describe('the client fields of the alert forms', () => {
  it('are not there for a visitor, nor for an account with no clients whose plan keeps none', async () => {
    const { cookie } = await agent('magic-hour')
    for (const [loader, path] of [
      [hotelPageLoader, '/alerts/hotels'],
      [diningPageLoader, '/alerts/dining'],
      [newDiningLoader, '/dining-alerts/new'],
      [priceWatchLoader, '/alerts/price-watch'],
      [dashboard, '/dashboard'],
    ] as const) {
      expect((await loaded(loader, path, cookie)).clientChoice, path).toBeNull()
      if (loader !== dashboard)
        expect((await loaded(loader, path)).clientChoice, `${path}, visitor`).toBeNull()
    }
  })

  it('offer the clients by name, with their consent, and a new one for a plan that keeps clients', async () => {
    const club = await agent()
    expect((await loaded(hotelPageLoader, '/alerts/hotels', club.cookie)).clientChoice).toEqual({
      clients: [],
      mayAdd: true,
      clientId: '',
      textTo: 'agent',
      newClientName: '',
    })
    const smiths = await addClient(club.user.id, 'The Smiths', { consent: 'asked' })
    const adams = await addClient(club.user.id, 'adams family')
    expect((await loaded(diningPageLoader, '/alerts/dining', club.cookie)).clientChoice).toEqual({
      clients: [
        { id: adams.id, name: 'adams family', consent: 'none' },
        { id: smiths.id, name: 'The Smiths', consent: 'asked' },
      ],
      mayAdd: true,
      clientId: '',
      textTo: 'agent',
      newClientName: '',
    })
    // An account that keeps clients from a plan it left may still choose them, not add one.
    const lapsed = await agent('magic-hour')
    await addClient(lapsed.user.id, 'Old Client')
    expect(
      (await loaded(newDiningLoader, '/dining-alerts/new', lapsed.cookie)).clientChoice,
    ).toMatchObject({ clients: [{ name: 'Old Client' }], mayAdd: false })
  })
})

describe('a hotel alert from its page form', () => {
  it('is for an existing client, texting the client, and the dashboard says whose it is', async () => {
    const { user, cookie } = await agent()
    const smiths = await addClient(user.id, 'The Smiths', { phoneNumber: '+12015550123' })
    createdHotel(await postHotel(hotelFields(60, { clientId: smiths.id, textTo: 'both' }), cookie))
    expect(await alertsOf('hotelAlerts', user.id)).toEqual([
      expect.objectContaining({ clientId: smiths.id, textTo: 'both' }),
    ])
    const [listed] = (await loaded(dashboard, '/dashboard', cookie)).alerts
    expect(listed).toMatchObject({ clientId: smiths.id, clientName: 'The Smiths', textTo: 'both' })
  })

  it('adds a new client by its name, and the alert is for it', async () => {
    const { user, cookie } = await agent()
    createdHotel(
      await postHotel(
        hotelFields(61, { clientId: '', newClientName: '  The Garcias ', textTo: 'agent' }),
        cookie,
      ),
    )
    const [garcias] = await db()
      .selectFrom('clients')
      .selectAll()
      .where('userId', '=', user.id)
      .execute()
    expect(garcias).toMatchObject({ name: 'The Garcias', phoneNumber: null, consent: 'none' })
    expect(await alertsOf('hotelAlerts', user.id)).toEqual([
      expect.objectContaining({ clientId: garcias!.id, textTo: 'agent' }),
    ])
  })

  it('is for none, texting the agent, with the client left at None', async () => {
    const { user, cookie } = await agent()
    await addClient(user.id, 'The Smiths')
    createdHotel(
      await postHotel(
        hotelFields(62, { clientId: '', newClientName: '', textTo: 'agent' }),
        cookie,
      ),
    )
    expect(await alertsOf('hotelAlerts', user.id)).toEqual([
      expect.objectContaining({ clientId: null, textTo: 'agent' }),
    ])
    expect(await clientsOf(user.id)).toEqual([{ name: 'The Smiths' }])
  })

  it("refuses a new client's name beside it (taken, too long, past the plan's limit), creating nothing", async () => {
    const { user, cookie } = await agent()
    await addClient(user.id, 'The Smiths')
    const refused = async (newClientName: string, message: string, status = 400) => {
      const response = await postHotel(hotelFields(63, { clientId: '', newClientName }), cookie)
      expect(response.status, newClientName).toBe(status)
      const body = await response.json()
      expect(body.result.error, newClientName).toEqual({ newClientName: [message] })
      // Without JavaScript the page shows the fields again as they were sent.
      expect(body.clientChoice, newClientName).toMatchObject({ newClientName, clientId: '' })
    }
    await refused('the smiths', CLIENT_MESSAGES.nameTaken, 409)
    await refused('x'.repeat(81), CLIENT_MESSAGES.nameTooLong)
    await db()
      .insertInto('clients')
      .values(
        Array.from({ length: 39 }, (_, index) => ({ userId: user.id, name: `Client ${index}` })),
      )
      .execute()
    await refused('The Forty-First', CLIENT_MESSAGES.tooMany(40))
    expect(await alertsOf('hotelAlerts', user.id)).toEqual([])
    expect(await clientsOf(user.id)).toHaveLength(40)
  })

  it('takes the new client away again when the alert itself is refused', async () => {
    const { user, cookie } = await agent()
    createdHotel(await postHotel(hotelFields(64), cookie))
    // The same running alert again is a duplicate: refused after its new client was added.
    const response = await postHotel(hotelFields(64, { newClientName: 'The Garcias' }), cookie)
    expect(response.status).toBe(409)
    expect((await response.json()).code).toBe('DUPLICATE_ALERT')
    expect(await clientsOf(user.id)).toEqual([])
    expect(await alertsOf('hotelAlerts', user.id)).toHaveLength(1)
  })

  it("refuses another account's client and texts to a client without a phone, in words, creating nothing", async () => {
    const { user, cookie } = await agent()
    const other = await agent()
    const theirs = await addClient(other.user.id, 'Their Client', { phoneNumber: '+12015550188' })
    const noPhone = await addClient(user.id, 'The Smiths')
    const refused = async (fields: Fields, field: string, message: string) => {
      const response = await postHotel(hotelFields(65, fields), cookie)
      expect(response.status).toBe(400)
      expect((await response.json()).result.error).toEqual({ [field]: [message] })
    }
    await refused({ clientId: theirs.id, textTo: 'agent' }, 'clientId', CLIENT_MESSAGES.alertClient)
    await refused({ clientId: 'not-an-id' }, 'clientId', CLIENT_MESSAGES.alertClient)
    await refused(
      { clientId: noPhone.id, textTo: 'client' },
      'textTo',
      CLIENT_MESSAGES.textToNeedsPhone,
    )
    await refused({ clientId: '', textTo: 'both' }, 'textTo', CLIENT_MESSAGES.textToNeedsClient)
    await refused({ clientId: noPhone.id, textTo: 'everyone' }, 'textTo', CLIENT_MESSAGES.textTo)
    // A new client has no phone yet: its texts go to the agent, and nothing is added.
    await refused(
      { newClientName: 'The Lees', textTo: 'client' },
      'textTo',
      CLIENT_MESSAGES.textToNeedsPhone,
    )
    expect(await alertsOf('hotelAlerts', user.id)).toEqual([])
    expect(await clientsOf(user.id)).toEqual([{ name: 'The Smiths' }])
    expect(await clientsOf(other.user.id)).toEqual([{ name: 'Their Client' }])
  })

  it('opens an edit with the alert’s client, keeps it when unchanged or unsaid, and changes it', async () => {
    const { user, cookie } = await agent()
    const smiths = await addClient(user.id, 'The Smiths', { phoneNumber: '+12015550123' })
    const fields = hotelFields(66, { clientId: smiths.id, textTo: 'client' })
    createdHotel(await postHotel(fields, cookie))
    const [alert] = (await loaded(dashboard, '/dashboard', cookie)).alerts
    const page = await loaded(hotelPageLoader, hotelEditHref(alert), cookie)
    expect(page.editing).toBe(alert.id)
    expect(page.clientChoice).toMatchObject({ clientId: smiths.id, textTo: 'client' })

    const edit = async (changes: Fields) => {
      const response = await postHotel({ ...fields, ...changes, edit: alert.id }, cookie)
      expect(response.headers.get('Location')).toBe('/dashboard')
      return alertsOf('hotelAlerts', user.id)
    }
    const [unchanged] = await edit({ numberOfAdults: '3' })
    expect(unchanged).toMatchObject({ clientId: smiths.id, textTo: 'client' })
    // A form without the client fields (an account that had none) keeps them too.
    const { clientId: _, textTo: __, ...withoutClient } = fields
    expect(await postHotel({ ...withoutClient, edit: alert.id }, cookie)).toHaveProperty(
      'status',
      302,
    )
    expect((await alertsOf('hotelAlerts', user.id))[0]).toMatchObject({ clientId: smiths.id })
    const [mine] = await edit({ clientId: '', textTo: 'agent' })
    expect(mine).toMatchObject({ clientId: null, textTo: 'agent' })
  })

  it('sends the client fields back in the address without JavaScript (Update room types)', async () => {
    const { user, cookie } = await agent()
    const smiths = await addClient(user.id, 'The Smiths')
    const query = new URLSearchParams(
      hotelFields(67, { clientId: smiths.id, textTo: 'agent', newClientName: '' }),
    )
    expect(
      (await loaded(hotelPageLoader, `/alerts/hotels?${query}`, cookie)).clientChoice,
    ).toMatchObject({ clientId: smiths.id, textTo: 'agent' })
  })
})

describe('a price watch from its page form', () => {
  it('is for a client too, and its edit shows it', async () => {
    const { user, cookie } = await agent()
    const smiths = await addClient(user.id, 'The Smiths')
    const response = await callRoute(
      priceWatchPage,
      formRequest(
        '/alerts/price-watch',
        {
          resortId: pop.resort.id,
          roomId: pop.rooms[0]!.id,
          checkInDate: daysFromToday(68),
          checkOutDate: daysFromToday(72),
          numberOfAdults: '2',
          numberOfChildren: '0',
          paidTotal: '2000',
          rateType: 'room-only',
          savingKind: 'amount',
          saving: '50',
          clientId: smiths.id,
          textTo: 'agent',
        },
        { cookie },
      ),
    )
    expect(response.headers.get('Location')).toBe('/dashboard?newAlert=hotel&success=1&watch=price')
    const [watch] = (await loaded(dashboard, '/dashboard', cookie)).alerts
    expect(watch).toMatchObject({ watch: 'price', clientId: smiths.id, clientName: 'The Smiths' })
    const page = await loaded(priceWatchLoader, priceWatchEditHref(watch), cookie)
    expect(page.editing).toBe(watch.id)
    expect(page.clientChoice).toMatchObject({ clientId: smiths.id, textTo: 'agent' })
  })
})

describe('a dining alert from its page forms', () => {
  it('is for an existing client, and /alerts/dining opens its edit with it', async () => {
    const { user, cookie } = await agent()
    const smiths = await addClient(user.id, 'The Smiths', {
      phoneNumber: '+12015550123',
      consent: 'agreed',
    })
    createdDining(
      await postDining(diningFields(40, { clientId: smiths.id, textTo: 'client' }), cookie),
    )
    const [alert] = await alertsOf('diningAlerts', user.id)
    expect(alert).toMatchObject({ clientId: smiths.id, textTo: 'client' })
    const [listed] = (await loaded(dashboard, '/dashboard', cookie)).alerts
    expect(listed).toMatchObject({ kind: 'dining', clientName: 'The Smiths' })
    const page = await loaded(diningPageLoader, diningEditHref(listed), cookie)
    expect(page.clientChoice).toMatchObject({ clientId: smiths.id, textTo: 'client' })
  })

  it('adds a new client by its name, from /alerts/dining and /dining-alerts/new', async () => {
    const { user, cookie } = await agent()
    createdDining(
      await postDining(diningFields(41, { clientId: '', newClientName: 'The Lees' }), cookie),
    )
    const simple = await callRoute(
      newDining,
      formRequest(
        '/dining-alerts/new',
        {
          resortLocationIdentifier: 'disneyland',
          diningLocationId: '354117',
          reserveDate: daysFromToday(42),
          partySize: '2',
          specificTime: '11:00',
          flexibility: '2',
          clientId: '',
          newClientName: 'The Parks',
          textTo: 'agent',
        },
        { cookie },
      ),
    )
    createdDining(simple)
    const clients = await db()
      .selectFrom('clients')
      .select(['id', 'name'])
      .where('userId', '=', user.id)
      .execute()
    const idOf = (name: string) => clients.find((client) => client.name === name)?.id
    expect((await alertsOf('diningAlerts', user.id)).map((alert) => alert.clientId)).toEqual([
      idOf('The Lees'),
      idOf('The Parks'),
    ])
  })

  it('refuses beside the field, keeping the fields as sent, and creates nothing', async () => {
    const { user, cookie } = await agent()
    await addClient(user.id, 'The Lees')
    const other = await agent()
    const theirs = await addClient(other.user.id, 'Their Client')
    const taken = await postDining(diningFields(43, { newClientName: 'THE LEES' }), cookie)
    expect(taken.status).toBe(409)
    const body = await taken.json()
    expect(body.result.error).toEqual({ newClientName: [CLIENT_MESSAGES.nameTaken] })
    expect(body.clientChoice).toMatchObject({ newClientName: 'THE LEES' })
    const theirsRefused = await postDining(diningFields(43, { clientId: theirs.id }), cookie)
    expect(theirsRefused.status).toBe(400)
    expect((await theirsRefused.json()).result.error).toEqual({
      clientId: [CLIENT_MESSAGES.alertClient],
    })
    // A form refused for its own fields comes back with the client fields as sent.
    const incomplete = await postDining(
      diningFields(43, { partySize: '', newClientName: 'The Parks' }),
      cookie,
    )
    expect(incomplete.status).toBe(400)
    expect((await incomplete.json()).clientChoice).toMatchObject({ newClientName: 'The Parks' })
    expect(await alertsOf('diningAlerts', user.id)).toEqual([])
    expect(await clientsOf(user.id)).toEqual([{ name: 'The Lees' }])
  })
})

describe("the dashboard wizards' way: the JSON API", () => {
  it('adds the new client a hotel or dining alert names, and refuses it as the forms do', async () => {
    const { user, token } = await agent()
    const hotel = await callRoute(
      hotelApi,
      jsonRequest(
        '/api/availability-queries',
        {
          resortId: pop.resort.id,
          roomIds: [pop.rooms[0]!.id],
          checkInDate: daysFromToday(69),
          checkOutDate: daysFromToday(72),
          numberOfAdults: 2,
          agesOfChildren: [],
          clientId: null,
          textTo: 'agent',
          newClientName: 'The Garcias',
        },
        { token },
      ),
    )
    expect(hotel.status).toBe(201)
    expect(await hotel.json()).toMatchObject({ clientName: 'The Garcias', textTo: 'agent' })

    const dining = (newClientName: unknown) =>
      callRoute(
        diningApi,
        jsonRequest(
          '/api/dining-alerts',
          {
            resortLocationIdentifier: 'disney-world',
            diningLocationId: '90002464',
            reserveDate: daysFromToday(44),
            partySize: 4,
            newClientName,
          },
          { token },
        ),
      )
    const taken = await dining('the garcias')
    expect(taken.status).toBe(409)
    expect((await taken.json()).message).toBe(CLIENT_MESSAGES.nameTaken)
    const notAName = await dining(42)
    expect(notAName.status).toBe(400)
    expect((await notAName.json()).message).toBe(CLIENT_MESSAGES.name)
    expect(await alertsOf('diningAlerts', user.id)).toEqual([])
    const created = await dining('The Lees')
    expect(created.status).toBe(201)
    expect(await created.json()).toMatchObject({ clientName: 'The Lees' })
    expect(await clientsOf(user.id)).toEqual([{ name: 'The Garcias' }, { name: 'The Lees' }])
  })

  it('keeps a plan that keeps no clients from adding one', async () => {
    const { user, token } = await agent('magic-hour')
    const response = await callRoute(
      diningApi,
      jsonRequest(
        '/api/dining-alerts',
        {
          resortLocationIdentifier: 'disney-world',
          diningLocationId: '90002464',
          reserveDate: daysFromToday(45),
          partySize: 4,
          newClientName: 'The Lees',
        },
        { token },
      ),
    )
    expect(response.status).toBe(400)
    expect((await response.json()).message).toBe(CLIENT_MESSAGES.noClients)
    expect(await clientsOf(user.id)).toEqual([])
    expect(await alertsOf('diningAlerts', user.id)).toEqual([])
  })
})

describe('the dashboard with clients', () => {
  it("filters by client or none, searches client names, and ignores a client that is not the account's", async () => {
    const { user, cookie } = await agent()
    const smiths = await addClient(user.id, 'The Smiths')
    const lees = await addClient(user.id, 'The Lees')
    const theirs = await addClient((await agent()).user.id, 'Their Client')
    createdHotel(await postHotel(hotelFields(70, { clientId: smiths.id }), cookie))
    createdDining(await postDining(diningFields(46, { clientId: lees.id }), cookie))
    createdDining(await postDining(diningFields(47), cookie))

    const listed = async (query: string) => {
      const data = await loaded(dashboard, `/dashboard${query}`, cookie)
      return {
        view: data.view.client,
        names: data.alerts.map((alert: { clientName: string | null }) => alert.clientName),
        total: data.filteredTotal,
      }
    }
    expect(await listed('')).toEqual({
      view: null,
      names: [null, 'The Lees', 'The Smiths'],
      total: 3,
    })
    expect(await listed(`?client=${smiths.id}`)).toEqual({
      view: smiths.id,
      names: ['The Smiths'],
      total: 1,
    })
    expect(await listed('?client=none')).toEqual({ view: 'none', names: [null], total: 1 })
    expect(await listed(`?client=${lees.id}&type=hotel`)).toEqual({
      view: lees.id,
      names: [],
      total: 0,
    })
    // The search reads client names as it reads resorts and restaurants.
    expect(await listed('?q=lee')).toEqual({ view: null, names: ['The Lees'], total: 1 })
    expect(await listed(`?q=smith&client=${lees.id}`)).toEqual({
      view: lees.id,
      names: [],
      total: 0,
    })
    // Another account's client, or anything else, is no filter.
    for (const client of [theirs.id, 'nobody', ''])
      expect(await listed(`?client=${client}`), client).toMatchObject({ view: null, total: 3 })

    // The wizards' client fields come with the page.
    expect((await loaded(dashboard, '/dashboard', cookie)).clientChoice).toMatchObject({
      clients: [{ name: 'The Lees' }, { name: 'The Smiths' }],
      mayAdd: true,
    })
  })
})
