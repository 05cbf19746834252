import { describe, expect, it } from 'vitest'
import { dashboardAfterCheckout } from './checkout'

describe('dashboardAfterCheckout', () => {
  it('goes to the dashboard when there is no alert intent', () => {
    expect(dashboardAfterCheckout(null, new URLSearchParams())).toBe('/dashboard')
  })

  it('carries the stored alert intent, keeping only non-empty values', () => {
    const stored = {
      openAddAlert: 'true',
      hotel: "Disney's Riviera Resort",
      hotelId: '',
      location: 'disney-world',
      junk: 'x',
    }
    expect(dashboardAfterCheckout(stored, new URLSearchParams('hotelId=ignored'))).toBe(
      '/dashboard?openAddAlert=true&hotel=Disney%27s+Riviera+Resort&location=disney-world',
    )
  })

  it('falls back to the URL parameters when nothing is stored', () => {
    const url = new URLSearchParams('session_id=cs_1&openAddAlert=true&disneyId=80010384&hotel=')
    expect(dashboardAfterCheckout(null, url)).toBe('/dashboard?openAddAlert=true&disneyId=80010384')
  })
})
