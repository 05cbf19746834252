import {
  FORM_TOLERANCES,
  MEAL_WINDOWS,
  TIME_SLOTS,
  toleranceLabel,
  twelveHour,
  WIZARD_TOLERANCES,
} from '~/domain/dining-alert'
import { MEALS } from '~/domain/flexible-dining'
import { useHydrated } from '~/hooks/use-hydrated'
import { inputClass } from './field'
import type { TimeFields } from '~/domain/dining-drafts'

const chip =
  'cursor-pointer rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 peer-checked:border-brand-600 peer-checked:bg-brand-600 peer-checked:text-white peer-focus-visible:ring-2 peer-focus-visible:ring-brand-300'
const NONE: TimeFields = { mealPeriods: [], specificTime: '', tolerance: 0 }

/** The flexibility a time may have, and its field's label, in the wizard and in the page form. */
const FLEXIBILITY = {
  wizard: { tolerances: WIZARD_TOLERANCES, label: 'Time Range' },
  form: { tolerances: FORM_TOLERANCES, label: 'Time flexibility' },
} as const

/** The times of day a dining alert may name, as a select's options. */
export function TimeSlotOptions() {
  return TIME_SLOTS.map((slot) => (
    <option key={slot} value={slot}>
      {twelveHour(slot)}
    </option>
  ))
}

/**
 * All Day, one or more meals, or a specific time with its flexibility. The meals are checkboxes
 * and All Day a radio button, styled as buttons, so they work without JavaScript (where meals or
 * a time picked while All Day is still checked mean those); the flexibility shows for a time.
 */
export function TimePreferenceField({
  value,
  onChange,
  style,
  idPrefix,
}: {
  value: TimeFields
  onChange: (value: TimeFields) => void
  style: 'wizard' | 'form'
  idPrefix: string
}) {
  const { tolerances, label: flexibilityLabel } = FLEXIBILITY[style]
  const hydrated = useHydrated()
  const allDay = !value.mealPeriods.length && !value.specificTime
  const toggle = (meal: (typeof MEALS)[number]) =>
    onChange({
      ...NONE,
      mealPeriods: value.mealPeriods.includes(meal)
        ? value.mealPeriods.filter((chosen) => chosen !== meal)
        : MEALS.filter((item) => item === meal || value.mealPeriods.includes(item)),
    })
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="sr-only">Preferred Time</legend>
        <div className="flex flex-wrap gap-2">
          <label>
            <input
              type="radio"
              name="timeChoice"
              value="all-day"
              checked={allDay}
              onChange={() => onChange(NONE)}
              className="peer sr-only"
            />
            <span className={chip}>All Day</span>
          </label>
          {MEALS.map((meal) => (
            <label key={meal}>
              <input
                type="checkbox"
                name="mealPeriods"
                value={meal}
                checked={value.mealPeriods.includes(meal)}
                onChange={() => toggle(meal)}
                className="peer sr-only"
              />
              <span className={chip}>{MEAL_WINDOWS[meal].label}</span>
            </label>
          ))}
          {!hydrated && (
            <label>
              <input
                type="radio"
                name="timeChoice"
                value="time"
                defaultChecked={Boolean(value.specificTime) && !value.mealPeriods.length}
                className="peer sr-only"
              />
              <span className={chip}>Specific time</span>
            </label>
          )}
        </div>
        <p className="mt-2 text-xs text-slate-500">Choose one meal or several.</p>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="block text-sm font-medium text-slate-700" htmlFor={`${idPrefix}-time`}>
          Or a specific time
          <select
            id={`${idPrefix}-time`}
            name="specificTime"
            value={value.specificTime}
            onChange={(event) =>
              onChange({
                ...NONE,
                specificTime: event.currentTarget.value,
                tolerance: value.tolerance,
              })
            }
            className={`mt-1 ${inputClass}`}
          >
            <option value="">Choose a time</option>
            <TimeSlotOptions />
          </select>
        </label>
        {(!hydrated || value.specificTime) && (
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
                onChange({
                  mealPeriods: value.mealPeriods,
                  specificTime: value.specificTime,
                  tolerance: Number(event.currentTarget.value),
                })
              }
              className={`mt-1 ${inputClass}`}
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
