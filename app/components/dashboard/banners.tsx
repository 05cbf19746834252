import { Link } from '@remix-run/react'
import { PaymentIssue } from '~/components/payment-issue'
import type { AlertKind, usageLevel } from '~/domain/alerts'
import type { trialCountdown } from '~/domain/dashboard'
import { DINING_MESSAGES } from '~/domain/dining-alert'

export interface BannerData {
  success: boolean
  newAlert: AlertKind | null
  pendingFailed: AlertKind | null
  paymentFixUrl: string | null
  plan?: { name: string } | null
  trial: ReturnType<typeof trialCountdown> | null
  running: number
}

/** The notices above the dashboard: what just happened, payment, trial and plan usage. */
export function Banners({
  data,
  level,
  limit,
}: {
  data: BannerData
  level: ReturnType<typeof usageLevel>
  limit: number
}) {
  const notice = 'rounded-lg border p-3 text-sm'
  return (
    <div className="space-y-3">
      {data.success && data.newAlert && (
        <p role="status" className={`${notice} border-green-200 bg-green-50 text-green-800`}>
          {data.newAlert === 'dining'
            ? DINING_MESSAGES.created
            : 'Alert created. We will text you when a room opens!'}
        </p>
      )}
      {data.pendingFailed === 'hotel' && (
        <p role="alert" className={`${notice} border-red-200 bg-red-50 text-red-700`}>
          Failed to create your hotel alert.{' '}
          <Link to="/alerts/hotels" className="font-semibold underline">
            Try again
          </Link>
        </p>
      )}
      {data.pendingFailed === 'dining' && (
        <p role="alert" className={`${notice} border-red-200 bg-red-50 text-red-700`}>
          Failed to create your dining alert. Please try creating it again from the alerts page.
        </p>
      )}
      {data.paymentFixUrl && <PaymentIssue fixUrl={data.paymentFixUrl} className="text-sm" />}
      {!data.plan && (
        <p className={`${notice} border-amber-200 bg-amber-50 text-amber-900`}>
          No active subscription.{' '}
          <Link to="/settings" className="font-semibold underline">
            Choose a plan in Settings
          </Link>
        </p>
      )}
      {data.trial &&
        (data.trial.over ? (
          <p className={`${notice} border-amber-200 bg-amber-50 text-amber-900`}>
            Your free trial has ended and scans are paused. Upgrade for frequent scans and keep
            searching{' '}
            <Link to="/settings" className="font-semibold underline">
              in Settings
            </Link>
            .
          </p>
        ) : (
          <p className={`${notice} border-brand-200 bg-brand-50 text-brand-900`}>
            Free trial: {data.trial.days} day{data.trial.days === 1 ? '' : 's'} and{' '}
            {data.trial.hours} hour
            {data.trial.hours === 1 ? '' : 's'} left.{' '}
            <Link to="/settings" className="font-semibold underline">
              Upgrade
            </Link>
          </p>
        ))}
      {level === 'approaching' && (
        <p className={`${notice} border-amber-200 bg-amber-50 text-amber-900`}>
          You are using {data.running} of your {limit} alert slots. Upgrade to watch more at once.
        </p>
      )}
      {level === 'full' && (
        <p className={`${notice} border-amber-200 bg-amber-50 text-amber-900`}>
          All {limit} of your alert slots are active. Pause an alert or{' '}
          <Link to="/settings" className="font-semibold underline">
            upgrade your plan
          </Link>{' '}
          to start another.
        </p>
      )}
    </div>
  )
}
