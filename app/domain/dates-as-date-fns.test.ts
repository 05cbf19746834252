import { differenceInCalendarDays, format, parseISO } from 'date-fns'
import { describe, expect, it } from 'vitest'
import { formatLongDate, formatShortDate, isIsoDate, nightsBetween } from './dates'

// The pages' own date code against date-fns, which wrote these texts before: every day of two
// years (a leap day and both daylight-saving changes among them) reads the same.
describe('dates as date-fns wrote them', () => {
  const days = Array.from({ length: 731 }, (_, i) =>
    new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10),
  )

  it('formats, counts nights and checks dates as before', () => {
    for (const iso of days) {
      const date = parseISO(iso)
      expect(formatLongDate(iso)).toBe(format(date, 'EEE, MMM d, yyyy'))
      expect(formatShortDate(iso, 2027)).toBe(
        format(date, date.getFullYear() === 2027 ? 'MMM d' : 'MMM d, yyyy'),
      )
      expect(nightsBetween('2027-01-01', iso)).toBe(
        differenceInCalendarDays(date, parseISO('2027-01-01')),
      )
      expect(isIsoDate(iso)).toBe(true)
    }
    expect(isIsoDate('2027-02-29')).toBe(false)
    expect(isIsoDate('2028-02-29')).toBe(true)
  })
})
