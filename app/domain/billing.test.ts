import { describe, expect, it } from 'vitest'
import {
  billingDate,
  cancelConfirmation,
  confirmationFor,
  downgradeConfirmation,
  grantsPlan,
  hasEnded,
  isNewerState,
  PAID_PLAN_ENDS_NOW,
  planButtonLabel,
  paymentFixUrl,
  planChange,
  settingsIntentSchema,
} from './billing'

const free = { id: 'pixie-dust', alertLimit: 1, free: true }
const hour = { id: 'magic-hour', alertLimit: 5, free: false }
const lane = { id: 'lightning-lane', alertLimit: 15, free: false }
const sameLimit = { id: 'magic-hour-plus', alertLimit: 5, free: false }

describe('paymentFixUrl', () => {
  it("is Stripe's page after a failed payment, the fallback without one, null when paid", () => {
    const failedAt = new Date()
    expect(paymentFixUrl({ paymentFailedAt: failedAt, paymentFixUrl: 'https://pay' }, '')).toBe(
      'https://pay',
    )
    expect(paymentFixUrl({ paymentFailedAt: failedAt, paymentFixUrl: null }, '/settings')).toBe(
      '/settings',
    )
    expect(paymentFixUrl({ paymentFailedAt: null, paymentFixUrl: 'https://pay' }, '')).toBeNull()
    expect(paymentFixUrl(undefined, '')).toBeNull()
  })
})

describe('settingsIntentSchema', () => {
  it('reads a cancel or a change, confirmed only by confirmed=1', () => {
    expect(settingsIntentSchema.parse({ intent: 'cancel' })).toEqual({
      intent: 'cancel',
      confirmed: false,
    })
    expect(
      settingsIntentSchema.parse({ intent: 'change', planId: 'magic-hour', confirmed: '1' }),
    ).toEqual({ intent: 'change', planId: 'magic-hour', confirmed: true })
    expect(settingsIntentSchema.parse({ intent: 'change' })).toMatchObject({ planId: '' })
  })

  it('refuses any other intent', () => {
    expect(settingsIntentSchema.safeParse({ intent: 'refund' }).success).toBe(false)
    expect(settingsIntentSchema.safeParse({}).success).toBe(false)
  })
})

describe('cancelConfirmation', () => {
  it("is the specification's for the free plan, which ends at once", () => {
    expect(cancelConfirmation(null)).toBe(
      'Are you sure you want to cancel your subscription? This action cannot be undone and you will lose access to all alerts immediately.',
    )
  })

  it('says until when a paid plan runs, that nothing is refunded, and that it can be resumed', () => {
    const text = cancelConfirmation('December 26, 2026')
    expect(text).toContain('stays active, and your alerts keep working, until December 26, 2026.')
    expect(text).toContain('Nothing is refunded.')
    expect(text).toContain('resume')
    expect(text).not.toContain('immediately')
  })
})

describe('confirmationFor', () => {
  const plans = [free, hour, lane]
  it('asks to confirm cancelling the current plan, or a downgrade', () => {
    expect(confirmationFor('cancel', hour, plans)).toEqual({ kind: 'cancel', planId: 'magic-hour' })
    expect(confirmationFor('magic-hour', lane, plans)).toEqual({
      kind: 'downgrade',
      planId: 'magic-hour',
      text: downgradeConfirmation(15, 5),
    })
  })

  it('says that a paid plan left for the free one ends now with nothing refunded', () => {
    expect(confirmationFor('pixie-dust', hour, plans)).toEqual({
      kind: 'downgrade',
      planId: 'pixie-dust',
      text: `${downgradeConfirmation(5, 1)} ${PAID_PLAN_ENDS_NOW}`,
    })
  })

  it('asks nothing for an upgrade, an unknown plan, or without a plan', () => {
    expect(confirmationFor('lightning-lane', hour, plans)).toBeNull()
    expect(confirmationFor('gold', lane, plans)).toBeNull()
    expect(confirmationFor('cancel', null, plans)).toBeNull()
    expect(confirmationFor(null, lane, plans)).toBeNull()
  })
})

describe('planChange', () => {
  it('is the current plan when the ids match', () => {
    expect(planChange(hour, hour)).toBe('current')
  })
  it('starts the free plan, or goes through checkout, from no plan', () => {
    expect(planChange(null, free)).toBe('start-free')
    expect(planChange(null, hour)).toBe('checkout')
  })
  it('goes through checkout from the free plan to a paid one', () => {
    expect(planChange(free, lane)).toBe('checkout')
  })
  it('changes directly between paid plans, a lower limit being a downgrade', () => {
    expect(planChange(hour, lane)).toBe('upgrade')
    expect(planChange(lane, hour)).toBe('downgrade')
    expect(planChange(hour, sameLimit)).toBe('change')
  })
  it('calls a move from a paid plan to the free plan a downgrade', () => {
    expect(planChange(lane, free)).toBe('downgrade')
  })
})

describe('planButtonLabel', () => {
  it('labels each card as the settings page does', () => {
    expect(planButtonLabel(hour, hour)).toBe('Current Plan')
    expect(planButtonLabel(null, free)).toBe('Start Free')
    expect(planButtonLabel(null, lane)).toBe('Subscribe Now')
    expect(planButtonLabel(free, lane)).toBe('Upgrade')
    expect(planButtonLabel(hour, lane)).toBe('Upgrade')
    expect(planButtonLabel(lane, hour)).toBe('Downgrade')
    expect(planButtonLabel(hour, sameLimit)).toBe('Change')
  })
})

describe('downgradeConfirmation', () => {
  it('names both limits in the words of the specification', () => {
    expect(downgradeConfirmation(15, 5)).toBe(
      'You are downgrading from 15 to 5 alerts. Any running alerts above your new limit will be automatically stopped. Are you sure you want to continue?',
    )
  })
})

describe('subscription statuses', () => {
  it('keeps the plan while active, trialing or past due', () => {
    expect(['active', 'trialing', 'past_due'].map(grantsPlan)).toEqual([true, true, true])
    expect(['incomplete', 'canceled', 'unpaid'].map(grantsPlan)).toEqual([false, false, false])
  })
  it('ends the plan when cancelled, expired, unpaid or paused, but not while incomplete', () => {
    expect(['canceled', 'incomplete_expired', 'unpaid', 'paused'].every(hasEnded)).toBe(true)
    expect(hasEnded('incomplete')).toBe(false)
    expect(hasEnded('past_due')).toBe(false)
  })
})

describe('isNewerState', () => {
  const at = new Date('2026-11-23T10:00:00Z')
  const before = new Date('2026-11-23T09:59:59Z')
  const after = new Date('2026-11-23T10:00:01Z')

  it('takes any state when nothing is stored', () => {
    expect(isNewerState(null, before)).toBe(true)
  })
  it('takes the same moment or later, never an earlier one', () => {
    expect(isNewerState({ status: 'active', stateAt: at }, at)).toBe(true)
    expect(isNewerState({ status: 'active', stateAt: at }, after)).toBe(true)
    expect(isNewerState({ status: 'active', stateAt: at }, before)).toBe(false)
  })
  it('never revives a subscription that ended for good', () => {
    expect(isNewerState({ status: 'canceled', stateAt: at }, after)).toBe(false)
    expect(isNewerState({ status: 'incomplete_expired', stateAt: at }, after)).toBe(false)
    expect(isNewerState({ status: 'unpaid', stateAt: at }, after)).toBe(true)
  })
})

describe('billingDate', () => {
  it('writes the day in words', () => {
    expect(billingDate(new Date('2026-12-23T12:00:00Z'))).toBe('December 23, 2026')
  })
})
