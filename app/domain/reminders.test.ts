import { describe, expect, it } from 'vitest'
import { dueReminder, planEnd, REMINDER_LEAD_MS, type PlanEndAccount } from './reminders'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
const now = new Date('2026-05-10T12:00:00Z')
const at = (ms: number) => new Date(now.getTime() + ms)

/** On the free plan, with a trial whose end is `endsIn` from now. */
const trial = (endsIn: number): PlanEndAccount => ({
  planFree: true,
  trialStartUtc: at(endsIn - 7 * DAY),
  subscription: null,
})

/** On a paid plan whose period ends `endsIn` from now. */
const paid = (
  endsIn: number,
  changes: Partial<NonNullable<PlanEndAccount['subscription']>> = {},
) => ({
  planFree: false,
  trialStartUtc: null,
  subscription: {
    status: 'active',
    cancelAtPeriodEnd: true,
    currentPeriodEnd: at(endsIn),
    ...changes,
  },
})

describe('planEnd', () => {
  it('is the trial’s seventh day on the free plan', () => {
    expect(planEnd(trial(3 * DAY))).toEqual({ kind: 'trial', endsAt: at(3 * DAY) })
    expect(planEnd({ planFree: true, trialStartUtc: null, subscription: null })).toBeNull()
  })

  it('is the period’s end of a paid plan set to cancel, and nothing for one that renews', () => {
    expect(planEnd(paid(DAY))).toEqual({ kind: 'plan', endsAt: at(DAY) })
    expect(planEnd(paid(DAY, { cancelAtPeriodEnd: false }))).toBeNull()
    expect(planEnd(paid(DAY, { currentPeriodEnd: null }))).toBeNull()
    // A subscription that no longer grants the plan is not one whose end is ahead.
    expect(planEnd(paid(DAY, { status: 'canceled' }))).toBeNull()
    expect(planEnd(paid(DAY, { status: 'past_due' }))).toEqual({ kind: 'plan', endsAt: at(DAY) })
    expect(planEnd({ planFree: false, trialStartUtc: now, subscription: null })).toBeNull()
  })
})

describe('dueReminder', () => {
  it('is due when the end is within the next 48 hours', () => {
    for (const endsIn of [1000, HOUR, DAY, 2 * DAY - HOUR, REMINDER_LEAD_MS]) {
      expect(dueReminder(trial(endsIn), now)?.kind).toBe('trial')
      expect(dueReminder(paid(endsIn), now)?.kind).toBe('plan')
    }
  })

  it('is not due further out, or once the end has passed', () => {
    for (const endsIn of [REMINDER_LEAD_MS + 1000, 3 * DAY, 7 * DAY, 0, -HOUR]) {
      expect(dueReminder(trial(endsIn), now)).toBeNull()
      expect(dueReminder(paid(endsIn), now)).toBeNull()
    }
  })

  it('is not due for a plan resumed before it ends', () => {
    expect(dueReminder(paid(DAY, { cancelAtPeriodEnd: false }), now)).toBeNull()
  })
})
