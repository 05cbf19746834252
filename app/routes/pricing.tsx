import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { CtaBanner } from '~/components/cta-banner'
import { AgentPlans, PlanCard, toPlanCard } from '~/components/plan-card'
import { SupportLink } from '~/components/support-link'
import { useTrackOnShow } from '~/hooks/use-analytics'
import { alertIntentQuery } from '~/domain/checkout'
import { pricingBadge } from '~/domain/plans'
import { useRememberAlertIntent } from '~/hooks/use-remember-alert-intent'
import { readIntent } from '~/domain/redirects'
import { plansOnOffer } from '~/models/plan.server'
import { getDb } from '~/utils/db.server'
import { getUser } from '~/utils/session.server'
import { pageMeta } from '~/utils/seo'

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Pricing | Disney Hotel Alerts',
    description:
      'Start free for 7 days with one alert, or pick a monthly plan with more alerts and faster checks. Cancel anytime.',
  })

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const intentPro = readIntent(url.searchParams.get('intent')) === 'pro'
  const [user, offer] = await Promise.all([getUser(request), plansOnOffer(getDb())])
  const plans = offer.plans.map(toPlanCard)
  return json({
    plans,
    badge: pricingBadge(
      plans.map((plan) => plan.id),
      intentPro,
    ),
    signedIn: Boolean(user),
    intentPro,
    choosing: Boolean(user && !user.planId),
    alertIntent: alertIntentQuery(url.searchParams).toString(),
  })
}

/**
 * Where a plan's button leads: the payment page, through login for a visitor, carrying the
 * alert intent on to checkout completion.
 */
function choosePath(planId: string, signedIn: boolean, alertIntent: string) {
  const payment = `/payment/${planId}${alertIntent ? `?${alertIntent}` : ''}`
  return signedIn ? payment : `/login?${new URLSearchParams({ redirect: payment })}`
}

export default function Pricing() {
  const { plans, badge, signedIn, intentPro, choosing, alertIntent } =
    useLoaderData<typeof loader>()
  useTrackOnShow('view_pricing_intent_pro', undefined, intentPro)
  useRememberAlertIntent()

  if (choosing) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="text-3xl font-bold text-slate-900">Select a plan to get started</h1>
        <p className="mt-2 text-slate-600">
          Pick how many alerts you want running and how often we check. You can change plans
          anytime.
        </p>
        <ul className="mt-8 space-y-3">
          {plans.map((plan) => (
            <li key={plan.id}>
              <PlanCard
                plan={plan}
                badge={badge?.planId === plan.id ? badge.label : undefined}
                to={choosePath(plan.id, true, alertIntent)}
                compact
              />
            </li>
          ))}
        </ul>
      </section>
    )
  }

  return (
    <>
      <section className="mx-auto max-w-6xl px-4 pt-12 sm:pt-16">
        <h1 className="text-center text-3xl font-bold text-slate-900 sm:text-4xl">
          Simple, Transparent Pricing
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-slate-600">
          Every plan texts you the moment an opening matches. Faster plans check more often, so you
          hear about a cancellation before other people do.
        </p>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {plans.map((plan) => (
            <li key={plan.id} className="flex">
              <PlanCard
                plan={plan}
                badge={badge?.planId === plan.id ? badge.label : undefined}
                to={choosePath(plan.id, signedIn, alertIntent)}
              />
            </li>
          ))}
        </ul>
        <AgentPlans plans={plans} />
        <p className="mt-10 text-center text-slate-600">
          Questions? Read the{' '}
          <Link to="/faq" className="text-brand-700 font-medium underline">
            FAQ
          </Link>
          , see how{' '}
          <Link to="/disney-hotel-alerts" className="text-brand-700 font-medium underline">
            hotel alerts
          </Link>{' '}
          work, or{' '}
          <SupportLink className="text-brand-700 font-medium underline">
            Contact Support
          </SupportLink>
          .
        </p>
      </section>
      <CtaBanner />
    </>
  )
}
