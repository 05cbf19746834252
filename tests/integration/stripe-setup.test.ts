/** `npm run stripe:setup` against the Stripe stand-in: the endpoint pinned, the prices checked. */
import { describe, expect, it } from 'vitest'
import { getEnv } from '~/env.server'
import { listPlans } from '~/models/plan.server'
import { STRIPE_API_VERSION, STRIPE_WEBHOOK_EVENTS } from '~/services/stripe.server'
import { checkPlanPrices, pinWebhookEndpoint } from '~/services/stripe-setup.server'
import { getDb } from '~/utils/db.server'
import { resetStripeBetweenTests, stripeApi } from '../support/billing.ts'

resetStripeBetweenTests()
const url = `${getEnv().appUrl}/api/stripe/webhook`

describe('pinWebhookEndpoint', () => {
  it('makes the endpoint in our API version once, and names one of another version', async () => {
    const old = await stripeApi.webhookEndpoints.create({
      url,
      api_version: '2024-06-20',
      enabled_events: ['*'],
    })
    const first = await pinWebhookEndpoint(url)
    expect(first).toEqual({
      id: expect.stringMatching(/^we_/),
      url,
      apiVersion: STRIPE_API_VERSION,
      secret: expect.stringMatching(/^whsec_/),
      otherVersions: [{ id: old.id, apiVersion: '2024-06-20' }],
    })
    const made = await stripeApi.webhookEndpoints.retrieve(first.id)
    expect(made.api_version).toBe(STRIPE_API_VERSION)
    expect([...made.enabled_events].sort()).toEqual([...STRIPE_WEBHOOK_EVENTS].sort())

    // Run again: the same endpoint, nothing made, no secret shown.
    const again = await pinWebhookEndpoint(url)
    expect(again).toMatchObject({ id: first.id, secret: null })
    expect((await stripeApi.webhookEndpoints.list()).data).toHaveLength(2)
  })

  it('subscribes a pinned endpoint that lacks one of our events to all of them', async () => {
    const pinned = await stripeApi.webhookEndpoints.create({
      url,
      api_version: STRIPE_API_VERSION,
      enabled_events: ['invoice.paid'],
    })
    expect(await pinWebhookEndpoint(url)).toMatchObject({ id: pinned.id, secret: null })
    const updated = await stripeApi.webhookEndpoints.retrieve(pinned.id)
    expect([...updated.enabled_events].sort()).toEqual([...STRIPE_WEBHOOK_EVENTS].sort())
  })
})

describe('checkPlanPrices', () => {
  it('finds the paid plans’ prices right on an account set up as the docs say', async () => {
    const checks = await checkPlanPrices(await listPlans(getDb()))
    expect(checks.map((check) => check.planId)).toEqual([
      'magic-hour',
      'lightning-lane',
      'the-club',
    ])
    expect(checks.every((check) => check.problem === null)).toBe(true)
  })

  it('names a price Stripe does not have, or one that does not match its plan', async () => {
    const [plan] = (await listPlans(getDb())).filter((candidate) => !candidate.free)
    const checks = await checkPlanPrices([
      { ...plan!, stripePriceId: 'price_1NotOnThisAccount' },
      { ...plan!, priceCents: plan!.priceCents + 100 },
    ])
    expect(checks[0]!.problem).toMatch(
      /^Stripe has no such price \(No such price: 'price_1NotOnThisAccount'\)/,
    )
    expect(checks[1]!.problem).toBe(
      `the price is ${plan!.priceCents} cents, the plan ${plan!.priceCents + 100}`,
    )
  })
})
