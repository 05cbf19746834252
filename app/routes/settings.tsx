import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
  useSearchParams,
  useSubmit,
} from '@remix-run/react'
import { useEffect, useState } from 'react'
import { ConfirmDialog } from '~/components/modal'
import { PaymentIssue } from '~/components/payment-issue'
import { PlanCard, toPlanCard } from '~/components/plan-card'
import {
  BILLING_MESSAGES,
  billingDate,
  downgradeConfirmation,
  planButtonLabel,
  planChange,
} from '~/domain/billing'
import { formatPhoneNumber } from '~/domain/phone'
import { MOST_POPULAR_PLAN_ID } from '~/domain/plans'
import { findPlan, plansOnOffer } from '~/models/plan.server'
import { currentSubscription } from '~/models/subscription.server'
import { BillingError, cancelSubscription, changePlan } from '~/utils/billing.server'
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

  const confirmId = url.searchParams.get('confirm')
  const confirmPlan = plans.find((plan) => plan.id === confirmId)
  const confirm =
    confirmId === 'cancel' && current
      ? { kind: 'cancel' as const, planId: current.id }
      : confirmPlan && current && planChange(current, confirmPlan) === 'downgrade'
        ? {
            kind: 'downgrade' as const,
            planId: confirmPlan.id,
            text: downgradeConfirmation(current.alertLimit, confirmPlan.alertLimit),
          }
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
      confirmation:
        current && planChange(current, plan) === 'downgrade'
          ? downgradeConfirmation(current.alertLimit, plan.alertLimit)
          : null,
    })),
    plansFailed: offer.failed,
    periodEnd,
    endsAt: subscription?.cancelAtPeriodEnd ? periodEnd : null,
    paymentFixUrl: subscription?.paymentFailedAt ? (subscription.paymentFixUrl ?? '') : null,
    status: status && status in STATUS_MESSAGES ? (status as keyof typeof STATUS_MESSAGES) : null,
    confirm,
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const form = await request.formData()
  const intent = form.get('intent')
  const confirmed = form.get('confirmed') === '1'
  try {
    if (intent === 'cancel') {
      // Without JavaScript the confirmation is a page of its own.
      if (!confirmed) throw redirect('/settings?confirm=cancel')
      await cancelSubscription(user)
      return redirect('/settings?status=cancelled')
    }
    if (intent === 'change') {
      const planId = String(form.get('planId') ?? '')
      const db = getDb()
      const [target, current] = await Promise.all([
        findPlan(db, planId),
        user.planId ? findPlan(db, user.planId) : undefined,
      ])
      if (target && current && planChange(current, target) === 'downgrade' && !confirmed)
        throw redirect(`/settings?confirm=${encodeURIComponent(target.id)}`)
      const result = await changePlan(user, target)
      if (result.kind === 'checkout') return redirect(result.url)
      return redirect(
        `/settings?status=${result.message === BILLING_MESSAGES.downgraded ? 'downgraded' : 'updated'}`,
      )
    }
    return json({ error: BILLING_MESSAGES.invalidPlan }, { status: 400 })
  } catch (error) {
    if (!(error instanceof BillingError)) throw error
    return json({ error: error.message }, { status: error.status })
  }
}

const buttonBase = 'w-full rounded-lg px-4 py-2.5 text-center font-semibold disabled:opacity-60'
const primaryButton = `${buttonBase} bg-brand-600 hover:bg-brand-700 text-white`
const quietButton = `${buttonBase} border border-slate-300 text-slate-700 hover:border-brand-500`
const section = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6'

type Data = ReturnType<typeof useLoaderData<typeof loader>>

export default function Settings() {
  const data = useLoaderData<typeof loader>()
  if (data.confirm) return <ConfirmPage data={data} confirm={data.confirm} />
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <Link to="/dashboard" className="text-brand-700 text-sm font-semibold hover:underline">
        ← Back to Dashboard
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Settings</h1>
      <StatusMessage status={data.status} />
      <div className="mt-8 space-y-8">
        <SubscriptionSection data={data} />
        <section className={section} aria-labelledby="profile">
          <h2 id="profile" className="text-xl font-semibold text-slate-900">
            Profile Information
          </h2>
          <dl className="mt-4 grid gap-4 sm:grid-cols-3">
            <ProfileField label="Phone number" value={data.phone} />
            <ProfileField label="Name" value={data.name ?? 'Not set'} />
            <ProfileField label="Email" value={data.email ?? 'Not set'} />
          </dl>
          <p className="mt-3 text-sm text-slate-500">
            Your phone number is how you log in and where we text your alerts.
          </p>
          <button type="button" disabled className={`${quietButton} mt-4 sm:w-auto`}>
            Edit Profile
          </button>
        </section>
        <section className={section} aria-labelledby="notifications">
          <h2 id="notifications" className="text-xl font-semibold text-slate-900">
            Notification Settings
          </h2>
          <div className="mt-4 flex items-start justify-between gap-4 rounded-lg bg-slate-50 p-4">
            <div>
              <p className="font-medium text-slate-900">Immediate SMS alerts</p>
              <p className="text-sm text-slate-600">
                We text {data.phone} the moment an opening matches one of your alerts.
              </p>
            </div>
            <span className="shrink-0 rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-800">
              Always on
            </span>
          </div>
          <p className="mt-3 text-sm text-slate-500">
            More options, such as quiet hours and email copies, are coming. Reply STOP to any text
            to stop all texts, and START to resume.
          </p>
        </section>
        <section className={section} aria-labelledby="privacy">
          <h2 id="privacy" className="text-xl font-semibold text-slate-900">
            Privacy &amp; Security
          </h2>
          <p className="mt-2 text-sm text-slate-600">
            We never sell your number, and we never book or pay anything with Disney for you.
          </p>
          <ul className="mt-3 flex flex-wrap gap-4 text-sm font-semibold">
            <li>
              <Link to="/privacy-policy" className="text-brand-700 hover:underline">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms-of-service" className="text-brand-700 hover:underline">
                Terms of Service
              </Link>
            </li>
          </ul>
        </section>
      </div>
    </div>
  )
}

function ProfileField({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-1 font-medium text-slate-900">{value}</dd>
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

function SubscriptionSection({ data }: { data: Data }) {
  const navigation = useNavigation()
  const submit = useSubmit()
  const [asking, setAsking] = useState<{ planId: string; text: string } | 'cancel' | null>(null)
  const pending = navigation.state !== 'idle' ? navigation.formData : undefined
  const busyPlan = pending?.get('intent') === 'change' ? pending.get('planId') : null
  const cancelling = pending?.get('intent') === 'cancel'

  const post = (fields: Record<string, string>) => {
    setAsking(null)
    submit({ ...fields, confirmed: '1' }, { method: 'post' })
  }

  return (
    <section className={section} aria-labelledby="subscription">
      <h2 id="subscription" className="text-xl font-semibold text-slate-900">
        Subscription Plan
      </h2>
      <p className="mt-1 text-slate-600">
        {data.currentPlanName
          ? `You are on the ${data.currentPlanName} plan.`
          : 'You have no plan yet. Choose one to start your alerts.'}
      </p>
      {data.paymentFixUrl !== null && <PaymentIssue fixUrl={data.paymentFixUrl} className="mt-4" />}
      {data.endsAt && data.currentPlanId && (
        <div className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-amber-900">
          <p>
            Your subscription is cancelled. Your alerts keep working until {data.endsAt}, then they
            pause. Keeping your plan, or choosing another paid plan, continues it.
          </p>
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="change" />
            <input type="hidden" name="planId" value={data.currentPlanId} />
            <button type="submit" className="font-semibold underline">
              Keep My Plan
            </button>
          </Form>
        </div>
      )}
      {data.plansFailed && (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-red-700"
        >
          {BILLING_MESSAGES.plansFailed}
        </p>
      )}
      <ul className="mt-6 grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
        {data.cards.map(({ plan, label, legacy, confirmation }) => {
          const current = plan.id === data.currentPlanId
          return (
            <li key={plan.id} className="flex">
              <PlanCard
                plan={plan}
                badge={plan.id === MOST_POPULAR_PLAN_ID ? 'Most Popular' : undefined}
                tags={[...(current ? ['CURRENT'] : []), ...(legacy ? ['LEGACY'] : [])]}
                action={
                  <Form
                    method="post"
                    onSubmit={(event) => {
                      if (!confirmation) return
                      event.preventDefault()
                      setAsking({ planId: plan.id, text: confirmation })
                    }}
                  >
                    <input type="hidden" name="intent" value="change" />
                    <input type="hidden" name="planId" value={plan.id} />
                    <button
                      type="submit"
                      disabled={current || Boolean(pending)}
                      aria-label={`${label}: ${plan.name}`}
                      className={current ? quietButton : primaryButton}
                    >
                      {busyPlan === plan.id ? 'Processing...' : label}
                    </button>
                  </Form>
                }
              />
            </li>
          )
        })}
      </ul>
      {data.currentPlanId && !data.endsAt && (
        <Form
          method="post"
          className="mt-6"
          onSubmit={(event) => {
            event.preventDefault()
            setAsking('cancel')
          }}
        >
          <input type="hidden" name="intent" value="cancel" />
          <button
            type="submit"
            disabled={Boolean(pending)}
            className="rounded-lg border border-red-300 px-4 py-2.5 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
          >
            {cancelling ? 'Processing...' : 'Cancel Subscription'}
          </button>
        </Form>
      )}
      <ConfirmDialog
        open={asking !== null && asking !== 'cancel'}
        title="Downgrade plan"
        message={asking && asking !== 'cancel' ? asking.text : ''}
        confirmText="Downgrade"
        destructive
        onConfirm={() =>
          asking && asking !== 'cancel' && post({ intent: 'change', planId: asking.planId })
        }
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'cancel'}
        title="Cancel Subscription"
        message={cancelMessage(data.periodEnd)}
        confirmText="Cancel Subscription"
        cancelText="Keep My Plan"
        destructive
        onConfirm={() => post({ intent: 'cancel' })}
        onCancel={() => setAsking(null)}
      />
    </section>
  )
}

/** The specification's confirmation, and for a paid plan the day the terms let it run to. */
function cancelMessage(periodEnd: string | null) {
  return periodEnd
    ? `${BILLING_MESSAGES.cancelConfirmation} A paid plan is not refunded and stays active until ${periodEnd}; then your alerts pause.`
    : BILLING_MESSAGES.cancelConfirmation
}

/** The confirmation as a page, for browsers without JavaScript. */
function ConfirmPage({ data, confirm }: { data: Data; confirm: NonNullable<Data['confirm']> }) {
  const downgrade = confirm.kind === 'downgrade'
  return (
    <section className="mx-auto max-w-lg px-4 py-16">
      <div className={section}>
        <h1 className="text-2xl font-bold text-slate-900">
          {downgrade ? 'Downgrade plan' : 'Cancel Subscription'}
        </h1>
        <p className="mt-4 text-slate-700">
          {downgrade ? confirm.text : cancelMessage(data.periodEnd)}
        </p>
        <Form method="post" className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
          <input type="hidden" name="intent" value={downgrade ? 'change' : 'cancel'} />
          <input type="hidden" name="planId" value={confirm.planId} />
          <input type="hidden" name="confirmed" value="1" />
          <button
            type="submit"
            className="rounded-lg bg-red-600 px-5 py-2.5 font-semibold text-white hover:bg-red-700"
          >
            {downgrade ? 'Downgrade' : 'Cancel Subscription'}
          </button>
          <Link
            to="/settings"
            className="rounded-lg border border-slate-300 px-5 py-2.5 text-center font-semibold text-slate-700"
          >
            {downgrade ? 'Cancel' : 'Keep My Plan'}
          </Link>
        </Form>
      </div>
    </section>
  )
}
