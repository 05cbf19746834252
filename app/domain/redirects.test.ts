import { describe, expect, it } from 'vitest'
import { postLoginPath, readIntent, safeRedirectPath } from './redirects'

describe('safeRedirectPath', () => {
  it('accepts paths on this site with their query and hash', () => {
    expect(safeRedirectPath('/dashboard')).toBe('/dashboard')
    expect(safeRedirectPath('/pricing?intent=pro#faq')).toBe('/pricing?intent=pro#faq')
    expect(safeRedirectPath('/dashboard?newAlert=hotel')).toBe('/dashboard?newAlert=hotel')
  })

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    'dashboard',
    '/\tevil',
    '',
    '   ',
  ])('refuses %j', (value) => {
    expect(safeRedirectPath(value)).toBeNull()
  })

  it('refuses what is not a string', () => {
    expect(safeRedirectPath(undefined)).toBeNull()
    expect(safeRedirectPath(['/dashboard'])).toBeNull()
  })
})

describe('readIntent', () => {
  it('knows quick and pro, in any case', () => {
    expect(readIntent('quick')).toBe('quick')
    expect(readIntent('PRO')).toBe('pro')
    expect(readIntent('agency')).toBeNull()
    expect(readIntent(null)).toBeNull()
  })
})

describe('postLoginPath', () => {
  it('sends a user with a plan to next or redirect, else the dashboard', () => {
    expect(postLoginPath({ hasPlan: true, intent: null })).toBe('/dashboard')
    expect(postLoginPath({ hasPlan: true, intent: null, next: '/settings' })).toBe('/settings')
    expect(postLoginPath({ hasPlan: true, intent: 'pro', redirect: '/dashboard?type=hotel' })).toBe(
      '/dashboard?type=hotel',
    )
  })

  it('sends intent pro to next or the agents pricing', () => {
    expect(postLoginPath({ hasPlan: false, intent: 'pro' })).toBe('/pricing?intent=pro')
    expect(postLoginPath({ hasPlan: false, intent: 'pro', next: '/pricing?intent=pro' })).toBe(
      '/pricing?intent=pro',
    )
  })

  it('follows a payment path for a user without a plan', () => {
    expect(postLoginPath({ hasPlan: false, intent: null, redirect: '/payment/magic-hour' })).toBe(
      '/payment/magic-hour',
    )
    expect(postLoginPath({ hasPlan: false, intent: 'quick', next: '/payment/the-club' })).toBe(
      '/payment/the-club',
    )
  })

  it('sends everyone else without a plan to pricing, carrying the intent', () => {
    expect(postLoginPath({ hasPlan: false, intent: null })).toBe('/pricing')
    expect(postLoginPath({ hasPlan: false, intent: 'quick', redirect: '/dashboard' })).toBe(
      '/pricing?intent=quick',
    )
  })

  it('carries an alert intent from the dashboard link through pricing', () => {
    const redirect =
      '/dashboard?openAddAlert=true&hotel=Disney%27s+Riviera+Resort&type=hotel&hotelId='
    expect(postLoginPath({ hasPlan: false, intent: null, redirect })).toBe(
      '/pricing?openAddAlert=true&hotel=Disney%27s+Riviera+Resort',
    )
    expect(postLoginPath({ hasPlan: false, intent: 'quick', redirect })).toBe(
      '/pricing?intent=quick&openAddAlert=true&hotel=Disney%27s+Riviera+Resort',
    )
    expect(postLoginPath({ hasPlan: true, intent: null, redirect })).toBe(redirect)
  })

  it('lets the redirect of a protected page win over next and intent (issue 26)', () => {
    const travelAgent = { next: '/pricing?intent=pro', redirect: '/dashboard' }
    expect(postLoginPath({ hasPlan: true, intent: 'pro', ...travelAgent })).toBe('/dashboard')
    expect(postLoginPath({ hasPlan: false, intent: 'pro', ...travelAgent })).toBe('/dashboard')
    expect(
      postLoginPath({
        hasPlan: false,
        intent: null,
        next: '/payment/the-club',
        redirect: '/settings',
      }),
    ).toBe('/pricing')
  })

  it('falls back to next when the redirect is off the site', () => {
    expect(
      postLoginPath({ hasPlan: true, intent: null, next: '/settings', redirect: '//evil.example' }),
    ).toBe('/settings')
  })

  it('never follows a target off the site', () => {
    expect(postLoginPath({ hasPlan: true, intent: null, next: '//evil.example' })).toBe(
      '/dashboard',
    )
    expect(postLoginPath({ hasPlan: false, intent: 'pro', next: 'https://evil.example' })).toBe(
      '/pricing?intent=pro',
    )
  })
})
