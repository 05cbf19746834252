import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { StatusButton } from '~/components/ui/button'
import { FieldError, inputClass } from '~/components/ui/field'
import { ErrorText, Notice } from '~/components/ui/notice'
import { parseQuietHoursForm } from '~/domain/account-settings'
import { TIME_ZONES } from '~/domain/quiet-hours'

/** The account's quiet hours as Settings shows them: HH:MM times, and in words when on. */
export interface QuietHoursShown {
  timeZone: string | null
  quietStart: string | null
  quietEnd: string | null
  described: string | null
}

const label = 'mb-1 block text-sm font-medium text-slate-700'

/**
 * Quiet hours in Settings: a plain form (time zone, from, to) posted to /settings, and one button
 * that turns them off. Without JavaScript the post comes back with its errors beside the fields.
 */
export function QuietHoursSettings({
  quiet,
  lastResult,
  notice,
}: {
  quiet: QuietHoursShown
  lastResult?: SubmissionResult<string[]>
  notice: { tone: 'success' | 'error'; message: string } | null
}) {
  const submitting = useNavigation().formData?.get('intent')
  const [form, fields] = useForm({
    id: 'quiet-hours-form',
    lastResult,
    defaultValue: {
      timeZone: quiet.timeZone ?? '',
      quietStart: quiet.quietStart ?? '22:00',
      quietEnd: quiet.quietEnd ?? '07:00',
    },
    onValidate: ({ formData }) => parseQuietHoursForm(formData),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })

  return (
    <div id="quiet-hours" className="mt-6 border-t border-slate-100 pt-5">
      <h3 className="font-medium text-slate-900">Quiet hours</h3>
      <p className="mt-1 text-sm text-slate-600">
        {quiet.described
          ? `On: ${quiet.described}.`
          : 'Off: texts come as soon as we find an opening.'}{' '}
        During quiet hours texts wait and come as one text when they end, unless your stay or meal
        is within 48 hours.
      </p>
      <Form
        method="post"
        action="/settings"
        preventScrollReset
        {...getFormProps(form)}
        className="mt-4 grid gap-4 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-start"
      >
        <div>
          <label htmlFor={fields.timeZone.id} className={label}>
            Time zone
          </label>
          <select
            {...getSelectProps(fields.timeZone)}
            key={fields.timeZone.key}
            className={inputClass}
          >
            <option value="">Choose your time zone</option>
            {TIME_ZONES.map((zone) => (
              <option key={zone.id} value={zone.id}>
                {zone.label}
              </option>
            ))}
          </select>
          <FieldError id={fields.timeZone.errorId} errors={fields.timeZone.errors} />
        </div>
        <TimeField text="From" field={fields.quietStart} />
        <TimeField text="To" field={fields.quietEnd} />
        <StatusButton
          name="intent"
          value="quiet-hours"
          busy={submitting === 'quiet-hours'}
          busyText="Saving..."
          size="sm"
          className="w-full sm:mt-6 sm:w-auto"
        >
          Save quiet hours
        </StatusButton>
        <ErrorText id={form.errorId} className="sm:col-span-4">
          {form.errors?.[0]}
        </ErrorText>
      </Form>
      {quiet.described && (
        <Form method="post" action="/settings" preventScrollReset className="mt-3">
          <input type="hidden" name="quietStart" value="" />
          <input type="hidden" name="quietEnd" value="" />
          <StatusButton
            name="intent"
            value="quiet-hours-off"
            busy={submitting === 'quiet-hours-off'}
            busyText="Turning off..."
            tone="quiet"
            size="sm"
            className="w-full sm:w-auto"
          >
            Turn off quiet hours
          </StatusButton>
        </Form>
      )}
      {notice && (
        <Notice tone={notice.tone} className="mt-3 text-sm">
          {notice.message}
        </Notice>
      )}
    </div>
  )
}

function TimeField({
  text,
  field,
}: {
  text: string
  field: FieldMetadata<string | null | undefined>
}) {
  return (
    <div>
      <label htmlFor={field.id} className={label}>
        {text}
      </label>
      <input {...getInputProps(field, { type: 'time' })} key={field.key} className={inputClass} />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  )
}
