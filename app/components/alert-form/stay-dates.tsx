import type { HotelDraft } from '~/domain/hotel-drafts'
import { DateInput, DateRangeCalendar } from './calendar'

type StayDatesValue = Pick<HotelDraft, 'checkInDate' | 'checkOutDate'>

/**
 * A stay's check-in and check-out: one range calendar with JavaScript, the browser's own date
 * fields without it (`onChange` absent). The hotel form's stay and the price watch's booked stay.
 */
export function StayDates({
  idPrefix,
  stay,
  minDate,
  onChange,
}: {
  idPrefix: string
  stay: StayDatesValue
  minDate: string
  onChange?: (changes: StayDatesValue) => void
}) {
  if (!onChange)
    return (
      <div className="grid gap-4 sm:grid-cols-2">
        <DateInput
          label="Check-in"
          name="checkInDate"
          min={minDate}
          defaultValue={stay.checkInDate}
        />
        <DateInput
          label="Check-out"
          name="checkOutDate"
          min={minDate}
          defaultValue={stay.checkOutDate}
        />
      </div>
    )
  return (
    <>
      <input type="hidden" name="checkInDate" value={stay.checkInDate} />
      <input type="hidden" name="checkOutDate" value={stay.checkOutDate} />
      <DateRangeCalendar
        id={`${idPrefix}-dates`}
        minDate={minDate}
        value={{ from: stay.checkInDate || undefined, to: stay.checkOutDate || undefined }}
        onChange={(range) =>
          onChange({ checkInDate: range.from ?? '', checkOutDate: range.to ?? '' })
        }
      />
    </>
  )
}
