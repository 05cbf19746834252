import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useSubmit,
} from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { toPlanCard } from '~/components/plan-card'
import { findPlan, startFreePlan } from '~/models/plan.server'
import { getDb } from '~/utils/db.server'
import { getLogger } from '~/utils/logger.server'
import { requireUser } from '~/utils/session.server'

export const meta: MetaFunction = () => [
  { title: 'Complete Your Subscription | Disney Hotel Alerts' },
]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const plan = await findPlan(getDb(), params.plan ?? '')
  if (!plan || plan.legacy) return json({ plan: null }, { status: 404 })
  if (user.planId) throw redirect('/settings')
  return json({ plan: toPlanCard(plan) })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const plan = await findPlan(getDb(), params.plan ?? '')
  if (!plan || plan.legacy)
    return json({ error: 'The requested plan was not found.' }, { status: 404 })
  if (user.planId) throw redirect('/settings')
  if (!plan.free) {
    return json(
      { error: 'Card payment is not available yet. Please choose the free plan for now.' },
      { status: 400 },
    )
  }
  try {
    await startFreePlan(getDb(), user.id, plan)
  } catch (error) {
    getLogger().error({ err: error }, 'free plan start failed')
    return json({ error: 'Failed to complete free plan. Please try again.' }, { status: 503 })
  }
  // The alert intent a visitor brought along (openAddAlert, hotel, …) rides on to the dashboard.
  return redirect(`/complete-checkout${new URL(request.url).search}`)
}

export default function Payment() {
  const { plan } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const submit = useSubmit()
  const formRef = useRef<HTMLFormElement>(null)
  const busy = navigation.state !== 'idle'

  // The free plan needs no card: with JavaScript it completes as soon as the page opens.
  const autoStart = Boolean(plan?.free && !actionData)
  useEffect(() => {
    if (autoStart && formRef.current) submit(formRef.current, { replace: true })
  }, [autoStart, submit])

  if (!plan) {
    return (
      <section className="mx-auto max-w-lg px-4 py-20 text-center">
        <h1 className="text-3xl font-bold text-slate-900">Invalid Plan</h1>
        <p className="mt-3 text-slate-600">The requested plan was not found.</p>
        <Link
          to="/pricing"
          className="bg-brand-600 hover:bg-brand-700 mt-8 inline-block rounded-lg px-5 py-3 font-semibold text-white"
        >
          View Pricing Plans
        </Link>
      </section>
    )
  }

  return (
    <section className="mx-auto max-w-lg px-4 py-12">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">Complete Your Subscription</h1>
        <div className="bg-brand-50 mt-6 rounded-xl p-4">
          <p className="text-lg font-semibold text-slate-900">{plan.name}</p>
          <p className="text-slate-700">{plan.price}</p>
          <p className="text-sm text-slate-600">
            Up to {plan.limit} active alerts, checked {plan.frequency}
          </p>
        </div>

        {actionData?.error && (
          <div role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4">
            <p className="font-semibold text-red-800">Payment Error</p>
            <p className="mt-1 text-sm text-red-700">{actionData.error}</p>
            <Link
              to="/pricing"
              className="mt-3 inline-block text-sm font-semibold text-red-800 underline"
            >
              Back to Pricing
            </Link>
          </div>
        )}

        {plan.free ? (
          <Form method="post" ref={formRef} className="mt-6">
            <p className="text-sm text-slate-600">
              Your 7-day free trial starts now. No credit card needed.
            </p>
            <button
              type="submit"
              disabled={busy}
              className="bg-brand-600 hover:bg-brand-700 mt-4 w-full rounded-lg px-4 py-3 font-semibold text-white disabled:opacity-60"
            >
              {busy ? 'Starting...' : 'Start Free'}
            </button>
          </Form>
        ) : (
          <div className="mt-6 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
            <p className="font-semibold">Card payment is not available yet.</p>
            <p className="mt-1">
              Until it is, the free Pixie Dust plan runs one alert for 7 days with no card.
            </p>
            <Link to="/payment/pixie-dust" className="mt-3 inline-block font-semibold underline">
              Start the free plan instead
            </Link>
          </div>
        )}
      </div>
    </section>
  )
}
