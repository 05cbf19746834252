import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, securityHeaders } from './security-headers.ts'

describe('the security headers', () => {
  it("allow scripts from this site and the request's nonce, and Stripe on the payment page only", () => {
    const home = contentSecurityPolicy({ nonce: 'abc', path: '/' })
    expect(home).toContain("script-src 'self' 'nonce-abc';")
    expect(home).not.toContain('stripe')
    expect(home).toContain("frame-ancestors 'none'")
    const payment = contentSecurityPolicy({ nonce: 'abc', path: '/payment/the-club' })
    expect(payment).toContain("script-src 'self' 'nonce-abc' https://js.stripe.com;")
    expect(payment).toContain('frame-src https://js.stripe.com https://checkout.stripe.com')
  })

  it('add HSTS in production and keep signed-in pages out of caches', () => {
    const base = { nonce: 'n', path: '/dashboard' }
    expect(securityHeaders({ ...base, production: true, signedIn: true })).toMatchObject({
      'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    })
    const visitor = securityHeaders({ ...base, production: false, signedIn: false })
    expect(visitor['Strict-Transport-Security']).toBeUndefined()
    expect(visitor['Cache-Control']).toBeUndefined()
  })
})
