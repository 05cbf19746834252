import { randomBytes } from 'node:crypto'
import { http, HttpResponse, type JsonBodyType } from 'msw'
import qs from 'qs'
import Stripe from 'stripe'

/**
 * Stripe's API, answered locally for the real SDK: customers, embedded Checkout sessions and
 * subscriptions, held in memory. A test-mode payment endpoint stands in for the card form
 * Stripe's iframe would show, and each change is announced to our webhook, signed with the
 * webhook secret, the way Stripe would announce it.
 */
export interface StripeMockOptions {
  /** Where signed events are posted; none in tests that post their own events. */
  webhookUrl: string | null
  webhookSecret: string
}

type Json = Record<string, unknown>

interface MockSubscription extends Json {
  id: string
  customer: string
  status: string
  cancel_at_period_end: boolean
  metadata: Record<string, string>
  items: { object: 'list'; data: Json[] }
}

interface MockSession extends Json {
  id: string
  status: 'open' | 'complete' | 'expired'
  subscription: string | null
  line_items_price: string
}

const BASE = 'https://api.stripe.com'
const MONTH_S = 30 * 24 * 60 * 60
/** Stripe's test cards that decline; any other number pays. */
const DECLINED_CARDS: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
}

const state = {
  customers: new Map<string, Json>(),
  sessions: new Map<string, MockSession>(),
  subscriptions: new Map<string, MockSubscription>(),
  idempotent: new Map<string, JsonBodyType>(),
}

/** Forgets every customer, session and subscription (tests start from nothing). */
export function resetStripeMock() {
  for (const map of Object.values(state)) map.clear()
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`
const now = () => Math.floor(Date.now() / 1000)

function stripeError(status: number, message: string, extra: Json = {}) {
  const type = status === 402 ? 'card_error' : 'invalid_request_error'
  return HttpResponse.json({ error: { type, message, ...extra } }, { status })
}

const missing = (what: string, key: string) =>
  stripeError(404, `No such ${what}: '${key}'`, { code: 'resource_missing' })

async function form(request: Request): Promise<Json> {
  return qs.parse(await request.text()) as Json
}

/** Answers a POST once per Idempotency-Key, as Stripe does for 24 hours. */
async function once(request: Request, create: () => Promise<Response>): Promise<Response> {
  const key = request.headers.get('Idempotency-Key')
  const seen = key ? state.idempotent.get(`${request.url} ${key}`) : undefined
  if (seen) return HttpResponse.json(seen)
  const response = await create()
  if (key && response.ok)
    state.idempotent.set(`${request.url} ${key}`, await response.clone().json())
  return response
}

function subscriptionItem(price: string, periodStart: number) {
  return {
    id: id('si'),
    object: 'subscription_item',
    price: { id: price, object: 'price', recurring: { interval: 'month' } },
    quantity: 1,
    current_period_start: periodStart,
    current_period_end: periodStart + MONTH_S,
  }
}

function invoiceFor(subscription: MockSubscription, status: 'paid' | 'open') {
  const invoiceId = id('in')
  return {
    id: invoiceId,
    object: 'invoice',
    customer: subscription.customer,
    status,
    hosted_invoice_url: `https://invoice.stripe.com/i/${invoiceId}`,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
    },
  }
}

export function stripeHandlers(options: StripeMockOptions) {
  const signer = new Stripe('sk_test_mock')

  /** Posts an event to our webhook a moment later, signed like Stripe's. */
  function announce(type: string, object: Json) {
    if (!options.webhookUrl) return
    const url = options.webhookUrl
    const payload = JSON.stringify({
      id: id('evt'),
      object: 'event',
      type,
      created: now(),
      livemode: false,
      data: { object: structuredClone(object) },
    })
    const signature = signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.webhookSecret,
    })
    setTimeout(() => {
      fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
        body: payload,
      }).catch((error: unknown) => console.warn(`[stripe mock] ${type} not delivered: ${error}`))
    }, 50)
  }

  function withExpansions(session: MockSession, expand: unknown) {
    const wanted = Array.isArray(expand) ? expand : expand ? [expand] : []
    const { line_items_price: price, ...visible } = session
    return {
      ...visible,
      ...(wanted.includes('subscription') &&
        session.subscription && {
          subscription: state.subscriptions.get(session.subscription) ?? null,
        }),
      ...(wanted.includes('line_items') && {
        line_items: {
          object: 'list',
          data: [{ object: 'item', quantity: 1, price: { id: price, object: 'price' } }],
        },
      }),
    }
  }

  return [
    http.post(`${BASE}/v1/customers`, ({ request }) =>
      once(request, async () => {
        const body = await form(request)
        const customer = { id: id('cus'), object: 'customer', created: now(), ...body }
        state.customers.set(customer.id, customer)
        return HttpResponse.json(customer)
      }),
    ),

    http.post(`${BASE}/v1/checkout/sessions`, ({ request }) =>
      once(request, async () => {
        const body = await form(request)
        const lineItems = body.line_items as { price?: string }[] | undefined
        const price = lineItems?.[0]?.price
        const returnUrl = typeof body.return_url === 'string' ? body.return_url : ''
        if (body.ui_mode !== 'embedded_page')
          return stripeError(400, 'ui_mode must be embedded_page')
        if (body.mode !== 'subscription' || !price)
          return stripeError(400, 'A subscription needs one line item with a price.')
        if (!returnUrl.includes('{CHECKOUT_SESSION_ID}'))
          return stripeError(400, 'return_url must include {CHECKOUT_SESSION_ID}.')
        if (typeof body.customer !== 'string' || !state.customers.has(body.customer))
          return missing('customer', String(body.customer))
        const sessionId = id('cs')
        const session: MockSession = {
          id: sessionId,
          object: 'checkout.session',
          client_secret: `${sessionId}_secret_${randomBytes(8).toString('hex')}`,
          client_reference_id: (body.client_reference_id as string) ?? null,
          customer: body.customer,
          metadata: (body.metadata as Json) ?? {},
          subscription_metadata: (body.subscription_data as Json | undefined)?.metadata ?? {},
          mode: 'subscription',
          ui_mode: 'embedded_page',
          status: 'open',
          payment_status: 'unpaid',
          return_url: returnUrl.replace('{CHECKOUT_SESSION_ID}', sessionId),
          subscription: null,
          created: now(),
          line_items_price: price,
        }
        state.sessions.set(sessionId, session)
        return HttpResponse.json(withExpansions(session, []))
      }),
    ),

    http.get(`${BASE}/v1/checkout/sessions/:id`, ({ request, params }) => {
      const session = state.sessions.get(String(params.id))
      if (!session) return missing('checkout.session', String(params.id))
      const query = qs.parse(new URL(request.url).search.slice(1))
      return HttpResponse.json(withExpansions(session, query.expand))
    }),

    // Stands in for the card form inside Stripe's iframe: pays the session with a test card.
    http.post(`${BASE}/v1/test_mode/checkout/sessions/:id/pay`, async ({ request, params }) => {
      const session = state.sessions.get(String(params.id))
      if (!session) return missing('checkout.session', String(params.id))
      if (session.status !== 'open')
        return stripeError(400, 'This Checkout Session is no longer open.')
      const card = String((await form(request)).card_number ?? '')
      if (!/^\d{12,19}$/.test(card))
        return stripeError(402, 'Your card number is incomplete.', { code: 'incorrect_number' })
      if (DECLINED_CARDS[card])
        return stripeError(402, DECLINED_CARDS[card], { code: 'card_declined' })

      const started = now()
      const subscription: MockSubscription = {
        id: id('sub'),
        object: 'subscription',
        customer: String(session.customer),
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        created: started,
        metadata: (session.subscription_metadata as Record<string, string>) ?? {},
        items: { object: 'list', data: [subscriptionItem(session.line_items_price, started)] },
      }
      state.subscriptions.set(subscription.id, subscription)
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        subscription: subscription.id,
      })
      announce('customer.subscription.created', subscription)
      announce('invoice.paid', invoiceFor(subscription, 'paid'))
      announce('checkout.session.completed', withExpansions(session, []))
      return HttpResponse.json(withExpansions(session, []))
    }),

    http.get(`${BASE}/v1/subscriptions/:id`, ({ params }) => {
      const subscription = state.subscriptions.get(String(params.id))
      return subscription
        ? HttpResponse.json(subscription)
        : missing('subscription', String(params.id))
    }),

    http.post(`${BASE}/v1/subscriptions/:id`, ({ request, params }) =>
      once(request, async () => {
        const subscription = state.subscriptions.get(String(params.id))
        if (!subscription) return missing('subscription', String(params.id))
        if (subscription.status === 'canceled')
          return stripeError(400, 'A canceled subscription can only update its metadata.')
        const body = await form(request)
        const items = body.items as { id?: string; price?: string }[] | undefined
        for (const change of items ?? []) {
          const item = subscription.items.data.find((entry) => entry.id === change.id)
          if (!item) return missing('subscription_item', String(change.id))
          if (change.price) item.price = { id: change.price, object: 'price' }
        }
        if (body.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = body.cancel_at_period_end === 'true'
          subscription.cancel_at = subscription.cancel_at_period_end
            ? subscription.items.data[0]?.current_period_end
            : null
        }
        if (body.metadata) Object.assign(subscription.metadata, body.metadata)
        announce('customer.subscription.updated', subscription)
        return HttpResponse.json(subscription)
      }),
    ),

    http.delete(`${BASE}/v1/subscriptions/:id`, ({ request, params }) =>
      once(request, async () => {
        const subscription = state.subscriptions.get(String(params.id))
        if (!subscription) return missing('subscription', String(params.id))
        Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() })
        announce('customer.subscription.deleted', subscription)
        return HttpResponse.json(subscription)
      }),
    ),
  ]
}
