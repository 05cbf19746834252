import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { z } from 'zod'
import { BILLING_MESSAGES } from '~/domain/billing'
import { toUserJson } from '~/models/user.server'
import { apiError, methodNotAllowed, readJson, requireApiUser } from '~/utils/api.server'
import { answerBillingCall, changePlan, planForPrice, requestKeyOf } from '~/utils/billing.server'

const body = z.object({ priceId: z.string({ error: 'priceId is required.' }) })

/**
 * POST /api/stripe/change-plan {priceId}. From no plan or the free plan to a paid plan the
 * answer is {checkoutRequired, url} (the payment page); otherwise the plan changes now and the
 * answer is {user, stoppedAlerts, message}. The client confirms a downgrade before calling.
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
  return answerBillingCall(async () => {
    const result = await changePlan(user, plan, requestKeyOf(request))
    if (result.kind === 'checkout') return json({ checkoutRequired: true, url: result.url })
    return json({
      user: toUserJson(result.user),
      planId: result.user.planId,
      stoppedAlerts: result.stopped,
      message: result.message,
    })
  })
}

export const loader = () => methodNotAllowed(['POST'])
