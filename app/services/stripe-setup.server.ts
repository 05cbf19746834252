import Stripe from 'stripe'
import type { Plan } from '../../db/schema.ts'
import { stripe, STRIPE_API_VERSION, STRIPE_WEBHOOK_EVENTS } from '~/services/stripe.server'

/*
 * What `npm run stripe:setup` does to a Stripe account (decision 0025): the webhook endpoint
 * pinned to the API version this code reads, and the paid plans' prices checked as Stripe has
 * them. Safe to run again: an endpoint already right is left as it is.
 */

export interface EndpointSetup {
  id: string
  url: string
  apiVersion: string
  /** Made now: its signing secret, shown only this once, goes in STRIPE_WEBHOOK_SECRET. */
  secret: string | null
  /** Endpoints for the same URL pinned to another version: delete them once the secret is set. */
  otherVersions: { id: string; apiVersion: string | null }[]
}

/**
 * The webhook endpoint for `url` in our API version, subscribed to our events. Stripe cannot
 * change an endpoint's version, so one of another version is left for the operator to delete
 * after the new secret is in place: until then it keeps delivering (and we keep refusing).
 */
export async function pinWebhookEndpoint(url: string): Promise<EndpointSetup> {
  const existing: Stripe.WebhookEndpoint[] = []
  for await (const endpoint of stripe().webhookEndpoints.list({ limit: 100 }))
    if (endpoint.url === url) existing.push(endpoint)
  const otherVersions = existing
    .filter((endpoint) => endpoint.api_version !== STRIPE_API_VERSION)
    .map((endpoint) => ({ id: endpoint.id, apiVersion: endpoint.api_version }))
  const pinned = existing.find((endpoint) => endpoint.api_version === STRIPE_API_VERSION)
  if (pinned) {
    const missing = STRIPE_WEBHOOK_EVENTS.some(
      (type) => !pinned.enabled_events.includes(type) && !pinned.enabled_events.includes('*'),
    )
    if (missing || pinned.status !== 'enabled')
      await stripe().webhookEndpoints.update(pinned.id, {
        enabled_events: [...STRIPE_WEBHOOK_EVENTS],
        disabled: false,
      })
    return { id: pinned.id, url, apiVersion: STRIPE_API_VERSION, secret: null, otherVersions }
  }
  const created = await stripe().webhookEndpoints.create({
    url,
    api_version: STRIPE_API_VERSION,
    enabled_events: [...STRIPE_WEBHOOK_EVENTS],
    description: 'Disney Hotel Alerts: subscriptions and invoices',
  })
  return {
    id: created.id,
    url,
    apiVersion: STRIPE_API_VERSION,
    secret: created.secret ?? null,
    otherVersions,
  }
}

export interface PriceCheck {
  planId: string
  priceId: string
  /** What is wrong with the price for this plan, in words; null when it is right. */
  problem: string | null
}

/** Each paid plan's price as Stripe has it: there, active, monthly, and the plan's amount. */
export async function checkPlanPrices(
  plans: Pick<Plan, 'id' | 'priceCents' | 'currency' | 'stripePriceId' | 'free'>[],
): Promise<PriceCheck[]> {
  const checks: PriceCheck[] = []
  for (const plan of plans) {
    if (plan.free || !plan.stripePriceId) continue
    const priceId = plan.stripePriceId
    let price: Stripe.Price
    try {
      price = await stripe().prices.retrieve(priceId)
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error
      checks.push({
        planId: plan.id,
        priceId,
        problem: `Stripe has no such price (${error.message})`,
      })
      continue
    }
    checks.push({ planId: plan.id, priceId, problem: priceProblem(price, plan) })
  }
  return checks
}

function priceProblem(
  price: Stripe.Price,
  plan: Pick<Plan, 'priceCents' | 'currency'>,
): string | null {
  if (!price.active) return 'the price is archived'
  if (price.recurring?.interval !== 'month' || price.recurring.interval_count !== 1)
    return 'the price is not billed monthly'
  if (price.currency !== plan.currency.toLowerCase())
    return `the price is in ${price.currency.toUpperCase()}, the plan in ${plan.currency.toUpperCase()}`
  if (price.unit_amount !== plan.priceCents)
    return `the price is ${price.unit_amount ?? 'not a fixed amount'} cents, the plan ${plan.priceCents}`
  return null
}
