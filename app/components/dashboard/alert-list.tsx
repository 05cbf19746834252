import { Link, useFetcher } from '@remix-run/react'
import { formatDistanceToNowStrict } from 'date-fns'
import { diningEditHref } from '~/domain/dining-drafts'
import { hotelEditHref } from '~/domain/hotel-drafts'
import { statusLabel } from '~/domain/alerts'
import { alertPageHref } from '~/domain/alert-history'
import { alertDetails, alertName, alertNotice, alertWhen, alertWhere } from '~/domain/alert-words'
import { TEXT_STATUS_LABEL, type TextStatus } from '~/domain/delivery'
import { priceWatchEditHref } from '~/domain/price-watch-link'
import { Notice } from '~/components/ui/notice'
import { useHydrated } from '~/hooks/use-hydrated'
import type { DashboardAlert } from '~/models/dashboard.server'
import { SnoozeControl, snoozableOf } from './snooze-control'

/** A text sent for an alert, as its history shows it. */
export interface SentText {
  body: string
  /** The copy sent to the alert's client (issue 31), not to the account's own phone. */
  toClient: boolean
  status: TextStatus
  /** Why the carrier did not deliver it, in plain words. */
  problem: string | null
  created: string
}
type ListedAlert = DashboardAlert & { texts: SentText[] }

export interface AlertRowActions {
  /** Opens the alert's wizard: never for a price watch, which has none (see editHref). */
  onEdit: (alert: DashboardAlert) => void
  onDelete: (alert: DashboardAlert) => void
  /** A start or pause refused by the server without JavaScript, and the alert it was for. */
  failedId: string | null
  failure: string | null
  /** Why running alerts are not checked (texts off, no plan, trial ended), as their badge says. */
  paused: string | null
}

/** The alert's name, leading to its own page: its checks and every opening it saw. */
function AlertPageLink({ alert, className }: { alert: DashboardAlert; className: string }) {
  return (
    <Link
      to={alertPageHref(alert.kind, alert.id)}
      className={`hover:text-brand-700 underline decoration-slate-300 underline-offset-2 ${className}`}
    >
      {alertName(alert)}
    </Link>
  )
}

/** The client an alert is for (issue 31), when it is for one. */
function ClientName({ alert }: { alert: DashboardAlert }) {
  return alert.clientName ? (
    <span className="block text-xs font-medium text-slate-700">For {alert.clientName}</span>
  ) : null
}

/** What the owner must know first about an alert: its restaurant has left Disney's list. */
function AlertNotice({ alert }: { alert: DashboardAlert }) {
  const notice = alertNotice(alert)
  return notice ? (
    <Notice tone="warning" className="mt-2 max-w-xs p-2 text-xs">
      {notice}
    </Notice>
  ) : null
}

/**
 * Without JavaScript, Edit opens the alert's page form filled in with it; a price watch's always
 * does (null for the others: their wizard opens with JavaScript). The hotel form and its wizard
 * would save a watch as an alert for an opening.
 */
function editHref(alert: DashboardAlert, hydrated: boolean) {
  if (alert.kind === 'dining') return hydrated ? null : diningEditHref(alert)
  if ('watch' in alert && alert.watch === 'price') return priceWatchEditHref(alert)
  return hydrated ? null : hotelEditHref(alert)
}

const STATUS_STYLES: Record<number, string> = {
  0: 'bg-slate-100 text-slate-700',
  1: 'bg-green-100 text-green-800',
  2: 'bg-brand-100 text-brand-800',
  3: 'bg-red-100 text-red-800',
}

function ago(iso: string | null, none: string, prefix: string) {
  return iso ? `${prefix} ${formatDistanceToNowStrict(new Date(iso), { addSuffix: true })}` : none
}

/** The texts an alert has sent, newest first, with their delivery status. */
function TextHistory({ texts }: { texts: SentText[] }) {
  if (texts.length === 0) return null
  return (
    <details className="mt-1 text-xs text-slate-600">
      <summary className="text-brand-700 cursor-pointer font-medium">
        Texts ({texts.length})
      </summary>
      <ul className="mt-1 space-y-1">
        {texts.map((text) => (
          <li key={text.created + text.body} suppressHydrationWarning>
            <span className="font-semibold">{TEXT_STATUS_LABEL[text.status]}</span>
            {text.toClient && ' to your client'}
            {text.problem && ` (${text.problem})`}{' '}
            {formatDistanceToNowStrict(new Date(text.created), { addSuffix: true })}: {text.body}
          </li>
        ))}
      </ul>
    </details>
  )
}

/** When the worker last looked, and when it last found something. */
function CheckTimes({ alert }: { alert: DashboardAlert }) {
  return (
    <span className="block text-xs text-slate-500" suppressHydrationWarning>
      {ago(alert.lastCheckedAt, 'Not checked yet', 'Checked')}
      {alert.lastFoundAt && ` · ${ago(alert.lastFoundAt, '', 'Found')}`}
    </span>
  )
}

/**
 * Start, pause or restart, delete, edit and snooze, for one alert; the status changes at once.
 * `idPrefix` tells the table's forms from the cards'.
 */
function useRowActions(alert: DashboardAlert, actions: AlertRowActions, idPrefix: string) {
  const toggle = useFetcher<{ error: string; id: string | null }>()
  const hydrated = useHydrated()
  const pending = toggle.formData?.get('status')
  const status = pending ? (alert.status === 1 ? 0 : 1) : alert.status
  const fetcherError =
    toggle.state === 'idle' && toggle.data && 'error' in toggle.data ? toggle.data.error : null
  const error = fetcherError ?? (actions.failedId === alert.id ? actions.failure : null)
  const toggleText = alert.status === 1 ? 'Pause' : alert.status === 0 ? 'Start' : 'Restart'
  const button =
    'rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:border-brand-500'
  const editLink = editHref(alert, hydrated)

  const controls = (
    <div className="flex flex-wrap gap-2">
      <toggle.Form method="post">
        <input type="hidden" name="intent" value="toggle" />
        <input type="hidden" name="kind" value={alert.kind} />
        <input type="hidden" name="id" value={alert.id} />
        <input type="hidden" name="status" value={alert.status} />
        <button type="submit" className={button} aria-label={`${toggleText} ${alertName(alert)}`}>
          {toggleText}
        </button>
      </toggle.Form>
      {editLink ? (
        <Link to={editLink} className={button} aria-label={`Edit ${alertName(alert)}`}>
          Edit
        </Link>
      ) : (
        <button
          type="button"
          className={button}
          onClick={() => actions.onEdit(alert)}
          aria-label={`Edit ${alertName(alert)}`}
        >
          Edit
        </button>
      )}
      {hydrated ? (
        <button
          type="button"
          className={`${button} text-red-700 hover:border-red-500`}
          onClick={() => actions.onDelete(alert)}
          aria-label={`Delete ${alertName(alert)}`}
        >
          Delete
        </button>
      ) : (
        <Link
          to={`/dashboard/delete/${alert.kind}/${alert.id}`}
          className={`${button} text-red-700 hover:border-red-500`}
          aria-label={`Delete ${alertName(alert)}`}
        >
          Delete
        </Link>
      )}
    </div>
  )
  return {
    status,
    controls: (
      <>
        {controls}
        <SnoozeControl
          alert={snoozableOf(alert, alertName(alert))}
          idPrefix={idPrefix}
          buttonClass={button}
        />
      </>
    ),
    error,
  }
}

/** Said of a running hotel alert whose dates Disney does not sell yet. */
export const NOT_BOOKABLE_YET =
  'Not bookable yet: Disney has not opened these dates. We keep checking and text you when a room opens.'

/**
 * The status, why an alert stopped when it did not stop by the user's hand, and why a running
 * hotel alert finds nothing yet.
 */
function StatusBadge({
  alert,
  status,
  pausedBecause,
}: {
  alert: ListedAlert
  status: number
  pausedBecause: string | null
}) {
  const paused = pausedBecause !== null && status === 1
  const waiting =
    status === 1 && alert.status === 1 && alert.kind === 'hotel' && alert.notBookableYet
  const reason = waiting
    ? NOT_BOOKABLE_YET
    : status === alert.status && status !== 1
      ? alert.statusReason
      : null
  return (
    <span>
      <span
        className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[paused ? 0 : status] ?? STATUS_STYLES[0]}`}
      >
        {paused ? pausedBecause : statusLabel(alert.kind, status)}
      </span>
      {reason && <span className="mt-1 block max-w-48 text-xs text-slate-500">{reason}</span>}
    </span>
  )
}

function TableRow({ alert, actions }: { alert: ListedAlert; actions: AlertRowActions }) {
  const { status, controls, error } = useRowActions(alert, actions, 'table')
  return (
    <tr className="align-top">
      <td className="px-4 py-3">
        <StatusBadge alert={alert} status={status} pausedBecause={actions.paused} />
        <CheckTimes alert={alert} />
      </td>
      <td className="px-4 py-3 capitalize">{alert.kind}</td>
      <td className="px-4 py-3">
        <AlertPageLink alert={alert} className="block font-medium text-slate-900" />
        <span className="block text-xs text-slate-500">{alertWhere(alert)}</span>
        <ClientName alert={alert} />
        <AlertNotice alert={alert} />
      </td>
      <td className="px-4 py-3 whitespace-nowrap">{alertWhen(alert)}</td>
      <td className="px-4 py-3 text-slate-600">
        {alertDetails(alert)}
        <TextHistory texts={alert.texts} />
      </td>
      <td className="px-4 py-3">
        {controls}
        {error && (
          <p role="alert" className="mt-2 max-w-xs text-xs text-red-700">
            {error}
          </p>
        )}
      </td>
    </tr>
  )
}

/** The list on wide screens. */
export function AlertTable({
  alerts,
  actions,
}: {
  alerts: ListedAlert[]
  actions: AlertRowActions
}) {
  return (
    <div className="mt-6 hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm sm:block">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-500 uppercase">
          <tr>
            {['Status', 'Type', 'Location', 'When', 'Details', 'Actions'].map((heading) => (
              <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {alerts.map((alert) => (
            <TableRow key={alert.id} alert={alert} actions={actions} />
          ))}
        </tbody>
      </table>
    </div>
  )
}

function Card({ alert, actions }: { alert: ListedAlert; actions: AlertRowActions }) {
  const { status, controls, error } = useRowActions(alert, actions, 'card')
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div>
          <p>
            <AlertPageLink alert={alert} className="font-semibold text-slate-900" />
          </p>
          <p className="text-sm text-slate-500">
            <span className="capitalize">{alert.kind}</span> · {alertWhere(alert)}
          </p>
          <ClientName alert={alert} />
        </div>
        <StatusBadge alert={alert} status={status} pausedBecause={actions.paused} />
      </div>
      <AlertNotice alert={alert} />
      <p className="mt-2 text-sm text-slate-700">{alertWhen(alert)}</p>
      <p className="text-sm text-slate-600">{alertDetails(alert)}</p>
      <CheckTimes alert={alert} />
      <TextHistory texts={alert.texts} />
      <div className="mt-3">{controls}</div>
      {error && (
        <p role="alert" className="mt-2 text-xs text-red-700">
          {error}
        </p>
      )}
    </li>
  )
}

/** The list on narrow screens. */
export function AlertCards({
  alerts,
  actions,
}: {
  alerts: ListedAlert[]
  actions: AlertRowActions
}) {
  return (
    <ul className="mt-6 space-y-3 sm:hidden">
      {alerts.map((alert) => (
        <Card key={alert.id} alert={alert} actions={actions} />
      ))}
    </ul>
  )
}
