import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    return statSync(full).isDirectory() ? files(full) : [full]
  })
}

// The classic compiler empties *.server.ts modules in the browser bundle without an error, so a
// server-only import that slips into a shared module would only show up here.
describe('the browser bundle', () => {
  const source = files('public/build')
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n')

  it.each([
    'ioredis',
    'kysely',
    'api.twilio.com',
    'RestException',
    'pg-pool',
    'rate-limiter-flexible',
    'createHmac',
    'DATABASE_URL',
    'SESSION_SECRET',
    'StripeSignatureVerificationError',
    'STRIPE_SECRET_KEY',
    'whsec_',
  ])('holds nothing of %s', (needle) => {
    expect(source.length).toBeGreaterThan(1000)
    expect(source).not.toContain(needle)
  })

  it("loads Stripe.js from Stripe's host on the payment page only", () => {
    const loaders = files('public/build').filter(
      (file) =>
        file.endsWith('.js') && readFileSync(file, 'utf8').includes('https://js.stripe.com'),
    )
    expect(loaders.map((file) => path.basename(file))).toEqual([
      expect.stringMatching(/^payment\.\(\$plan\)-\w+\.js$/),
    ])
  })
})
