import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react'
import { format, parseISO } from 'date-fns'
import { useEffect, useRef, useState } from 'react'
import { DayPicker } from 'react-day-picker'
import { nextRange, type DateRange } from '~/domain/dates'
import { CalendarTrigger, type CalendarTriggerProps } from './calendar'

const toIso = (date: Date) => format(date, 'yyyy-MM-dd')
const fromIso = (iso?: string) => (iso ? parseISO(iso) : undefined)
/** The popup stays open a moment after the last pick so the choice can be seen (catalogue §4). */
const CLOSE_DELAY_MS = 180

/** Mounted by a click on the stand-in trigger (calendar.tsx), so it opens at once. */
function useOpenOnMount() {
  const button = useRef<HTMLButtonElement>(null)
  useEffect(() => button.current?.click(), [])
  return button
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
  const closeRef = useRef<() => void>(() => {})
  const button = useOpenOnMount()
  const [timer, setTimer] = useState<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer), [timer])

  return (
    <Popover className="relative">
      {({ close }) => {
        closeRef.current = close
        return (
          <>
            <PopoverButton as={CalendarTrigger} ref={button} {...trigger} />
            <PopoverPanel
              anchor="bottom start"
              className="z-[60] mt-2 rounded-xl border border-slate-200 bg-white p-3 shadow-xl [--anchor-gap:0.5rem]"
              focus
            >
              <DayPicker
                mode="range"
                numberOfMonths={1}
                selected={{ from: fromIso(value.from), to: fromIso(value.to) }}
                defaultMonth={fromIso(value.from) ?? fromIso(minDate)}
                disabled={{ before: fromIso(minDate)! }}
                onSelect={(_range, clicked) => {
                  const next = nextRange(value, toIso(clicked))
                  onChange(next)
                  if (next.from && next.to)
                    setTimer(setTimeout(() => closeRef.current(), CLOSE_DELAY_MS))
                }}
              />
            </PopoverPanel>
          </>
        )
      }}
    </Popover>
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
  const closeRef = useRef<() => void>(() => {})
  const button = useOpenOnMount()
  const [timer, setTimer] = useState<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer), [timer])
  return (
    <Popover className="relative">
      {({ close }) => {
        closeRef.current = close
        return (
          <>
            <PopoverButton as={CalendarTrigger} ref={button} {...trigger} />
            <PopoverPanel
              anchor="bottom start"
              className="z-[60] mt-2 rounded-xl border border-slate-200 bg-white p-3 shadow-xl [--anchor-gap:0.5rem]"
              focus
            >
              <DayPicker
                mode="single"
                selected={fromIso(value)}
                defaultMonth={fromIso(value) ?? fromIso(minDate)}
                disabled={{ before: fromIso(minDate)! }}
                onSelect={(_date, clicked) => {
                  onChange(toIso(clicked))
                  setTimer(setTimeout(() => closeRef.current(), CLOSE_DELAY_MS))
                }}
              />
            </PopoverPanel>
          </>
        )
      }}
    </Popover>
  )
}
