/** The alert intent (openAddAlert, hotel, …) carried through login, pricing and checkout. */
import { describe, expect, it } from 'vitest'
import { createUser } from '../../db/factories.ts'
import { loader as pricing } from '~/routes/pricing'
import { action as startPlan } from '~/routes/payment.($plan)'
import {
  createCheckout,
  PRICE,
  resetStripeBetweenTests,
  signedIn,
  stripeApi,
} from '../support/billing.ts'
import { getEnv } from '~/env.server'
import { getDb } from '~/utils/db.server'
import { callRoute, formRequest, getRequest } from '../support/routes.ts'
import { cookieFor } from '../support/session.ts'

resetStripeBetweenTests()

const INTENT =
  'openAddAlert=true&hotel=Pixar+Place+Hotel&hotelId=0d3c2d9e-2c1a-4c1e-9e55-1c7a7d2b9a01&disneyId=334394&location=disneyland'

describe('the alert intent through pricing and checkout', () => {
  it('keeps the intent on every plan button of pricing, and nothing else of the query', async () => {
    const data = await (
      await callRoute(pricing, getRequest(`/pricing?intent=quick&${INTENT}&utm_source=x`))
    ).json()
    expect(data.alertIntent).toBe(INTENT)
    const cookie = await cookieFor(await createUser(getDb()))
    const choosing = await (
      await callRoute(pricing, getRequest(`/pricing?${INTENT}`, { cookie }))
    ).json()
    expect(choosing.choosing).toBe(true)
    expect(choosing.alertIntent).toBe(INTENT)
  })

  it('sends the test-mode payment on to completion with the intent', async () => {
    const cookie = await cookieFor(await createUser(getDb()))
    const response = await callRoute(
      startPlan,
      formRequest(
        `/payment/magic-hour?${INTENT}&junk=1`,
        { cardNumber: '4242424242424242' },
        {
          cookie,
        },
      ),
      { params: { plan: 'magic-hour' } },
    )
    const location = new URL(response.headers.get('Location')!, 'http://x')
    expect(location.pathname).toBe('/complete-checkout')
    expect(location.searchParams.get('session_id')).toMatch(/^cs_/)
    location.searchParams.delete('session_id')
    expect(location.searchParams.toString()).toBe(INTENT)
  })

  it("puts the intent in Stripe's return address, and refuses a malformed one", async () => {
    const { token } = await signedIn()
    const alertIntent = Object.fromEntries(new URLSearchParams(INTENT))
    const response = await createCheckout({ priceId: PRICE.magicHour, alertIntent }, token)
    expect(response.status).toBe(200)
    const { sessionId } = (await response.json()) as { sessionId: string }
    const session = await stripeApi.checkout.sessions.retrieve(sessionId)
    // Stripe keeps the template as given and fills it in only as it sends the browser back.
    expect(session.return_url).toBe(
      `${getEnv().appUrl}/complete-checkout?session_id={CHECKOUT_SESSION_ID}&${INTENT}`,
    )
    for (const bad of [{ hotel: 42 }, { hotel: 'x'.repeat(201) }, 'openAddAlert=true']) {
      const refused = await createCheckout({ priceId: PRICE.magicHour, alertIntent: bad }, token)
      expect(refused.status).toBe(400)
    }
  })
})
