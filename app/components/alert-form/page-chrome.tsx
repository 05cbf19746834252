import { Link, useLocation } from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'
import { EDIT_FIELD } from '~/domain/alert-drafts'
import { LOCAL_KEYS } from '~/domain/storage-keys'
import { AlertSaveError } from './field'
import { Breadcrumb } from '~/components/ui/breadcrumb'
import { buttonClass, StatusButton } from '~/components/ui/button'

/** Breadcrumb, title and the two-column layout the hotel and dining pages share. */
export function AlertPageLayout({
  crumb,
  title,
  intro,
  children,
  sidebar,
  banner,
  footer,
}: {
  crumb: string
  title: string
  intro: string
  children: ReactNode
  sidebar: ReactNode
  banner?: ReactNode
  /** Full-width content below the form and its sidebar. */
  footer?: ReactNode
}) {
  const { pathname } = useLocation()
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <Breadcrumb
        crumbs={[
          { name: 'Home', path: '/' },
          { name: crumb, path: pathname },
        ]}
      />
      {banner}
      <h1 className="mt-4 text-3xl font-bold text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-600">{intro}</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_320px]">
        <div>{children}</div>
        <aside className="space-y-6">{sidebar}</aside>
      </div>
      {footer}
    </div>
  )
}

export function SidebarCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="font-semibold text-slate-900">{title}</h2>
      <div className="mt-3 space-y-3 text-sm leading-6 text-slate-600">{children}</div>
    </section>
  )
}

/** intent=quick remembers the sign-up intent and which alert page the visitor came for. */
export function useQuickIntent(intentQuick: boolean, target: '/alerts/hotels' | '/alerts/dining') {
  useEffect(() => {
    if (!intentQuick) return
    localStorage.setItem(LOCAL_KEYS.authIntent, 'quick')
    localStorage.setItem(LOCAL_KEYS.quickTarget, target)
  }, [intentQuick, target])
}

/** What an alert page says while it edits one alert rather than making one (the wizards' titles). */
export const EDITING_PAGE = {
  hotel: { crumb: 'Edit Alert', title: 'Edit Alert' },
  dining: { crumb: 'Edit Dining Alert', title: 'Edit Dining Alert' },
  intro:
    'Change what the alert watches for. It keeps running or paused as it was, and a running alert is checked again with its new question.',
} as const

/** What an action's refusal says besides its errors: its code, and the alert a duplicate repeats. */
export function refusalOf(answer: object | undefined) {
  return {
    code: answer && 'code' in answer ? answer.code : undefined,
    alertId: answer && 'alertId' in answer ? answer.alertId : undefined,
  }
}

/**
 * The foot of an alert page form: why the last save failed, the submit button with the page's
 * tips link if it has one (or, editing an alert, Save Changes and the way back), what is still
 * missing, and the signed-in or signed-out note (catalogue §2).
 */
export function SubmitArea({
  errors,
  code,
  alertId,
  editing,
  status,
  label,
  busyText = 'Creating Alert...',
  disabled,
  submitting,
  tipsHref,
  missing,
  signedIn,
  signedInNote,
  signedOutNote = "You'll be asked to create an account, then we'll set up your alert.",
}: {
  errors: string[] | undefined
  code: unknown
  alertId?: unknown
  /** The alert the form edits: it saves changes to it instead of making a new one. */
  editing?: string | null
  status?: ReactNode
  label: string
  busyText?: string
  disabled: boolean
  submitting: boolean
  tipsHref?: string
  missing: string | null
  signedIn: boolean
  /** What comes once it runs, and who books. */
  signedInNote: string
  signedOutNote?: string
}) {
  return (
    <div className="space-y-3">
      {errors?.map((error) => (
        <AlertSaveError key={error} message={error} code={code} alertId={alertId} />
      ))}
      {status}
      {editing && <input type="hidden" name={EDIT_FIELD} value={editing} />}
      <div className="flex flex-wrap items-center gap-4">
        <StatusButton
          busy={submitting}
          busyText={editing ? 'Saving...' : busyText}
          disabled={disabled}
          size="lg"
          className="shadow"
        >
          {editing ? 'Save Changes' : label}
        </StatusButton>
        {editing ? (
          <Link to="/dashboard" className="text-brand-700 text-sm font-semibold hover:underline">
            Back to Dashboard
          </Link>
        ) : (
          tipsHref && (
            <Link to={tipsHref} className="text-brand-700 text-sm font-semibold hover:underline">
              Read Tips
            </Link>
          )
        )}
      </div>
      {missing && <p className="text-sm text-slate-500">{missing}</p>}
      <p className="text-sm text-slate-500">{signedIn ? signedInNote : signedOutNote}</p>
    </div>
  )
}

/** The error boundary of a page whose data did not load: the message, and a way to retry. */
export function PageLoadError({ message }: { message: string }) {
  return (
    <div className="mx-auto max-w-lg px-4 py-20 text-center">
      <p role="alert" className="text-lg text-slate-700">
        {message}
      </p>
      <a href="" className={buttonClass({ className: 'mt-6 inline-block' })}>
        Try again
      </a>
    </div>
  )
}

/** The error boundary of the hotel and price watch pages: nothing works without the resorts. */
export function ResortListError() {
  return <PageLoadError message="Failed to load resorts. Please try again." />
}
