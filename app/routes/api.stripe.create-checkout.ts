import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { z } from 'zod'
import { apiError, methodNotAllowed, readJson, requireApiUser } from '~/utils/api.server'
import {
  answerBillingCall,
  createCheckout,
  planForPrice,
  requestKeyOf,
} from '~/utils/billing.server'
import { BILLING_MESSAGES } from '~/domain/billing'

const body = z.object({ priceId: z.string({ error: 'priceId is required.' }) })

/**
 * POST /api/stripe/create-checkout {priceId}: an embedded Checkout session for a paid plan
 * ({clientSecret, stripeKey}), or the free plan started at once (clientSecret null).
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = await requireApiUser(request)
  // A body that names no plan (not JSON, no priceId, not a string) is the same refusal.
  const priceId = await readJson(request, body).then(
    (parsed) => parsed.priceId,
    () => undefined,
  )
  const plan = await planForPrice(priceId)
  if (!plan) return apiError(400, BILLING_MESSAGES.invalidPlan)
  return answerBillingCall(async () =>
    json(await createCheckout(user, plan, requestKeyOf(request)), {
      headers: { 'Cache-Control': 'no-store' },
    }),
  )
}

export const loader = () => methodNotAllowed(['POST'])
