import { Notice } from '~/components/ui/notice'

/**
 * A renewal payment failed: alerts keep running while Stripe retries, and the link (Stripe's
 * page for the unpaid invoice) lets the customer pay it with another card.
 */
export function PaymentIssue({ fixUrl, className = '' }: { fixUrl: string; className?: string }) {
  return (
    <Notice tone="error" className={className}>
      Your last payment did not go through. Your alerts keep running while Stripe retries.{' '}
      {fixUrl && (
        <a href={fixUrl} className="font-semibold underline">
          Update your payment method
        </a>
      )}
    </Notice>
  )
}
