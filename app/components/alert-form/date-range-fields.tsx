import { formatLongDate } from '~/domain/dates'
import type { DiningDatesChoice } from '~/domain/dining-coverage'
import { MAX_DINING_DATES } from '~/domain/flexible-dining'
import { useHydrated } from '~/hooks/use-hydrated'
import { DateInput, SingleDateCalendar } from './calendar'
import { secondaryButton } from './field'

const labelClass = 'mb-1 block text-sm font-medium text-slate-700'
// The calendars' buttons say the date (or "Select a date"); each group says which date it is.

/**
 * The dates a dining alert watches: one date, or a range through a later one (at most
 * MAX_DINING_DATES days), as calendars with JavaScript and the browser's date fields without
 * (reserveDate, latestReserveDate). An alert made with dates apart (reserveDates, through the
 * API) shows them as checkboxes to keep, with a way back to a range.
 */
export function DiningDatesField({
  value,
  onChange,
  minDate,
  idPrefix,
}: {
  value: DiningDatesChoice
  onChange: (value: DiningDatesChoice) => void
  minDate: string
  idPrefix: string
}) {
  const hydrated = useHydrated()
  const { reserveDate, latestReserveDate, reserveDates } = value
  if (reserveDates.length) return <DateList dates={reserveDates} onChange={onChange} />
  const hint = (
    <p className="mt-2 text-xs text-slate-500">
      Add a through date to watch every day from the first to it, up to {MAX_DINING_DATES} days.
    </p>
  )
  if (!hydrated)
    return (
      <>
        <div className="grid gap-4 sm:grid-cols-2">
          <DateInput
            label="Reserve Date"
            name="reserveDate"
            min={minDate}
            defaultValue={reserveDate}
          />
          <DateInput
            label="Through (optional)"
            name="latestReserveDate"
            min={minDate}
            defaultValue={latestReserveDate}
          />
        </div>
        {hint}
      </>
    )
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <div role="group" aria-labelledby={`${idPrefix}-date-label`}>
          <span id={`${idPrefix}-date-label`} className={labelClass}>
            Reserve Date
          </span>
          <input type="hidden" name="reserveDate" value={reserveDate} />
          <SingleDateCalendar
            id={`${idPrefix}-date`}
            minDate={minDate}
            value={reserveDate || undefined}
            onChange={(date) =>
              onChange({
                reserveDate: date,
                reserveDates: [],
                // A through date before the new first date no longer makes a range.
                latestReserveDate: latestReserveDate > date ? latestReserveDate : '',
              })
            }
          />
        </div>
        <div role="group" aria-labelledby={`${idPrefix}-through-label`}>
          <span id={`${idPrefix}-through-label`} className={labelClass}>
            Through (optional)
          </span>
          <input type="hidden" name="latestReserveDate" value={latestReserveDate} />
          <SingleDateCalendar
            id={`${idPrefix}-through`}
            minDate={reserveDate || minDate}
            value={latestReserveDate || undefined}
            onChange={(date) => onChange({ reserveDate, latestReserveDate: date, reserveDates })}
          />
          {latestReserveDate && (
            <button
              type="button"
              onClick={() => onChange({ reserveDate, latestReserveDate: '', reserveDates })}
              className="text-brand-700 mt-1 text-sm font-semibold hover:underline"
            >
              One date only
            </button>
          )}
        </div>
      </div>
      {hint}
    </>
  )
}

/** Dates apart, each kept while checked; "Choose a range instead" starts from the first. */
function DateList({
  dates,
  onChange,
}: {
  dates: readonly string[]
  onChange: (value: DiningDatesChoice) => void
}) {
  const hydrated = useHydrated()
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm text-slate-600">
        This alert watches these dates. Uncheck any to stop watching it.
      </legend>
      <div className="flex flex-wrap gap-3">
        {dates.map((date) => (
          <label key={date} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              name="reserveDates"
              value={date}
              checked
              onChange={() =>
                onChange({
                  reserveDate: '',
                  latestReserveDate: '',
                  reserveDates: dates.filter((chosen) => chosen !== date),
                })
              }
            />
            {formatLongDate(date)}
          </label>
        ))}
      </div>
      <button
        // A plain button with JavaScript, so Enter in a field never presses it.
        type={hydrated ? 'button' : 'submit'}
        name="change"
        value="reserveDates"
        formMethod="get"
        formNoValidate
        className={secondaryButton}
        onClick={(event) => {
          event.preventDefault()
          onChange({ reserveDate: dates[0]!, latestReserveDate: '', reserveDates: [] })
        }}
      >
        Choose a range instead
      </button>
    </fieldset>
  )
}
