import { getTextareaProps, type FieldMetadata } from '@conform-to/react'
import { FieldError, inputClass } from './field'

/**
 * A labelled Conform textarea with its error beside it: `Field`'s twin for longer text, in a
 * module of its own so that the pages without one don't load it.
 */
export function TextareaField({
  label,
  field,
  rows,
  maxLength,
}: {
  label: string
  field: FieldMetadata<string | null | undefined>
  rows: number
  maxLength: number
}) {
  return (
    <div>
      <label htmlFor={field.id} className="mb-2 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        {...getTextareaProps(field)}
        key={field.key}
        rows={rows}
        maxLength={maxLength}
        className={inputClass}
      />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  )
}
