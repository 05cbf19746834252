/** Billing self-service: the renewal, the receipts, and Stripe's Customer Portal. */
import Stripe from 'stripe'
import { describe, expect, it, vi } from 'vitest'
import { billingDate, renewalText } from '~/domain/billing'
import { getEnv } from '~/env.server'
import { loader as billingApi, action as billingApiPost } from '~/routes/api.account.billing'
import { action as portalApi, loader as portalApiGet } from '~/routes/api.account.billing-portal'
import { action as manageBilling, loader as manageBillingGet } from '~/routes/settings.billing'
import { resetStripeMock } from '../../mocks/stripe.ts'
import {
  cancel,
  PRICE,
  resetStripeBetweenTests,
  signedIn,
  stripeApi,
  subscribed,
  subscriptionRows,
  userRow,
} from '../support/billing.ts'
import { expectErrorLog } from '../support/logs.ts'
import { callRoute, formRequest, getRequest, jsonRequest } from '../support/routes.ts'
import { cookieFor } from '../support/session.ts'
import { openSettings, settingsAfter } from '../support/settings.ts'

resetStripeBetweenTests()

const PORTAL_FAILED = 'Failed to open billing management. Please try again.'
const NO_CUSTOMER = 'You have no billing account yet. Subscribe to a paid plan first.'
const RECEIPTS_FAILED = 'Receipts could not be loaded right now. Please try again later.'
const OUTAGE = () =>
  new Stripe.errors.StripeAPIError({ message: 'An unknown error occurred', type: 'api_error' })

/** Stripe's invoice list and portal sessions, on the prototypes every client shares (the app's). */
const invoiceList = () =>
  vi.spyOn(Object.getPrototypeOf(stripeApi.invoices) as Stripe.InvoiceResource, 'list')
const portalCreate = () =>
  vi.spyOn(
    Object.getPrototypeOf(stripeApi.billingPortal.sessions) as Stripe.BillingPortal.SessionResource,
    'create',
  )

/** A user on Magic Hour paid through Checkout, with the browser cookie and the API token. */
async function paying() {
  const { user, token, customerId } = await subscribed(PRICE.magicHour)
  return { user: await userRow(user.id), token, customerId }
}

async function settingsBilling(cookie: string) {
  const response = await openSettings(cookie)
  expect(response.status).toBe(200)
  return (await response.json()).billing
}

const portalPost = (cookie?: string) =>
  callRoute(manageBilling, formRequest('/settings/billing', {}, { cookie }))

describe('Settings: renewal and receipts', () => {
  it('shows an active paid plan renewing on its period end for the plan price, and its receipt', async () => {
    const { user, customerId } = await paying()
    const list = invoiceList()
    const billing = await settingsBilling(await cookieFor(user))

    const [row] = await subscriptionRows(user.id)
    const [invoice] = (await stripeApi.invoices.list({ customer: customerId })).data
    expect(billing).toMatchObject({
      renewsAt: row!.currentPeriodEnd!.toISOString(),
      amountCents: 700,
      currency: 'usd',
      cancelAtPeriodEnd: false,
      manageable: true,
      receiptsError: null,
      testMode: true,
    })
    expect(renewalText(billing)).toBe(`Renews on ${billingDate(row!.currentPeriodEnd!)} for $7.00`)
    expect(billing.receipts).toEqual([
      {
        id: invoice!.id,
        number: invoice!.number,
        paidAt: new Date(invoice!.status_transitions.paid_at! * 1000).toISOString(),
        amountCents: 700,
        currency: 'usd',
        url: invoice!.hosted_invoice_url,
        pdfUrl: invoice!.invoice_pdf,
      },
    ])
    // Receipts are the paid invoices only, a year of them at most.
    expect(list).toHaveBeenCalledWith(
      { customer: customerId, status: 'paid', limit: 12 },
      expect.objectContaining({ maxNetworkRetries: 0 }),
    )
  })

  it('says when a plan set to cancel ends instead of when it renews', async () => {
    const { user, token } = await paying()
    expect((await cancel(token)).status).toBe(200)
    const billing = await settingsBilling(await cookieFor(user))
    const [row] = await subscriptionRows(user.id)
    expect(billing.cancelAtPeriodEnd).toBe(true)
    expect(renewalText(billing)).toBe(`Ends on ${billingDate(row!.currentPeriodEnd!)}`)
  })

  it('shows nothing to renew or manage, and asks Stripe nothing, for a user without a customer', async () => {
    const { user } = await signedIn({ planId: 'pixie-dust', trialStartUtc: new Date() })
    const list = invoiceList()
    const billing = await settingsBilling(await cookieFor(user))
    expect(billing).toMatchObject({
      renewsAt: null,
      amountCents: null,
      cancelAtPeriodEnd: false,
      manageable: false,
      receipts: [],
      receiptsError: null,
    })
    expect(renewalText(billing)).toBeNull()
    expect(list).not.toHaveBeenCalled()
  })

  it('still renders Settings when Stripe fails, saying the receipts could not be loaded', async () => {
    expectErrorLog(/^stripe: receipts list failed$/)
    const { user } = await paying()
    invoiceList().mockRejectedValue(OUTAGE())
    const billing = await settingsBilling(await cookieFor(user))
    expect(billing).toMatchObject({
      amountCents: 700,
      manageable: true,
      receipts: [],
      receiptsError: RECEIPTS_FAILED,
    })
  })
})

describe('POST /settings/billing (Manage billing)', () => {
  it("sends the browser (303) to the customer's portal session, which returns to Settings", async () => {
    const { user, customerId } = await paying()
    const create = portalCreate()
    const response = await portalPost(await cookieFor(user))
    expect(response.status).toBe(303)
    // The stand-in's portal page is the return page, marked test mode (decision 0006).
    expect(response.headers.get('Location')).toBe(`${getEnv().appUrl}/settings?portal=test`)
    expect(create).toHaveBeenCalledWith({
      customer: customerId,
      return_url: `${getEnv().appUrl}/settings`,
    })
  })

  it('answers 400 in words to a user without a Stripe customer', async () => {
    const { user } = await signedIn()
    const create = portalCreate()
    const response = await portalPost(await cookieFor(user))
    expect(response.status).toBe(400)
    expect(await response.text()).toBe(NO_CUSTOMER)
    expect(create).not.toHaveBeenCalled()
  })

  it.each([
    // A stand-in restarted (or a customer deleted at Stripe): its receipts are refused too.
    ['refuses the customer', () => resetStripeMock(), RECEIPTS_FAILED],
    ['is down', () => portalCreate().mockRejectedValue(OUTAGE()), null],
  ])('shows the error on Settings when Stripe %s', async (_case, fail, receiptsError) => {
    expectErrorLog(/^stripe: billing portal session failed$/)
    if (receiptsError) expectErrorLog(/^stripe: receipts list failed$/)
    const { user } = await paying()
    const cookie = await cookieFor(user)
    fail()
    const response = await portalPost(cookie)
    expect(response.headers.get('Location')).toBe('/settings')
    const page = await settingsAfter(response, cookie)
    expect(page.notice).toEqual({ tone: 'error', message: PORTAL_FAILED })
    expect(page.billing.receiptsError).toBe(receiptsError)
  })

  it('sends a visitor to login and a GET back to Settings', async () => {
    expect((await portalPost()).headers.get('Location')).toMatch(/^\/login\?redirect=/)
    const got = await callRoute(manageBillingGet, getRequest('/settings/billing'))
    expect(got.headers.get('Location')).toBe('/settings')
  })
})

describe('GET /api/account/billing', () => {
  const get = (auth: { token?: string; cookie?: string }) =>
    callRoute(billingApi, getRequest('/api/account/billing', auth))

  it('answers the renewal and receipts to a token or a session cookie, 401 to nobody', async () => {
    const { user, token } = await paying()
    const byToken = await get({ token })
    expect(byToken.status).toBe(200)
    const body = await byToken.json()
    expect(body).toMatchObject({
      amountCents: 700,
      currency: 'usd',
      cancelAtPeriodEnd: false,
      receiptsError: null,
    })
    expect(body.renewsAt).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(body.receipts).toHaveLength(1)
    expect(await (await get({ cookie: await cookieFor(user) })).json()).toEqual(body)

    const nobody = await get({})
    expect(nobody.status).toBe(401)
    expect(await nobody.json()).toEqual({ message: 'Unauthorized' })
  })

  it('answers 200 with receiptsError when Stripe fails', async () => {
    expectErrorLog(/^stripe: receipts list failed$/)
    const { token } = await paying()
    invoiceList().mockRejectedValue(OUTAGE())
    const response = await get({ token })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ receipts: [], receiptsError: RECEIPTS_FAILED })
  })

  it('answers 405 to a POST', async () => {
    const { token } = await signedIn()
    const response = await callRoute(
      billingApiPost,
      jsonRequest('/api/account/billing', {}, { token }),
    )
    expect(response.status).toBe(405)
    expect(response.headers.get('Allow')).toBe('GET')
  })
})

describe('POST /api/account/billing-portal', () => {
  const post = (auth: { token?: string; cookie?: string }) =>
    callRoute(portalApi, jsonRequest('/api/account/billing-portal', {}, auth))

  it("answers the portal session's url to a token or a session cookie", async () => {
    const { user, token } = await paying()
    const expected = { url: `${getEnv().appUrl}/settings?portal=test` }
    const byToken = await post({ token })
    expect(byToken.status).toBe(200)
    expect(await byToken.json()).toEqual(expected)
    expect(await (await post({ cookie: await cookieFor(user) })).json()).toEqual(expected)
  })

  it('answers 400 in words without a customer, 401 without a caller, 405 to a GET', async () => {
    const { token } = await signedIn()
    const none = await post({ token })
    expect(none.status).toBe(400)
    expect(await none.json()).toEqual({ message: NO_CUSTOMER })
    expect((await post({})).status).toBe(401)
    const got = await callRoute(portalApiGet, getRequest('/api/account/billing-portal', { token }))
    expect(got.status).toBe(405)
  })

  it('answers 502 in words when Stripe is down', async () => {
    expectErrorLog(/^stripe: billing portal session failed$/)
    const { token } = await paying()
    portalCreate().mockRejectedValue(OUTAGE())
    const response = await post({ token })
    expect(response.status).toBe(502)
    expect(await response.json()).toEqual({ message: PORTAL_FAILED })
  })
})
