import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Notice } from '~/components/ui/notice'
import { buttonClass } from '~/components/ui/button'
import { ErrorText } from '~/components/ui/notice'
import { alertHref } from '~/domain/alerts'

/** A titled section of an alert form, with its error shown right below it. */
export function FormSection({
  title,
  id,
  error,
  children,
  aside,
}: {
  title: string
  id: string
  error?: string
  children: ReactNode
  aside?: ReactNode
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="mb-4 flex items-baseline justify-between gap-4">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {aside}
      </div>
      {children}
      <ErrorText className="mt-3">{error}</ErrorText>
    </section>
  )
}

/**
 * A text field or select of an alert form. Its text is 16px whatever the label around it says: a
 * phone zooms into a field of smaller text when it is tapped (iOS Safari).
 */
export const inputClass =
  'block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base font-normal shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none'
export const secondaryButton = buttonClass({
  tone: 'quiet',
  size: 'sm',
  className: 'text-sm hover:text-brand-700',
})

/**
 * Why an alert could not be saved; the trial-ended refusal links to Settings to upgrade, a
 * duplicate to the running alert it repeats.
 */
export function AlertSaveError({
  message,
  code,
  alertId,
  onFollow,
}: {
  message: string
  code?: unknown
  /** The running alert a refused duplicate repeats. */
  alertId?: unknown
  /** Called when the user follows the link to that alert (a wizard closes itself). */
  onFollow?: () => void
}) {
  return (
    <Notice tone="error" className="text-sm">
      {message}
      {code === 'DUPLICATE_ALERT' && typeof alertId === 'string' && (
        <>
          {' '}
          <Link to={alertHref(alertId)} onClick={onFollow} className="font-semibold underline">
            See that alert
          </Link>
        </>
      )}
      {code === 'SUBSCRIPTION_REQUIRED' && (
        <>
          {' '}
          <Link to="/settings" className="font-semibold underline">
            Go to Settings
          </Link>
        </>
      )}
    </Notice>
  )
}
