import Stripe from 'stripe'
import { expect, it } from 'vitest'
import { STRIPE_API_VERSION } from './stripe.server.ts'

// The webhook refuses events of any other version. An SDK upgrade brings types of a new version,
// so it needs a new webhook endpoint too (`npm run stripe:setup`, decision 0025): this says so.
it("reads events in the API version the installed SDK's types describe", () => {
  expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION)
})
