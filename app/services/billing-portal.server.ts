import type { User } from '../../db/schema.ts'
import { AppError } from '~/domain/app-error'
import { BILLING_PORTAL_MESSAGES, grantsPlan } from '~/domain/billing'
import { getEnv } from '~/env.server'
import { findPlan } from '~/models/plan.server'
import { currentSubscription } from '~/models/subscription.server'
import { callStripe, stripe } from '~/services/stripe.server'
import { getDb } from '~/utils/db.server'

/*
 * Billing self-service: Stripe's Customer Portal (card, invoices, receipts) and what Settings
 * and GET /api/account/billing show of it, the next renewal and the paid invoices.
 */

/** A paid invoice as Settings lists it: Stripe's hosted page and its PDF. */
export interface Receipt {
  id: string
  number: string | null
  paidAt: string
  amountCents: number
  currency: string
  url: string | null
  pdfUrl: string | null
}

export interface BillingSummary {
  /** When an active paid plan next bills (or ends, with cancelAtPeriodEnd); null otherwise. */
  renewsAt: string | null
  amountCents: number | null
  currency: string | null
  cancelAtPeriodEnd: boolean
  /** Whether there is a Stripe customer, which the portal and the receipts need. */
  manageable: boolean
  receipts: Receipt[]
  /** Set when Stripe could not list the receipts; the rest of the summary stands. */
  receiptsError: string | null
}

/** As many receipts as a year of monthly bills. */
const RECEIPTS_SHOWN = 12
/**
 * Receipts are secondary to the page that lists them: a slow Stripe gets 3 seconds and no
 * retry (the client's defaults would hold Settings for 30), and the page says they are missing.
 */
const RECEIPTS_REQUEST = { timeout: 3_000, maxNetworkRetries: 0 }

async function receiptsOf(customer: string): Promise<Receipt[]> {
  const invoices = await callStripe('receipts list', BILLING_PORTAL_MESSAGES.receiptsFailed, () =>
    stripe().invoices.list({ customer, status: 'paid', limit: RECEIPTS_SHOWN }, RECEIPTS_REQUEST),
  )
  return invoices.data.map((invoice) => ({
    id: invoice.id,
    number: invoice.number,
    paidAt: new Date((invoice.status_transitions.paid_at ?? invoice.created) * 1000).toISOString(),
    amountCents: invoice.amount_paid,
    currency: invoice.currency,
    url: invoice.hosted_invoice_url ?? null,
    pdfUrl: invoice.invoice_pdf ?? null,
  }))
}

/** The next bill of the user's plan, from our subscription row and the plan's price. */
async function renewalOf(user: User) {
  const db = getDb()
  const [subscription, plan] = await Promise.all([
    currentSubscription(db, user),
    user.planId ? findPlan(db, user.planId) : undefined,
  ])
  if (!subscription?.currentPeriodEnd || !grantsPlan(subscription.status) || !plan || plan.free)
    return { renewsAt: null, amountCents: null, currency: null, cancelAtPeriodEnd: false }
  return {
    renewsAt: new Date(subscription.currentPeriodEnd).toISOString(),
    amountCents: plan.priceCents,
    currency: plan.currency,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  }
}

/**
 * The renewal and the receipts. Stripe is asked only for a user with a customer, and its
 * failure leaves `receiptsError` rather than failing the answer.
 */
export async function billingSummary(user: User): Promise<BillingSummary> {
  const customer = user.stripeCustomerId
  const [renewal, receipts] = await Promise.all([
    renewalOf(user),
    customer
      ? receiptsOf(customer).then(
          (list) => ({ list, error: null }),
          (error: unknown) => {
            if (!(error instanceof AppError)) throw error
            return { list: [], error: error.message }
          },
        )
      : { list: [], error: null },
  ])
  return {
    ...renewal,
    manageable: Boolean(customer),
    receipts: receipts.list,
    receiptsError: receipts.error,
  }
}

/**
 * The summary as Settings shows it, and whether Stripe is the stand-in: its portal sends the
 * browser back to Settings with `?portal=test`, which Settings then explains (decision 0006).
 */
export async function settingsBilling(user: User) {
  return { ...(await billingSummary(user)), testMode: getEnv().stripe.mocked }
}

/**
 * A Customer Portal session of the user's Stripe customer: the URL of Stripe's page, which
 * brings the customer back to Settings. No customer yet is a 400 in words.
 */
export async function openBillingPortal(user: User): Promise<string> {
  const customer = user.stripeCustomerId
  if (!customer) throw new AppError(400, 'INVALID', BILLING_PORTAL_MESSAGES.noCustomer)
  const session = await callStripe(
    'billing portal session',
    BILLING_PORTAL_MESSAGES.portalFailed,
    () =>
      stripe().billingPortal.sessions.create({
        customer,
        return_url: `${getEnv().appUrl}/settings`,
      }),
  )
  return session.url
}
