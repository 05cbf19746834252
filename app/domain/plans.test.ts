import { describe, expect, it } from 'vitest'
import {
  currentPlanText,
  PLANS,
  frequencyText,
  isTrialOver,
  priceText,
  pricingBadge,
  trialEndsAt,
} from './plans'

describe('the plans of the specification', () => {
  it('has the four plans with their limits and intervals', () => {
    expect(PLANS.map((p) => [p.id, p.alertLimit, p.intervalMinutes, p.priceCents])).toEqual([
      ['pixie-dust', 1, 1440, 0],
      ['magic-hour', 5, 60, 700],
      ['lightning-lane', 15, 5, 1500],
      ['the-club', 40, 2, 4000],
    ])
    expect(PLANS.filter((p) => p.free).map((p) => p.id)).toEqual(['pixie-dust'])
  })
})

describe('priceText', () => {
  it('writes whole and fractional dollars per month', () => {
    expect(priceText(700)).toBe('$7 per month')
    expect(priceText(1499)).toBe('$14.99 per month')
    expect(priceText(0)).toBe('Free')
  })
})

describe('frequencyText', () => {
  it('says variable intervals for no value or 0', () => {
    expect(frequencyText(undefined)).toBe('at variable intervals')
    expect(frequencyText(null)).toBe('at variable intervals')
    expect(frequencyText(0)).toBe('at variable intervals')
  })
  it('counts minutes under an hour', () => {
    expect(frequencyText(2)).toBe('every 2 minutes')
    expect(frequencyText(59)).toBe('every 59 minutes')
  })
  it('counts hours under a day', () => {
    expect(frequencyText(60)).toBe('every hour')
    expect(frequencyText(90)).toBe('every 1.5 hours')
    expect(frequencyText(180)).toBe('every 3 hours')
    expect(frequencyText(1439)).toBe('every 24 hours')
  })
  it('says once/day from a day on', () => {
    expect(frequencyText(1440)).toBe('once/day')
    expect(frequencyText(2880)).toBe('once/day')
  })
})

describe('the free trial', () => {
  const start = new Date('2026-01-01T12:00:00Z')
  it('lasts seven days from its start', () => {
    expect(trialEndsAt(start).toISOString()).toBe('2026-01-08T12:00:00.000Z')
    expect(isTrialOver({ free: true }, start, new Date('2026-01-08T11:59:59Z'))).toBe(false)
    expect(isTrialOver({ free: true }, start, new Date('2026-01-08T12:00:00Z'))).toBe(true)
  })
  it('never ends for a paid plan and is over when it never started', () => {
    expect(isTrialOver({ free: false }, start, new Date('2030-01-01'))).toBe(false)
    expect(isTrialOver({ free: true }, null, start)).toBe(true)
  })
})

describe('pricingBadge', () => {
  const ids = PLANS.map((plan) => plan.id)
  it('puts Most Popular on Lightning Lane', () => {
    expect(pricingBadge(ids, false)).toEqual({ planId: 'lightning-lane', label: 'Most Popular' })
    expect(pricingBadge(['pixie-dust', 'magic-hour'], false)).toBeNull()
  })
  it('puts Best for Agents on the agents plan with intent=pro, else on the last plan', () => {
    expect(pricingBadge(ids, true)).toEqual({ planId: 'the-club', label: 'Best for Agents' })
    expect(pricingBadge(['pixie-dust', 'enterprise', 'whale'], true)?.planId).toBe('enterprise')
    expect(pricingBadge(['pixie-dust', 'magic-hour'], true)?.planId).toBe('magic-hour')
    expect(pricingBadge([], true)).toBeNull()
  })
})

describe('currentPlanText', () => {
  it('gives a plan its article unless its name has one', () => {
    expect(currentPlanText('Magic Hour')).toBe('You are on the Magic Hour plan.')
    expect(currentPlanText('The Club')).toBe('You are on The Club plan.')
  })
})
