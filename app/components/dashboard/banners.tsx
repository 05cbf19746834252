import { Link } from '@remix-run/react'
import { PaymentIssue } from '~/components/payment-issue'
import type { AlertKind, usageLevel } from '~/domain/alerts'
import type { trialCountdown } from '~/domain/dashboard'
import { textsOffNotice } from '~/domain/delivery'
import { DINING_MESSAGES } from '~/domain/dining-alert'
import { Notice, type NoticeTone } from '~/components/ui/notice'

/** A notice the last redirect left (app/utils/flash.server.ts), as the page receives it. */
export interface FlashNoticeData {
  tone: NoticeTone
  message: string
  link?: { to: string; text: string }
}

export interface BannerData {
  success: boolean
  newAlert: AlertKind | null
  /** The hotel alert just made is a price watch on a booked stay. */
  newWatch: boolean
  notice: FlashNoticeData | null
  paymentFixUrl: string | null
  /** The number replied STOP: when, and the number to text START to. */
  textsOff: { since: string; ourNumber: string } | null
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
  return (
    <div className="space-y-3">
      {data.success && data.newAlert && (
        <Notice tone="success" className="text-sm">
          {data.newAlert === 'dining'
            ? DINING_MESSAGES.created
            : data.newWatch
              ? 'Price watch created. We will text you if the price of your stay drops.'
              : 'Alert created. We will text you when a room opens!'}
        </Notice>
      )}
      {data.notice && (
        <Notice tone={data.notice.tone} className="text-sm">
          {data.notice.message}
          {data.notice.link && (
            <>
              {' '}
              <Link to={data.notice.link.to} className="font-semibold underline">
                {data.notice.link.text}
              </Link>
            </>
          )}
        </Notice>
      )}
      {data.paymentFixUrl && <PaymentIssue fixUrl={data.paymentFixUrl} className="text-sm" />}
      {data.textsOff && (
        <Notice tone="warning" className="text-sm">
          {textsOffNotice(data.textsOff)}
        </Notice>
      )}
      {!data.plan && (
        <Notice tone="warning" className="text-sm">
          No active subscription.{' '}
          <Link to="/settings" className="font-semibold underline">
            Choose a plan in Settings
          </Link>
        </Notice>
      )}
      {data.trial &&
        (data.trial.over ? (
          <Notice tone="warning" className="text-sm">
            Your free trial has ended and scans are paused. Upgrade for frequent scans and keep
            searching{' '}
            <Link to="/settings" className="font-semibold underline">
              in Settings
            </Link>
            .
          </Notice>
        ) : (
          <Notice tone="info" className="text-sm">
            Free trial: {data.trial.days} day{data.trial.days === 1 ? '' : 's'} and{' '}
            {data.trial.hours} hour
            {data.trial.hours === 1 ? '' : 's'} left.{' '}
            <Link to="/settings" className="font-semibold underline">
              Upgrade
            </Link>
          </Notice>
        ))}
      {level === 'approaching' && (
        <Notice tone="warning" className="text-sm">
          You are using {data.running} of your {limit} alert slots. Upgrade to watch more at once.
        </Notice>
      )}
      {level === 'full' && (
        <Notice tone="warning" className="text-sm">
          All {limit} of your alert slots are active. Pause an alert or{' '}
          <Link to="/settings" className="font-semibold underline">
            upgrade your plan
          </Link>{' '}
          to start another.
        </Notice>
      )}
    </div>
  )
}
