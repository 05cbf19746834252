import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useLocation, useSearchParams } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { toPlanCard } from '~/components/plan-card'
import {
  NotificationSection,
  PrivacySection,
  ProfileSection,
} from '~/components/settings/account-sections'
import { ConfirmPage, SubscriptionSection } from '~/components/settings/subscription'
import {
  BILLING_MESSAGES,
  billingDate,
  confirmationFor,
  downgradeText,
  planButtonLabel,
  planChange,
  settingsIntentSchema,
} from '~/domain/billing'
import { formatPhoneNumber } from '~/domain/phone'
import { findPlan, plansOnOffer } from '~/models/plan.server'
import { currentSubscription } from '~/models/subscription.server'
import { AppError } from '~/domain/app-error'
import { cancelSubscription, changePlan } from '~/services/checkout.server'
import { getDb } from '~/utils/db.server'
import { requireUser } from '~/utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Settings | Disney Hotel Alerts' }]

/** Outcomes a redirect after POST carries in `?status=`, shown for five seconds. */
const STATUS_MESSAGES = {
  updated: BILLING_MESSAGES.updated,
  downgraded: BILLING_MESSAGES.downgraded,
  cancelled: BILLING_MESSAGES.cancelled,
} as const
const STATUS_TIMEOUT_MS = 5000

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const db = getDb()
  const url = new URL(request.url)
  const [offer, current, subscription] = await Promise.all([
    plansOnOffer(db),
    user.planId ? findPlan(db, user.planId) : undefined,
    currentSubscription(db, user),
  ])
  // A legacy plan is off the list, except for the users still on it.
  const plans = current?.legacy ? [...offer.plans, current] : offer.plans
  const periodEnd = subscription?.currentPeriodEnd
    ? billingDate(new Date(subscription.currentPeriodEnd))
    : null

  const status = url.searchParams.get('status')
  return json({
    phone: formatPhoneNumber(user.phoneNumber),
    name: user.name,
    email: user.email,
    currentPlanId: current?.id ?? null,
    currentPlanName: current?.name ?? null,
    cards: plans.map((plan) => ({
      plan: toPlanCard(plan),
      label: planButtonLabel(current ?? null, plan),
      legacy: plan.legacy,
      confirmation: downgradeText(current ?? null, plan),
    })),
    plansFailed: offer.failed,
    periodEnd,
    endsAt: subscription?.cancelAtPeriodEnd ? periodEnd : null,
    paymentFixUrl: subscription?.paymentFailedAt ? (subscription.paymentFixUrl ?? '') : null,
    status: status && status in STATUS_MESSAGES ? (status as keyof typeof STATUS_MESSAGES) : null,
    confirm: confirmationFor(url.searchParams.get('confirm'), current ?? null, plans),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const posted = settingsIntentSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!posted.success) return json({ error: BILLING_MESSAGES.invalidPlan }, { status: 400 })
  const { confirmed } = posted.data
  try {
    if (posted.data.intent === 'cancel') {
      // Without JavaScript the confirmation is a page of its own.
      if (!confirmed) throw redirect('/settings?confirm=cancel')
      await cancelSubscription(user)
      return redirect('/settings?status=cancelled')
    }
    const db = getDb()
    const [target, current] = await Promise.all([
      findPlan(db, posted.data.planId),
      user.planId ? findPlan(db, user.planId) : undefined,
    ])
    if (target && current && planChange(current, target) === 'downgrade' && !confirmed)
      throw redirect(`/settings?confirm=${encodeURIComponent(target.id)}`)
    const result = await changePlan(user, target)
    if (result.kind === 'checkout') return redirect(result.url)
    return redirect(`/settings?status=${result.downgraded ? 'downgraded' : 'updated'}`)
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    return json({ error: error.message }, { status: error.status })
  }
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>

export default function Settings() {
  const data = useLoaderData<typeof loader>()
  if (data.confirm) return <ConfirmPage periodEnd={data.periodEnd} confirm={data.confirm} />
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <Link to="/dashboard" className="text-brand-700 text-sm font-semibold hover:underline">
        ← Back to Dashboard
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Settings</h1>
      <StatusMessage status={data.status} />
      <div className="mt-8 space-y-8">
        <SubscriptionSection data={data} />
        <ProfileSection phone={data.phone} name={data.name} email={data.email} />
        <NotificationSection phone={data.phone} />
        <PrivacySection />
      </div>
    </div>
  )
}

/** The outcome of the last change; it goes after five seconds, and so does `?status=`. */
function StatusMessage({ status }: { status: Data['status'] }) {
  const actionData = useActionData<typeof action>()
  const [, setSearchParams] = useSearchParams()
  const error = actionData?.error ?? null
  // The message on show is this action's answer or this status; each expires on its own.
  const { key } = useLocation()
  const shown = error ? actionData : status && key
  const [expired, setExpired] = useState<unknown>(null)

  useEffect(() => {
    if (!shown) return
    const timer = setTimeout(() => {
      setExpired(shown)
      if (status)
        setSearchParams(
          (params) => {
            params.delete('status')
            return params
          },
          { replace: true, preventScrollReset: true },
        )
    }, STATUS_TIMEOUT_MS)
    return () => clearTimeout(timer)
  }, [shown, status, setSearchParams])

  if (!shown || expired === shown) return null
  if (error)
    return (
      <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-red-700">
        {error}
      </p>
    )
  if (!status) return null
  return (
    <p
      role="status"
      className="mt-4 rounded-lg border border-green-200 bg-green-50 p-3 text-green-800"
    >
      {STATUS_MESSAGES[status]}
    </p>
  )
}
