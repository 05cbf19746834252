import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { openBillingPortal } from '~/services/billing-portal.server'
import { methodNotAllowed, requireApiUser } from '~/utils/api.server'
import { answerApiCall } from '~/utils/errors.server'

/**
 * POST /api/account/billing-portal: `{ url }` of a Stripe Customer Portal session for the
 * caller, to open in a browser; 400 in words without a Stripe customer, Stripe's failure as
 * Settings words it.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = await requireApiUser(request)
  return answerApiCall(async () => json({ url: await openBillingPortal(user) }))
}

export const loader = () => methodNotAllowed(['POST'])
