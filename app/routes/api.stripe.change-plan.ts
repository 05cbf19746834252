import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { toUserJson } from '~/models/user.server'
import { methodNotAllowed, requireApiUser } from '~/utils/api.server'
import { BILLING_MESSAGES } from '~/domain/billing'
import { changePlan, planOfBody, requestKeyOf } from '~/services/checkout.server'
import { answerApiCall } from '~/utils/errors.server'

/**
 * POST /api/stripe/change-plan {priceId}. From no plan or the free plan to a paid plan the
 * answer is {checkoutRequired, url} (the payment page); otherwise the plan changes now and the
 * answer is {user, stoppedAlerts, message}. The client confirms a downgrade before calling.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = await requireApiUser(request)
  const { plan } = await planOfBody(request)
  return answerApiCall(async () => {
    const result = await changePlan(user, plan, requestKeyOf(request))
    if (result.kind === 'checkout') return json({ checkoutRequired: true, url: result.url })
    return json({
      user: toUserJson(result.user),
      planId: result.user.planId,
      stoppedAlerts: result.stopped,
      message: result.downgraded ? BILLING_MESSAGES.downgraded : BILLING_MESSAGES.updated,
    })
  })
}

export const loader = () => methodNotAllowed(['POST'])
