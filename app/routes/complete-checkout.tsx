import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData, useNavigate } from '@remix-run/react'
import { useEffect } from 'react'
import { BILLING_MESSAGES } from '~/domain/billing'
import { dashboardAfterCheckout } from '~/domain/checkout'
import { SESSION_KEYS } from '~/domain/storage-keys'
import { AppError } from '~/domain/app-error'
import { completeCheckout } from '~/services/checkout.server'
import { requireUser } from '~/utils/session.server'
import { trackConversion } from '~/utils/tracker'
import { ButtonLink } from '~/components/ui/button'
import { privateMeta } from '~/utils/seo'

export const meta: MetaFunction = () => privateMeta('Finalizing your subscription')

/**
 * Confirms the Checkout session Stripe sent the browser back with (doing it again is harmless)
 * and answers the plan it put the user on, or null.
 */
async function completedPlan(request: Request, sessionId: string | null) {
  const user = await requireUser(request)
  if (!sessionId) return user.planId
  try {
    return (await completeCheckout(user, sessionId)).planId
  } catch (error) {
    if (error instanceof AppError) return null
    throw error
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  return json({
    plan: await completedPlan(request, url.searchParams.get('session_id')),
    // Without JavaScript there is no session storage: the URL's intent is what we have.
    fallbackTarget: dashboardAfterCheckout(null, url.searchParams),
  })
}

function readStoredIntent(): Record<string, unknown> | null {
  try {
    const raw = sessionStorage.getItem(SESSION_KEYS.alertIntent)
    const parsed: unknown = raw ? JSON.parse(raw) : null
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null
  } catch {
    return null
  }
}

export default function CompleteCheckout() {
  const { plan, fallbackTarget } = useLoaderData<typeof loader>()
  const navigate = useNavigate()

  useEffect(() => {
    if (!plan) return
    const stored = readStoredIntent()
    sessionStorage.removeItem(SESSION_KEYS.alertIntent)
    const target = stored
      ? dashboardAfterCheckout(stored, new URLSearchParams(window.location.search))
      : fallbackTarget
    // The conversion is counted before the page goes; 800 ms at most (accounts §9).
    void trackConversion({ plan }).then(() => navigate(target, { replace: true }))
  }, [plan, fallbackTarget, navigate])

  if (!plan) {
    return (
      <section className="mx-auto max-w-lg px-4 py-20 text-center">
        <h1 className="text-3xl font-bold text-slate-900">Payment Failed</h1>
        <p className="mt-3 text-slate-600">{BILLING_MESSAGES.checkoutFailed}</p>
        <div className="mt-8 flex justify-center gap-3">
          <ButtonLink to="/pricing">Try Again</ButtonLink>
          <ButtonLink to="/" tone="quiet">
            Go Home
          </ButtonLink>
        </div>
      </section>
    )
  }

  return (
    <section className="mx-auto max-w-lg px-4 py-24 text-center">
      <noscript>
        <meta httpEquiv="refresh" content={`0;url=${fallbackTarget}`} />
      </noscript>
      <div
        aria-hidden="true"
        className="border-brand-200 border-t-brand-600 mx-auto h-12 w-12 animate-spin rounded-full border-4"
      />
      <h1 className="mt-6 text-xl font-semibold text-slate-900">Finalizing your subscription...</h1>
      <noscript>
        <p className="mt-4">
          <a href={fallbackTarget} className="text-brand-700 font-semibold underline">
            Continue to your dashboard
          </a>
        </p>
      </noscript>
    </section>
  )
}
