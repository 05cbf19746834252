import { describe, expect, it } from 'vitest'
import {
  alertPageHref,
  byOpenFirst,
  durationText,
  openingDuration,
  readKind,
  readPage,
  recentChecks,
} from './alert-history'
import type { PaceHistory } from './check-history'

const at = (minutes: number) => new Date(Date.UTC(2027, 5, 1, 12, minutes, 0))

const pace = (outcomes: PaceHistory['recent']): PaceHistory => ({
  intervalMinutes: 5,
  recent: outcomes,
  last24Hours: { answered: 0, unanswered: 0, notBookableYet: 0 },
  last7Days: { answered: 0, unanswered: 0, notBookableYet: 0 },
})

describe('the checks an alert page lists', () => {
  it('calls an answer "open found" only while one of the alert’s own openings was open', () => {
    const history = pace([
      { at: at(0), outcome: 'answered' },
      { at: at(5), outcome: 'answered' },
      { at: at(10), outcome: 'answered' },
      { at: at(15), outcome: 'unanswered' },
      { at: at(20), outcome: 'not-bookable-yet' },
    ])
    // Seen at 12:05 (a few milliseconds after the check's second) and last at 12:10.
    const openings = [
      {
        firstSeenAt: new Date(at(5).getTime() + 250),
        lastSeenAt: at(10),
        closedAt: at(15),
      },
    ]
    expect(recentChecks(history, openings, at(0)).map((check) => check.result)).toEqual([
      'not-bookable-yet',
      'disney-did-not-answer',
      'open-found',
      'open-found',
      'nothing-open',
    ])
  })

  it('counts an opening still open at every check since it appeared', () => {
    const history = pace([
      { at: at(0), outcome: 'answered' },
      { at: at(5), outcome: 'answered' },
    ])
    const openings = [{ firstSeenAt: at(5), lastSeenAt: null, closedAt: null }]
    expect(recentChecks(history, openings, at(0)).map((check) => check.result)).toEqual([
      'open-found',
      'nothing-open',
    ])
  })

  it('leaves out checks from before the alert was last saved, and has none without a history', () => {
    const history = pace([
      { at: at(0), outcome: 'answered' },
      { at: at(5), outcome: 'answered' },
    ])
    expect(recentChecks(history, [], new Date(at(3).getTime() + 400))).toHaveLength(1)
    expect(recentChecks(null, [], at(0))).toEqual([])
  })
})

describe('openings on an alert page', () => {
  it('says how long one lasted, in words', () => {
    expect(durationText(20_000)).toBe('under a minute')
    expect(durationText(4 * 60_000)).toBe('4 min')
    expect(durationText(120 * 60_000)).toBe('2 h')
    expect(durationText(125 * 60_000)).toBe('2 h 5 min')
    expect(durationText(3 * 24 * 60 * 60_000)).toBe('3 days')
  })

  it('measures a closed one to its closing and an open one to now', () => {
    const closed = { firstSeenAt: at(0), lastSeenAt: at(5), closedAt: at(10) }
    const open = { firstSeenAt: at(0), lastSeenAt: null, closedAt: null }
    expect(openingDuration(closed, at(30))).toBe(10 * 60_000)
    expect(openingDuration(open, at(30))).toBe(30 * 60_000)
  })

  it('puts open ones first, newest first within each', () => {
    const old = { firstSeenAt: at(0), lastSeenAt: at(5), closedAt: at(10) }
    const recent = { firstSeenAt: at(20), lastSeenAt: at(25), closedAt: at(30) }
    const open = { firstSeenAt: at(1), lastSeenAt: null, closedAt: null }
    expect([old, recent, open].sort(byOpenFirst)).toEqual([open, recent, old])
  })
})

describe('an alert page’s address', () => {
  it('reads the page strictly and the kind as hotel or dining', () => {
    expect(readPage(null)).toBe(1)
    expect(readPage('3')).toBe(3)
    for (const bad of ['0', '01', '-1', '1.5', 'two', '', ' 2', '9999999'])
      expect(readPage(bad)).toBeNull()
    expect(readKind('hotel')).toBe('hotel')
    expect(readKind('dining')).toBe('dining')
    expect(readKind('Hotel')).toBeNull()
    expect(readKind(undefined)).toBeNull()
  })

  it('links to the first page without a query', () => {
    expect(alertPageHref('hotel', 'a1')).toBe('/dashboard/alerts/hotel/a1')
    expect(alertPageHref('dining', 'a1', 2)).toBe('/dashboard/alerts/dining/a1?page=2')
  })
})
