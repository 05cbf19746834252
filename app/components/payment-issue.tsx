/**
 * A renewal payment failed: alerts keep running while Stripe retries, and the link (Stripe's
 * page for the unpaid invoice) lets the customer pay it with another card.
 */
export function PaymentIssue({ fixUrl, className = '' }: { fixUrl: string; className?: string }) {
  return (
    <p
      role="alert"
      className={`rounded-lg border border-red-200 bg-red-50 p-3 text-red-700 ${className}`}
    >
      Your last payment did not go through. Your alerts keep running while Stripe retries.{' '}
      {fixUrl && (
        <a href={fixUrl} className="font-semibold underline">
          Update your payment method
        </a>
      )}
    </p>
  )
}
