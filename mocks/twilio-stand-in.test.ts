/**
 * The Twilio stand-in against Twilio's own documents: every answer it gives the real SDK is
 * checked with the Messages part of Twilio's OpenAPI spec (tests/fixtures/twilio), every webhook
 * with the parameter sets of Twilio's docs (./twilio-webhooks.ts). Waits poll; nothing is timed.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'
import Ajv from 'ajv'
import addFormats from 'ajv-formats'
import { SetupServerApi } from 'msw/node'
import twilio from 'twilio'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { twilioErrorBody } from './twilio-errors.ts'
import { TWILIO_DEFAULT_REPLIES, textFromPhone, type TwilioAccount } from './twilio-phone.ts'
import {
  arrivesOutOfOrder,
  clearDeliveryFailures,
  failDeliveriesTo,
  readOutbox,
  twilioHandlers,
} from './twilio.ts'
import { incomingMessageParams, statusCallbackParams } from './twilio-webhooks.ts'

const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef'
const AUTH_TOKEN = 'stand-in-auth-token'
const OUR_NUMBER = '+15005550006'
const SERVICE_SID = 'MG0123456789abcdef0123456789abcdef'

const dir = mkdtempSync(path.join(tmpdir(), 'twilio-stand-in-'))
const outboxPath = path.join(dir, 'outbox.jsonl')
const account: TwilioAccount = {
  outboxPath,
  accountSid: ACCOUNT_SID,
  authToken: AUTH_TOKEN,
  phoneNumber: OUR_NUMBER,
}
const server = new SetupServerApi(
  twilioHandlers(outboxPath, {
    print: false,
    authToken: AUTH_TOKEN,
    queuedForMs: 100,
    deliveredAfterMs: 100,
  }),
  [new ClientRequestInterceptor()],
)
const client = twilio(ACCOUNT_SID, AUTH_TOKEN)

/** Our app, as Twilio's webhooks see it: a local server that records what it was sent. */
interface Received {
  path: string
  signature: string
  params: Record<string, string>
}
const received: Received[] = []
let twiml = '<?xml version="1.0" encoding="UTF-8"?><Response/>'
let app: Server
let appUrl = ''

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'bypass' })
  app = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        signature: String(request.headers['x-twilio-signature']),
        params: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString())),
      })
      response.writeHead(200, { 'Content-Type': 'text/xml' }).end(twiml)
    })
  })
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve))
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`
})
afterAll(() => {
  server.close()
  app.close()
  rmSync(dir, { recursive: true, force: true })
})

// Twilio's spec, trimmed to Messages: schemas made strict in what the spec only implies.
const fixture = JSON.parse(
  readFileSync('tests/fixtures/twilio/twilio_api_v2010.messages.json', 'utf8'),
) as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } }
const ajv = new Ajv({ strict: false, allErrors: true })
addFormats(ajv)
// Twilio writes its links relative to https://api.twilio.com, as its spec's examples show.
ajv.addFormat('uri', (value: string) => URL.canParse(value, 'https://api.twilio.com'))
ajv.addFormat(
  'date-time-rfc-2822',
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d \+0000$/,
)
ajv.addFormat('phone-number', /^\+[1-9]\d{1,14}$/)
ajv.addFormat('currency', /^[A-Z]{3}$/)
ajv.addFormat('uri-map', true)
ajv.addFormat('int64', true)
ajv.addSchema({ ...fixture, $id: 'twilio' })

const MESSAGE = 'twilio#/components/schemas/api.v2010.account.message'
const LIST = `twilio#/paths/${['', '2010-04-01', 'Accounts', '%7BAccountSid%7D', 'Messages.json'].join('~1')}/get/responses/200/content/application~1json/schema`
/** Every property the spec lists, and no other: Twilio always sends them all. */
const complete = (properties: object) => ({
  required: Object.keys(properties),
  properties: Object.fromEntries(Object.keys(properties).map((name) => [name, true])),
  additionalProperties: false,
})
/** The life the docs describe: no sent date or price before a text is sent, errors on failures. */
const lifeRules = [
  {
    if: { properties: { status: { enum: ['accepted', 'queued', 'failed'] } } },
    then: { properties: { date_sent: { const: null }, price: { const: null } } },
  },
  {
    if: { properties: { status: { enum: ['undelivered', 'failed'] } } },
    then: { properties: { error_code: { type: 'integer' }, error_message: { type: 'string' } } },
    else: { properties: { error_code: { const: null }, error_message: { const: null } } },
  },
]
const messageSchema = fixture.components.schemas['api.v2010.account.message']!.properties
const validMessage = ajv.compile({
  allOf: [{ $ref: MESSAGE }, complete(messageSchema), ...lifeRules],
})
const validList = ajv.compile({
  allOf: [
    { $ref: LIST },
    complete({
      messages: 0,
      end: 0,
      first_page_uri: 0,
      next_page_uri: 0,
      page: 0,
      page_size: 0,
      previous_page_uri: 0,
      start: 0,
      uri: 0,
    }),
    { properties: { messages: { items: { allOf: [complete(messageSchema), ...lifeRules] } } } },
  ],
})

const json = (body: unknown) =>
  (typeof body === 'string' ? JSON.parse(body) : body) as Record<string, unknown>
/** The JSON the stand-in answered the SDK's last call with, and its status. */
function lastAnswer() {
  const { statusCode, body } = client.httpClient.lastResponse!
  return { status: statusCode, body: json(body) }
}
function expectValid(validate: typeof validMessage, body: unknown) {
  expect(validate(body), ajv.errorsText(validate.errors)).toBe(true)
}

let numbers = 0
/** A number of its own for each test: the stand-in's state is shared, as at Twilio. */
const newPhone = () => `+1201555${String(1000 + numbers++)}`
const send = (to: string, extra: { statusCallback?: string; messagingServiceSid?: string } = {}) =>
  client.messages.create({
    to,
    body: 'Disney Hotel Alerts: a room opened.',
    ...(extra.messagingServiceSid ? {} : { from: OUR_NUMBER }),
    ...extra,
  })
// The SDK's create answers an instance that cannot fetch itself (its sid is not in its path).
const fetchMessage = (sid: string) => client.messages(sid).fetch()
const waitFor = <T>(check: () => T | Promise<T>) =>
  vi.waitFor(check, { timeout: 10_000, interval: 20 })

describe('Message resources, as the spec describes them', () => {
  it('creates a Message: 201, queued, not sent yet, every property of the spec', async () => {
    const message = await send(newPhone())
    const { status, body } = lastAnswer()
    expect(status).toBe(201)
    expectValid(validMessage, body)
    expect(body).toMatchObject({
      status: 'queued',
      direction: 'outbound-api',
      date_sent: null,
      price: null,
      error_code: null,
      api_version: '2010-04-01',
      num_segments: '1',
      num_media: '0',
      messaging_service_sid: null,
      subresource_uris: {
        media: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/${message.sid}/Media.json`,
      },
    })
  })

  it('is accepted through a Messaging Service, which picks the sender later', async () => {
    const message = await send(newPhone(), { messagingServiceSid: SERVICE_SID })
    expectValid(validMessage, lastAnswer().body)
    expect(lastAnswer().body).toMatchObject({ status: 'accepted', from: null, num_segments: '0' })
    await waitFor(async () => expect((await fetchMessage(message.sid)).status).toBe('delivered'))
    expectValid(validMessage, lastAnswer().body)
    expect(lastAnswer().body).toMatchObject({
      from: OUR_NUMBER,
      messaging_service_sid: SERVICE_SID,
    })
  })

  it('counts segments: GSM-7 160 alone and 153 when split, UCS-2 70 and 67', async () => {
    const segments = async (body: string) =>
      (await client.messages.create({ to: newPhone(), from: OUR_NUMBER, body })).numSegments
    expect(await segments('a'.repeat(160))).toBe('1')
    expect(await segments('a'.repeat(161))).toBe('2')
    expect(await segments('a'.repeat(306))).toBe('2')
    expect(await segments('a'.repeat(307))).toBe('3')
    expect(await segments('€'.repeat(80))).toBe('1')
    expect(await segments('€'.repeat(81))).toBe('2')
    expect(await segments('é'.repeat(160))).toBe('1')
    expect(await segments('ł'.repeat(70))).toBe('1')
    expect(await segments('ł'.repeat(71))).toBe('2')
    expect(await segments('ł'.repeat(134))).toBe('2')
    expect(await segments('ł'.repeat(135))).toBe('3')
  })

  it('fetches a Message, and answers 20404 for one it does not have', async () => {
    const created = await send(newPhone())
    const fetched = await fetchMessage(created.sid)
    expect(fetched.sid).toBe(created.sid)
    expectValid(validMessage, lastAnswer().body)
    const unknown = `SM${'f'.repeat(32)}`
    await expect(fetchMessage(unknown)).rejects.toMatchObject({
      status: 404,
      code: 20404,
    })
    expect(twilioErrorBody.parse(lastAnswer().body)).toMatchObject({ status: 404, code: 20404 })
  })

  it('lists PageSize at a time with every paging field, newest first', async () => {
    const to = newPhone()
    const sids: string[] = []
    for (let i = 0; i < 7; i++) sids.push((await send(to)).sid)
    // Sent one after the other, so sent newest last.
    await waitFor(async () => expect((await fetchMessage(sids.at(-1)!)).status).toBe('delivered'))
    // Page after page as the SDK follows them: by each page's next_page_uri.
    let page = await client.messages.page({ to, pageSize: 3 })
    const pages = [lastAnswer().body]
    while (page.nextPageUrl) {
      page = await client.messages.getPage(page.nextPageUrl)
      pages.push(lastAnswer().body)
    }
    for (const body of pages) expectValid(validList, body)
    expect(pages.map(({ page, start, end }) => ({ page, start, end }))).toEqual([
      { page: 0, start: 0, end: 2 },
      { page: 1, start: 3, end: 5 },
      { page: 2, start: 6, end: 6 },
    ])
    expect(pages.map((body) => body.previous_page_uri === null)).toEqual([true, false, false])
    expect(pages.map((body) => body.next_page_uri === null)).toEqual([false, false, true])
    expect(pages[1]!.next_page_uri).toMatch(/PageSize=3&Page=2&PageToken=PASM[0-9a-f]{32}$/)
    const listed = pages.flatMap((body) => (body.messages as { sid: string }[]).map((m) => m.sid))
    expect(listed).toEqual([...sids].reverse())
    expect((await client.messages.list({ to, pageSize: 2 })).map((m) => m.sid)).toEqual(listed)
  })

  it('lists the texts not sent yet (no date_sent) before the sent ones', async () => {
    const to = newPhone()
    failDeliveriesTo(outboxPath, to, 30034)
    const neverSent = await send(to)
    clearDeliveryFailures(outboxPath, to)
    const sent = await send(to)
    await waitFor(async () => expect((await fetchMessage(sent.sid)).status).toBe('delivered'))
    const queued = await send(to)
    const listed = await client.messages.list({ to })
    expectValid(validList, lastAnswer().body)
    expect(listed.map((m) => [m.sid, m.status])).toEqual([
      [queued.sid, 'queued'],
      [neverSent.sid, 'failed'],
      [sent.sid, 'delivered'],
    ])
  })

  it('filters by From and by the GMT day of date_sent', async () => {
    const to = newPhone()
    const message = await send(to)
    await waitFor(async () => expect((await fetchMessage(message.sid)).dateSent).not.toBeNull())
    const today = new Date()
    const tomorrow = new Date(Date.now() + 86_400_000)
    const sids = async (filters: object) =>
      (await client.messages.list({ to, ...filters })).map((m) => m.sid)
    expect(await sids({ from: OUR_NUMBER, dateSent: today })).toEqual([message.sid])
    expect(await sids({ dateSentAfter: tomorrow })).toEqual([])
    expect(await sids({ dateSentBefore: today })).toEqual([message.sid])
    expect(await sids({ from: '+12015550000' })).toEqual([])
  })
})

describe('refusals, as Twilio sends them', () => {
  const refused = async (call: () => Promise<unknown>, code: number) => {
    await expect(call()).rejects.toMatchObject({ code, status: 400 })
    const { status, body } = lastAnswer()
    expect(status).toBe(400)
    expect(twilioErrorBody.parse(body)).toEqual({
      code,
      message: expect.any(String),
      more_info: `https://www.twilio.com/docs/errors/${code}`,
      status: 400,
    })
  }

  it.each([
    ['+15005550001', 21211],
    ['+15005550002', 21612],
    ['+15005550003', 21408],
    ['+15005550004', 21610],
    ['+15005550009', 21614],
    ['201-555-0100', 21211],
  ])('refuses the test credentials’ magic number %s with %i', (to, code) =>
    refused(() => send(to), code),
  )

  it('refuses a message with no To (21604) or no Body (21602)', async () => {
    const post = (data: Record<string, string>) => () =>
      client
        .request({
          method: 'post',
          uri: `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`,
          data,
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        })
        .then(({ statusCode, body }) => {
          throw Object.assign(new Error('refused'), json(body), { statusCode })
        })
    await refused(post({ From: OUR_NUMBER, Body: 'hi' }), 21604)
    await refused(post({ To: newPhone(), From: OUR_NUMBER }), 21602)
  })
})

describe('a text’s life', () => {
  it('is queued, then sent (with date_sent and price), then delivered', async () => {
    const message = await send(newPhone())
    const seen: string[] = [message.status]
    await waitFor(async () => {
      const now = await fetchMessage(message.sid)
      expectValid(validMessage, lastAnswer().body)
      if (seen.at(-1) !== now.status) seen.push(now.status)
      if (now.status !== 'queued') expect(now.dateSent).toBeInstanceOf(Date)
      expect(now.status).toBe('delivered')
    })
    // However fast the polls, the statuses come in their order, never back.
    expect(seen).toEqual(['queued', 'sent', 'delivered'].filter((status) => seen.includes(status)))
    expect(lastAnswer().body).toMatchObject({ price: '-0.00790', price_unit: 'USD' })
  })

  it('ends undelivered with Twilio’s error when a failure is injected for the number', async () => {
    const to = newPhone()
    failDeliveriesTo(outboxPath, to, 30007)
    const message = await send(to)
    await waitFor(async () => expect((await fetchMessage(message.sid)).status).toBe('undelivered'))
    expectValid(validMessage, lastAnswer().body)
    expect(lastAnswer().body).toMatchObject({
      error_code: 30007,
      error_message: 'Carrier violation',
      date_sent: expect.any(String),
    })
    clearDeliveryFailures(outboxPath, to)
    const next = await send(to)
    await waitFor(async () => expect((await fetchMessage(next.sid)).status).toBe('delivered'))
  })

  it('posts signed status callbacks for each status after the first, some out of order', async () => {
    const callbackUrl = `${appUrl}/status`
    const callbacksOf = (sid: string) =>
      received.filter((request) => request.path === '/status' && request.params.MessageSid === sid)
    const inOrder: string[] = []
    const outOfOrder: string[] = []
    while (!inOrder.length || !outOfOrder.length) {
      const { sid } = await send(newPhone(), { statusCallback: callbackUrl })
      ;(arrivesOutOfOrder(sid) ? outOfOrder : inOrder).push(sid)
    }
    for (const sid of [...inOrder, ...outOfOrder])
      await waitFor(() => expect(callbacksOf(sid)).toHaveLength(2))
    for (const sid of [...inOrder, ...outOfOrder])
      for (const { signature, params } of callbacksOf(sid)) {
        expect(twilio.validateRequest(AUTH_TOKEN, signature, callbackUrl, params)).toBe(true)
        statusCallbackParams.parse(params)
      }
    const statuses = (sid: string) =>
      callbacksOf(sid).map((request) => request.params.MessageStatus)
    expect(statuses(inOrder[0]!)).toEqual(['sent', 'delivered'])
    expect(statuses(outOfOrder[0]!)).toEqual(['delivered', 'sent'])
    expect(callbacksOf(inOrder[0]!)[1]!.params.RawDlrDoneDate).toMatch(/^\d{10}$/)
  })

  it('reports an undelivered text’s ErrorCode in its callback', async () => {
    const to = newPhone()
    failDeliveriesTo(outboxPath, to, 30003)
    const { sid } = await send(to, { statusCallback: `${appUrl}/status` })
    await waitFor(() =>
      expect(
        received.find(
          (request) =>
            request.params.MessageSid === sid && request.params.MessageStatus === 'undelivered',
        ),
      ).toBeDefined(),
    )
    const final = received.find(
      (request) =>
        request.params.MessageStatus === 'undelivered' && request.params.MessageSid === sid,
    )!
    expect(statusCallbackParams.parse(final.params)).toMatchObject({ ErrorCode: '30003' })
  })
})

describe('a phone texting our number', () => {
  const textsTo = (phone: string) => readOutbox(outboxPath).filter((entry) => entry.to === phone)

  it('STOP: Twilio confirms, tells us in a signed webhook, and refuses later sends with 21610', async () => {
    const phone = newPhone()
    const stop = await textFromPhone(account, phone, 'stop', { webhookUrl: inboundUrl() })
    expect(stop).toMatchObject({ keyword: 'STOP', twilioReply: TWILIO_DEFAULT_REPLIES.STOP })
    expect(textsTo(phone).map(({ from, body }) => ({ from, body }))).toEqual([
      { from: OUR_NUMBER, body: TWILIO_DEFAULT_REPLIES.STOP },
    ])
    const webhook = received.findLast((request) => request.params.From === phone)!
    expect(
      twilio.validateRequest(AUTH_TOKEN, webhook.signature, inboundUrl(), webhook.params),
    ).toBe(true)
    expect(incomingMessageParams.parse(webhook.params)).toMatchObject({
      MessageSid: stop.sid,
      From: phone,
      To: OUR_NUMBER,
      Body: 'stop',
      SmsStatus: 'received',
    })
    expect(webhook.params.OptOutType).toBeUndefined()
    await expect(send(phone)).rejects.toMatchObject({ code: 21610 })

    const start = await textFromPhone(account, phone, 'START', { webhookUrl: inboundUrl() })
    expect(start.twilioReply).toBe(TWILIO_DEFAULT_REPLIES.START)
    await send(phone)
    expect(textsTo(phone)).toHaveLength(3)
  })

  it('keeps the opt-out when our webhook is away, and the Message of the text', async () => {
    const phone = newPhone()
    const stop = await textFromPhone(account, phone, 'UNSUBSCRIBE', { webhookUrl: null })
    expect(stop.webhook).toBeNull()
    await expect(send(phone)).rejects.toMatchObject({ code: 21610 })
    const message = await fetchMessage(stop.sid)
    expectValid(validMessage, lastAnswer().body)
    expect(message).toMatchObject({ direction: 'inbound', status: 'received', from: phone })
  })

  it('with Advanced Opt-Out, names the keyword it saw in OptOutType', async () => {
    const phone = newPhone()
    const help = await textFromPhone(account, phone, 'Info', {
      webhookUrl: inboundUrl(),
      advancedOptOut: true,
    })
    expect(help.twilioReply).toBe(TWILIO_DEFAULT_REPLIES.HELP)
    const webhook = received.findLast((request) => request.params.From === phone)!
    expect(incomingMessageParams.parse(webhook.params).OptOutType).toBe('HELP')
  })

  it('sends our TwiML reply, but not to a number that just opted out', async () => {
    const phone = newPhone()
    twiml =
      '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Thanks &amp; bye</Message></Response>'
    try {
      const hello = await textFromPhone(account, phone, 'hello', { webhookUrl: inboundUrl() })
      expect(hello).toMatchObject({
        keyword: null,
        replies: [{ body: 'Thanks & bye', refusedWith: null }],
      })
      const stop = await textFromPhone(account, phone, 'STOP', { webhookUrl: inboundUrl() })
      expect(stop.replies).toEqual([{ body: 'Thanks & bye', refusedWith: 21610 }])
    } finally {
      twiml = '<?xml version="1.0" encoding="UTF-8"?><Response/>'
    }
    expect(textsTo(phone).map(({ body }) => body)).toEqual([
      'Thanks & bye',
      TWILIO_DEFAULT_REPLIES.STOP,
    ])
  })
})

describe('seeded drift: the checks refuse what Twilio would never send', () => {
  it('refuses a Message missing a property, with a wrong enum, a wrong type or a queued date_sent', async () => {
    await send(newPhone())
    const real = lastAnswer().body
    expectValid(validMessage, real)
    const { price_unit: _dropped, ...missing } = real
    const drifts = {
      missing,
      'unknown status': { ...real, status: 'on-its-way' },
      'number for a string': { ...real, num_segments: 1 },
      'sent date while queued': { ...real, date_sent: real.date_created },
      'ISO date': { ...real, date_created: new Date().toISOString() },
      'invented property': { ...real, tags: {} },
    }
    for (const [drift, body] of Object.entries(drifts))
      expect(validMessage(body), `${drift} passed`).toBe(false)
  })

  it('refuses a list page missing a paging field, or holding a drifted Message', async () => {
    await send(newPhone())
    const message = lastAnswer().body
    await client.messages.page({ pageSize: 1 })
    const real = lastAnswer().body
    expectValid(validList, real)
    const { first_page_uri: _dropped, ...missing } = real
    expect(validList(missing)).toBe(false)
    expect(validList({ ...real, messages: [{ ...message, direction: 'sideways' }] })).toBe(false)
    expect(validList({ ...real, page_size: '1' })).toBe(false)
  })

  it('refuses webhook parameters missing a documented one or carrying an unknown one', async () => {
    const phone = newPhone()
    await textFromPhone(account, phone, 'hi', { webhookUrl: inboundUrl() })
    const { params } = received.findLast((request) => request.params.From === phone)!
    const { SmsSid: _dropped, ...missing } = params
    expect(incomingMessageParams.safeParse(missing).success).toBe(false)
    expect(incomingMessageParams.safeParse({ ...params, Surprise: '1' }).success).toBe(false)
  })
})

function inboundUrl() {
  return `${appUrl}/webhooks/twilio/inbound`
}
