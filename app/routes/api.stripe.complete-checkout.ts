import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { z } from 'zod'
import { toUserJson } from '~/models/user.server'
import { methodNotAllowed, readJson, requireApiUser } from '~/utils/api.server'
import { completeCheckout } from '~/services/checkout.server'
import { answerApiCall } from '~/utils/errors.server'

const body = z.object({
  sessionId: z.string({ error: 'sessionId must be a string (it may be empty).' }).default(''),
})

/**
 * POST /api/stripe/complete-checkout {sessionId}: confirms the caller's finished Checkout
 * session and answers {user}; safe to call again. An empty id completes the free plan.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = await requireApiUser(request)
  const { sessionId } = await readJson(request, body)
  return answerApiCall(async () =>
    json({ user: toUserJson(await completeCheckout(user, sessionId.trim())) }),
  )
}

export const loader = () => methodNotAllowed(['POST'])
