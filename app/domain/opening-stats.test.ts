import { describe, expect, it } from 'vitest'
import { timeZoneName } from './dates'
import {
  busiestHours,
  type CategoryOpenings,
  durationText,
  hourRangesText,
  hourText,
  meetsMinimum,
  publicOpeningStats,
} from './opening-stats'

const period = {
  since: new Date('2026-10-27T15:00:00Z'),
  until: new Date('2026-11-26T15:00:00Z'),
  timeZone: 'America/New_York',
}

/** 24 hours of nothing but `counts` at the hours named. */
function hoursWith(counts: Record<number, number>) {
  return Array.from({ length: 24 }, (_, hour) => counts[hour] ?? 0)
}

function category(overrides: Partial<CategoryOpenings> = {}): CategoryOpenings {
  return {
    category: 'Rooms',
    openings: 12,
    questions: 3,
    closed: 12,
    medianSeconds: 720,
    hours: hoursWith({ 6: 7, 21: 5 }),
    ...overrides,
  }
}

describe('meetsMinimum', () => {
  it.each([
    [10, 3, true],
    [500, 3, true],
    [9, 3, false],
    [10, 2, false],
    [500, 1, false],
    [0, 0, false],
  ])('%d openings from %d questions: %s', (openings, questions, shown) => {
    expect(meetsMinimum({ openings, questions })).toBe(shown)
  })
})

describe('publicOpeningStats', () => {
  it('shows nothing, not even a total, when no category meets the minimum', () => {
    expect(
      publicOpeningStats(
        [category({ openings: 9 }), category({ category: 'Suites', questions: 2, openings: 40 })],
        period,
      ),
    ).toEqual({ shown: false })
    expect(publicOpeningStats([], period)).toEqual({ shown: false })
  })

  it('shows the categories that meet it, busiest first, and leaves the others out of every figure', () => {
    const stats = publicOpeningStats(
      [
        category({ category: 'Suites', openings: 11, hours: hoursWith({ 6: 11 }) }),
        category({ category: 'Villas', openings: 8, questions: 5, hours: hoursWith({ 3: 8 }) }),
        category({ category: 'Rooms', openings: 20, hours: hoursWith({ 6: 4, 7: 6, 21: 10 }) }),
      ],
      period,
    )
    expect(stats).toEqual({
      shown: true,
      from: '2026-10-27',
      to: '2026-11-26',
      openings: 31,
      categories: [
        { name: 'Rooms', openings: 20, medianMinutes: 12, typical: '12 minutes' },
        { name: 'Suites', openings: 11, medianMinutes: 12, typical: '12 minutes' },
      ],
      hours: hoursWith({ 6: 15, 7: 6, 21: 10 }),
      busiest: '6 a.m. to 8 a.m. and 9 p.m. to 10 p.m.',
      timeZone: 'Eastern Time',
    })
  })

  it('gives no median until the minimum of openings has closed', () => {
    const stats = publicOpeningStats(
      [category({ openings: 15, closed: 9, medianSeconds: 300 })],
      period,
    )
    expect(stats.shown && stats.categories).toEqual([
      { name: 'Rooms', openings: 15, medianMinutes: null, typical: null },
    ])
  })

  it('names the hours in the zone it is given', () => {
    const stats = publicOpeningStats([category()], { ...period, timeZone: 'America/Los_Angeles' })
    expect(stats.shown && stats.timeZone).toBe('Pacific Time')
  })
})

describe('durationText', () => {
  it.each([
    [0, 'under a minute'],
    [59, 'under a minute'],
    [60, '1 minute'],
    [89, '1 minute'],
    [90, '2 minutes'],
    [12 * 60 + 10, '12 minutes'],
    [89 * 60, '89 minutes'],
    [90 * 60, '1 hour 30 minutes'],
    [2 * 3600, '2 hours'],
    [2 * 3600 + 5 * 60, '2 hours 5 minutes'],
    [47 * 3600 + 59 * 60, '47 hours 59 minutes'],
    [48 * 3600, '2 days'],
    [10 * 86_400 + 3600, '10 days'],
  ])('%d seconds is %s', (seconds, text) => {
    expect(durationText(seconds)).toBe(text)
  })
})

describe('busiestHours', () => {
  it('takes the three busiest hours in the order of the day and joins neighbours', () => {
    expect(busiestHours(hoursWith({ 6: 5, 7: 4, 12: 1, 21: 3 }))).toEqual([
      { from: 6, to: 8 },
      { from: 21, to: 22 },
    ])
  })

  it('breaks ties by the earlier hour and skips hours with nothing', () => {
    expect(busiestHours(hoursWith({ 2: 1, 9: 1, 15: 1, 20: 1 }))).toEqual([
      { from: 2, to: 3 },
      { from: 9, to: 10 },
      { from: 15, to: 16 },
    ])
    expect(busiestHours(hoursWith({ 14: 2 }))).toEqual([{ from: 14, to: 15 }])
    expect(busiestHours(hoursWith({}))).toEqual([])
  })

  it('joins the hours either side of midnight', () => {
    expect(busiestHours(hoursWith({ 0: 3, 23: 4, 10: 2 }))).toEqual([
      { from: 10, to: 11 },
      { from: 23, to: 25 },
    ])
    expect(hourRangesText(busiestHours(hoursWith({ 0: 3, 23: 4, 10: 2 })))).toBe(
      '10 a.m. to 11 a.m. and 11 p.m. to 1 a.m.',
    )
  })
})

describe('hours in words', () => {
  it.each([
    [0, 'midnight'],
    [1, '1 a.m.'],
    [11, '11 a.m.'],
    [12, 'noon'],
    [13, '1 p.m.'],
    [23, '11 p.m.'],
    [24, 'midnight'],
  ])('%d is %s', (hour, text) => {
    expect(hourText(hour)).toBe(text)
  })

  it('lists ranges as a sentence does', () => {
    expect(hourRangesText([])).toBe('')
    expect(hourRangesText([{ from: 23, to: 24 }])).toBe('11 p.m. to midnight')
    expect(
      hourRangesText([
        { from: 6, to: 7 },
        { from: 12, to: 13 },
        { from: 18, to: 19 },
      ]),
    ).toBe('6 a.m. to 7 a.m., noon to 1 p.m. and 6 p.m. to 7 p.m.')
  })
})

describe('timeZoneName', () => {
  it("names each destination's zone as people say it", () => {
    expect(timeZoneName('America/New_York')).toBe('Eastern Time')
    expect(timeZoneName('America/Los_Angeles')).toBe('Pacific Time')
  })
})
