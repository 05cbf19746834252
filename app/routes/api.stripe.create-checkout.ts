import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { methodNotAllowed, requireApiUser } from '~/utils/api.server'
import { createCheckout, planOfBody, requestKeyOf } from '~/services/checkout.server'
import { answerApiCall } from '~/utils/errors.server'

/**
 * POST /api/stripe/create-checkout {priceId, alertIntent?}: an embedded Checkout session for a paid plan
 * ({clientSecret, stripeKey}), or the free plan started at once (clientSecret null).
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = await requireApiUser(request)
  const { plan, alertIntent } = await planOfBody(request)
  return answerApiCall(async () =>
    json(await createCheckout(user, plan, requestKeyOf(request), alertIntent), {
      headers: { 'Cache-Control': 'no-store' },
    }),
  )
}

export const loader = () => methodNotAllowed(['POST'])
