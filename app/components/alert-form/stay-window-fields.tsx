import { useState } from 'react'
import { ErrorText } from '~/components/ui/notice'
import type { HotelDraft } from '~/domain/hotel-drafts'
import { MAX_CHECK_IN_SPREAD_DAYS } from '~/domain/flexible-stays'
import { MAX_NIGHTS } from '~/domain/hotel-alert'
import { DateInput, SingleDateCalendar } from './calendar'
import { StayDates } from './stay-dates'

export type StayFields = Pick<
  HotelDraft,
  'checkInDate' | 'checkOutDate' | 'latestCheckInDate' | 'lengthOfStay' | 'minNights' | 'maxNights'
>

const label = 'mb-1 block text-sm font-medium text-slate-700'
const numberField = 'block h-11 w-20 rounded-lg border border-slate-300 text-center'
const nightsOf = (value: string) => (value === '' ? null : Number(value))

/**
 * The stay: today's check-in and check-out, and behind "My dates are flexible" (a <details>,
 * which opens without JavaScript) the latest check-in of a window and a length in nights in
 * place of the check-out. With `onChange` the dates are calendars; without it (no JavaScript)
 * the browser's own date and number fields, posted as they are.
 */
export function StayWindowFields({
  idPrefix,
  stay,
  minDate,
  onChange,
  errors = {},
}: {
  idPrefix: string
  stay: StayFields
  minDate: string
  onChange?: (changes: Partial<StayFields>) => void
  errors?: { latestCheckInDate?: string; nights?: string }
}) {
  // Open at first when the stay is already flexible; then as the person leaves it.
  const [open] = useState(Boolean(stay.latestCheckInDate) || stay.lengthOfStay === 'nights')
  const byNights = stay.lengthOfStay === 'nights'

  return (
    <div className="space-y-4">
      {onChange && byNights ? (
        <div>
          <input type="hidden" name="checkInDate" value={stay.checkInDate} />
          <p className={label}>{stay.latestCheckInDate ? 'Earliest check-in' : 'Check-in'}</p>
          <SingleDateCalendar
            id={`${idPrefix}-check-in`}
            minDate={minDate}
            value={stay.checkInDate || undefined}
            onChange={(checkInDate) => onChange({ checkInDate })}
          />
        </div>
      ) : (
        <StayDates idPrefix={idPrefix} stay={stay} minDate={minDate} onChange={onChange} />
      )}

      <details open={open} className="rounded-lg border border-slate-200 p-3">
        <summary className="text-brand-700 cursor-pointer text-sm font-semibold">
          My dates are flexible
        </summary>
        <div className="mt-3 space-y-4">
          <div>
            {onChange ? (
              <>
                <input type="hidden" name="latestCheckInDate" value={stay.latestCheckInDate} />
                <p className={label}>Latest check-in</p>
                <div className="flex items-center gap-3">
                  <div className="grow">
                    <SingleDateCalendar
                      id={`${idPrefix}-latest-check-in`}
                      minDate={stay.checkInDate || minDate}
                      value={stay.latestCheckInDate || undefined}
                      onChange={(latestCheckInDate) => onChange({ latestCheckInDate })}
                    />
                  </div>
                  {stay.latestCheckInDate && (
                    <button
                      type="button"
                      className="text-brand-700 text-sm font-semibold hover:underline"
                      onClick={() => onChange({ latestCheckInDate: '' })}
                    >
                      Clear
                    </button>
                  )}
                </div>
              </>
            ) : (
              <DateInput
                label="Latest check-in"
                name="latestCheckInDate"
                min={minDate}
                defaultValue={stay.latestCheckInDate}
              />
            )}
            <p className="mt-1 text-sm text-slate-500">
              {`Check in on any day from the check-in date to this one, at most ${MAX_CHECK_IN_SPREAD_DAYS} days later.`}
            </p>
            <ErrorText className="mt-1">{errors.latestCheckInDate}</ErrorText>
          </div>

          <fieldset>
            <legend className={label}>Length of stay</legend>
            <div className="space-y-2">
              {(
                [
                  ['checkOut', 'Until the check-out date'],
                  ['nights', 'A number of nights'],
                ] as const
              ).map(([value, text]) => (
                <label key={value} className="flex items-center gap-3 text-sm text-slate-700">
                  <input
                    type="radio"
                    name="lengthOfStay"
                    value={value}
                    checked={stay.lengthOfStay === value}
                    onChange={() => onChange?.({ lengthOfStay: value })}
                  />
                  {text}
                </label>
              ))}
            </div>
          </fieldset>

          {(byNights || !onChange) && (
            <div>
              <div className="flex flex-wrap gap-6">
                {(
                  [
                    ['minNights', 'Nights'],
                    ['maxNights', 'Up to (optional)'],
                  ] as const
                ).map(([name, text]) => (
                  <div key={name}>
                    <label htmlFor={`${idPrefix}-${name}`} className={label}>
                      {text}
                    </label>
                    <input
                      id={`${idPrefix}-${name}`}
                      name={name}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={MAX_NIGHTS}
                      defaultValue={stay[name] ?? ''}
                      onChange={(event) =>
                        onChange?.({ [name]: nightsOf(event.currentTarget.value) })
                      }
                      className={numberField}
                    />
                  </div>
                ))}
              </div>
              <p className="mt-1 text-sm text-slate-500">
                For example 5 up to 6: any stay of 5 or 6 nights, in place of the check-out date.
              </p>
              <ErrorText className="mt-1">{errors.nights}</ErrorText>
            </div>
          )}
        </div>
      </details>
    </div>
  )
}
