/**
 * A client's consent (issue 31, decision 0035): POST /api/clients/{id}/consent texts the client's
 * phone, naming the agent, through the outbox and the Twilio stand-in; each refusal is in words
 * and changes nothing. The client's YES to our number agrees for the client last asked at that
 * number, and its STOP stops every client at it, while the agents' own texts go on.
 */
import { describe, expect, it } from 'vitest'
import type { Client, ClientConsent, User } from '../../db/schema.ts'
import { createAlertRow, createUser, daysFromToday, fakePhoneNumber } from '../../db/factories.ts'
import { configureSimulator } from '../../mocks/disney.ts'
import { textFromPhone, twilioAccount } from '../../mocks/twilio-phone.ts'
import { CLIENT_MESSAGES, CONSENT_ASKS_PER_HOUR } from '~/domain/client'
import { consentText } from '~/domain/client-texts'
import { formatPhoneNumber } from '~/domain/phone'
import { optOut } from '~/models/outbox.server'
import { action as consentAction, loader as consentGet } from '~/routes/api.clients.$id_.consent'
import { action as inbound } from '~/routes/webhooks.twilio.inbound'
import { readOutbox } from '../support/outbox.ts'
import { callRoute, getRequest, jsonRequest } from '../support/routes.ts'
import { tokenFor } from '../support/session.ts'
import { asJob, checkNow, db, env, queues, sendText, textsOf } from '../support/worker-harness.ts'

const account = twilioAccount(env)
const webhookUrl = `${env.appUrl}/webhooks/twilio/inbound`
const reply = (phone: string, word: string) =>
  textFromPhone(account, phone, word, {
    webhookUrl,
    send: (request) => callRoute(inbound, request),
  })

async function agent(name: string | null = 'Jane Doe') {
  const user = await createUser(db, { planId: 'the-club', trialStartUtc: new Date(), name })
  return { user, token: await tokenFor(user) }
}

let clients = 0
async function addClient(
  user: User,
  fields: { phoneNumber?: string | null; consent?: ClientConsent; consentChangedAt?: Date } = {},
) {
  return db
    .insertInto('clients')
    .values({
      userId: user.id,
      name: `Client ${++clients}`,
      phoneNumber: fakePhoneNumber(),
      ...fields,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

const ask = (token: string | undefined, id: string, method = 'POST') =>
  callRoute(
    consentAction,
    jsonRequest(`/api/clients/${id}/consent`, undefined, { token, method, raw: '' }),
    {
      params: { id },
    },
  )

const clientRow = (id: string) =>
  db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const consentTexts = (clientId: string) =>
  db
    .selectFrom('notifications')
    .selectAll()
    .where('clientId', '=', clientId)
    .where('purpose', '=', 'consent')
    .orderBy('createdAt')
    .execute()
const textsTo = (phoneNumber: string) => readOutbox().filter((text) => text.to === phoneNumber)

/** Runs every queued send job as the worker would. */
async function sendQueuedTexts() {
  for (const job of await queues.sms.getJobs(['waiting', 'delayed', 'prioritized'])) {
    await sendText(asJob(job.data, job.id))
    await job.remove()
  }
}

describe('POST /api/clients/{id}/consent', () => {
  it("texts the client's phone naming the agent, through the outbox, and the client is asked", async () => {
    const { user, token } = await agent('Jane Doe')
    const client = await addClient(user)
    const response = await ask(token, client.id)
    expect(response.status).toBe(200)
    const answer = await response.json()
    expect(answer).toEqual({
      message: CLIENT_MESSAGES.consentSent(client.name, formatPhoneNumber(client.phoneNumber!)),
      client: expect.objectContaining({ id: client.id, name: client.name, consent: 'asked' }),
    })
    const row = await clientRow(client.id)
    expect(row.consent).toBe('asked')
    expect(Date.now() - row.consentChangedAt!.getTime()).toBeLessThan(60_000)

    const [text] = await consentTexts(client.id)
    expect(text).toMatchObject({
      userId: user.id,
      purpose: 'consent',
      recipient: 'client',
      toNumber: client.phoneNumber,
      body: consentText({ agentName: 'Jane Doe' }),
      status: 'pending',
      alertId: null,
    })
    expect(text!.body).toContain('Your travel agent Jane Doe would like us to text you')
    await sendQueuedTexts()
    expect(textsTo(client.phoneNumber!).map((sent) => sent.body)).toEqual([text!.body])
    expect(textsTo(user.phoneNumber)).toEqual([])
  })

  it('refuses in words what cannot be asked, and changes and sends nothing', async () => {
    const { user, token } = await agent()
    const other = await agent()
    const hourAgo = new Date(Date.now() - 60 * 60_000)
    const optedOut = await addClient(user)
    await optOut(db, optedOut.phoneNumber!)
    const cases: [Client, number, string, string?][] = [
      [await addClient(user, { phoneNumber: null }), 400, CLIENT_MESSAGES.consentNoPhone],
      [
        await addClient(user, { consent: 'agreed', consentChangedAt: hourAgo }),
        409,
        CLIENT_MESSAGES.consentAgreed,
      ],
      [
        await addClient(user, { consent: 'stopped', consentChangedAt: hourAgo }),
        409,
        CLIENT_MESSAGES.consentStopped,
      ],
      [
        await addClient(user, { consent: 'asked', consentChangedAt: hourAgo }),
        429,
        CLIENT_MESSAGES.consentAskedRecently,
      ],
      [optedOut, 409, CLIENT_MESSAGES.consentOptedOut],
      // Another account's client is not found, whatever the caller's own clients are.
      [await addClient(other.user), 404, CLIENT_MESSAGES.notFound],
    ]
    const nameless = await agent(null)
    const theirs = await addClient(nameless.user)
    const askAs = new Map([[theirs.id, nameless.token]])
    cases.push([theirs, 400, CLIENT_MESSAGES.consentNoAgentName])
    expect(CLIENT_MESSAGES.consentNoAgentName).toContain('/settings/profile')

    for (const [client, status, message] of cases) {
      const response = await ask(askAs.get(client.id) ?? token, client.id)
      expect(response.status, message).toBe(status)
      expect(await response.json()).toEqual({ message })
      expect(await clientRow(client.id)).toEqual(client)
      expect(await consentTexts(client.id)).toEqual([])
    }
    for (const id of ['not-an-id', '00000000-0000-4000-8000-000000000000']) {
      const response = await ask(token, id)
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ message: CLIENT_MESSAGES.notFound })
    }
    await sendQueuedTexts()
    for (const [client] of cases)
      if (client.phoneNumber) expect(textsTo(client.phoneNumber)).toEqual([])
  })

  it('asks again a client asked more than a day ago', async () => {
    const { user, token } = await agent()
    const client = await addClient(user, {
      consent: 'asked',
      consentChangedAt: new Date(Date.now() - 25 * 60 * 60_000),
    })
    expect((await ask(token, client.id)).status).toBe(200)
    expect(await consentTexts(client.id)).toHaveLength(1)
  })

  it('asks a number once a day whichever client has it, and so many clients an hour', async () => {
    const { user, token } = await agent()
    const phoneNumber = fakePhoneNumber()
    const first = await addClient(user, { phoneNumber })
    const twin = await addClient(user, { phoneNumber })
    expect((await ask(token, first.id)).status).toBe(200)
    const refused = await ask(token, twin.id)
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({ message: CLIENT_MESSAGES.consentPhoneAskedRecently })
    expect(await clientRow(twin.id)).toEqual(twin)

    // The refusal spent nothing of the hour's asks.
    for (let asked = 2; asked <= CONSENT_ASKS_PER_HOUR; asked++)
      expect((await ask(token, (await addClient(user)).id)).status).toBe(200)
    const past = await addClient(user)
    const tooMany = await ask(token, past.id)
    expect(tooMany.status).toBe(429)
    expect((await tooMany.json()).message).toMatch(
      new RegExp(
        `^You can ask ${CONSENT_ASKS_PER_HOUR} clients an hour .* try again in 60 minutes\\.$`,
      ),
    )
    expect(await clientRow(past.id)).toEqual(past)
    expect(await consentTexts(past.id)).toEqual([])
  })

  it('answers a caller without a token 401, and other methods 405', async () => {
    const { user, token } = await agent()
    const client = await addClient(user)
    const anonymous = await ask(undefined, client.id)
    expect(anonymous.status).toBe(401)
    const get = await callRoute(
      consentGet,
      getRequest(`/api/clients/${client.id}/consent`, { token }),
    )
    expect(get.status).toBe(405)
    expect(get.headers.get('Allow')).toBe('POST')
    const put = await ask(token, client.id, 'PUT')
    expect(put.status).toBe(405)
    expect(await put.json()).toEqual({ message: 'Method not allowed. Use POST.' })
    expect(await clientRow(client.id)).toEqual(client)
  })
})

describe("a client's reply to our number", () => {
  it('YES agrees for the client last asked at the number; STOP stops them all; START agrees again', async () => {
    const phoneNumber = fakePhoneNumber()
    const first = await agent('Ann Agent')
    const second = await agent('Bob Broker')
    const firstClient = await addClient(first.user, { phoneNumber })
    const secondClient = await addClient(second.user, { phoneNumber })
    for (const [{ token }, client] of [
      [first, firstClient],
      [second, secondClient],
    ] as const) {
      expect((await ask(token, client.id)).status).toBe(200)
      await sendQueuedTexts()
    }
    // The text the phone answers is the last one: Bob Broker's.
    expect(textsTo(phoneNumber).map((text) => text.body.match(/agent (\w+ \w+)/)![1])).toEqual([
      'Ann Agent',
      'Bob Broker',
    ])

    const yes = await reply(phoneNumber, 'YES')
    expect(yes.webhook?.status).toBe(200)
    expect((await clientRow(secondClient.id)).consent).toBe('agreed')
    expect((await clientRow(firstClient.id)).consent).toBe('asked')

    await reply(phoneNumber, 'Stop')
    expect((await clientRow(firstClient.id)).consent).toBe('stopped')
    expect((await clientRow(secondClient.id)).consent).toBe('stopped')

    // Stopped together: START agrees for the one the phone last got a consent text for.
    await reply(phoneNumber, 'START')
    expect((await clientRow(secondClient.id)).consent).toBe('agreed')
    expect((await clientRow(firstClient.id)).consent).toBe('stopped')
  })

  it("STOP stops texts to the client only: the client's alert texts the agent", async () => {
    const { user, token } = await agent()
    const client = await addClient(user)
    expect((await ask(token, client.id)).status).toBe(200)
    await reply(client.phoneNumber!, 'yes')
    expect((await clientRow(client.id)).consent).toBe('agreed')
    await reply(client.phoneNumber!, 'STOP')
    expect((await clientRow(client.id)).consent).toBe('stopped')

    const date = daysFromToday(40)
    const alert = await createAlertRow(db, 'dining', user.id, {
      reserveDate: date,
      timeRangeStart: '07:00:00',
      timeRangeEnd: '22:00:00',
      clientId: client.id,
      textTo: 'client',
    })
    configureSimulator({ script: { dining: [`90002464|${date}|20:15:00`], rooms: [] } })
    await checkNow('dining', [alert.id])
    const texts = await textsOf(alert.id)
    expect(texts).toMatchObject([
      { recipient: 'agent', toNumber: user.phoneNumber, clientId: client.id, status: 'pending' },
    ])
    // Asking again is the client's to do.
    const again = await ask(token, client.id)
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({ message: CLIENT_MESSAGES.consentStopped })
  })

  it('from a number that is no client changes no client', async () => {
    const { user } = await agent()
    const asked = await addClient(user, { consent: 'asked', consentChangedAt: new Date() })
    const stopped = await addClient(user, { consent: 'stopped', consentChangedAt: new Date() })
    const stranger = fakePhoneNumber()
    for (const word of ['YES', 'STOP', 'START']) {
      expect((await reply(stranger, word)).webhook?.status).toBe(200)
      expect(await clientRow(asked.id)).toEqual(asked)
      expect(await clientRow(stopped.id)).toEqual(stopped)
    }
  })
})
