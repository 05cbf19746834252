/** A number with − and + buttons that never leaves its range (catalogue §5: default 0 to 99). */
export function NumberStepper({
  id,
  name,
  label,
  value,
  onChange,
  min = 0,
  max = 99,
}: {
  id: string
  name?: string
  label: string
  value: number
  onChange: (value: number) => void
  min?: number
  max?: number
}) {
  const clamp = (next: number) =>
    Math.min(max, Math.max(min, Number.isFinite(next) ? Math.round(next) : min))
  const button =
    'h-11 w-11 rounded-lg border border-slate-300 text-lg font-semibold text-slate-700 hover:border-brand-500 disabled:opacity-40'
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <button
          type="button"
          className={button}
          aria-label={`Fewer ${label}`}
          disabled={value <= min}
          onClick={() => onChange(clamp(value - 1))}
        >
          −
        </button>
        <input
          id={id}
          name={name}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          value={value}
          onChange={(event) => onChange(clamp(event.currentTarget.valueAsNumber))}
          className="h-11 w-16 rounded-lg border border-slate-300 text-center"
        />
        <button
          type="button"
          className={button}
          aria-label={`More ${label}`}
          disabled={value >= max}
          onClick={() => onChange(clamp(value + 1))}
        >
          +
        </button>
      </div>
    </div>
  )
}
