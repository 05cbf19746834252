import Stripe from 'stripe'
import { AppError } from '~/domain/app-error'
import { BILLING_MESSAGES } from '~/domain/billing'
import { getEnv } from '~/env.server'
import { stripe } from '~/services/stripe.server'

/**
 * Mock mode only: pays a Checkout session with the test-mode form's card, as Stripe's own form
 * would, through the SDK to the msw stand-in. A declined test card answers its decline message.
 */
export async function payTestCheckout(sessionId: string, cardNumber: string) {
  if (!getEnv().stripe.mocked)
    throw new AppError(404, 'NOT_FOUND', 'Test-mode payment is not available.')
  try {
    await stripe().rawRequest('POST', `/v1/test_mode/checkout/sessions/${sessionId}/pay`, {
      card_number: cardNumber.replace(/\D/g, ''),
    })
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError)
      throw new AppError(402, 'CARD_DECLINED', error.message, 'cardNumber')
    throw new AppError(502, 'UPSTREAM_FAILED', BILLING_MESSAGES.paymentFailed)
  }
}
