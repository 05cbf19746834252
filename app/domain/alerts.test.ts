import { describe, expect, it } from 'vitest'
import {
  canStartAnother,
  HOTEL_STATUS,
  planLimitMessage,
  toggledDiningStatus,
  toggledHotelStatus,
  usageLevel,
} from './alerts'

describe('status toggles', () => {
  it('turns hotel 0 into 1, 1 into 0, and restarts 2 and 3', () => {
    expect(toggledHotelStatus(HOTEL_STATUS.stopped)).toBe(1)
    expect(toggledHotelStatus(HOTEL_STATUS.running)).toBe(0)
    expect(toggledHotelStatus(HOTEL_STATUS.completed)).toBe(1)
    expect(toggledHotelStatus(HOTEL_STATUS.errored)).toBe(1)
  })

  it('flips dining between running and stopped', () => {
    expect(toggledDiningStatus(1)).toBe(0)
    expect(toggledDiningStatus(0)).toBe(1)
    expect(toggledDiningStatus(7)).toBe(1)
  })
})

describe('the monitoring count and the plan limit', () => {
  it('allows a start only below the limit', () => {
    expect(canStartAnother(4, 5)).toBe(true)
    expect(canStartAnother(5, 5)).toBe(false)
    expect(canStartAnother(0, 0)).toBe(false)
  })

  it('words the limit as the specification does', () => {
    expect(planLimitMessage(5)).toBe(
      'You have reached your plan limit of 5 active monitoring alert(s). To start monitoring this alert, please stop one of your other alerts or upgrade your plan.',
    )
  })

  it('warns at 80 percent and when full', () => {
    expect(usageLevel(3, 5)).toBe('ok')
    expect(usageLevel(4, 5)).toBe('approaching')
    expect(usageLevel(12, 15)).toBe('approaching')
    expect(usageLevel(11, 15)).toBe('ok')
    expect(usageLevel(5, 5)).toBe('full')
    expect(usageLevel(1, 1)).toBe('full')
    expect(usageLevel(0, 0)).toBe('ok')
  })
})
