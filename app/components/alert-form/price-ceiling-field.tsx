import { ErrorText } from '~/components/ui/notice'
import type { HotelDraft, PriceCeilingKind } from '~/domain/hotel-drafts'
import { inputClass } from './field'

type PriceCeiling = Pick<HotelDraft, 'priceCeiling' | 'maxPrice'>

const KINDS: readonly { value: PriceCeilingKind; label: string }[] = [
  { value: 'night', label: 'a night' },
  { value: 'stay', label: 'for the whole stay' },
]

/**
 * A hotel alert's price ceiling (issue 30): the most the family would pay, a night or for the
 * whole stay, blank for any price. The dollars are a text field, so that "$1,200" is read as
 * people type it (hotel-drafts.ts) and a refused value comes back as it was typed; the choice is
 * two radio buttons, which post without JavaScript.
 */
export function PriceCeilingField({
  idPrefix,
  names,
  value,
  onChange,
  error,
}: {
  idPrefix: string
  /** The fields' names: the page form posts its own; the wizard's must not join the page's. */
  names: { priceCeiling: string; maxPrice: string }
  value: PriceCeiling
  onChange: (changes: Partial<PriceCeiling>) => void
  error?: string
}) {
  const id = `${idPrefix}-max-price`
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        Most you would pay, in US dollars (optional)
      </label>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
        <input
          id={id}
          name={names.maxPrice}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="450"
          value={value.maxPrice}
          onChange={(event) => onChange({ maxPrice: event.currentTarget.value })}
          aria-describedby={`${id}-hint`}
          aria-invalid={error ? true : undefined}
          aria-errormessage={error ? `${id}-error` : undefined}
          className={`${inputClass} max-w-40`}
        />
        <fieldset className="flex flex-wrap gap-x-5 gap-y-2">
          <legend className="sr-only">The price is</legend>
          {KINDS.map((kind) => (
            <label key={kind.value} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="radio"
                name={names.priceCeiling}
                value={kind.value}
                checked={value.priceCeiling === kind.value}
                onChange={() => onChange({ priceCeiling: kind.value })}
              />
              {kind.label}
            </label>
          ))}
        </fieldset>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500">
        We skip openings priced above it. Prices are Disney&apos;s before tax; a night is the
        stay&apos;s average.
      </p>
      <ErrorText id={`${id}-error`} className="mt-1">
        {error}
      </ErrorText>
    </div>
  )
}
