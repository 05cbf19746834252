/**
 * A travel agent's clients in Settings (issue 31): /settings/clients lists and adds them, and
 * /settings/clients/{id} changes, deletes and asks one for consent, all as plain forms. A refusal
 * is in the model's words beside its field with the typed values kept, and writes nothing; a
 * client is its agent's alone: another account's id is the site's 404, through every page and
 * action, and changes nothing.
 */
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createAlertRow, createUser } from '../../db/factories.ts'
import type { ClientConsent } from '../../db/schema.ts'
import { CLIENT_MESSAGES } from '~/domain/client'
import { CLIENT_SETTINGS_MESSAGES, CONSENT_WORDS } from '~/domain/client-settings'
import { action as clientsAction, loader as clientsPage } from '~/routes/settings_.clients._index'
import { action as clientAction, loader as clientPage } from '~/routes/settings_.clients.$id._index'
import { loader as settingsPage } from '~/routes/settings'
import { getDb } from '~/utils/db.server'
import { callRoute, followRedirect, formRequest, getRequest } from '../support/routes.ts'
import { cookieFor } from '../support/session.ts'

const db = getDb()

async function agent(planId = 'the-club', name: string | null = 'Mary Poppins') {
  const user = await createUser(db, { planId, trialStartUtc: new Date(), name })
  return { user, cookie: await cookieFor(user) }
}

function insertClient(
  userId: string,
  fields: { name: string; phoneNumber?: string; consent?: ClientConsent; consentChangedAt?: Date },
) {
  return db
    .insertInto('clients')
    .values({ userId, ...fields })
    .returningAll()
    .executeTakeFirstOrThrow()
}

const clientRows = (userId: string) =>
  db.selectFrom('clients').selectAll().where('userId', '=', userId).orderBy('name').execute()

const addClient = (fields: Record<string, string>, cookie: string) =>
  callRoute(
    clientsAction,
    formRequest('/settings/clients', { intent: 'add', ...fields }, { cookie }),
  )

const pageOf = (id: string, cookie: string, query = '') =>
  callRoute(clientPage, getRequest(`/settings/clients/${id}${query}`, { cookie }), {
    params: { id },
  })

const postTo = (id: string, fields: Record<string, string>, cookie: string) =>
  callRoute(clientAction, formRequest(`/settings/clients/${id}`, fields, { cookie }), {
    params: { id },
  })

/** Where a post on a client's page lands: that page's data, with the notice the redirect left. */
async function followToClient(response: Response, cookie: string) {
  const id = new URL(response.headers.get('Location')!, 'http://localhost').pathname.split('/')[3]!
  return followRedirect(clientPage, response, cookie, { id })
}

/** The values a refused form comes back with: what was typed, an emptied field left out. */
const typed = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''))

const smiths = { name: 'The Smiths', note: 'Anniversary', phoneNumber: '(201) 555-0123', email: '' }

describe('/settings/clients', () => {
  it('lists the clients by name: phone, email, consent in words and alerts, with the plan limit', async () => {
    const { user, cookie } = await agent()
    const alvarez = await insertClient(user.id, {
      name: 'alvarez family',
      phoneNumber: '+12015550123',
      consent: 'agreed',
      consentChangedAt: new Date(),
    })
    const smith = await insertClient(user.id, { name: 'The Smiths' })
    await createAlertRow(db, 'hotel', user.id, { clientId: alvarez.id, textTo: 'both' })
    await createAlertRow(db, 'dining', user.id, { clientId: alvarez.id })
    await createAlertRow(db, 'dining', user.id)

    const page = await (
      await callRoute(clientsPage, getRequest('/settings/clients', { cookie }))
    ).json()
    expect(page).toMatchObject({ limit: 40, agentPlans: [{ name: 'The Club', clients: 40 }] })
    expect(page.clients).toEqual([
      {
        id: alvarez.id,
        name: 'alvarez family',
        note: null,
        phone: '(201) 555-0123',
        email: null,
        consent: CONSENT_WORDS.agreed,
        alerts: 2,
      },
      {
        id: smith.id,
        name: 'The Smiths',
        note: null,
        phone: null,
        email: null,
        consent: 'Not asked yet',
        alerts: 0,
      },
    ])
    expect(Object.values(CONSENT_WORDS)).toEqual([
      'Not asked yet',
      'Asked — waiting for YES',
      'Agreed to texts',
      'Replied STOP',
    ])
  })

  it('adds a client, back on the list with a notice, its phone read as people type it', async () => {
    const { user, cookie } = await agent()
    const added = await addClient({ ...smiths, email: ' smiths@example.com ' }, cookie)
    expect(added.status).toBe(302)
    expect(added.headers.get('Location')).toBe('/settings/clients')
    const [row] = await clientRows(user.id)
    expect(row).toMatchObject({
      name: 'The Smiths',
      note: 'Anniversary',
      phoneNumber: '+12015550123',
      email: 'smiths@example.com',
      consent: 'none',
    })
    const page = await followRedirect(clientsPage, added, cookie)
    expect(page.notice).toEqual({
      tone: 'success',
      message: CLIENT_SETTINGS_MESSAGES.added('The Smiths'),
      link: {
        to: `/settings/clients/${row!.id}`,
        text: CLIENT_SETTINGS_MESSAGES.askLink('The Smiths'),
      },
    })
    expect(page.clients).toHaveLength(1)

    // No phone: nothing to ask for, no link.
    const plain = await addClient({ name: 'Grandma', note: '', phoneNumber: '', email: '' }, cookie)
    expect((await followRedirect(clientsPage, plain, cookie)).notice).toEqual({
      tone: 'success',
      message: CLIENT_SETTINGS_MESSAGES.added('Grandma'),
    })
  })

  it.each([
    [{ ...smiths, name: '   ' }, 'name', CLIENT_MESSAGES.name],
    [{ ...smiths, name: 'x'.repeat(81) }, 'name', CLIENT_MESSAGES.nameTooLong],
    [{ ...smiths, note: 'n'.repeat(501) }, 'note', CLIENT_MESSAGES.note],
    [{ ...smiths, phoneNumber: '12' }, 'phoneNumber', CLIENT_MESSAGES.phone],
    [{ ...smiths, phoneNumber: '+1 000 000 0000' }, 'phoneNumber', CLIENT_MESSAGES.phone],
    [{ ...smiths, email: 'smiths at example' }, 'email', CLIENT_MESSAGES.email],
  ])(
    'refuses %j beside its field, keeps what was typed, and adds nothing',
    async (fields, field, message) => {
      const { user, cookie } = await agent()
      const response = await addClient(fields, cookie)
      expect(response.status).toBe(400)
      const { result } = await response.json()
      expect(result.error).toEqual({ [field]: [message] })
      expect(result.initialValue).toMatchObject(typed(fields))
      expect(await clientRows(user.id)).toEqual([])
    },
  )

  it('refuses a name the agent already uses beside the name, whatever its case', async () => {
    const { user, cookie } = await agent()
    await insertClient(user.id, { name: 'The Smiths' })
    const response = await addClient({ ...smiths, name: 'the smiths' }, cookie)
    expect(response.status).toBe(409)
    const { result } = await response.json()
    expect(result.error).toEqual({ name: [CLIENT_MESSAGES.nameTaken] })
    expect(result.initialValue).toMatchObject({
      name: 'the smiths',
      phoneNumber: smiths.phoneNumber,
    })
    expect(await clientRows(user.id)).toHaveLength(1)
  })

  it("keeps within the plan: the limit's words above the form, and no form without clients", async () => {
    const { user, cookie } = await agent()
    await db
      .insertInto('clients')
      .values(
        Array.from({ length: 40 }, (_, index) => ({ userId: user.id, name: `Client ${index}` })),
      )
      .execute()
    const over = await addClient(smiths, cookie)
    expect(over.status).toBe(400)
    const { result } = await over.json()
    expect(result.error).toEqual({ '': [CLIENT_MESSAGES.tooMany(40)] })
    expect(result.initialValue).toMatchObject({ name: 'The Smiths' })
    expect(await clientRows(user.id)).toHaveLength(40)

    const family = await agent('magic-hour')
    const page = await (
      await callRoute(clientsPage, getRequest('/settings/clients', { cookie: family.cookie }))
    ).json()
    expect(page).toMatchObject({ limit: 0, clients: [] })
    const refused = await addClient(smiths, family.cookie)
    expect(refused.status).toBe(400)
    expect((await refused.json()).result.error).toEqual({ '': [CLIENT_MESSAGES.noClients] })
    expect(await clientRows(family.user.id)).toEqual([])
  })

  it('answers 400 to an action it does not know, or to no form, adding nothing', async () => {
    const { user, cookie } = await agent()
    for (const fields of [{ intent: 'remove', ...smiths }, smiths]) {
      const response = await callRoute(
        clientsAction,
        formRequest('/settings/clients', fields, { cookie }),
      )
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ error: CLIENT_SETTINGS_MESSAGES.unknownIntent })
    }
    expect(await clientRows(user.id)).toEqual([])
  })

  it('is linked from Settings for a plan that keeps clients, or an account that has some', async () => {
    const settingsOf = async (cookie: string) =>
      (await (await callRoute(settingsPage, getRequest('/settings', { cookie }))).json()).clients

    const club = await agent()
    await insertClient(club.user.id, { name: 'The Smiths' })
    expect(await settingsOf(club.cookie)).toEqual({ count: 1, limit: 40 })

    const family = await agent('magic-hour')
    expect(await settingsOf(family.cookie)).toBeNull()
    // Clients kept from The Club after a downgrade.
    await insertClient(family.user.id, { name: 'The Smiths' })
    expect(await settingsOf(family.cookie)).toEqual({ count: 1, limit: 0 })
  })
})

describe('/settings/clients/{id}', () => {
  it('shows the client, its consent in words and since when, and its alerts', async () => {
    const { user, cookie } = await agent()
    await db
      .updateTable('users')
      .set({ timeZone: 'America/Los_Angeles' })
      .where('id', '=', user.id)
      .execute()
    const client = await insertClient(user.id, {
      name: 'The Smiths',
      phoneNumber: '+12015550123',
      consent: 'asked',
      consentChangedAt: new Date('2026-11-26T23:04:00Z'),
    })
    await createAlertRow(db, 'hotel', user.id, { clientId: client.id })
    const page = await (await pageOf(client.id, cookie)).json()
    expect(page).toMatchObject({
      client: {
        id: client.id,
        name: 'The Smiths',
        phone: '(201) 555-0123',
        note: null,
        email: null,
      },
      consent: {
        state: 'asked',
        words: 'Asked — waiting for YES',
        since: 'Nov 26, 3:04 PM Pacific Time',
      },
      alerts: 1,
      confirmDelete: false,
      notice: null,
    })
  })

  it('saves changes; a new mobile number says its consent starts over, and it does', async () => {
    const { user, cookie } = await agent()
    const client = await insertClient(user.id, {
      name: 'The Smiths',
      phoneNumber: '+12015550123',
      consent: 'agreed',
      consentChangedAt: new Date(),
    })
    // The number as the page shows it is the same number: consent stays.
    const kept = await postTo(client.id, { intent: 'save', ...smiths, note: 'Two rooms' }, cookie)
    expect(kept.status).toBe(302)
    expect(kept.headers.get('Location')).toBe(`/settings/clients/${client.id}`)
    expect((await followToClient(kept, cookie)).notice).toEqual({
      tone: 'success',
      message: CLIENT_SETTINGS_MESSAGES.saved('The Smiths'),
    })
    expect((await clientRows(user.id))[0]).toMatchObject({ note: 'Two rooms', consent: 'agreed' })

    const moved = await postTo(
      client.id,
      { intent: 'save', ...smiths, name: 'The Smith Family', phoneNumber: '201 555 0199' },
      cookie,
    )
    expect(moved.status).toBe(302)
    const page = await followToClient(moved, cookie)
    expect(page.notice).toEqual({
      tone: 'success',
      message: CLIENT_SETTINGS_MESSAGES.phoneChanged('The Smith Family'),
    })
    expect(page.consent).toEqual({ state: 'none', words: 'Not asked yet', since: null })
    expect((await clientRows(user.id))[0]).toMatchObject({
      name: 'The Smith Family',
      phoneNumber: '+12015550199',
      consent: 'none',
      consentChangedAt: null,
    })
  })

  it('refuses a bad change beside its field, or a name taken, and changes nothing', async () => {
    const { user, cookie } = await agent()
    const client = await insertClient(user.id, { name: 'The Smiths', phoneNumber: '+12015550123' })
    await insertClient(user.id, { name: 'Alvarez' })
    const before = await clientRows(user.id)
    for (const [fields, status, field, message] of [
      [{ ...smiths, phoneNumber: 'call me' }, 400, 'phoneNumber', CLIENT_MESSAGES.phone],
      [{ ...smiths, name: '' }, 400, 'name', CLIENT_MESSAGES.name],
      [{ ...smiths, email: '@' }, 400, 'email', CLIENT_MESSAGES.email],
      [{ ...smiths, name: 'ALVAREZ' }, 409, 'name', CLIENT_MESSAGES.nameTaken],
    ] as const) {
      const response = await postTo(client.id, { intent: 'save', ...fields }, cookie)
      expect(response.status).toBe(status)
      const { result } = await response.json()
      expect(result.error).toEqual({ [field]: [message] })
      expect(result.initialValue).toMatchObject(typed(fields))
    }
    expect(await clientRows(user.id)).toEqual(before)
  })

  it('deletes after a confirmation, its alerts going back to the agent', async () => {
    const { user, cookie } = await agent()
    const client = await insertClient(user.id, {
      name: 'The Smiths',
      phoneNumber: '+12015550123',
      consent: 'agreed',
    })
    const hotel = await createAlertRow(db, 'hotel', user.id, {
      clientId: client.id,
      textTo: 'client',
    })
    const dinner = await createAlertRow(db, 'dining', user.id, {
      clientId: client.id,
      textTo: 'both',
    })

    const asked = await postTo(client.id, { intent: 'delete' }, cookie)
    expect(asked.status).toBe(302)
    expect(asked.headers.get('Location')).toBe(`/settings/clients/${client.id}?confirm=delete`)
    expect(await clientRows(user.id)).toHaveLength(1)
    const confirm = await (await pageOf(client.id, cookie, '?confirm=delete')).json()
    expect(confirm).toMatchObject({ confirmDelete: true, alerts: 2 })
    expect(CLIENT_SETTINGS_MESSAGES.deleteQuestion('The Smiths', 2)).toBe(
      'Delete The Smiths? Their 2 alerts stay yours and text only you. This cannot be undone.',
    )

    const deleted = await postTo(client.id, { intent: 'delete-confirmed' }, cookie)
    expect(deleted.status).toBe(302)
    expect(deleted.headers.get('Location')).toBe('/settings/clients')
    expect((await followRedirect(clientsPage, deleted, cookie)).notice).toEqual({
      tone: 'success',
      message: 'The Smiths is deleted. Their 2 alerts stay yours and text only you.',
    })
    expect(await clientRows(user.id)).toEqual([])
    const alerts = [
      await db
        .selectFrom('hotelAlerts')
        .select(['clientId', 'textTo'])
        .where('id', '=', hotel.id)
        .executeTakeFirstOrThrow(),
      await db
        .selectFrom('diningAlerts')
        .select(['clientId', 'textTo'])
        .where('id', '=', dinner.id)
        .executeTakeFirstOrThrow(),
    ]
    expect(alerts).toEqual([
      { clientId: null, textTo: 'agent' },
      { clientId: null, textTo: 'agent' },
    ])
    expect((await pageOf(client.id, cookie)).status).toBe(404)
  })

  it('asks for consent by text, back here with its notice; a refusal on top with its status', async () => {
    const { user, cookie } = await agent()
    const client = await insertClient(user.id, { name: 'The Smiths', phoneNumber: '+12015550123' })
    const asked = await postTo(client.id, { intent: 'ask-consent' }, cookie)
    expect(asked.status).toBe(302)
    expect(asked.headers.get('Location')).toBe(`/settings/clients/${client.id}`)
    const page = await followToClient(asked, cookie)
    expect(page.notice).toEqual({
      tone: 'success',
      message: CLIENT_MESSAGES.consentSent('The Smiths', '(201) 555-0123'),
    })
    expect(page.consent).toMatchObject({ state: 'asked', words: CONSENT_WORDS.asked })
    expect(page.consent.since).toEqual(expect.any(String))
    const texts = await db
      .selectFrom('notifications')
      .select(['toNumber', 'recipient', 'clientId'])
      .where('userId', '=', user.id)
      .where('purpose', '=', 'consent')
      .execute()
    expect(texts).toEqual([{ toNumber: '+12015550123', recipient: 'client', clientId: client.id }])

    // Asked less than a day ago: refused in the service's words and status, nothing sent.
    const again = await postTo(client.id, { intent: 'ask-consent' }, cookie)
    expect(again.status).toBe(429)
    expect(await again.json()).toEqual({ error: CLIENT_MESSAGES.consentAskedRecently })

    const noPhone = await insertClient(user.id, { name: 'Grandma' })
    const refused = await postTo(noPhone.id, { intent: 'ask-consent' }, cookie)
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ error: CLIENT_MESSAGES.consentNoPhone })
    const agreed = await insertClient(user.id, {
      name: 'Alvarez',
      phoneNumber: '+12015550177',
      consent: 'agreed',
    })
    const conflict = await postTo(agreed.id, { intent: 'ask-consent' }, cookie)
    expect(conflict.status).toBe(409)
    expect(await conflict.json()).toEqual({ error: CLIENT_MESSAGES.consentAgreed })
    const sent = await db
      .selectFrom('notifications')
      .select('id')
      .where('userId', '=', user.id)
      .where('purpose', '=', 'consent')
      .execute()
    expect(sent).toHaveLength(1)
  })

  it('answers 400 to an action it does not know, or to no form, changing nothing', async () => {
    const { user, cookie } = await agent()
    const client = await insertClient(user.id, { name: 'The Smiths' })
    const before = await clientRows(user.id)
    for (const fields of [{ intent: 'archive' }, { name: 'Renamed' }] as Record<string, string>[]) {
      const response = await postTo(client.id, fields, cookie)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ error: CLIENT_SETTINGS_MESSAGES.unknownIntent })
    }
    const json = await callRoute(
      clientAction,
      new Request(`http://localhost/settings/clients/${client.id}`, {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
        body: '{"intent":"delete-confirmed"}',
      }),
      { params: { id: client.id } },
    )
    expect(json.status).toBe(400)
    expect(await clientRows(user.id)).toEqual(before)
  })
})

describe("another account's client", () => {
  it('is not found through every page and action, and nothing changes', async () => {
    const owner = await agent()
    const stranger = await agent()
    const client = await insertClient(owner.user.id, {
      name: 'The Smiths',
      phoneNumber: '+12015550123',
    })
    const alert = await createAlertRow(db, 'hotel', owner.user.id, {
      clientId: client.id,
      textTo: 'both',
    })
    const before = await clientRows(owner.user.id)

    for (const id of [client.id, randomUUID(), 'not-an-id']) {
      for (const query of ['', '?confirm=delete'])
        expect((await pageOf(id, stranger.cookie, query)).status, `${id}${query}`).toBe(404)
      for (const intent of ['save', 'delete', 'delete-confirmed', 'ask-consent', 'archive']) {
        const response = await postTo(id, { intent, ...smiths, name: 'Mine now' }, stranger.cookie)
        expect(response.status, `${intent} ${id}`).toBe(404)
        expect(await response.json()).toEqual({ message: CLIENT_MESSAGES.notFound })
      }
    }
    expect(await clientRows(owner.user.id)).toEqual(before)
    expect(await clientRows(stranger.user.id)).toEqual([])
    expect(
      await db
        .selectFrom('hotelAlerts')
        .select(['clientId', 'textTo'])
        .where('id', '=', alert.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ clientId: client.id, textTo: 'both' })
    const texts = await db
      .selectFrom('notifications')
      .select('id')
      .where('purpose', '=', 'consent')
      .where('userId', 'in', [owner.user.id, stranger.user.id])
      .execute()
    expect(texts).toEqual([])
    // The stranger's own list has none of it.
    const list = await (
      await callRoute(clientsPage, getRequest('/settings/clients', { cookie: stranger.cookie }))
    ).json()
    expect(list.clients).toEqual([])
  })
})

describe('a visitor', () => {
  it('is sent to log in from every page and action', async () => {
    const id = randomUUID()
    const answers = [
      await callRoute(clientsPage, getRequest('/settings/clients')),
      await callRoute(
        clientsAction,
        formRequest('/settings/clients', { intent: 'add', ...smiths }),
      ),
      await pageOf(id, ''),
      await postTo(id, { intent: 'delete-confirmed' }, ''),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([302, 302, 302, 302])
    expect(answers[0]!.headers.get('Location')).toBe('/login?redirect=%2Fsettings%2Fclients')
    expect(answers[2]!.headers.get('Location')).toBe(
      `/login?redirect=${encodeURIComponent(`/settings/clients/${id}`)}`,
    )
    for (const answer of answers) expect(answer.headers.get('Location')).toMatch(/^\/login/)
  })
})
