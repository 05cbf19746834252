import { describe, expect, it } from 'vitest'
import { alertIntentOfPage, dashboardAfterCheckout } from './checkout'

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

describe('alertIntentOfPage', () => {
  it('reads the intent from the query, else from the redirect or next path', () => {
    const read = (query: string) => alertIntentOfPage(new URLSearchParams(query)).toString()
    expect(read('openAddAlert=true&hotel=Pixar+Place+Hotel&location=disneyland&x=1')).toBe(
      'openAddAlert=true&hotel=Pixar+Place+Hotel&location=disneyland',
    )
    expect(read(`redirect=${encodeURIComponent('/dashboard?openAddAlert=true&hotelId=abc')}`)).toBe(
      'openAddAlert=true&hotelId=abc',
    )
    expect(read(`next=${encodeURIComponent('/payment/magic-hour?disneyId=334223')}`)).toBe(
      'disneyId=334223',
    )
    expect(read('redirect=%2F%2Fevil.example%3FopenAddAlert%3Dtrue&hotel=')).toBe(
      'openAddAlert=true',
    )
    expect(read('intent=quick')).toBe('')
  })
})
