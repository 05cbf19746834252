import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { StatusButton } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { TextareaField } from '~/components/ui/textarea-field'
import { ErrorText } from '~/components/ui/notice'
import { CLIENT_NOTE_MAX } from '~/domain/client'
import { numberAsTyped, parseClientForm } from '~/domain/client-settings'

export interface ClientFormValues {
  name: string
  note: string
  phoneNumber: string
  email: string
}

/**
 * A client's name, note, mobile number and email, added or changed: a plain form posted with
 * `intent`, checked in the browser with the action's own schema (the number's validity aside,
 * which the action answers beside it). A refusal comes back with the typed values kept and its
 * words beside their field, or above the button when they belong to none (the plan's limit).
 */
export function ClientForm({
  id,
  intent,
  submitText,
  busyText,
  lastResult,
  defaultValue,
  children,
}: {
  id: string
  intent: string
  submitText: string
  busyText: string
  lastResult?: SubmissionResult<string[]>
  defaultValue?: ClientFormValues
  /** Beside the submit button: a way back. */
  children?: ReactNode
}) {
  const busy = useNavigation().formData?.get('intent') === intent
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseClientForm(formData, numberAsTyped),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
      <ErrorText id={form.errorId}>{form.errors?.[0]}</ErrorText>
      <Field
        label="Name"
        field={fields.name}
        hint="How you tell this client's alerts apart: a family, a group, a trip."
        inputProps={{ autoComplete: 'off' }}
      />
      <TextareaField
        label="Note (optional)"
        field={fields.note}
        rows={2}
        maxLength={CLIENT_NOTE_MAX}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Mobile number (optional)"
          field={fields.phoneNumber}
          type="tel"
          hint="We text it only once your client replies YES to our request."
          inputProps={{ autoComplete: 'off', inputMode: 'tel', placeholder: '(201) 555-0123' }}
        />
        <Field
          label="Email (optional)"
          field={fields.email}
          type="email"
          inputProps={{ autoComplete: 'off' }}
        />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row-reverse sm:justify-end">
        <StatusButton name="intent" value={intent} busy={busy} busyText={busyText} size="sm">
          {submitText}
        </StatusButton>
        {children}
      </div>
    </Form>
  )
}
