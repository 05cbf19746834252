const CHOICES = [
  { value: true, label: 'Keep watching for the next opening' },
  { value: false, label: 'Stop this alert after the first text' },
] as const

/**
 * What a hotel alert does after it texts. Two radio buttons rather than a checkbox, so that a
 * form posted without JavaScript says "false" too (an unchecked box posts nothing).
 */
export function KeepWatchingField({
  name,
  value,
  onChange,
  style,
}: {
  name: string
  value: boolean
  onChange: (keepWatching: boolean) => void
  /** The page form's section heading already names the choice; the wizard has no heading. */
  style: 'wizard' | 'form'
}) {
  return (
    <fieldset>
      <legend className={style === 'form' ? 'sr-only' : 'mb-2 text-sm font-medium text-slate-700'}>
        After a text
      </legend>
      <div className="space-y-2">
        {CHOICES.map((choice) => (
          <label
            key={String(choice.value)}
            className="flex items-center gap-3 text-sm text-slate-700"
          >
            <input
              type="radio"
              name={name}
              value={String(choice.value)}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
