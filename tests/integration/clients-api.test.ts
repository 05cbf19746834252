/**
 * Travel agents' clients in the JSON API (issue 31): `/api/clients` and `/api/clients/{id}`, the
 * plan's client limit, and `clientId`/`textTo` on hotel and dining alerts. A client is its
 * agent's alone: every id of another account's is not found, through every call, and a refusal
 * changes nothing.
 */
import { describe, expect, it } from 'vitest'
import { catalogueResort, createUser, daysFromToday } from '../../db/factories.ts'
import { CLIENT_MESSAGES } from '~/domain/client'
import { action as clientsAction, loader as clientsList } from '~/routes/api.clients'
import { action as oneClient } from '~/routes/api.clients.$id'
import { action as hotelAction } from '~/routes/api.availability-queries'
import { action as diningAction } from '~/routes/api.dining-alerts'
import { getDb } from '~/utils/db.server'
import { editAlert, listAlerts } from '../support/alert-requests.ts'
import { callRoute, getRequest, jsonRequest } from '../support/routes.ts'
import { tokenFor } from '../support/session.ts'

const db = () => getDb()

async function agent(planId = 'the-club') {
  const user = await createUser(db(), { planId, trialStartUtc: new Date() })
  return { user, token: await tokenFor(user) }
}

const addClient = (token: string, body: unknown) =>
  callRoute(clientsAction, jsonRequest('/api/clients', body, { token }))
const clientCall = (token: string, id: string, method: 'PUT' | 'DELETE', body: unknown = {}) =>
  callRoute(oneClient, jsonRequest(`/api/clients/${id}`, body, { token, method }), {
    params: { id },
  })
const clientsOf = async (token: string) =>
  (await callRoute(clientsList, getRequest('/api/clients', { token }))).json()

const pop = await catalogueResort(db())
const hotel = (days: number, fields: Record<string, unknown> = {}) => ({
  resortId: pop.resort.id,
  roomIds: [pop.rooms[0]!.id],
  checkInDate: daysFromToday(days),
  checkOutDate: daysFromToday(days + 3),
  numberOfAdults: 2,
  agesOfChildren: [],
  ...fields,
})
const dining = (days: number, fields: Record<string, unknown> = {}) => ({
  resortLocationIdentifier: 'disney-world',
  diningLocationId: '90002464',
  reserveDate: daysFromToday(days),
  partySize: 4,
  ...fields,
})

describe('clients through /api/clients', () => {
  it('are added, listed by name, changed and deleted, their phones read as people type them', async () => {
    const { token } = await agent()
    const added = await addClient(token, {
      name: '  The Smiths ',
      note: 'Anniversary trip',
      phoneNumber: '(201) 555-0123',
      email: 'smiths@example.com',
    })
    expect(added.status).toBe(201)
    const smiths = await added.json()
    expect(smiths).toMatchObject({
      name: 'The Smiths',
      note: 'Anniversary trip',
      phoneNumber: '+12015550123',
      email: 'smiths@example.com',
      consent: 'none',
    })
    await addClient(token, { name: 'alvarez family' })
    expect((await clientsOf(token)).map((client: { name: string }) => client.name)).toEqual([
      'alvarez family',
      'The Smiths',
    ])

    // A new number has agreed to nothing: its consent starts over.
    await db()
      .updateTable('clients')
      .set({ consent: 'agreed' })
      .where('id', '=', smiths.id)
      .execute()
    const kept = await clientCall(token, smiths.id, 'PUT', { ...smiths, note: 'Two rooms' })
    expect(await kept.json()).toMatchObject({ note: 'Two rooms', consent: 'agreed' })
    const moved = await clientCall(token, smiths.id, 'PUT', {
      name: 'The Smiths',
      phoneNumber: '201 555 0199',
    })
    expect(await moved.json()).toMatchObject({
      phoneNumber: '+12015550199',
      consent: 'none',
      note: null,
      email: null,
    })

    expect((await clientCall(token, smiths.id, 'DELETE')).status).toBe(200)
    expect(await clientsOf(token)).toHaveLength(1)
  })

  it('refuses in words what a client cannot be, and a name the agent already uses, changing nothing', async () => {
    const { token } = await agent()
    await addClient(token, { name: 'The Smiths' })
    const refusals: [unknown, number, string][] = [
      [{}, 400, CLIENT_MESSAGES.name],
      [{ name: '   ' }, 400, CLIENT_MESSAGES.name],
      [{ name: 7 }, 400, CLIENT_MESSAGES.name],
      [{ name: 'x'.repeat(81) }, 400, CLIENT_MESSAGES.nameTooLong],
      [{ name: 'A', note: 'n'.repeat(501) }, 400, CLIENT_MESSAGES.note],
      [{ name: 'A', phoneNumber: '12' }, 400, CLIENT_MESSAGES.phone],
      [{ name: 'A', phoneNumber: 2015550123 }, 400, CLIENT_MESSAGES.phone],
      [{ name: 'A', email: 'not an email' }, 400, CLIENT_MESSAGES.email],
      [{ name: 'the smiths' }, 409, CLIENT_MESSAGES.nameTaken],
    ]
    for (const [body, status, message] of refusals) {
      const response = await addClient(token, body)
      expect(response.status, message).toBe(status)
      expect((await response.json()).message, JSON.stringify(body)).toBe(message)
    }
    expect(await clientsOf(token)).toHaveLength(1)
  })

  it('keeps within the plan: none without The Club, and at most its limit', async () => {
    const family = await agent('magic-hour')
    const refused = await addClient(family.token, { name: 'Grandparents' })
    expect(refused.status).toBe(400)
    expect((await refused.json()).message).toBe(CLIENT_MESSAGES.noClients)

    const { user, token } = await agent()
    await db()
      .insertInto('clients')
      .values(
        Array.from({ length: 40 }, (_, index) => ({ userId: user.id, name: `Client ${index}` })),
      )
      .execute()
    const over = await addClient(token, { name: 'One too many' })
    expect(over.status).toBe(400)
    expect((await over.json()).message).toBe(CLIENT_MESSAGES.tooMany(40))
    // Two adds at once at the limit's edge: one of them is refused.
    await db().deleteFrom('clients').where('name', '=', 'Client 0').execute()
    const both = await Promise.all([
      addClient(token, { name: 'Left' }),
      addClient(token, { name: 'Right' }),
    ])
    expect(both.map((response) => response.status).sort()).toEqual([201, 400])
  })

  it("finds no other account's client, through any call, and changes nothing", async () => {
    const owner = await agent()
    const stranger = await agent()
    const client = await (
      await addClient(owner.token, { name: 'The Smiths', phoneNumber: '2015550123' })
    ).json()
    for (const call of [
      () => clientCall(stranger.token, client.id, 'PUT', { name: 'Mine now' }),
      () => clientCall(stranger.token, client.id, 'DELETE'),
      () => clientCall(stranger.token, 'not-an-id', 'DELETE'),
    ]) {
      const response = await call()
      expect(response.status).toBe(404)
      expect((await response.json()).message).toBe(CLIENT_MESSAGES.notFound)
    }
    expect(await clientsOf(stranger.token)).toEqual([])
    expect(await clientsOf(owner.token)).toEqual([expect.objectContaining({ name: 'The Smiths' })])
    // Nor can an alert of the stranger's belong to it.
    const alert = await callRoute(
      hotelAction,
      jsonRequest('/api/availability-queries', hotel(50, { clientId: client.id }), {
        token: stranger.token,
      }),
    )
    expect(alert.status).toBe(400)
    expect((await alert.json()).message).toBe(CLIENT_MESSAGES.alertClient)
  })
})

describe("an alert's client", () => {
  it('is set on hotel and dining alerts with who their texts go to, and answered with its name', async () => {
    const { token } = await agent()
    const smiths = await (
      await addClient(token, { name: 'The Smiths', phoneNumber: '2015550123' })
    ).json()
    const created = await callRoute(
      hotelAction,
      jsonRequest('/api/availability-queries', hotel(51, { clientId: smiths.id, textTo: 'both' }), {
        token,
      }),
    )
    expect(created.status).toBe(201)
    expect(await created.json()).toMatchObject({
      clientId: smiths.id,
      clientName: 'The Smiths',
      textTo: 'both',
    })
    const dinner = await callRoute(
      diningAction,
      jsonRequest('/api/dining-alerts', dining(20, { clientId: smiths.id, textTo: 'client' }), {
        token,
      }),
    )
    expect(dinner.status).toBe(201)
    expect(await dinner.json()).toMatchObject({ clientId: smiths.id, textTo: 'client' })

    // An edit that says nothing of the client keeps it; null takes the alert back.
    const [alert] = await listAlerts('hotel', token)
    const put = (body: Record<string, unknown>) => editAlert('hotel', alert.id, body, token)
    expect(await (await put(hotel(51))).json()).toMatchObject({
      clientId: smiths.id,
      textTo: 'both',
    })
    expect(await (await put(hotel(51, { clientId: null }))).json()).toMatchObject({
      clientId: null,
      clientName: null,
      textTo: 'agent',
    })

    // Deleting the client leaves its alerts with the agent, texting the agent.
    await clientCall(token, smiths.id, 'DELETE')
    const [meal] = await listAlerts('dining', token)
    expect(meal).toMatchObject({ clientId: null, textTo: 'agent' })
  })

  it('refuses texts to a client that is not there or has no phone', async () => {
    const { token } = await agent()
    const noPhone = await (await addClient(token, { name: 'No Phone' })).json()
    const refusals: [Record<string, unknown>, string][] = [
      [{ textTo: 'client' }, CLIENT_MESSAGES.textToNeedsClient],
      [{ clientId: noPhone.id, textTo: 'both' }, CLIENT_MESSAGES.textToNeedsPhone],
      [{ clientId: noPhone.id, textTo: 'everyone' }, CLIENT_MESSAGES.textTo],
      [{ clientId: 'someone' }, CLIENT_MESSAGES.alertClient],
      [{ clientId: 12 }, CLIENT_MESSAGES.alertClient],
    ]
    for (const [fields, message] of refusals) {
      const response = await callRoute(
        hotelAction,
        jsonRequest('/api/availability-queries', hotel(52, fields), { token }),
      )
      expect(response.status, message).toBe(400)
      expect((await response.json()).message).toBe(message)
    }
    expect(await listAlerts('hotel', token)).toEqual([])
  })
})
