import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react'
import { format, parseISO } from 'date-fns'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { DayPicker } from 'react-day-picker'
import { nextRange, type DateRange } from '~/domain/dates'
import { CalendarTrigger, type CalendarTriggerProps } from './calendar'
import { calendarStylesheet } from './calendar-styles'

const toIso = (date: Date) => format(date, 'yyyy-MM-dd')
const fromIso = (iso?: string) => (iso ? parseISO(iso) : undefined)
/** The popup stays open a moment after the last pick so the choice can be seen (catalogue §4). */
const CLOSE_DELAY_MS = 180

/**
 * A date field that opens a calendar in a popover. `children` draws the calendar; it is given
 * `closeSoon`, which closes the popover a moment after a pick. It is mounted by a click on the
 * stand-in trigger (calendar.tsx), so it opens at once.
 */
function CalendarPopover({
  trigger,
  children,
}: {
  trigger: CalendarTriggerProps
  children: (closeSoon: () => void) => ReactNode
}) {
  const closeRef = useRef<() => void>(() => {})
  const button = useRef<HTMLButtonElement>(null)
  useEffect(() => button.current?.click(), [])
  const [timer, setTimer] = useState<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer), [timer])
  const closeSoon = () => setTimer(setTimeout(() => closeRef.current(), CLOSE_DELAY_MS))
  return (
    <Popover className="relative">
      {({ close }) => {
        closeRef.current = close
        return (
          <>
            <link rel="stylesheet" href={calendarStylesheet} />
            <PopoverButton as={CalendarTrigger} ref={button} {...trigger} />
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
export function DateRangePopover({
  value,
  onChange,
  minDate,
  trigger,
}: {
  value: DateRange
  onChange: (range: DateRange) => void
  minDate: string
  trigger: CalendarTriggerProps
}) {
  return (
    <CalendarPopover trigger={trigger}>
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
export function SingleDatePopover({
  value,
  onChange,
  minDate,
  trigger,
}: {
  value?: string
  onChange: (date: string) => void
  minDate: string
  trigger: CalendarTriggerProps
}) {
  return (
    <CalendarPopover trigger={trigger}>
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
