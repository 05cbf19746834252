import { getInputProps, type FieldMetadata } from '@conform-to/react'
import type { InputHTMLAttributes, ReactNode } from 'react'
import { ErrorText } from './notice'

export const inputClass =
  'block w-full rounded-lg border border-slate-300 px-4 py-3 text-lg shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid]:border-red-500'

/** The first error of a form field, right below it, named by the field's aria-describedby. */
export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <ErrorText id={id} className="mt-2">
      {errors?.[0]}
    </ErrorText>
  )
}

/** A labelled Conform text input with an optional hint and its error beside it. */
export function Field({
  label,
  field,
  type = 'text',
  hint,
  inputProps,
  className,
}: {
  label: string
  field: FieldMetadata<string | null | undefined>
  type?: 'text' | 'tel' | 'email'
  hint?: ReactNode
  inputProps?: InputHTMLAttributes<HTMLInputElement>
  className?: string
}) {
  return (
    <div className={className}>
      <label htmlFor={field.id} className="mb-2 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        {...getInputProps(field, { type })}
        key={field.key}
        {...inputProps}
        className={`${inputClass} ${inputProps?.className ?? ''}`.trim()}
      />
      {hint && <p className="mt-2 text-xs text-slate-500">{hint}</p>}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  )
}
