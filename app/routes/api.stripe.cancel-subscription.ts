import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { BILLING_MESSAGES } from '~/domain/billing'
import { toUserJson } from '~/models/user.server'
import { methodNotAllowed, requireApiUser } from '~/utils/api.server'
import { cancelSubscription, requestKeyOf } from '~/services/checkout.server'
import { answerApiCall } from '~/utils/errors.server'

/**
 * POST /api/stripe/cancel-subscription: a paid plan ends at the close of its period (endsAt),
 * the free plan at once (endsAt null). Answers the refreshed user.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = await requireApiUser(request)
  return answerApiCall(async () => {
    const result = await cancelSubscription(user, requestKeyOf(request))
    return json({
      user: toUserJson(result.user),
      endsAt: result.endsAt?.toISOString() ?? null,
      message: BILLING_MESSAGES.cancelled,
    })
  })
}

export const loader = () => methodNotAllowed(['POST'])
