import { describe, expect, it } from 'vitest'
import { alertHref } from './alerts'
import {
  PAUSED_LABELS,
  pausedLabel,
  dashboardHref,
  dashboardIntentSchema,
  dashboardTargetSchema,
  diningDetails,
  hotelDetails,
  pageCount,
  readArrival,
  readDashboardView,
  trialCountdown,
  trialOf,
} from './dashboard'

describe('the trial banner', () => {
  const now = new Date('2030-01-08T00:00:00Z')
  it('counts down a free plan from its trial start, and says when it is over', () => {
    expect(trialOf({ free: true }, '2030-01-02T00:00:00Z', now)).toEqual({
      over: false,
      days: 1,
      hours: 0,
    })
    expect(trialOf({ free: true }, new Date('2029-12-01T00:00:00Z'), now)).toEqual({ over: true })
  })

  it('is absent for a paid plan, no plan or no trial start', () => {
    expect(trialOf({ free: false }, '2030-01-02T00:00:00Z', now)).toBeNull()
    expect(trialOf(undefined, '2030-01-02T00:00:00Z', now)).toBeNull()
    expect(trialOf({ free: true }, null, now)).toBeNull()
  })
})

const ID = '0b7f8a6e-3c1d-4e2f-9a5b-6c7d8e9f0a1b'

describe('what the dashboard posts', () => {
  it('reads a delete or a toggle of one alert', () => {
    expect(dashboardIntentSchema.parse({ intent: 'delete', kind: 'hotel', id: ID })).toEqual({
      intent: 'delete',
      kind: 'hotel',
      id: ID,
    })
    expect(
      dashboardIntentSchema.parse({ intent: 'toggle', kind: 'dining', id: ID, status: '1' }),
    ).toEqual({ intent: 'toggle', kind: 'dining', id: ID, status: 1 })
  })

  it('refuses another kind, a missing or malformed id, an odd status or an unknown intent', () => {
    expect(dashboardTargetSchema.safeParse({ kind: 'spa', id: ID }).success).toBe(false)
    expect(dashboardTargetSchema.safeParse({ kind: 'hotel' }).success).toBe(false)
    expect(dashboardTargetSchema.safeParse({ kind: 'hotel', id: 'a1' }).success).toBe(false)
    for (const status of ['NaN', '', '1.0', '4', ' 1'])
      expect(
        dashboardIntentSchema.safeParse({ intent: 'toggle', kind: 'hotel', id: ID, status })
          .success,
      ).toBe(false)
    expect(
      dashboardIntentSchema.safeParse({ intent: 'archive', kind: 'hotel', id: ID }).success,
    ).toBe(false)
  })
})

describe('how the visitor arrived', () => {
  it('reads the add-alert opening and the created alert', () => {
    expect(
      readArrival(new URLSearchParams('openAddAlert=1&newAlert=dining&success=1'), false),
    ).toEqual({ openAddAlert: true, newAlert: 'dining', success: true })
    expect(readArrival(new URLSearchParams('openAddAlert=true'), false).openAddAlert).toBe(true)
    expect(readArrival(new URLSearchParams('hotel=x'), true).openAddAlert).toBe(true)
    expect(
      readArrival(new URLSearchParams('openAddAlert=no&newAlert=spa&success=yes'), false),
    ).toEqual({ openAddAlert: false, newAlert: null, success: false })
  })
})

describe('the dashboard view in the URL', () => {
  it('reads search, type, page and rows per page, forgiving anything odd', () => {
    expect(readDashboardView(new URLSearchParams('q=pop&type=hotel&page=3&perPage=25'))).toEqual({
      search: 'pop',
      type: 'hotel',
      page: 3,
      perPage: 25,
      alertId: null,
      client: null,
    })
    expect(readDashboardView(new URLSearchParams('type=spa&page=-2&perPage=7'))).toEqual({
      search: '',
      type: null,
      page: 1,
      perPage: 10,
      alertId: null,
      client: null,
    })
  })

  it("narrows to one of the account's clients, or to none, and ignores any other client", () => {
    const own = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6'
    const read = (query: string) => readDashboardView(new URLSearchParams(query), [own]).client
    expect(read(`client=${own}`)).toBe(own)
    expect(read('client=none')).toBe('none')
    expect(read('client=')).toBeNull()
    expect(read(`client=${ID}`)).toBeNull()
    expect(read('client=NONE')).toBeNull()
    expect(readDashboardView(new URLSearchParams(`client=${own}`)).client).toBeNull()
    // Links keep the client, and a change of client starts again at page 1.
    const view = readDashboardView(new URLSearchParams(`client=${own}&page=2&q=pop`), [own])
    expect(dashboardHref(view, { page: 3 })).toBe(`/dashboard?q=pop&client=${own}&page=3`)
    expect(dashboardHref(view, { client: 'none' })).toBe('/dashboard?q=pop&client=none')
    expect(dashboardHref(view, { client: null })).toBe('/dashboard?q=pop')
  })

  it('shows one alert alone by its id, and only by a real id', () => {
    const id = '0b6d3f6e-8f4c-4a51-9d47-2a8c3a1f5e10'
    expect(readDashboardView(new URLSearchParams(`alert=${id}`)).alertId).toBe(id)
    expect(readDashboardView(new URLSearchParams('alert=1%20or%201=1')).alertId).toBeNull()
    expect(alertHref(id)).toBe(`/dashboard?alert=${id}`)
    // Any change of the view goes back to the whole list.
    expect(
      dashboardHref(readDashboardView(new URLSearchParams(`alert=${id}`)), { type: 'hotel' }),
    ).toBe('/dashboard?type=hotel')
  })

  it('drops defaults from links and starts again at page 1 when the filter changes', () => {
    const view = readDashboardView(new URLSearchParams('q=pop&type=hotel&page=3'))
    expect(dashboardHref(view, { page: 4 })).toBe('/dashboard?q=pop&type=hotel&page=4')
    expect(dashboardHref(view, { type: null })).toBe('/dashboard?q=pop')
    expect(dashboardHref(view, { perPage: 50 })).toBe('/dashboard?q=pop&type=hotel&perPage=50')
  })

  it('counts pages', () => {
    expect(pageCount(0, 10)).toBe(1)
    expect(pageCount(30, 10)).toBe(3)
    expect(pageCount(31, 25)).toBe(2)
  })
})

describe('alert summaries', () => {
  it('describes a hotel alert', () => {
    expect(
      hotelDetails({
        numberOfAdults: 2,
        agesOfChildren: [0, 7],
        rooms: [{ name: 'A' }, { name: 'B' }],
        accessible: true,
        keepWatching: true,
      }),
    ).toBe('2 adults, 2 children · 2 room types · Accessible')
    expect(
      hotelDetails({
        numberOfAdults: 1,
        agesOfChildren: [],
        rooms: [{ name: 'Deluxe Studio' }],
        accessible: false,
        keepWatching: true,
      }),
    ).toBe('1 adult · Deluxe Studio')
    expect(
      hotelDetails({
        numberOfAdults: 2,
        agesOfChildren: [],
        rooms: [{ name: 'Deluxe Studio' }],
        accessible: true,
        keepWatching: false,
      }),
    ).toBe('2 adults · Deluxe Studio · Accessible · Stops after a text')
  })

  it('describes a dining alert', () => {
    expect(
      diningDetails({
        partySize: 4,
        preferredTime: null,
        timeRangeStart: '16:30:00',
        timeRangeEnd: '22:00:00',
      }),
    ).toBe('Party of 4 · Dinner')
    expect(
      diningDetails({
        partySize: 2,
        preferredTime: '18:00:00',
        timeRangeStart: '17:30:00',
        timeRangeEnd: '18:30:00',
      }),
    ).toBe('Party of 2 · 6:00 PM ±30 min')
    expect(
      diningDetails({
        partySize: 2,
        preferredTime: null,
        timeRangeStart: null,
        timeRangeEnd: null,
      }),
    ).toBe('Party of 2 · All Day')
  })
})

describe('trialCountdown', () => {
  it('gives days and hours left, or says the trial is over', () => {
    const ends = new Date('2026-11-29T12:00:00Z')
    expect(trialCountdown(ends, new Date('2026-11-22T09:30:00Z'))).toEqual({
      over: false,
      days: 7,
      hours: 2,
    })
    expect(trialCountdown(ends, new Date('2026-11-29T11:00:00Z'))).toEqual({
      over: false,
      days: 0,
      hours: 1,
    })
    expect(trialCountdown(ends, ends)).toEqual({ over: true })
  })
})

describe('running alerts nobody checks', () => {
  const running = { over: false as const, days: 3, hours: 1 }
  it('say why, in the order the worker skips them', () => {
    expect(pausedLabel({ textsOff: false, plan: { free: false }, trial: null })).toBeNull()
    expect(pausedLabel({ textsOff: false, plan: { free: true }, trial: running })).toBeNull()
    expect(pausedLabel({ textsOff: true, plan: null, trial: null })).toBe(PAUSED_LABELS.textsOff)
    expect(pausedLabel({ textsOff: false, plan: null, trial: null })).toBe(PAUSED_LABELS.noPlan)
    expect(pausedLabel({ textsOff: false, plan: { free: true }, trial: { over: true } })).toBe(
      PAUSED_LABELS.trialEnded,
    )
    expect(pausedLabel({ textsOff: false, plan: { free: true }, trial: null })).toBe(
      PAUSED_LABELS.trialEnded,
    )
  })
})
