import { describe, expect, it } from 'vitest'
import { isCrossSiteWrite } from './cross-site.ts'

const base = {
  method: 'POST',
  path: '/api/availability-queries',
  host: 'alerts.example.com',
  origin: undefined,
  secFetchSite: undefined,
  appOrigin: 'https://alerts.example.com',
}

describe('a cross-site write', () => {
  it('is refused when the browser says it came from another site', () => {
    expect(isCrossSiteWrite({ ...base, secFetchSite: 'cross-site' })).toBe(true)
    expect(isCrossSiteWrite({ ...base, origin: 'https://evil.example' })).toBe(true)
    expect(isCrossSiteWrite({ ...base, origin: 'null' })).toBe(true)
    expect(isCrossSiteWrite({ ...base, method: 'DELETE', origin: 'https://evil.example' })).toBe(
      true,
    )
  })

  it('is let through from this site, from API clients without browser headers, and for reads', () => {
    expect(isCrossSiteWrite({ ...base, secFetchSite: 'same-origin' })).toBe(false)
    expect(isCrossSiteWrite({ ...base, origin: 'https://alerts.example.com' })).toBe(false)
    expect(isCrossSiteWrite(base)).toBe(false)
    expect(
      isCrossSiteWrite({ ...base, method: 'GET', secFetchSite: 'cross-site', origin: 'https://x' }),
    ).toBe(false)
    // Behind a proxy the Host may be internal; the configured origin still counts as ours.
    expect(
      isCrossSiteWrite({ ...base, host: '10.0.0.5:3000', origin: 'https://alerts.example.com' }),
    ).toBe(false)
  })

  it('leaves signed webhooks to their signatures', () => {
    expect(
      isCrossSiteWrite({ ...base, path: '/api/stripe/webhook', secFetchSite: 'cross-site' }),
    ).toBe(false)
    expect(
      isCrossSiteWrite({ ...base, path: '/webhooks/twilio/inbound', origin: 'https://x.test' }),
    ).toBe(false)
  })
})
