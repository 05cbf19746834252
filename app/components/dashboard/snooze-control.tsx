import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, useFetcher, useLocation } from '@remix-run/react'
import { FieldError } from '~/components/ui/field'
import type { AlertKind } from '~/domain/alerts'
import { diningAlertShape, hotelAlertShape } from '~/domain/alert-shape'
import { formatLongDate, todayIn } from '~/domain/dates'
import { findDestination } from '~/domain/destinations'
import { lastSnoozeDate, parseSnoozeForm } from '~/domain/snooze'
import type { DashboardAlert } from '~/models/dashboard.server'

/** An alert as its snooze form needs it: the date of its stay or meal, and its destination's today. */
export interface Snoozable {
  kind: AlertKind
  id: string
  name: string
  status: number
  snoozedUntil: string | null
  startsOn: string
  today: string
}

/** A flexible alert's snooze ends before its earliest stay or date, as its schema has it. */
export function snoozableOf(alert: DashboardAlert, name: string): Snoozable {
  const [destination, startsOn] =
    alert.kind === 'hotel'
      ? [hotelAlertShape(alert).destination, alert.checkInDate]
      : [alert.resortLocationIdentifier, diningAlertShape(alert).reserveDates[0]!]
  return {
    kind: alert.kind,
    id: alert.id,
    name,
    status: alert.status,
    snoozedUntil: alert.snoozedUntil,
    startsOn,
    today: todayIn(findDestination(destination)?.timeZone ?? 'America/New_York'),
  }
}

/** Where an alert's snooze posts: its own route, which sends the visitor back to this view. */
export function snoozeAction(alert: { kind: AlertKind; id: string }, search: string) {
  return `/dashboard/snooze/${alert.kind}/${alert.id}${search}`
}

type FormComponent = typeof Form

/**
 * "Snooze until" a date: a plain form, its error beside the date. `as` is the dashboard's
 * fetcher form or, on the snooze page without JavaScript, a plain one.
 */
export function SnoozeForm({
  alert,
  formId,
  action,
  lastResult,
  as: FormElement,
  buttonClass,
}: {
  alert: Snoozable
  formId: string
  action: string
  lastResult?: SubmissionResult<string[]> | null
  as: FormComponent
  buttonClass: string
}) {
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    defaultValue: { snoozedUntil: alert.snoozedUntil ?? '' },
    onValidate: ({ formData }) => parseSnoozeForm(formData, alert),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const field = fields.snoozedUntil
  return (
    <FormElement method="post" action={action} {...getFormProps(form)} className="mt-2 space-y-2">
      <label htmlFor={field.id} className="block text-xs font-medium text-slate-700">
        Snooze until
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          {...getInputProps(field, { type: 'date' })}
          key={field.key}
          min={alert.today}
          max={lastSnoozeDate(alert.startsOn)}
          required
          className="rounded-md border border-slate-300 px-2 py-1.5 text-base aria-[invalid]:border-red-500 sm:text-sm"
        />
        <button type="submit" className={buttonClass} aria-label={`Snooze ${alert.name}`}>
          Snooze
        </button>
      </div>
      <FieldError id={field.errorId} errors={field.errors} />
    </FormElement>
  )
}

/**
 * A running alert's Snooze (a date, in a disclosure that opens without JavaScript), or what it is
 * snoozed until with Unsnooze. Both post to the alert's snooze route; with JavaScript, by fetcher.
 */
export function SnoozeControl({
  alert,
  idPrefix,
  buttonClass,
}: {
  alert: Snoozable
  idPrefix: string
  buttonClass: string
}) {
  const fetcher = useFetcher<{ result: SubmissionResult<string[]> }>()
  const action = snoozeAction(alert, useLocation().search)
  const refused = fetcher.state === 'idle' ? fetcher.data?.result : undefined
  if (alert.snoozedUntil)
    return (
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <span className="text-xs font-medium text-slate-600">
          Snoozed until {formatLongDate(alert.snoozedUntil)}
        </span>
        <fetcher.Form method="post" action={action}>
          <input type="hidden" name="snoozedUntil" value="" />
          <button type="submit" className={buttonClass} aria-label={`Unsnooze ${alert.name}`}>
            Unsnooze
          </button>
        </fetcher.Form>
      </div>
    )
  if (alert.status !== 1 || alert.startsOn <= alert.today) return null
  return (
    <details className="mt-2" open={refused ? true : undefined}>
      <summary className={`${buttonClass} inline-block cursor-pointer list-none`}>Snooze</summary>
      <SnoozeForm
        alert={alert}
        formId={`${idPrefix}-snooze-${alert.id}`}
        action={action}
        lastResult={refused}
        as={fetcher.Form}
        buttonClass={buttonClass}
      />
    </details>
  )
}
