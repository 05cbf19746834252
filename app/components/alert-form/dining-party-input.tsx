import { DINING_PARTY } from '~/domain/dining-alert'

/** A dining party's size, typed: kept within DINING_PARTY as it is typed and when it is left. */
export function DiningPartyInput({
  value,
  onChange,
  id,
  name,
  className = '',
}: {
  value: number
  onChange: (partySize: number) => void
  id?: string
  name?: string
  className?: string
}) {
  return (
    <input
      id={id}
      name={name}
      type="number"
      inputMode="numeric"
      min={DINING_PARTY.min}
      max={DINING_PARTY.max}
      value={value || ''}
      onChange={(event) =>
        onChange(Math.min(DINING_PARTY.max, event.currentTarget.valueAsNumber || 0))
      }
      onBlur={() => onChange(Math.max(DINING_PARTY.min, value || DINING_PARTY.min))}
      className={`block w-28 rounded-lg border border-slate-300 px-3 py-2.5 text-center text-base ${className}`.trim()}
    />
  )
}
