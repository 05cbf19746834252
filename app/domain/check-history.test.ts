import { describe, expect, it } from 'vitest'
import { PACE_BYTES, RECENT_CHECKS, readPace, withCheck, type CheckOutcome } from './check-history'
import { phaseMs, slotAtOrBefore } from './schedule'

const KEY = 'hotel|r|2027-06-08|2027-06-12|2||0'
const MIN = 60_000
const HOUR = 60 * MIN
const START = Date.UTC(2027, 0, 4, 10, 0, 0)

/** The question asked at every slot of `fastest` from `from` for `count` slots. */
function askEvery(
  fastest: number,
  paces: number[],
  from: number,
  count: number,
  outcome: (index: number) => CheckOutcome = () => 'answered',
  history: Buffer | null = null,
) {
  const intervalMs = fastest * MIN
  let at = slotAtOrBefore(from, intervalMs, phaseMs(KEY, intervalMs)) + intervalMs
  let previousAnswer: number | null = null
  for (let index = 0; index < count; index++, at += intervalMs) {
    const result: CheckOutcome = outcome(index)
    history = withCheck(history, { paces, queryKey: KEY, previousAnswer, at, outcome: result })
    if (result !== 'unanswered') previousAnswer = at
  }
  return { history: history!, last: at - intervalMs }
}

describe('check history', () => {
  it('keeps a pace in a few hundred bytes', () => {
    const { history } = askEvery(2, [2], START, 1)
    expect(history.length).toBe(PACE_BYTES)
    expect(PACE_BYTES).toBeLessThan(600)
  })

  it('counts every answer at the fastest pace and keeps the last 50, newest last', () => {
    const { history, last } = askEvery(2, [2], START, 120)
    const pace = readPace(history, 2, last)!
    expect(pace.recent).toHaveLength(RECENT_CHECKS)
    expect(pace.recent.at(-1)!.at.getTime()).toBe(Math.floor(last / 1000) * 1000)
    expect(pace.recent[0]!.at.getTime()).toBe(pace.recent.at(-1)!.at.getTime() - 49 * 2 * MIN)
    expect(pace.last24Hours.answered).toBe(120)
    expect(pace.last7Days.answered).toBe(120)
  })

  it('counts for a slower pace only the first answer after each of its slots', () => {
    // Asked every 2 minutes for 3 hours: every pace counts the first answer, then the hourly
    // pace one an hour, and the daily pace one if its slot fell in those hours.
    const { history, last } = askEvery(2, [2, 60, 1440], START, 90)
    const first = last - 89 * 2 * MIN
    const dailySlot = slotAtOrBefore(last, 1440 * MIN, phaseMs(KEY, 1440 * MIN))
    expect(readPace(history, 2, last)!.last24Hours.answered).toBe(90)
    expect(readPace(history, 60, last)!.last24Hours.answered).toBe(1 + 3)
    expect(readPace(history, 1440, last)!.recent).toHaveLength(dailySlot > first ? 2 : 1)
  })

  it('counts Disney not answering once per slot, and the answer of its retry as well', () => {
    let history = withCheck(null, {
      paces: [5],
      queryKey: KEY,
      previousAnswer: null,
      at: START,
      outcome: 'answered',
    })
    const slot = slotAtOrBefore(START, 5 * MIN, phaseMs(KEY, 5 * MIN)) + 5 * MIN
    for (const delay of [0, 5_000, 20_000])
      history = withCheck(history, {
        paces: [5],
        queryKey: KEY,
        previousAnswer: START,
        at: slot + delay,
        outcome: 'unanswered',
      })
    history = withCheck(history, {
      paces: [5],
      queryKey: KEY,
      previousAnswer: START,
      at: slot + 60_000,
      outcome: 'not-bookable-yet',
    })
    const pace = readPace(history, 5, slot + 60_000)!
    expect(pace.recent.map((check) => check.outcome)).toEqual([
      'answered',
      'unanswered',
      'not-bookable-yet',
    ])
    expect(pace.last24Hours).toEqual({ answered: 1, unanswered: 1, notBookableYet: 1 })
  })

  it('lets hours and days pass out of the counts', () => {
    const { history, last } = askEvery(60, [60], START, 48)
    expect(readPace(history, 60, last)!.last24Hours.answered).toBe(24)
    expect(readPace(history, 60, last)!.last7Days.answered).toBe(48)
    // Read a week and a day later, nothing is left in the counts; the last outcomes stay.
    const later = readPace(history, 60, last + 8 * 24 * HOUR)!
    expect(later.last24Hours.answered).toBe(0)
    expect(later.last7Days.answered).toBe(0)
    expect(later.recent).toHaveLength(48)
  })

  it('zeroes the hours a question was not asked in before counting again', () => {
    const first = askEvery(60, [60], START, 5)
    const again = askEvery(60, [60], first.last + 30 * HOUR, 2, undefined, first.history)
    expect(readPace(again.history, 60, again.last)!.last24Hours.answered).toBe(2)
    expect(readPace(again.history, 60, again.last)!.last7Days.answered).toBe(7)
  })

  it('drops a pace no alert has any more and starts a new one empty', () => {
    const { history, last } = askEvery(5, [5, 60], START, 12)
    const next = withCheck(history, {
      paces: [2, 60],
      queryKey: KEY,
      previousAnswer: last,
      at: last + 5 * MIN,
      outcome: 'answered',
    })
    expect(next.length).toBe(2 * PACE_BYTES)
    expect(readPace(next, 5, last)).toBeNull()
    expect(readPace(next, 2, last + 5 * MIN)!.recent).toHaveLength(1)
    expect(readPace(next, 60, last + 5 * MIN)!.last24Hours.answered).toBe(
      readPace(history, 60, last)!.last24Hours.answered,
    )
  })

  it('has nothing to say for a pace never asked', () => {
    expect(readPace(null, 2, START)).toBeNull()
  })
})
