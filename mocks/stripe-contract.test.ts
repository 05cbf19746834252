import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'
import { SetupServerApi } from 'msw/node'
import Stripe from 'stripe'
import ts from 'typescript'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { resetStripeMock, stripeHandlers } from './stripe.ts'

/*
 * The stand-in against Stripe's schema as the SDK's generated types state it: a realistic flow
 * through the real SDK, every JSON body the stand-in answered or posted captured, and each
 * compiled by TypeScript as a literal of its SDK type (tests/fixtures/stripe/README.md).
 */

const SECRET = 'whsec_contract'
const VERSION = Stripe.API_VERSION
const PRICE = { monthly: 'price_contract_monthly', dearer: 'price_contract_dearer' }

/** One captured body and the SDK type (on the wire) it must be. */
interface Body {
  name: string
  type: string
  json: unknown
}
const bodies: Body[] = []
const events: { url: string; signature: string; payload: string }[] = []

let hook: Server
let base = ''
let server: SetupServerApi

/** The SDK type of a body, by its `object` (a list by the objects in it, an error by `error`). */
function typeOf(json: Record<string, unknown>): string {
  const objects: Record<string, string> = {
    customer: 'Stripe.Customer',
    'checkout.session': 'Stripe.Checkout.Session',
    'billing_portal.session': 'Stripe.BillingPortal.Session',
    subscription: 'Stripe.Subscription',
    invoice: 'Stripe.Invoice',
    invoiceitem: 'Stripe.InvoiceItem',
    invoice_payment: 'Stripe.InvoicePayment',
    refund: 'Stripe.Refund',
    webhook_endpoint: 'Stripe.WebhookEndpoint',
    price: 'Stripe.Price',
  }
  if ('error' in json) return 'ErrorBody'
  if (json.object === 'event')
    return `Wire<Extract<Stripe.Event, { type: '${String(json.type)}' }>>`
  if (json.object === 'list') {
    const url = String(json.url)
    const item = url.includes('invoiceitems')
      ? 'Stripe.InvoiceItem'
      : url.includes('invoice_payments')
        ? 'Stripe.InvoicePayment'
        : url.includes('refunds')
          ? 'Stripe.Refund'
          : url.includes('webhook_endpoints')
            ? 'Stripe.WebhookEndpoint'
            : 'Stripe.Invoice'
    return `Wire<Stripe.ApiList<${item}>>`
  }
  const type = objects[String(json.object)]
  if (!type) throw new Error(`no SDK type known for ${JSON.stringify(json).slice(0, 100)}`)
  return `Wire<${type}>`
}

/**
 * Compiles every body as `const name: Type = <json>` in one virtual file beside the stand-in
 * (once: a program costs seconds), answering the diagnostics of each body by name.
 */
function diagnose(entries: Body[]): Map<string, string[]> {
  const file = path.resolve('mocks/__stripe_contract__.ts')
  const lines = [
    "import type Stripe from 'stripe'",
    "import type { Wire } from './stripe-wire.ts'",
    'type ErrorBody = { error: Wire<Stripe.StripeRawError> & { type: Stripe.RawErrorType } }',
  ]
  const starts: { name: string; line: number }[] = []
  let line = lines.length
  for (const entry of entries) {
    const text = `export const ${entry.name}: ${entry.type} = ${JSON.stringify(entry.json, null, 1)}`
    starts.push({ name: entry.name, line })
    lines.push(text)
    line += text.split('\n').length
  }
  const source = lines.join('\n')
  const config = ts.getParsedCommandLineOfConfigFile(
    path.resolve('tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  )!
  const host = ts.createCompilerHost(config.options)
  const getSourceFile = host.getSourceFile.bind(host)
  const fileExists = host.fileExists.bind(host)
  host.getSourceFile = (name, language, ...rest) =>
    name === file
      ? ts.createSourceFile(name, source, language)
      : getSourceFile(name, language, ...rest)
  host.fileExists = (name) => name === file || fileExists(name)
  const program = ts.createProgram([file], { ...config.options, types: ['node'] }, host)
  const byName = new Map(entries.map((entry) => [entry.name, [] as string[]]))
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const line = diagnostic.file?.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line ?? 0
    const owner = [...starts].reverse().find((start) => start.line <= line)
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')
    if (owner && diagnostic.file?.fileName === file) byName.get(owner.name)!.push(text)
    else throw new Error(`diagnostic outside the bodies: ${text}`)
  }
  return byName
}

beforeAll(async () => {
  hook = createServer((request, response) => {
    let payload = ''
    request.on('data', (chunk: Buffer) => (payload += chunk))
    request.on('end', () => {
      events.push({
        url: request.url ?? '',
        signature: String(request.headers['stripe-signature']),
        payload,
      })
      response.end('{"received":true}')
    })
  })
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(hook.address() as AddressInfo).port}`
  server = new SetupServerApi(
    stripeHandlers({
      webhookUrl: `${base}/configured`,
      webhookSecret: SECRET,
      webhookApiVersion: VERSION,
      prices: [PRICE.monthly, { id: PRICE.dearer, unitAmount: 2500 }],
    }),
    [new ClientRequestInterceptor()],
  )
  server.events.on('response:mocked', async ({ request, response }) => {
    const name = `${request.method}_${new URL(request.url).pathname.replace(/\W+/g, '_')}`
    const json = (await response.clone().json()) as Record<string, unknown>
    bodies.push({ name: `${name}_${bodies.length}`, type: typeOf(json), json })
  })
  server.listen({ onUnhandledRequest: 'error' })
  resetStripeMock()
})

afterAll(async () => {
  server.close()
  await new Promise((resolve) => hook.close(resolve))
})

const stripe = new Stripe('sk_test_contract', { maxNetworkRetries: 0 })
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected Stripe to refuse')
    },
    (error: unknown) => error as Stripe.errors.StripeError,
  )

it('answers a whole subscription life as Stripe would, and refuses as Stripe would', async () => {
  const endpoint = await stripe.webhookEndpoints.create({
    url: `${base}/created`,
    enabled_events: ['customer.subscription.updated', 'refund.created'],
    api_version: '2025-04-30.basil',
  })
  expect(endpoint.secret).toMatch(/^whsec_/)
  const listed = await stripe.webhookEndpoints.list()
  expect(listed.data.map((entry) => entry.url)).toEqual([`${base}/created`, `${base}/configured`])
  expect((await stripe.webhookEndpoints.retrieve(endpoint.id)).api_version).toBe('2025-04-30.basil')
  const described = await stripe.webhookEndpoints.update(endpoint.id, { description: 'contract' })
  expect(described).toMatchObject({ description: 'contract', api_version: '2025-04-30.basil' })
  expect((await stripe.prices.retrieve(PRICE.monthly)).recurring?.interval).toBe('month')
  expect((await refusal(stripe.prices.retrieve('price_unknown'))).code).toBe('resource_missing')

  const customer = await stripe.customers.create(
    { phone: '+12015550123', metadata: { userId: 'u1' } },
    { idempotencyKey: 'customer-u1' },
  )
  const again = await stripe.customers.create(
    { phone: '+12015550123', metadata: { userId: 'u1' } },
    { idempotencyKey: 'customer-u1' },
  )
  expect(again.id).toBe(customer.id)
  expect(again.lastResponse.headers['idempotent-replayed']).toBe('true')
  const mismatch = await refusal(
    stripe.customers.create({ phone: '+12015550999' }, { idempotencyKey: 'customer-u1' }),
  )
  expect(mismatch.type).toBe('StripeIdempotencyError')
  expect(mismatch.message).toBe(
    "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than 'customer-u1' if you meant to execute a different request.",
  )

  const opened = await stripe.checkout.sessions.create({
    ui_mode: 'embedded_page',
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: 'u1',
    line_items: [{ price: PRICE.monthly, quantity: 1 }],
    subscription_data: { metadata: { userId: 'u1' } },
    return_url: 'https://example.com/complete-checkout?session_id={CHECKOUT_SESSION_ID}',
  })
  const declined = await refusal(
    stripe.rawRequest('POST', `/v1/test_mode/checkout/sessions/${opened.id}/pay`, {
      card_number: '4000000000000002',
    }),
  )
  expect(declined).toMatchObject({
    type: 'StripeCardError',
    code: 'card_declined',
    decline_code: 'generic_decline',
  })
  await stripe.rawRequest('POST', `/v1/test_mode/checkout/sessions/${opened.id}/pay`, {
    card_number: '4242424242424242',
  })
  const session = await stripe.checkout.sessions.retrieve(opened.id, {
    expand: ['subscription', 'line_items'],
  })
  expect(session.status).toBe('complete')
  const subscription = session.subscription as Stripe.Subscription
  expect(session.line_items?.data[0]?.price?.id).toBe(PRICE.monthly)
  expect(subscription.metadata).toEqual({ userId: 'u1' })

  const item = (await stripe.subscriptions.retrieve(subscription.id)).items.data[0]!
  const changed = await stripe.subscriptions.update(subscription.id, {
    items: [{ id: item.id, price: PRICE.dearer }],
    proration_behavior: 'create_prorations',
  })
  expect(changed.items.data[0]!.price.unit_amount).toBe(2500)
  const ending = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true })
  expect(ending.cancel_at).toBe(item.current_period_end)
  const ended = await stripe.subscriptions.cancel(subscription.id, { prorate: true })
  expect(ended.status).toBe('canceled')
  const pending = await stripe.invoiceItems.list({ customer: customer.id, pending: true })
  // The price change's two prorations and the cancellation's credit.
  expect(pending.data.map((entry) => Math.sign(entry.amount))).toEqual([-1, 1, -1])

  const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice))
  expect(invoice).toMatchObject({ status: 'paid', amount_paid: 999 })
  const receipts = await stripe.invoices.list({ customer: customer.id, status: 'paid', limit: 12 })
  expect(receipts.data.map((entry) => entry.id)).toContain(invoice.id)
  expect((await stripe.invoices.list({ customer: customer.id, status: 'open' })).data).toEqual([])

  const portal = await stripe.billingPortal.sessions.create({
    customer: customer.id,
    return_url: 'https://example.com/settings',
  })
  expect(portal).toMatchObject({
    customer: customer.id,
    return_url: 'https://example.com/settings',
    url: 'https://example.com/settings?portal=test',
  })
  const returnless = await stripe.billingPortal.sessions.create({ customer: customer.id })
  expect(returnless.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/test_\w+$/)
  const payments = await stripe.invoicePayments.list({ invoice: invoice.id })
  const paymentIntent = String(payments.data[0]!.payment.payment_intent)
  expect(paymentIntent).toMatch(/^pi_/)
  const refund = await stripe.refunds.create({
    payment_intent: paymentIntent,
    amount: 500,
    reason: 'duplicate',
  })
  expect(refund.status).toBe('succeeded')
  const tooMuch = await refusal(
    stripe.refunds.create({ payment_intent: paymentIntent, amount: 500 }),
  )
  expect(tooMuch).toMatchObject({ param: 'amount', statusCode: 400 })
  await stripe.refunds.create({ payment_intent: paymentIntent })
  const refunded = await refusal(stripe.refunds.create({ payment_intent: paymentIntent }))
  expect(refunded.code).toBe('charge_already_refunded')
  expect((await stripe.refunds.list({ payment_intent: paymentIntent })).data).toHaveLength(2)

  const refusals = [
    [
      () => stripe.refunds.create({ payment_intent: 'pi_nope' }),
      400,
      'resource_missing',
      'payment_intent',
    ],
    [() => stripe.subscriptions.retrieve('sub_nope'), 404, 'resource_missing', 'id'],
    [() => stripe.customers.retrieve('cus_nope'), 404, 'resource_missing', 'id'],
    [
      () => stripe.billingPortal.sessions.create({ customer: 'cus_nope' }),
      400,
      'resource_missing',
      'customer',
    ],
    [
      () => stripe.billingPortal.sessions.create({ return_url: 'https://example.com/' }),
      400,
      'parameter_missing',
      'customer',
    ],
    [
      () => stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'nowhere' }),
      400,
      'url_invalid',
      'return_url',
    ],
    [() => stripe.invoices.list({ customer: 'cus_nope' }), 400, 'resource_missing', 'customer'],
    [() => stripe.invoices.list({ status: 'settled' as 'paid' }), 400, undefined, 'status'],
    [
      () =>
        stripe.checkout.sessions.create({
          ui_mode: 'embedded_page',
          mode: 'subscription',
          customer: customer.id,
          line_items: [{ price: 'price_nope', quantity: 1 }],
          return_url: 'https://example.com/',
        }),
      400,
      'resource_missing',
      'line_items[0][price]',
    ],
    [
      () =>
        stripe.checkout.sessions.create({
          ui_mode: 'embedded_page',
          mode: 'subscription',
          customer: 'cus_nope',
          line_items: [{ price: PRICE.monthly, quantity: 1 }],
          return_url: 'https://example.com/',
        }),
      400,
      'resource_missing',
      'customer',
    ],
    [
      () => stripe.checkout.sessions.create({ ui_mode: 'embedded_page', customer: customer.id }),
      400,
      'parameter_missing',
      'mode',
    ],
    [
      () =>
        stripe.subscriptions.update(subscription.id, {
          metadata: { x: 'y' },
          cancel_at_period_end: false,
        }),
      400,
      undefined,
      undefined,
    ],
  ] as const
  for (const [call, status, code, param] of refusals)
    expect(await refusal(call())).toMatchObject({ statusCode: status, code, param })

  // The stand-in posts its events after answering, as Stripe does: wait for the four expected.
  await expect
    .poll(() => events.filter(({ url }) => url === '/created').length, { timeout: 30_000 })
    .toBe(4)
  const delivered = events.map(({ url, signature, payload }) => {
    const json = JSON.parse(payload) as Record<string, unknown>
    bodies.push({ name: `event_${bodies.length}`, type: typeOf(json), json })
    const secret = url === '/configured' ? SECRET : endpoint.secret!
    return { url, event: stripe.webhooks.constructEvent(payload, signature, secret) }
  })
  for (const { event, url } of delivered)
    expect(event.api_version).toBe(url === '/configured' ? VERSION : '2025-04-30.basil')
  expect(
    delivered
      .filter(({ url }) => url === '/created')
      .map(({ event }) => event.type)
      .sort(),
  ).toEqual([
    'customer.subscription.updated',
    'customer.subscription.updated',
    'refund.created',
    'refund.created',
  ])
  const updated = delivered.find(({ event }) => event.type === 'customer.subscription.updated')!
  expect(
    Object.keys((updated.event.data as { previous_attributes?: object }).previous_attributes!),
  ).toContain('items')
}, 30_000)

it('matches the SDK types in every body it sent, and the types catch drift', () => {
  const valid = bodies
  expect(valid.length).toBeGreaterThan(30)
  const subscription = valid.find((body) => body.type === 'Wire<Stripe.Subscription>')!
  const sub = subscription.json as Record<string, unknown>
  const drifts: Body[] = [
    { name: 'drift_missing_field', type: subscription.type, json: { ...sub, customer: undefined } },
    {
      name: 'drift_status_outside_enum',
      type: subscription.type,
      json: { ...sub, status: 'ended' },
    },
    {
      name: 'drift_string_for_number',
      type: subscription.type,
      json: { ...sub, created: '1700000000' },
    },
    { name: 'drift_null_not_allowed', type: subscription.type, json: { ...sub, livemode: null } },
    {
      name: 'drift_unknown_field',
      type: subscription.type,
      json: { ...sub, current_period_end: 1 },
    },
  ]
  const diagnostics = diagnose([...valid, ...drifts])
  const wrong = valid.filter((body) => diagnostics.get(body.name)!.length > 0)
  expect(
    wrong.map((body) => `${body.name} (${body.type}):\n${diagnostics.get(body.name)!.join('\n')}`),
  ).toEqual([])
  for (const drift of drifts) expect(diagnostics.get(drift.name), drift.name).not.toEqual([])
  console.info(`stripe contract: ${valid.length} bodies valid, ${drifts.length} drifts caught`)
}, 120_000)
