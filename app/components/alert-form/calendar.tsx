import type { LinksFunction } from '@remix-run/node'
import { forwardRef, lazy, Suspense, useState, type ComponentPropsWithoutRef } from 'react'
import dayPickerStyles from 'react-day-picker/style.css'
import { formatDateRange, formatLongDate, formatShortDate, type DateRange } from '~/domain/dates'
import type { CalendarProps } from './calendar-popover'
import { inputClass } from './field'

// The calendars (react-day-picker, date-fns and Headless UI's Popover, about 45 kB gzipped) load
// when the visitor first points at or clicks a date field, not with the page.
const loadPopover = () => import('./calendar-popover')
const DatePopover = lazy(() => loadPopover().then((module) => ({ default: module.DatePopover })))

/**
 * The calendar's stylesheet. A page with a calendar only preloads it, so it does not hold up the
 * page's first paint; the calendar applies it when it opens, by then from the browser's cache.
 */
export const calendarStylesheet = dayPickerStyles

export const preloadCalendarStyles: LinksFunction = () => [
  { rel: 'preload', as: 'style', href: dayPickerStyles },
]

function CalendarIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="h-5 w-5 text-slate-500"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
    >
      <rect x="3" y="4.5" width="14" height="12" rx="2" />
      <path d="M3 8.5h14M7 3v3M13 3v3" strokeLinecap="round" />
    </svg>
  )
}

export interface CalendarTriggerProps {
  id: string
  label: string
  /** Nothing chosen yet: the label is a prompt. */
  empty: boolean
}

/** The button that opens a calendar: the popover's own, and its stand-in until that loads. */
export const CalendarTrigger = forwardRef<
  HTMLButtonElement,
  CalendarTriggerProps & ComponentPropsWithoutRef<'button'>
>(function CalendarTrigger({ label, empty, ...props }, ref) {
  return (
    <button
      type="button"
      ref={ref}
      className="hover:border-brand-500 flex w-full items-center justify-between rounded-lg border border-slate-300 px-3 py-2.5 text-left shadow-sm"
      {...props}
    >
      <span className={empty ? 'text-slate-500' : 'text-slate-900'}>{label}</span>
      <CalendarIcon />
    </button>
  )
})

/**
 * A calendar field: the stand-in trigger until the calendar is wanted (pointing or focusing starts
 * the download, a click opens it), then the calendar in its popover.
 */
function CalendarOnDemand(props: CalendarProps) {
  const [opened, setOpened] = useState(false)
  const standIn = (
    <CalendarTrigger
      {...props.trigger}
      onPointerEnter={() => void loadPopover()}
      onFocus={() => void loadPopover()}
      onClick={() => setOpened(true)}
    />
  )
  if (!opened) return standIn
  return (
    <Suspense fallback={standIn}>
      <DatePopover {...props} />
    </Suspense>
  )
}

/** Check-in and check-out on a range calendar; past days cannot be picked. */
export function DateRangeCalendar({
  value,
  onChange,
  minDate,
  id,
}: {
  value: DateRange
  onChange: (range: DateRange) => void
  minDate: string
  id: string
}) {
  const currentYear = new Date().getFullYear()
  const label =
    value.from && value.to
      ? formatDateRange(value.from, value.to, currentYear)
      : value.from
        ? `${formatShortDate(value.from, currentYear)} - …`
        : 'Select dates'
  return (
    <CalendarOnDemand
      trigger={{ id, label, empty: !value.from }}
      minDate={minDate}
      pick={{ mode: 'range', value, onChange }}
    />
  )
}

/** One reservation date on a calendar; past days cannot be picked. */
export function SingleDateCalendar({
  value,
  onChange,
  minDate,
  id,
}: {
  value?: string
  onChange: (date: string) => void
  minDate: string
  id: string
}) {
  return (
    <CalendarOnDemand
      trigger={{ id, label: value ? formatLongDate(value) : 'Select a date', empty: !value }}
      minDate={minDate}
      pick={{ mode: 'single', value, onChange }}
    />
  )
}

/** The browser's own date field, labelled: the calendar of a page without JavaScript. */
export function DateInput({
  label,
  name,
  min,
  defaultValue,
}: {
  label: string
  name: string
  min: string
  defaultValue?: string
}) {
  return (
    <label className="block text-sm font-medium text-slate-700">
      {label}
      <input
        type="date"
        name={name}
        min={min}
        defaultValue={defaultValue}
        className={`mt-1 ${inputClass}`}
      />
    </label>
  )
}
