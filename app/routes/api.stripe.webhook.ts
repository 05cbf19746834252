import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { apiError, methodNotAllowed } from '~/utils/api.server'
import { AppError } from '~/domain/app-error'
import { handleStripeWebhook } from '~/services/stripe-webhook.server'
import { getLogger } from '~/utils/logger.server'

const MAX_EVENT_BYTES = 512 * 1024

/**
 * POST /api/stripe/webhook: Stripe's events, verified against the raw body. A bad signature is
 * a 400 and changes nothing; a failure of ours is a 503, so Stripe delivers the event again.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  if (Number(request.headers.get('Content-Length') ?? 0) > MAX_EVENT_BYTES)
    return apiError(400, 'Event body is too large.')
  const payload = await request.text()
  try {
    const result = await handleStripeWebhook(payload, request.headers.get('Stripe-Signature'))
    return json({ received: true, ...result })
  } catch (error) {
    if (error instanceof AppError && error.status === 400) return apiError(400, error.message)
    getLogger().error({ err: error }, 'stripe webhook failed; Stripe will retry')
    return apiError(503, 'The event could not be applied now. Please retry.')
  }
}

export const loader = () => methodNotAllowed(['POST'])
