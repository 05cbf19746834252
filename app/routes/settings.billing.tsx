import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { AppError } from '~/domain/app-error'
import { openBillingPortal } from '~/services/billing-portal.server'
import { methodNotAllowed } from '~/utils/api.server'
import { redirectWithNotice } from '~/utils/flash.server'
import { requireUser } from '~/utils/session.server'

/*
 * POST /settings/billing: "Manage billing" in Settings, a plain form post, sends the browser to
 * Stripe's Customer Portal. No default export: a resource route, so its answers go out as they
 * are and a browser without JavaScript follows the 303 to Stripe.
 */

export const loader = () => redirect('/settings')

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = await requireUser(request)
  try {
    return redirect(await openBillingPortal(user), 303)
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    // No customer is the request's own fault; Stripe failing is told on Settings.
    if (!user.stripeCustomerId)
      return new Response(error.message, {
        status: error.status,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      })
    return redirectWithNotice('/settings', { tone: 'error', message: error.message })
  }
}
