import { randomBytes } from 'node:crypto'
import type Stripe from 'stripe'
import type { Wire } from './stripe-wire.ts'

/**
 * The Stripe objects the stand-in answers, one builder for each kind, each typed as the SDK's
 * generated type of that object on the wire: the compiler checks every field the stand-in sets,
 * and `mocks/stripe-contract.test.ts` checks what it actually sends.
 */

export type Price = Wire<Stripe.Price>
export type Customer = Wire<Stripe.Customer>
export type Subscription = Wire<Stripe.Subscription>
export type SubscriptionItem = Wire<Stripe.SubscriptionItem>
export type Session = Wire<Stripe.Checkout.Session>
export type Invoice = Wire<Stripe.Invoice>
export type InvoiceLineItem = Wire<Stripe.InvoiceLineItem>
export type InvoiceItem = Wire<Stripe.InvoiceItem>
export type InvoicePayment = Wire<Stripe.InvoicePayment>
export type Refund = Wire<Stripe.Refund>
export type WebhookEndpoint = Wire<Stripe.WebhookEndpoint>
export type PortalSession = Wire<Stripe.BillingPortal.Session>
export type EventType = Stripe.Event['type']
export type EventOf<T extends EventType> = Wire<Extract<Stripe.Event, { type: T }>>
export type ErrorBody = { error: Wire<Stripe.StripeRawError> & { type: Stripe.RawErrorType } }
type Metadata = Record<string, string>

export const CURRENCY = 'usd'
/** A price's amount when the account's prices are given by id alone (assumed: $9.99 a month). */
export const DEFAULT_UNIT_AMOUNT = 999
const MONTH_S = 30 * 24 * 60 * 60

export const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`
export const now = () => Math.floor(Date.now() / 1000)
/** The end of a monthly period that starts at `start`. */
export const periodEnd = (start: number) => start + MONTH_S

/** One page of a list, `limit` long (Stripe's default is 10), newest first as given. */
export function list<T>(url: string, data: T[], limit = 10) {
  return { object: 'list' as const, data: data.slice(0, limit), has_more: data.length > limit, url }
}

/** A monthly recurring price in dollars of a product of its own. */
export function priceObject(id: string, unitAmount: number, created: number): Price {
  return {
    id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created,
    currency: CURRENCY,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: `prod_${id.replace(/^price_/, '')}`,
    recurring: {
      interval: 'month',
      interval_count: 1,
      meter: null,
      trial_period_days: null,
      usage_type: 'licensed',
    },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  }
}

/** The legacy plan object Stripe still puts beside each subscription item's price. */
function planOf(price: Price): Wire<Stripe.Plan> {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: price.billing_scheme,
    created: price.created,
    currency: price.currency,
    interval: 'month',
    interval_count: 1,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: null,
    product: typeof price.product === 'string' ? price.product : price.product.id,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  }
}

export function customerObject(fields: {
  email: string | null
  name: string | null
  phone: string | null
  description: string | null
  metadata: Metadata
}): Customer {
  return {
    id: newId('cus'),
    object: 'customer',
    address: null,
    balance: 0,
    created: now(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: fields.description,
    discount: null,
    email: fields.email,
    invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: fields.metadata,
    name: fields.name,
    next_invoice_sequence: 1,
    phone: fields.phone,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  }
}

export function subscriptionItemObject(
  subscription: string,
  price: Price,
  periodStart: number,
): SubscriptionItem {
  return {
    id: newId('si'),
    object: 'subscription_item',
    billing_thresholds: null,
    created: periodStart,
    current_period_end: periodEnd(periodStart),
    current_period_start: periodStart,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planOf(price),
    price,
    quantity: 1,
    subscription,
    tax_rates: [],
  }
}

/** Sets an item's price (and the plan that mirrors it), as a price change does. */
export function setItemPrice(item: SubscriptionItem, price: Price) {
  Object.assign(item, { price, plan: planOf(price) })
}

/** An active monthly subscription, charged automatically, started `started`. */
export function subscriptionObject(fields: {
  customer: string
  price: Price
  metadata: Metadata
  started: number
}): Subscription {
  const id = newId('sub')
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: fields.started,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: fields.started,
    currency: fields.price.currency,
    customer: fields.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: 'self' },
    },
    items: list(`/v1/subscription_items?subscription=${id}`, [
      subscriptionItemObject(id, fields.price, fields.started),
    ]),
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: fields.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: fields.started,
    status: 'active',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: {
      end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' },
    },
    trial_start: null,
  }
}

/** An open embedded Checkout session for a subscription to one price. */
export function sessionObject(fields: {
  customer: string
  price: Price
  clientReferenceId: string | null
  metadata: Metadata
  returnUrl: string
}): Session {
  const id = newId('cs')
  const created = now()
  return {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: fields.price.unit_amount,
    amount_total: fields.price.unit_amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: null,
    client_reference_id: fields.clientReferenceId,
    client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created,
    currency: fields.price.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: fields.customer,
    customer_account: null,
    customer_creation: null,
    customer_details: null,
    customer_email: null,
    discounts: [],
    expires_at: created + 24 * 60 * 60,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: fields.metadata,
    mode: 'subscription',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    recovered_from: null,
    redirect_on_completion: 'always',
    return_url: fields.returnUrl,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: null,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'embedded_page',
    url: null,
    wallet_options: null,
  }
}

/** What the customer filled in on the card form: here only the phone of their customer. */
export function customerDetailsOf(customer: Customer): Session['customer_details'] {
  return {
    address: null,
    business_name: null,
    email: customer.email,
    individual_name: null,
    name: customer.name ?? null,
    phone: customer.phone ?? null,
    tax_exempt: 'none',
    tax_ids: [],
  }
}

export function sessionLineItem(price: Price): Wire<Stripe.LineItem> {
  const amount = price.unit_amount ?? 0
  return {
    id: newId('li'),
    object: 'item',
    adjustable_quantity: null,
    amount_discount: 0,
    amount_subtotal: amount,
    amount_tax: 0,
    amount_total: amount,
    currency: price.currency,
    description: null,
    metadata: {},
    price,
    quantity: 1,
  }
}

/** A pending invoice item: proration credit (negative) or debit for part of a period. */
export function invoiceItemObject(fields: {
  customer: string
  subscription: string
  item: SubscriptionItem
  amount: number
  description: string
  period: { start: number; end: number }
}): InvoiceItem {
  const { price } = fields.item
  return {
    id: newId('ii'),
    object: 'invoiceitem',
    amount: fields.amount,
    currency: price.currency,
    customer: fields.customer,
    customer_account: null,
    date: now(),
    description: fields.description,
    discountable: false,
    discounts: [],
    invoice: null,
    livemode: false,
    metadata: {},
    net_amount: fields.amount,
    parent: {
      subscription_details: {
        subscription: fields.subscription,
        subscription_item: fields.item.id,
      },
      type: 'subscription_details',
    },
    period: fields.period,
    pricing: {
      price_details: { price: price.id, product: String(price.product) },
      type: 'price_details',
      unit_amount_decimal: String(fields.amount),
    },
    proration: true,
    quantity: 1,
    quantity_decimal: '1',
    tax_rates: [],
    test_clock: null,
  }
}

/** One line of an invoice: a subscription item's period, or a pending invoice item swept in. */
export function invoiceLineObject(
  invoice: string,
  subscription: string,
  line:
    | { item: SubscriptionItem; period: { start: number; end: number } }
    | { invoiceItem: InvoiceItem },
): InvoiceLineItem {
  const item = 'item' in line ? line.item : null
  const invoiceItem = 'invoiceItem' in line ? line.invoiceItem : null
  const price = item?.price
  const amount = item ? (price?.unit_amount ?? 0) : invoiceItem!.amount
  return {
    id: newId('il'),
    object: 'line_item',
    amount,
    currency: CURRENCY,
    description: item
      ? `1 × ${price!.id} (at $${(amount / 100).toFixed(2)} / month)`
      : invoiceItem!.description,
    discount_amounts: [],
    discountable: !invoiceItem,
    discounts: [],
    invoice,
    livemode: false,
    metadata: {},
    parent: item
      ? {
          invoice_item_details: null,
          subscription_item_details: {
            invoice_item: null,
            proration: false,
            proration_details: { credited_items: null },
            subscription,
            subscription_item: item.id,
          },
          type: 'subscription_item_details',
        }
      : {
          invoice_item_details: {
            invoice_item: invoiceItem!.id,
            proration: invoiceItem!.proration,
            proration_details: { credited_items: null },
            subscription,
          },
          subscription_item_details: null,
          type: 'invoice_item_details',
        },
    period: 'item' in line ? line.period : line.invoiceItem.period,
    pretax_credit_amounts: [],
    pricing: item
      ? {
          price_details: { price: price!.id, product: String(price!.product) },
          type: 'price_details',
          unit_amount_decimal: price!.unit_amount_decimal,
        }
      : invoiceItem!.pricing,
    quantity: 1,
    quantity_decimal: '1',
    subscription,
    subtotal: amount,
    taxes: [],
  }
}

/** A finalized invoice of a subscription, paid (or owed nothing) when `paidAt` is given. */
export function invoiceObject(fields: {
  subscription: Subscription
  customer: Customer
  billingReason: NonNullable<Invoice['billing_reason']>
  lines: (id: string) => InvoiceLineItem[]
  paidAt: number
}): Invoice {
  const id = newId('in')
  const lines = fields.lines(id)
  const total = lines.reduce((sum, line) => sum + line.amount, 0)
  const due = Math.max(total, 0)
  const { subscription, customer, paidAt } = fields
  const period = lines[0]?.period ?? { start: paidAt, end: paidAt }
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Disney Hotel Alerts',
    account_tax_ids: null,
    amount_due: due,
    amount_overpaid: 0,
    amount_paid: due,
    amount_remaining: 0,
    amount_shipping: 0,
    application: null,
    attempt_count: due > 0 ? 1 : 0,
    attempted: due > 0,
    auto_advance: false,
    automatic_tax: {
      disabled_reason: null,
      enabled: false,
      liability: null,
      provider: null,
      status: null,
    },
    automatically_finalizes_at: null,
    billing_reason: fields.billingReason,
    collection_method: 'charge_automatically',
    created: paidAt,
    currency: CURRENCY,
    custom_fields: null,
    customer: customer.id,
    customer_account: null,
    customer_address: null,
    customer_email: customer.email,
    customer_name: customer.name ?? null,
    customer_phone: customer.phone ?? null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: paidAt,
    ending_balance: Math.min(total, 0),
    footer: null,
    from_invoice: null,
    hosted_invoice_url: `https://invoice.stripe.com/i/acct_test/${id}`,
    invoice_pdf: `https://pay.stripe.com/invoice/acct_test/${id}/pdf`,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: list(`/v1/invoices/${id}/lines`, lines),
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: `${customer.invoice_prefix}-${String(customer.next_invoice_sequence ?? 1).padStart(4, '0')}`,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
      type: 'subscription_details',
    },
    payment_settings: {
      default_mandate: null,
      payment_method_options: null,
      payment_method_types: null,
    },
    period_end: period.end,
    period_start: period.start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'paid',
    status_transitions: {
      finalized_at: paidAt,
      marked_uncollectible_at: null,
      paid_at: paidAt,
      voided_at: null,
    },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: paidAt,
  }
}

/** The payment of an invoice by a card PaymentIntent. */
export function invoicePaymentObject(invoice: Invoice, paymentIntent: string): InvoicePayment {
  return {
    id: newId('inpay'),
    object: 'invoice_payment',
    amount_paid: invoice.amount_paid,
    amount_requested: invoice.amount_due,
    created: invoice.created,
    currency: invoice.currency,
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { payment_intent: paymentIntent, type: 'payment_intent' },
    status: 'paid',
    status_transitions: { canceled_at: null, paid_at: invoice.status_transitions.paid_at },
  }
}

export function refundObject(fields: {
  amount: number
  charge: string
  customer: string
  paymentIntent: string
  reason: Refund['reason']
  metadata: Metadata
}): Refund {
  return {
    id: newId('re'),
    object: 'refund',
    amount: fields.amount,
    balance_transaction: newId('txn'),
    charge: fields.charge,
    created: now(),
    currency: CURRENCY,
    customer: fields.customer,
    customer_account: null,
    destination_details: {
      card: {
        reference_status: 'pending',
        reference_type: 'acquirer_reference_number',
        type: 'refund',
      },
      type: 'card',
    },
    metadata: fields.metadata,
    payment_intent: fields.paymentIntent,
    payment_method: null,
    reason: fields.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  }
}

/**
 * A Customer Portal session of the account's default configuration, opened at `url` (Stripe's
 * page; the stand-in says where it points instead).
 */
export function portalSessionObject(fields: {
  id: string
  customer: string
  configuration: string
  returnUrl: string | null
  url: string
}): PortalSession {
  return {
    id: fields.id,
    object: 'billing_portal.session',
    configuration: fields.configuration,
    created: now(),
    customer: fields.customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: fields.returnUrl,
    url: fields.url,
  }
}

export function webhookEndpointObject(fields: {
  url: string
  enabledEvents: string[]
  apiVersion: string | null
  description: string | null
  metadata: Metadata
}): WebhookEndpoint {
  return {
    id: newId('we'),
    object: 'webhook_endpoint',
    api_version: fields.apiVersion,
    application: null,
    created: now(),
    description: fields.description,
    enabled_events: fields.enabledEvents,
    livemode: false,
    metadata: fields.metadata,
    status: 'enabled',
    url: fields.url,
  }
}

/**
 * An event as delivered to one endpoint: rendered in that endpoint's API version, naming the
 * request that caused it. The cast is the one the compiler cannot make for a generic `T`; the
 * contract test checks each event sent.
 */
export function eventObject<T extends EventType>(fields: {
  id: string
  type: T
  object: unknown
  previousAttributes?: Record<string, unknown>
  apiVersion: string | null
  pendingWebhooks: number
  request: { id: string | null; idempotency_key: string | null }
  created: number
}): EventOf<T> {
  return {
    id: fields.id,
    object: 'event',
    api_version: fields.apiVersion,
    created: fields.created,
    data: {
      object: fields.object,
      ...(fields.previousAttributes && { previous_attributes: fields.previousAttributes }),
    },
    livemode: false,
    pending_webhooks: fields.pendingWebhooks,
    request: fields.request,
    type: fields.type,
  } as EventOf<T>
}

/** Stripe's error body: `doc_url` names the code's page of Stripe's error reference. */
export function errorBody(
  type: Stripe.RawErrorType,
  message: string,
  extra: { code?: string; param?: string; decline_code?: string } = {},
): ErrorBody {
  return {
    error: {
      type,
      message,
      ...extra,
      ...(extra.code && {
        doc_url: `https://stripe.com/docs/error-codes/${extra.code.replace(/_/g, '-')}`,
      }),
    },
  }
}
