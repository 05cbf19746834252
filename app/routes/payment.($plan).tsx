import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import {
  Form,
  Link,
  useActionData,
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigation,
  useSubmit,
} from '@remix-run/react'
import type { StripeEmbeddedCheckout } from '@stripe/stripe-js'
import { loadStripe } from '@stripe/stripe-js/pure'
import { useEffect, useRef, useState } from 'react'
import { ButtonLink, StatusButton } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { toPlanCard } from '~/components/plan-card'
import { BILLING_MESSAGES, testCardSchema } from '~/domain/billing'
import { getEnv } from '~/env.server'
import { useTrackOnShow } from '~/hooks/use-analytics'
import { useHydrated } from '~/hooks/use-hydrated'
import { findPlan } from '~/models/plan.server'
import { AppError } from '~/domain/app-error'
import { createCheckout } from '~/services/checkout.server'
import { payTestCheckout } from '~/services/test-payment.server'
import { replyWithError } from '~/utils/errors.server'
import { getDb } from '~/utils/db.server'
import { requireUser } from '~/utils/session.server'
import { readFormData } from '~/utils/http.server'
import { privateMeta } from '~/utils/seo'
import { useRememberAlertIntent } from '~/hooks/use-remember-alert-intent'
import { alertIntentQuery } from '~/domain/checkout'

export const meta: MetaFunction = () => privateMeta('Complete Your Subscription')

async function planFor(request: Request, planId: string | undefined) {
  const user = await requireUser(request)
  const db = getDb()
  const plan = await findPlan(db, planId ?? '')
  if (!plan || plan.legacy) return { user, plan: null }
  const current = user.planId ? await findPlan(db, user.planId) : undefined
  // A paid plan changes in Settings; only a user with no plan or on the free one pays here.
  if (current && (!current.free || plan.free)) throw redirect('/settings')
  return { user, plan }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { plan } = await planFor(request, params.plan)
  if (!plan) return json({ plan: null }, { status: 404 })
  const { stripe } = getEnv()
  return json({
    plan: { ...toPlanCard(plan), priceId: plan.stripePriceId },
    stripeKey: stripe.publishableKey,
    testMode: stripe.mocked,
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, plan } = await planFor(request, params.plan)
  if (!plan) return json({ error: 'The requested plan was not found.' }, { status: 404 })
  // The alert intent a visitor brought along (openAddAlert, hotel, …) rides on to the dashboard.
  const onward = alertIntentQuery(new URL(request.url).searchParams)

  if (plan.free) {
    try {
      await createCheckout(user, plan)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      return json({ error: BILLING_MESSAGES.freePlanFailed }, { status: error.status })
    }
    return redirect(`/complete-checkout?${onward}`)
  }

  // A paid plan here means the test-mode card form: Stripe's own form never posts to us.
  const submission = parseWithZod(await readFormData(request), { schema: testCardSchema })
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  try {
    const sessionId =
      submission.value.sessionId ??
      (await createCheckout(user, plan, undefined, onward)).sessionId ??
      ''
    await payTestCheckout(sessionId, submission.value.cardNumber)
    onward.set('session_id', sessionId)
    return redirect(`/complete-checkout?${onward}`)
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    // A declined card is shown beside the card field; anything else above the form.
    if (error.field)
      return json({ result: replyWithError(submission, error) }, { status: error.status })
    return json({ error: error.message }, { status: error.status })
  }
}

type LoaderData = Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { plan: null }>
type Checkout = { clientSecret: string | null; sessionId: string | null } | { message: string }

export default function Payment() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  useTrackOnShow('checkout_initiated', data.plan?.id, Boolean(data.plan))
  useRememberAlertIntent()
  if (!data.plan) return <InvalidPlan />
  const { plan } = data
  const error = actionData && 'error' in actionData ? actionData.error : null

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
        {error ? (
          <PaymentError message={error} />
        ) : plan.free ? (
          <FreePlanStart />
        ) : (
          <PaidCheckout data={data as LoaderData} />
        )}
      </div>
    </section>
  )
}

function InvalidPlan() {
  useTrackOnShow('checkout_invalid_plan')
  return (
    <section className="mx-auto max-w-lg px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Invalid Plan</h1>
      <p className="mt-3 text-slate-600">The requested plan was not found.</p>
      <ButtonLink to="/pricing" className="mt-8">
        View Pricing Plans
      </ButtonLink>
    </section>
  )
}

function PaymentError({ message }: { message: string }) {
  return (
    <div role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4">
      <p className="font-semibold text-red-800">Payment Error</p>
      <p className="mt-1 text-sm text-red-700">{message}</p>
      <Link
        to="/pricing"
        className="mt-3 inline-block text-sm font-semibold text-red-800 underline"
      >
        Back to Pricing
      </Link>
    </div>
  )
}

/** The free plan needs no card: with JavaScript it completes as soon as the page opens. */
function FreePlanStart() {
  const navigation = useNavigation()
  const submit = useSubmit()
  const formRef = useRef<HTMLFormElement>(null)
  const busy = navigation.state !== 'idle'
  useEffect(() => {
    if (formRef.current) submit(formRef.current, { replace: true })
  }, [submit])

  return (
    <Form method="post" ref={formRef} className="mt-6">
      <p className="text-sm text-slate-600">
        Your 7-day free trial starts now. No credit card needed.
      </p>
      <StatusButton busy={busy} busyText="Starting..." className="mt-4 w-full">
        Start Free
      </StatusButton>
    </Form>
  )
}

/**
 * A paid plan: the page asks for a Checkout session (POST /api/stripe/create-checkout), then
 * mounts Stripe's embedded Checkout, which sends the browser on to /complete-checkout. When
 * Stripe is mocked a test-mode card form stands in for Stripe's, also without JavaScript.
 */
function PaidCheckout({ data }: { data: LoaderData }) {
  const hydrated = useHydrated()
  const fetcher = useFetcher<Checkout>()
  const { priceId } = data.plan
  const asked = useRef(false)
  const { search } = useLocation()

  useEffect(() => {
    if (asked.current) return
    asked.current = true
    // Stripe's return address carries the alert intent on to the dashboard.
    const alertIntent = Object.fromEntries(alertIntentQuery(new URLSearchParams(search)))
    fetcher.submit(
      { priceId, alertIntent },
      { method: 'POST', action: '/api/stripe/create-checkout', encType: 'application/json' },
    )
  }, [fetcher, priceId, search])

  const checkout = fetcher.data
  if (checkout && 'message' in checkout) return <PaymentError message={checkout.message} />
  // The test-mode form stays put while the session is asked for: a submit before it arrives
  // lets the server open one.
  if (data.testMode)
    return <TestModeCard sessionId={checkout?.sessionId ?? null} price={data.plan.price} />
  if (!hydrated) {
    return (
      <noscript>
        <p className="mt-6 text-sm text-slate-700">
          Stripe&apos;s secure card form needs JavaScript. Please turn it on to subscribe.
        </p>
      </noscript>
    )
  }
  if (!checkout?.clientSecret) return <p className="mt-6 text-slate-600">Loading payment...</p>
  return (
    <StripeEmbeddedCheckoutFrame clientSecret={checkout.clientSecret} stripeKey={data.stripeKey} />
  )
}

/** Stripe.js is loaded from Stripe's host when this mounts, so only this page loads it. */
function StripeEmbeddedCheckoutFrame({
  clientSecret,
  stripeKey,
}: {
  clientSecret: string
  stripeKey: string
}) {
  const container = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')

  useEffect(() => {
    let checkout: StripeEmbeddedCheckout | undefined
    let unmounted = false
    loadStripe(stripeKey)
      .then((stripe) => {
        if (!stripe) throw new Error('Stripe.js did not load')
        return stripe.createEmbeddedCheckoutPage({ clientSecret })
      })
      .then((created) => {
        if (unmounted || !container.current) return created.destroy()
        checkout = created
        created.mount(container.current)
        setState('ready')
      })
      .catch(() => setState('failed'))
    return () => {
      unmounted = true
      checkout?.destroy()
    }
  }, [clientSecret, stripeKey])

  if (state === 'failed') return <PaymentError message={BILLING_MESSAGES.paymentFailed} />
  return (
    <div className="mt-6">
      {state === 'loading' && <p className="text-slate-600">Loading payment...</p>}
      <div ref={container} />
    </div>
  )
}

function TestModeCard({ sessionId, price }: { sessionId: string | null; price: string }) {
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const [form, fields] = useForm({
    id: 'test-card',
    lastResult: actionData && 'result' in actionData ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: testCardSchema }),
    shouldValidate: 'onSubmit',
    defaultValue: { cardNumber: '4242 4242 4242 4242' },
  })

  return (
    <Form method="post" {...getFormProps(form)} className="mt-6">
      <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        <p className="font-semibold">Test mode: no card is charged</p>
        <p className="mt-1">
          Stripe is not connected here, so this form stands in for Stripe&apos;s card form. 4242
          4242 4242 4242 pays; 4000 0000 0000 0002 is declined.
        </p>
      </div>
      {sessionId && <input type="hidden" name="sessionId" value={sessionId} />}
      <Field
        label="Card number"
        field={fields.cardNumber}
        className="mt-4"
        inputProps={{ inputMode: 'numeric', autoComplete: 'cc-number' }}
      />
      <StatusButton busy={busy} busyText="Processing..." className="mt-4 w-full">
        {`Subscribe for ${price}`}
      </StatusButton>
    </Form>
  )
}
