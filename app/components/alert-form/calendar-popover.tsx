import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react'
import { format, parseISO } from 'date-fns'
import { useEffect, useRef, useState } from 'react'
import { DayPicker, type PropsRange, type PropsSingle } from 'react-day-picker'
import { nextRange, type DateRange } from '~/domain/dates'
import { calendarStylesheet, CalendarTrigger, type CalendarTriggerProps } from './calendar'

const toIso = (date: Date) => format(date, 'yyyy-MM-dd')
const fromIso = (iso?: string) => (iso ? parseISO(iso) : undefined)
/** The popup stays open a moment after the last pick so the choice can be seen (catalogue §4). */
const CLOSE_DELAY_MS = 180

/** What a calendar picks: check-in and check-out on a range, or one date. */
type DatePick =
  | { mode: 'range'; value: DateRange; onChange: (range: DateRange) => void }
  | { mode: 'single'; value?: string; onChange: (date: string) => void }

/** A calendar field: its trigger, the first day it may pick, and what it picks. */
export interface CalendarProps {
  trigger: CalendarTriggerProps
  minDate: string
  pick: DatePick
}

/**
 * A date field that opens a calendar in a popover; past days cannot be picked. The popover
 * closes a moment after the last pick. It is mounted by a click on the stand-in trigger
 * (calendar.tsx), so it opens at once.
 */
export function DatePopover({ trigger, minDate, pick }: CalendarProps) {
  const closeRef = useRef<() => void>(() => {})
  const button = useRef<HTMLButtonElement>(null)
  useEffect(() => button.current?.click(), [])
  const [timer, setTimer] = useState<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer), [timer])
  const closeSoon = () => setTimer(setTimeout(() => closeRef.current(), CLOSE_DELAY_MS))
  const picker =
    pick.mode === 'range'
      ? ({
          mode: 'range',
          selected: { from: fromIso(pick.value.from), to: fromIso(pick.value.to) },
          onSelect: (_range, clicked) => {
            const next = nextRange(pick.value, toIso(clicked))
            pick.onChange(next)
            if (next.from && next.to) closeSoon()
          },
        } satisfies PropsRange)
      : ({
          mode: 'single',
          selected: fromIso(pick.value),
          onSelect: (_date, clicked) => {
            pick.onChange(toIso(clicked))
            closeSoon()
          },
        } satisfies PropsSingle)
  const shown = pick.mode === 'range' ? pick.value.from : pick.value
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
              <DayPicker
                {...picker}
                defaultMonth={fromIso(shown) ?? fromIso(minDate)}
                disabled={{ before: fromIso(minDate)! }}
              />
            </PopoverPanel>
          </>
        )
      }}
    </Popover>
  )
}
