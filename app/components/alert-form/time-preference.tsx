import {
  MEAL_WINDOWS,
  TIME_SLOTS,
  toleranceLabel,
  twelveHour,
  type Meal,
} from '~/domain/dining-alert'
import { useHydrated } from '~/hooks/use-hydrated'
import type { TimeChoice, TimeFields } from '~/domain/alert-drafts'

const CHOICES: { value: TimeChoice; label: string }[] = [
  { value: 'all-day', label: 'All Day' },
  ...(Object.keys(MEAL_WINDOWS) as Meal[]).map((meal) => ({
    value: meal,
    label: MEAL_WINDOWS[meal].label,
  })),
]

/**
 * All Day, a meal, or a specific time with its flexibility. The choices are radio buttons
 * styled as buttons, so they work without JavaScript; the flexibility shows for a specific time.
 */
export function TimePreferenceField({
  value,
  onChange,
  tolerances,
  style,
  flexibilityLabel,
  idPrefix,
}: {
  value: TimeFields
  onChange: (value: TimeFields) => void
  tolerances: readonly number[]
  style: 'wizard' | 'form'
  flexibilityLabel: string
  idPrefix: string
}) {
  const hydrated = useHydrated()
  const chip =
    'cursor-pointer rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 peer-checked:border-brand-600 peer-checked:bg-brand-600 peer-checked:text-white peer-focus-visible:ring-2 peer-focus-visible:ring-brand-300'
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="sr-only">Preferred Time</legend>
        <div className="flex flex-wrap gap-2">
          {CHOICES.map((choice) => (
            <label key={choice.value}>
              <input
                type="radio"
                name="timeChoice"
                value={choice.value}
                checked={value.timeChoice === choice.value}
                onChange={() => onChange({ ...value, timeChoice: choice.value })}
                className="peer sr-only"
              />
              <span className={chip}>{choice.label}</span>
            </label>
          ))}
          {!hydrated && (
            <label>
              <input
                type="radio"
                name="timeChoice"
                value="time"
                defaultChecked={value.timeChoice === 'time'}
                className="peer sr-only"
              />
              <span className={chip}>Specific time</span>
            </label>
          )}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="block text-sm font-medium text-slate-700" htmlFor={`${idPrefix}-time`}>
          Or a specific time
          <select
            id={`${idPrefix}-time`}
            name="specificTime"
            value={value.timeChoice === 'time' ? value.specificTime : ''}
            onChange={(event) => {
              const time = event.currentTarget.value
              onChange(
                time
                  ? { ...value, timeChoice: 'time', specificTime: time }
                  : { ...value, timeChoice: 'all-day' },
              )
            }}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5"
          >
            <option value="">Choose a time</option>
            {TIME_SLOTS.map((slot) => (
              <option key={slot} value={slot}>
                {twelveHour(slot)}
              </option>
            ))}
          </select>
        </label>
        {(!hydrated || value.timeChoice === 'time') && (
          <label
            className="block text-sm font-medium text-slate-700"
            htmlFor={`${idPrefix}-tolerance`}
          >
            {flexibilityLabel}
            <select
              id={`${idPrefix}-tolerance`}
              name="tolerance"
              value={String(value.tolerance)}
              onChange={(event) =>
                onChange({ ...value, tolerance: Number(event.currentTarget.value) })
              }
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5"
            >
              {tolerances.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {toleranceLabel(minutes, style)}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
    </div>
  )
}
