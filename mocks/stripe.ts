import { randomBytes } from 'node:crypto'
import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw'
import qs from 'qs'
import Stripe from 'stripe'
import {
  customerDetailsOf,
  customerObject,
  DEFAULT_UNIT_AMOUNT,
  errorBody,
  eventObject,
  invoiceItemObject,
  invoiceLineObject,
  invoiceObject,
  invoicePaymentObject,
  list,
  newId,
  now,
  portalSessionObject,
  priceObject,
  refundObject,
  sessionLineItem,
  sessionObject,
  setItemPrice,
  subscriptionObject,
  webhookEndpointObject,
  type Customer,
  type ErrorBody,
  type EventType,
  type Invoice,
  type InvoiceItem,
  type InvoicePayment,
  type Price,
  type Refund,
  type Session,
  type Subscription,
  type WebhookEndpoint,
} from './stripe-objects.ts'

/**
 * Stripe's API, answered locally for the real SDK: customers, embedded Checkout sessions,
 * subscriptions, invoices and their payments, refunds, Customer Portal sessions and webhook
 * endpoints, held in memory. A test-mode payment endpoint stands in for the card form Stripe's
 * iframe would show, a portal session's page is its return page (`portal=test`), and each
 * change is announced to every webhook endpoint, signed with its secret, as Stripe would.
 * tests/fixtures/stripe/README.md says what is checked against Stripe's schema and what is assumed.
 */
export interface StripeMockOptions {
  /** The endpoint set up on the account (in the Dashboard); none in tests that post their own events. */
  webhookUrl: string | null
  webhookSecret: string
  /** The API version that endpoint is pinned to: its events carry it. */
  webhookApiVersion: string
  /** The prices on the account: an id (at DEFAULT_UNIT_AMOUNT cents a month) or an id and amount. */
  prices: readonly (string | { id: string; unitAmount: number })[]
}

type Form = Record<string, unknown>
interface Call {
  params: PathParams
  body: Form
  query: Form
  /** What an event caused by this call names as its request. */
  request: { id: string; idempotency_key: string | null }
}
type Answer = { status?: number; body: DefaultBodyType }

/** A card payment behind an invoice: what a refund draws on. */
interface Payment {
  id: string
  charge: string
  customer: string
  amount: number
  refunded: number
}

interface Endpoint {
  endpoint: WebhookEndpoint
  secret: string
}

const BASE = 'https://api.stripe.com'
/** Stripe's test cards that decline, with their decline codes; any other number pays. */
const DECLINED_CARDS: Record<string, { message: string; decline: string }> = {
  '4000000000000002': { message: 'Your card was declined.', decline: 'generic_decline' },
  '4000000000009995': {
    message: 'Your card has insufficient funds.',
    decline: 'insufficient_funds',
  },
}
const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'] as const
const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const

const state = {
  customers: new Map<string, Customer>(),
  /** Each session with its price and the subscription_data[metadata] its subscription gets. */
  sessions: new Map<
    string,
    { session: Session; price: Price; subscriptionMetadata: Record<string, string> }
  >(),
  subscriptions: new Map<string, Subscription>(),
  invoices: new Map<string, Invoice>(),
  invoiceItems: new Map<string, InvoiceItem>(),
  invoicePayments: new Map<string, InvoicePayment>(),
  payments: new Map<string, Payment>(),
  refunds: new Map<string, Refund>(),
  /** Endpoints created through the API (the configured one is not forgotten). */
  endpoints: new Map<string, Endpoint>(),
  /** Idempotency keys of the account: the first request and its saved answer. */
  idempotent: new Map<string, { endpoint: string; body: string; answer: Answer }>(),
}

/** Forgets everything the API created (tests start from nothing). */
export function resetStripeMock() {
  for (const map of Object.values(state)) map.clear()
}

/** A refusal, thrown by a handler and answered as Stripe's error body. */
class Refusal {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {}
}

const invalid = (message: string, extra: { code?: string; param?: string } = {}) =>
  new Refusal(400, errorBody('invalid_request_error', message, extra))

/** An object the path names (404, param `id`) or a parameter names (400) that does not exist. */
function missing(what: string, id: unknown, param = 'id') {
  return new Refusal(
    param === 'id' ? 404 : 400,
    errorBody('invalid_request_error', `No such ${what}: '${String(id)}'`, {
      code: 'resource_missing',
      param,
    }),
  )
}

function required(body: Form, param: string): string {
  const value = body[param]
  if (value === undefined || value === '')
    throw invalid(`Missing required param: ${param}.`, { code: 'parameter_missing', param })
  if (typeof value !== 'string')
    throw invalid(`Invalid string: ${param}`, { code: 'parameter_invalid_string', param })
  return value
}

const optionalText = (value: unknown) => (typeof value === 'string' && value ? value : null)
const metadataOf = (value: unknown) =>
  (value && typeof value === 'object' ? value : {}) as Record<string, string>

function onlyKnown(body: Form, known: readonly string[]) {
  const unknown = Object.keys(body).find((key) => !known.includes(key))
  if (unknown)
    throw invalid(`Received unknown parameter: ${unknown}`, {
      code: 'parameter_unknown',
      param: unknown,
    })
}

function integer(value: unknown, param: string): number | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !/^\d+$/.test(value))
    throw invalid('Invalid integer: ' + String(value), { code: 'parameter_invalid_integer', param })
  return Number(value)
}

/** Where a test-mode portal session sends the browser: its return page, with `portal=test`. */
function testPortalUrl(returnUrl: string) {
  let url: URL
  try {
    url = new URL(returnUrl)
  } catch {
    throw invalid('Not a valid URL', { code: 'url_invalid', param: 'return_url' })
  }
  url.searchParams.set('portal', 'test')
  return url.href
}

/** Top-level fields whose value changed, with their old values (an event's previous_attributes). */
function changedFrom(before: object, after: object): Record<string, unknown> {
  const old = before as Record<string, unknown>
  const now = after as Record<string, unknown>
  return Object.fromEntries(
    Object.keys(now)
      .filter((key) => JSON.stringify(old[key]) !== JSON.stringify(now[key]))
      .map((key) => [key, old[key]]),
  )
}

export function stripeHandlers(options: StripeMockOptions) {
  const signer = new Stripe('sk_test_mock')
  const created = now()
  const prices = new Map(
    options.prices.map((price) => {
      const { id, unitAmount } =
        typeof price === 'string' ? { id: price, unitAmount: DEFAULT_UNIT_AMOUNT } : price
      return [id, priceObject(id, unitAmount, created)] as const
    }),
  )
  const configured: Endpoint | null = options.webhookUrl
    ? {
        endpoint: webhookEndpointObject({
          url: options.webhookUrl,
          enabledEvents: ['*'],
          apiVersion: options.webhookApiVersion,
          description: null,
          metadata: {},
        }),
        secret: options.webhookSecret,
      }
    : null
  const endpoints = () => [...(configured ? [configured] : []), ...state.endpoints.values()]
  /** The account's default Customer Portal configuration, which every session uses. */
  const portalConfiguration = newId('bpc')

  /** Sends one event to every endpoint that wants it, in the endpoint's version, a moment later. */
  function announce(
    type: EventType,
    object: unknown,
    request: Call['request'] | null,
    previousAttributes?: Record<string, unknown>,
  ) {
    const receivers = endpoints().filter(
      ({ endpoint }) =>
        endpoint.status === 'enabled' &&
        (endpoint.enabled_events.includes('*') || endpoint.enabled_events.includes(type)),
    )
    const id = newId('evt')
    const at = now()
    const snapshot = structuredClone(object)
    for (const { endpoint, secret } of receivers) {
      const payload = JSON.stringify(
        eventObject({
          id,
          type,
          object: snapshot,
          previousAttributes,
          apiVersion: endpoint.api_version ?? options.webhookApiVersion,
          pendingWebhooks: receivers.length,
          request: request ?? { id: null, idempotency_key: null },
          created: at,
        }),
      )
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret })
      setTimeout(() => {
        fetch(endpoint.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
          body: payload,
        }).catch((error: unknown) => console.warn(`[stripe mock] ${type} not delivered: ${error}`))
      }, 50)
    }
  }

  function priceNamed(id: unknown, param: string): Price {
    const price = typeof id === 'string' ? prices.get(id) : undefined
    if (!price) throw missing('price', id, param)
    return price
  }

  function customerNamed(id: unknown, param = 'customer'): Customer {
    const customer = typeof id === 'string' ? state.customers.get(id) : undefined
    if (!customer) throw missing('customer', id, param)
    return customer
  }

  function endpointNamed(id: unknown): Endpoint {
    const named = endpoints().find(({ endpoint }) => endpoint.id === id)
    if (!named) throw missing('webhook_endpoint', id, 'id')
    return named
  }

  /**
   * GET {path}: newest first, those the query asks for, as Stripe lists. `asked` reads the query
   * once (refusing a bad one, even when nothing is listed) and answers the filter of the items.
   */
  function listed<T extends DefaultBodyType>(
    path: string,
    all: () => T[],
    asked: (query: Call['query']) => (item: T) => boolean = () => () => true,
  ) {
    return http.get(
      `${BASE}${path}`,
      route(({ query }) => ({
        body: list(path, all().filter(asked(query)).reverse(), integer(query.limit, 'limit')),
      })),
    )
  }

  /** GET {path}/:id, and GET {path} listed. */
  function retrievedAndListed<T extends DefaultBodyType>(
    path: string,
    map: Map<string, T>,
    what: string,
    asked: (query: Call['query']) => (item: T) => boolean,
  ) {
    return [
      http.get(
        `${BASE}${path}/:id`,
        route(({ params }) => ({ body: found(map, what, params.id) })),
      ),
      listed(path, () => [...map.values()], asked),
    ]
  }

  function found<T>(map: Map<string, T>, what: string, id: unknown, param = 'id'): T {
    const value = map.get(String(id))
    if (!value) throw missing(what, id, param)
    return value
  }

  function withExpansions(entry: { session: Session; price: Price }, expand: unknown) {
    const wanted = ([] as unknown[]).concat(expand ?? [])
    const { session } = entry
    const subscription =
      typeof session.subscription === 'string'
        ? state.subscriptions.get(session.subscription)
        : null
    return {
      ...session,
      ...(wanted.includes('subscription') && subscription && { subscription }),
      ...(wanted.includes('line_items') && {
        line_items: list(`/v1/checkout/sessions/${session.id}/line_items`, [
          sessionLineItem(entry.price),
        ]),
      }),
    }
  }

  /** Takes a card payment of `invoice` and records it (and its invoice payment). */
  function payInvoice(invoice: Invoice, customer: Customer) {
    state.invoices.set(invoice.id, invoice)
    customer.next_invoice_sequence = (customer.next_invoice_sequence ?? 1) + 1
    if (invoice.amount_paid <= 0) return null
    const payment: Payment = {
      id: newId('pi'),
      charge: newId('ch'),
      customer: customer.id,
      amount: invoice.amount_paid,
      refunded: 0,
    }
    state.payments.set(payment.id, payment)
    const invoicePayment = invoicePaymentObject(invoice, payment.id)
    state.invoicePayments.set(invoicePayment.id, invoicePayment)
    return invoicePayment
  }

  /** The unused part of a subscription item's period from now on, in cents. */
  function unusedAmount(subscription: Subscription, price: Price) {
    const item = subscription.items.data[0]!
    const left = item.current_period_end - now()
    const period = item.current_period_end - item.current_period_start
    return Math.round(((price.unit_amount ?? 0) * Math.max(left, 0)) / period)
  }

  /** A pending proration invoice item of the subscription's first item, from now to period end. */
  function prorate(
    subscription: Subscription,
    amount: number,
    description: string,
    request: Call['request'],
  ) {
    const item = subscription.items.data[0]!
    const invoiceItem = invoiceItemObject({
      customer: String(subscription.customer),
      subscription: subscription.id,
      item,
      amount,
      description,
      period: { start: now(), end: item.current_period_end },
    })
    state.invoiceItems.set(invoiceItem.id, invoiceItem)
    announce('invoiceitem.created', invoiceItem, request)
  }

  /**
   * Answers a call the way Stripe does: a Request-Id on every answer, and for a POST with an
   * Idempotency-Key (keys are the account's, whatever the URL) the first answer again, marked
   * Idempotent-Replayed, or a refusal if the key was first used for another request. A request
   * refused before it ran (invalid parameters) saves nothing; others are saved, as Stripe does.
   */
  function route(handle: (call: Call) => Answer | Promise<Answer>) {
    return async ({ request, params }: { request: Request; params: PathParams }) => {
      const requestId = `req_${randomBytes(7).toString('hex')}`
      const key = request.method === 'POST' ? request.headers.get('Idempotency-Key') : null
      const url = new URL(request.url)
      const text = await request.text()
      const headers: Record<string, string> = { 'Request-Id': requestId }
      if (key) headers['Idempotency-Key'] = key
      const reply = ({ status = 200, body }: Answer, extra: Record<string, string> = {}) =>
        HttpResponse.json(body, { status, headers: { ...headers, ...extra } })

      const endpoint = `${request.method} ${url.pathname}`
      const seen = key ? state.idempotent.get(key) : undefined
      if (key && seen) {
        const mismatch =
          seen.endpoint !== endpoint
            ? `can only be used for the same endpoint they were first used for ('${seen.endpoint}' vs '${endpoint}')`
            : seen.body !== text
              ? 'can only be used with the same parameters they were first used with'
              : null
        if (mismatch)
          return reply(
            refusalAnswer(
              new Refusal(
                400,
                errorBody(
                  'idempotency_error',
                  `Keys for idempotent requests ${mismatch}. Try using a key other than '${key}' if you meant to execute a different request.`,
                ),
              ),
            ),
          )
        return reply(seen.answer, { 'Idempotent-Replayed': 'true' })
      }

      let answer: Answer
      try {
        answer = await handle({
          params,
          body: qs.parse(text) as Form,
          query: qs.parse(url.search.slice(1)) as Form,
          request: { id: requestId, idempotency_key: key },
        })
      } catch (error) {
        if (!(error instanceof Refusal)) throw error
        answer = refusalAnswer(error)
      }
      const ran = (answer.status ?? 200) < 400 || answer.status === 402
      if (key && ran) state.idempotent.set(key, { endpoint, body: text, answer })
      return reply(answer)
    }
  }

  const refusalAnswer = (refusal: Refusal): Answer => ({
    status: refusal.status,
    body: refusal.body,
  })

  return [
    http.post(
      `${BASE}/v1/customers`,
      route(({ body }) => {
        onlyKnown(body, ['description', 'email', 'expand', 'metadata', 'name', 'phone'])
        const customer = customerObject({
          email: optionalText(body.email),
          name: optionalText(body.name),
          phone: optionalText(body.phone),
          description: optionalText(body.description),
          metadata: metadataOf(body.metadata),
        })
        state.customers.set(customer.id, customer)
        return { body: customer }
      }),
    ),

    http.get(
      `${BASE}/v1/customers/:id`,
      route(({ params }) => ({ body: customerNamed(params.id, 'id') })),
    ),

    http.post(
      `${BASE}/v1/checkout/sessions`,
      route(({ body }) => {
        onlyKnown(body, [
          'cancel_url',
          'client_reference_id',
          'customer',
          'expand',
          'line_items',
          'metadata',
          'mode',
          'redirect_on_completion',
          'return_url',
          'subscription_data',
          'success_url',
          'ui_mode',
        ])
        const mode = required(body, 'mode')
        if (mode !== 'subscription')
          throw invalid(`This stand-in only opens subscription sessions, not mode '${mode}'.`, {
            param: 'mode',
          })
        if (body.ui_mode !== 'embedded_page')
          throw invalid(`This stand-in only opens embedded sessions (ui_mode=embedded_page).`, {
            param: 'ui_mode',
          })
        const returnUrl = required(body, 'return_url')
        const lineItems = body.line_items as { price?: unknown; quantity?: unknown }[] | undefined
        if (!Array.isArray(lineItems) || lineItems.length === 0)
          throw invalid('Missing required param: line_items.', {
            code: 'parameter_missing',
            param: 'line_items',
          })
        const price = priceNamed(lineItems[0]?.price, 'line_items[0][price]')
        integer(lineItems[0]?.quantity, 'line_items[0][quantity]')
        const customer = customerNamed(body.customer)
        const session = sessionObject({
          customer: customer.id,
          price,
          clientReferenceId: optionalText(body.client_reference_id),
          metadata: metadataOf(body.metadata),
          returnUrl,
        })
        const entry = {
          session,
          price,
          subscriptionMetadata: metadataOf((body.subscription_data as Form | undefined)?.metadata),
        }
        state.sessions.set(session.id, entry)
        return { body: withExpansions(entry, body.expand) }
      }),
    ),

    http.get(
      `${BASE}/v1/checkout/sessions/:id`,
      route(({ params, query }) => ({
        body: withExpansions(found(state.sessions, 'checkout.session', params.id), query.expand),
      })),
    ),

    // Stands in for the card form inside Stripe's iframe: pays the session with a test card.
    http.post(
      `${BASE}/v1/test_mode/checkout/sessions/:id/pay`,
      route(({ params, body }) => {
        const entry = found(state.sessions, 'checkout.session', params.id)
        const { session, price } = entry
        if (session.status !== 'open')
          throw invalid('This Checkout Session is no longer open.', { param: 'id' })
        const card = String(body.card_number ?? '')
        if (!/^\d{12,19}$/.test(card))
          throw new Refusal(
            402,
            errorBody('card_error', 'Your card number is incorrect.', {
              code: 'incorrect_number',
              param: 'number',
            }),
          )
        const declined = DECLINED_CARDS[card]
        if (declined)
          return refusalAnswer(
            new Refusal(
              402,
              errorBody('card_error', declined.message, {
                code: 'card_declined',
                decline_code: declined.decline,
              }),
            ),
          )

        const customer = customerNamed(session.customer)
        const started = now()
        const subscription = subscriptionObject({
          customer: customer.id,
          price,
          metadata: entry.subscriptionMetadata,
          started,
        })
        const item = subscription.items.data[0]!
        const invoice = invoiceObject({
          subscription,
          customer,
          billingReason: 'subscription_create',
          lines: (invoiceId) => [
            invoiceLineObject(invoiceId, subscription.id, {
              item,
              period: { start: item.current_period_start, end: item.current_period_end },
            }),
          ],
          paidAt: started,
        })
        const invoicePayment = payInvoice(invoice, customer)
        subscription.latest_invoice = invoice.id
        state.subscriptions.set(subscription.id, subscription)
        Object.assign(session, {
          status: 'complete',
          payment_status: 'paid',
          subscription: subscription.id,
          invoice: invoice.id,
          customer_details: customerDetailsOf(customer),
        })
        // Caused by the customer in Checkout, not by an API request of ours.
        announce('customer.subscription.created', subscription, null)
        announce('invoice.paid', invoice, null)
        if (invoicePayment) announce('invoice_payment.paid', invoicePayment, null)
        announce('checkout.session.completed', session, null)
        return { body: withExpansions(entry, []) }
      }),
    ),

    // Stripe's Customer Portal is a page of Stripe's site, which is not here: in test mode the
    // session's page is the return page itself, marked for it to say so (decision 0006).
    http.post(
      `${BASE}/v1/billing_portal/sessions`,
      route(({ body }) => {
        onlyKnown(body, ['customer', 'expand', 'return_url'])
        const customer = customerNamed(required(body, 'customer'))
        const returnUrl = optionalText(body.return_url)
        const id = newId('bps')
        return {
          body: portalSessionObject({
            id,
            customer: customer.id,
            configuration: portalConfiguration,
            returnUrl,
            url: returnUrl
              ? testPortalUrl(returnUrl)
              : `https://billing.stripe.com/p/session/${id.replace(/^bps_/, '')}`,
          }),
        }
      }),
    ),

    http.get(
      `${BASE}/v1/subscriptions/:id`,
      route(({ params }) => ({ body: found(state.subscriptions, 'subscription', params.id) })),
    ),

    http.post(
      `${BASE}/v1/subscriptions/:id`,
      route(({ params, body, request }) => {
        const subscription = found(state.subscriptions, 'subscription', params.id)
        onlyKnown(body, [
          'cancel_at_period_end',
          'cancellation_details',
          'expand',
          'items',
          'metadata',
          'proration_behavior',
        ])
        if (
          subscription.status === 'canceled' &&
          Object.keys(body).some(
            (key) => !['cancellation_details', 'expand', 'metadata'].includes(key),
          )
        )
          throw invalid(
            'A canceled subscription can only update its cancellation_details and metadata.',
          )
        const before = structuredClone(subscription)
        const prorations = body.proration_behavior !== 'none'
        const items = (body.items ?? []) as { id?: unknown; price?: unknown }[]
        for (const [index, change] of items.entries()) {
          const item = subscription.items.data.find((entry) => entry.id === change.id)
          if (!item) throw missing('subscription_item', change.id, `items[${index}][id]`)
          if (change.price === undefined || change.price === item.price.id) continue
          const price = priceNamed(change.price, `items[${index}][price]`)
          if (prorations) {
            prorate(
              subscription,
              -unusedAmount(subscription, item.price),
              `Unused time on ${item.price.id}`,
              request,
            )
            prorate(
              subscription,
              unusedAmount(subscription, price),
              `Remaining time on ${price.id}`,
              request,
            )
          }
          setItemPrice(item, price)
        }
        if (body.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = body.cancel_at_period_end === 'true'
          subscription.cancel_at = subscription.cancel_at_period_end
            ? subscription.items.data[0]!.current_period_end
            : null
          subscription.cancellation_details!.reason = subscription.cancel_at_period_end
            ? 'cancellation_requested'
            : null
        }
        // Stripe merges metadata; an empty value removes its key.
        for (const [name, value] of Object.entries(metadataOf(body.metadata))) {
          if (value === '') delete subscription.metadata[name]
          else subscription.metadata[name] = value
        }
        const previous = changedFrom(before, subscription)
        if (Object.keys(previous).length)
          announce('customer.subscription.updated', subscription, request, previous)
        return { body: subscription }
      }),
    ),

    http.delete(
      `${BASE}/v1/subscriptions/:id`,
      route(({ params, body, query, request }) => {
        const subscription = found(state.subscriptions, 'subscription', params.id)
        // Assumed: Stripe no longer cancels what it has canceled.
        if (subscription.status === 'canceled') throw missing('subscription', params.id)
        const asked = { ...query, ...body }
        onlyKnown(asked, ['cancellation_details', 'expand', 'invoice_now', 'prorate'])
        const item = subscription.items.data[0]!
        // With prorate, the unused time becomes a pending credit item on the customer.
        if (asked.prorate === 'true')
          prorate(
            subscription,
            -unusedAmount(subscription, item.price),
            `Unused time on ${item.price.id}`,
            request,
          )
        if (asked.invoice_now === 'true') finalInvoice(subscription, request)
        const at = now()
        Object.assign(subscription, {
          status: 'canceled',
          canceled_at: at,
          ended_at: at,
          cancel_at: null,
          cancel_at_period_end: false,
        })
        subscription.cancellation_details!.reason = 'cancellation_requested'
        announce('customer.subscription.deleted', subscription, request)
        return { body: subscription }
      }),
    ),

    listed(
      '/v1/invoiceitems',
      () => [...state.invoiceItems.values()],
      (query) => (item) =>
        (query.customer === undefined || item.customer === query.customer) &&
        (query.pending === undefined || (query.pending === 'true') === (item.invoice === null)),
    ),

    ...retrievedAndListed('/v1/invoices', state.invoices, 'invoice', (query) => {
      // Stripe refuses a filter naming a customer it does not know, or a status it has not.
      if (query.customer !== undefined) customerNamed(query.customer)
      if (query.status !== undefined && !INVOICE_STATUSES.includes(query.status as never))
        throw invalid(`Invalid status: must be one of ${INVOICE_STATUSES.join(', ')}`, {
          param: 'status',
        })
      return (invoice) =>
        (query.customer === undefined || invoice.customer === query.customer) &&
        (query.status === undefined || invoice.status === query.status) &&
        (query.subscription === undefined ||
          invoice.parent?.subscription_details?.subscription === query.subscription)
    }),

    ...retrievedAndListed(
      '/v1/invoice_payments',
      state.invoicePayments,
      'invoice_payment',
      (query) => (payment) =>
        (query.invoice === undefined || payment.invoice === query.invoice) &&
        (query.status === undefined || payment.status === query.status),
    ),

    http.post(
      `${BASE}/v1/refunds`,
      route(({ body, request }) => {
        onlyKnown(body, ['amount', 'charge', 'expand', 'metadata', 'payment_intent', 'reason'])
        const payment = found(
          state.payments,
          'payment_intent',
          required(body, 'payment_intent'),
          'payment_intent',
        )
        const remaining = payment.amount - payment.refunded
        if (remaining === 0)
          throw invalid(`Charge ${payment.charge} has already been refunded.`, {
            code: 'charge_already_refunded',
          })
        const amount = integer(body.amount, 'amount') ?? remaining
        if (amount > remaining)
          throw invalid(
            `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(remaining / 100).toFixed(2)})`,
            { param: 'amount' },
          )
        const reason = body.reason === undefined ? null : body.reason
        if (reason !== null && !REFUND_REASONS.includes(reason as never))
          throw invalid(`Invalid reason: must be one of ${REFUND_REASONS.join(', ')}`, {
            param: 'reason',
          })
        payment.refunded += amount
        const refund = refundObject({
          amount,
          charge: payment.charge,
          customer: payment.customer,
          paymentIntent: payment.id,
          reason: reason as Refund['reason'],
          metadata: metadataOf(body.metadata),
        })
        state.refunds.set(refund.id, refund)
        announce('refund.created', refund, request)
        return { body: refund }
      }),
    ),

    ...retrievedAndListed(
      '/v1/refunds',
      state.refunds,
      'refund',
      (query) => (refund) =>
        query.payment_intent === undefined || refund.payment_intent === query.payment_intent,
    ),

    http.post(
      `${BASE}/v1/webhook_endpoints`,
      route(({ body }) => {
        onlyKnown(body, [
          'api_version',
          'description',
          'enabled_events',
          'expand',
          'metadata',
          'url',
        ])
        const url = required(body, 'url')
        const events = body.enabled_events
        if (!Array.isArray(events) || events.length === 0)
          throw invalid('Missing required param: enabled_events.', {
            code: 'parameter_missing',
            param: 'enabled_events',
          })
        const endpoint = webhookEndpointObject({
          url,
          enabledEvents: events.map(String),
          apiVersion: optionalText(body.api_version),
          description: optionalText(body.description),
          metadata: metadataOf(body.metadata),
        })
        const secret = `whsec_${randomBytes(24).toString('hex')}`
        state.endpoints.set(endpoint.id, { endpoint, secret })
        // The secret is answered once, at creation.
        return { body: { ...endpoint, secret } }
      }),
    ),

    http.get(
      `${BASE}/v1/prices/:id`,
      route(({ params }) => ({ body: found(prices, 'price', params.id) })),
    ),

    http.get(
      `${BASE}/v1/webhook_endpoints/:id`,
      route(({ params }) => ({ body: endpointNamed(params.id).endpoint })),
    ),

    // What an update may change of an endpoint; its API version is not among them.
    http.post(
      `${BASE}/v1/webhook_endpoints/:id`,
      route(({ params, body }) => {
        onlyKnown(body, ['description', 'disabled', 'enabled_events', 'expand', 'metadata', 'url'])
        const { endpoint } = endpointNamed(params.id)
        if (body.enabled_events !== undefined) {
          if (!Array.isArray(body.enabled_events) || body.enabled_events.length === 0)
            throw invalid('Invalid array', {
              code: 'parameter_invalid_empty',
              param: 'enabled_events',
            })
          endpoint.enabled_events = body.enabled_events.map(String)
        }
        if (body.disabled !== undefined)
          endpoint.status = body.disabled === 'true' ? 'disabled' : 'enabled'
        if (typeof body.url === 'string') endpoint.url = body.url
        if (body.description !== undefined) endpoint.description = optionalText(body.description)
        return { body: endpoint }
      }),
    ),

    listed('/v1/webhook_endpoints', () => endpoints().map(({ endpoint }) => endpoint)),
  ]

  /** Invoices the subscription's pending items now (cancel with invoice_now). */
  function finalInvoice(subscription: Subscription, request: Call['request']) {
    const pending = [...state.invoiceItems.values()].filter(
      (item) =>
        item.invoice === null &&
        item.parent?.subscription_details?.subscription === subscription.id,
    )
    if (pending.length === 0) return
    const customer = customerNamed(subscription.customer)
    const invoice = invoiceObject({
      subscription,
      customer,
      billingReason: 'subscription_update',
      lines: (invoiceId) =>
        pending.map((invoiceItem) =>
          invoiceLineObject(invoiceId, subscription.id, { invoiceItem }),
        ),
      paidAt: now(),
    })
    for (const item of pending) item.invoice = invoice.id
    // A credit left over goes to the customer's balance.
    if (invoice.total < 0) customer.balance += invoice.total
    const invoicePayment = payInvoice(invoice, customer)
    subscription.latest_invoice = invoice.id
    announce('invoice.paid', invoice, request)
    if (invoicePayment) announce('invoice_payment.paid', invoicePayment, request)
  }
}
