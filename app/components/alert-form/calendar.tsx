import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react'
import { format, parseISO } from 'date-fns'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { DayPicker } from 'react-day-picker'
import {
  formatDateRange,
  formatLongDate,
  formatShortDate,
  nextRange,
  type DateRange,
} from '~/domain/dates'

const toIso = (date: Date) => format(date, 'yyyy-MM-dd')
const fromIso = (iso?: string) => (iso ? parseISO(iso) : undefined)
/** The popup stays open a moment after the last pick so the choice can be seen (catalogue §4). */
const CLOSE_DELAY_MS = 180

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

const triggerClass =
  'flex w-full items-center justify-between rounded-lg border border-slate-300 px-3 py-2.5 text-left shadow-sm hover:border-brand-500'

/**
 * A date field that opens a calendar in a popover. `children` draws the calendar; it is given
 * `closeSoon`, which closes the popover a moment after a pick.
 */
function CalendarPopover({
  id,
  label,
  empty,
  children,
}: {
  id: string
  label: string
  empty: boolean
  children: (closeSoon: () => void) => ReactNode
}) {
  const closeRef = useRef<() => void>(() => {})
  const [timer, setTimer] = useState<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer), [timer])
  const closeSoon = () => setTimer(setTimeout(() => closeRef.current(), CLOSE_DELAY_MS))
  return (
    <Popover className="relative">
      {({ close }) => {
        closeRef.current = close
        return (
          <>
            <PopoverButton id={id} className={triggerClass}>
              <span className={empty ? 'text-slate-500' : 'text-slate-900'}>{label}</span>
              <CalendarIcon />
            </PopoverButton>
            <PopoverPanel
              anchor="bottom start"
              className="z-[60] mt-2 rounded-xl border border-slate-200 bg-white p-3 shadow-xl [--anchor-gap:0.5rem]"
              focus
            >
              {children(closeSoon)}
            </PopoverPanel>
          </>
        )
      }}
    </Popover>
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
    <CalendarPopover id={id} label={label} empty={!value.from}>
      {(closeSoon) => (
        <DayPicker
          mode="range"
          numberOfMonths={1}
          selected={{ from: fromIso(value.from), to: fromIso(value.to) }}
          defaultMonth={fromIso(value.from) ?? fromIso(minDate)}
          disabled={{ before: fromIso(minDate)! }}
          onSelect={(_range, clicked) => {
            const next = nextRange(value, toIso(clicked))
            onChange(next)
            if (next.from && next.to) closeSoon()
          }}
        />
      )}
    </CalendarPopover>
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
    <CalendarPopover id={id} label={value ? formatLongDate(value) : 'Select a date'} empty={!value}>
      {(closeSoon) => (
        <DayPicker
          mode="single"
          selected={fromIso(value)}
          defaultMonth={fromIso(value) ?? fromIso(minDate)}
          disabled={{ before: fromIso(minDate)! }}
          onSelect={(_date, clicked) => {
            onChange(toIso(clicked))
            closeSoon()
          }}
        />
      )}
    </CalendarPopover>
  )
}
