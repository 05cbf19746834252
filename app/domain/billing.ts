/** Billing rules: what a plan change is, what its button says, and how Stripe's states apply. */
import * as z from 'zod/mini'

export const BILLING_MESSAGES = {
  updated: 'Plan updated successfully!',
  downgraded:
    'Plan downgraded successfully! Any excess running alerts have been automatically stopped.',
  cancelled: 'Subscription cancelled successfully.',
  updateFailed: 'Failed to update plan. Please try again.',
  invalidPlan: 'Invalid plan selected. Please try again.',
  cancelFailed: 'Failed to cancel subscription. Please try again.',
  plansFailed: 'Failed to load subscription plans. Please try again.',
  paymentFailed: 'Failed to initialize payment. Please try again.',
  freePlanFailed: 'Failed to complete free plan.',
  checkoutFailed: 'Failed to complete your subscription. Please contact support.',
  cancelConfirmation:
    'Are you sure you want to cancel your subscription? This action cannot be undone and you will lose access to all alerts immediately.',
  nothingToCancel: 'You have no subscription to cancel.',
  alreadySubscribed: 'You already have a paid plan. Change plans from Settings.',
  tooManyCheckouts: 'Too many payment attempts. Please wait an hour and try again.',
} as const

/**
 * What cancelling means, said before it is done: the specification's words for the free plan,
 * which ends at once; for a paid plan, which runs to the end of the month paid for (the terms),
 * the date, that nothing is refunded, and that it can be resumed until then.
 */
export function cancelConfirmation(periodEnd: string | null): string {
  return periodEnd
    ? `Are you sure you want to cancel your subscription? Your plan stays active, and your alerts keep working, until ${periodEnd}. Nothing is refunded. You can resume your plan any time before then.`
    : BILLING_MESSAGES.cancelConfirmation
}

export function downgradeConfirmation(fromLimit: number, toLimit: number): string {
  return `You are downgrading from ${fromLimit} to ${toLimit} alerts. Any running alerts above your new limit will be automatically stopped. Are you sure you want to continue?`
}

export interface PlanTerms {
  id: string
  alertLimit: number
  free: boolean
}

/**
 * What choosing `target` means for a user on `current` (accounts §4): the same plan; the free
 * plan started from nothing; a paid plan reached through checkout (from no plan or the free
 * plan); or a direct change, which is a downgrade when the limit goes down.
 */
export type PlanChange = 'current' | 'start-free' | 'checkout' | 'upgrade' | 'downgrade' | 'change'

export function planChange(current: PlanTerms | null, target: PlanTerms): PlanChange {
  if (current?.id === target.id) return 'current'
  if (!current) return target.free ? 'start-free' : 'checkout'
  if (current.free && !target.free) return 'checkout'
  if (target.alertLimit < current.alertLimit) return 'downgrade'
  return target.alertLimit > current.alertLimit ? 'upgrade' : 'change'
}

/**
 * Said too when a downgrade is to the free plan: the paid plan ends at once and, as the terms
 * promise no credit for part of a month, nothing of it comes back.
 */
export const PAID_PLAN_ENDS_NOW =
  'Your paid plan ends now and the rest of its month is not refunded. To keep it until the end of the month you paid for, cancel it instead.'

/** The confirmation a downgrade asks for, or null for any other change. */
export function downgradeText(current: PlanTerms | null, target: PlanTerms): string | null {
  if (!current || planChange(current, target) !== 'downgrade') return null
  const text = downgradeConfirmation(current.alertLimit, target.alertLimit)
  return target.free && !current.free ? `${text} ${PAID_PLAN_ENDS_NOW}` : text
}

/**
 * What `?confirm=` asks a browser without JavaScript to confirm on a page of its own: `cancel`
 * the current plan, or the id of a plan that is a downgrade. Anything else asks nothing.
 */
export function confirmationFor(
  confirm: string | null,
  current: PlanTerms | null,
  plans: readonly PlanTerms[],
): { kind: 'cancel'; planId: string } | { kind: 'downgrade'; planId: string; text: string } | null {
  if (confirm === 'cancel') return current && { kind: 'cancel', planId: current.id }
  const target = plans.find((plan) => plan.id === confirm)
  const text = target ? downgradeText(current, target) : null
  return target && text ? { kind: 'downgrade', planId: target.id, text } : null
}

const confirmedField = z.pipe(
  z.optional(z.string()),
  z.transform((value) => value === '1'),
)

/**
 * What /settings posts: cancel the plan, or change to `planId`. `confirmed` is set once the
 * person has said yes (the dialog with JavaScript, the confirmation page without).
 */
export const settingsIntentSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('cancel'), confirmed: confirmedField }),
  z.object({
    intent: z.literal('change'),
    planId: z._default(z.string(), ''),
    confirmed: confirmedField,
  }),
])

/**
 * Where a customer fixes a failed renewal (Stripe's page for the unpaid invoice), `fallback`
 * when Stripe gave none, or null when the last payment went through. Stripe retries a failed
 * payment for a while and the alerts keep running meanwhile.
 */
export function paymentFixUrl(
  subscription: { paymentFailedAt: Date | null; paymentFixUrl: string | null } | undefined,
  fallback: string,
): string | null {
  return subscription?.paymentFailedAt ? (subscription.paymentFixUrl ?? fallback) : null
}

export type PlanButtonLabel =
  'Current Plan' | 'Start Free' | 'Subscribe Now' | 'Upgrade' | 'Downgrade' | 'Change'

/** The label of a plan card's button on /settings. */
export function planButtonLabel(current: PlanTerms | null, target: PlanTerms): PlanButtonLabel {
  const change = planChange(current, target)
  switch (change) {
    case 'current':
      return 'Current Plan'
    case 'start-free':
      return 'Start Free'
    case 'checkout':
      return current ? 'Upgrade' : 'Subscribe Now'
    case 'upgrade':
      return 'Upgrade'
    case 'downgrade':
      return 'Downgrade'
    case 'change':
      return 'Change'
  }
}

/**
 * Stripe subscription statuses that keep the plan: a past-due subscription keeps its alerts
 * running through Stripe's retries. `incomplete` has not started yet and grants nothing.
 */
const GRANTING = new Set(['active', 'trialing', 'past_due'])
/** Statuses after which the plan is gone; `canceled` and `incomplete_expired` are final. */
const ENDED = new Set(['canceled', 'incomplete_expired', 'unpaid', 'paused'])
const FINAL = new Set(['canceled', 'incomplete_expired'])

export function grantsPlan(status: string): boolean {
  return GRANTING.has(status)
}

export function hasEnded(status: string): boolean {
  return ENDED.has(status)
}

/**
 * Whether Stripe's state as of `incomingAt` should replace the stored one: events arrive out of
 * order, so an older state never overwrites a newer one, and nothing revives a subscription
 * that Stripe has ended for good.
 */
export function isNewerState(
  stored: { status: string; stateAt: Date } | null | undefined,
  incomingAt: Date,
): boolean {
  if (!stored) return true
  if (FINAL.has(stored.status)) return false
  return incomingAt.getTime() >= stored.stateAt.getTime()
}

/** "December 23, 2026": the day a cancelled plan stops, as the settings page says it. */
export function billingDate(date: Date): string {
  return date.toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  })
}

/** "$7.00": an amount in cents of `currency` (ISO code, any case) as a receipt shows it. */
export function moneyText(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(cents / 100)
}

/**
 * What the next bill of an active paid plan is: "Renews on {date} for {amount}", or "Ends on
 * {date}" once it is set to cancel (nothing more is charged). Null when nothing renews.
 */
export function renewalText(billing: {
  renewsAt: string | null
  amountCents: number | null
  currency: string | null
  cancelAtPeriodEnd: boolean
}): string | null {
  if (!billing.renewsAt) return null
  const date = billingDate(new Date(billing.renewsAt))
  if (billing.cancelAtPeriodEnd) return `Ends on ${date}`
  if (billing.amountCents === null || !billing.currency) return null
  return `Renews on ${date} for ${moneyText(billing.amountCents, billing.currency)}`
}

/** Billing self-service (Stripe's Customer Portal) and receipts, in the specification's style. */
export const BILLING_PORTAL_MESSAGES = {
  portalFailed: 'Failed to open billing management. Please try again.',
  noCustomer: 'You have no billing account yet. Subscribe to a paid plan first.',
  receiptsFailed: 'Receipts could not be loaded right now. Please try again later.',
} as const

/**
 * The test-mode card form that stands in for Stripe's iframe when Stripe is mocked. Stripe's
 * test card 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.
 */
export const testCardSchema = z.object({
  cardNumber: z.pipe(
    z.pipe(
      z.string({ error: 'Enter a card number.' }),
      z.transform((value) => value.replace(/[\s-]/g, '')),
    ),
    z.string().check(z.regex(/^\d{12,19}$/, 'Your card number is incomplete.')),
  ),
  sessionId: z.optional(z.string().check(z.regex(/^cs_\w+$/))),
})
