import { describe, expect, it } from 'vitest'
import { parseEnv } from './env.server'

const PRICES = {
  STRIPE_PRICE_PIXIE_DUST: 'price_1PixieDust',
  STRIPE_PRICE_MAGIC_HOUR: 'price_1MagicHour',
  STRIPE_PRICE_LIGHTNING_LANE: 'price_1LightningLane',
  STRIPE_PRICE_THE_CLUB: 'price_1TheClub',
}

describe('the environment schema', () => {
  it('runs everything in mock mode with no variables at all', () => {
    const env = parseEnv({})
    expect(env.twilio.mocked).toBe(true)
    expect(env.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/disney_alerts')
    expect(env.stripePriceIds['magic-hour']).toBe('price_mock_magic_hour')
  })

  it('uses real Twilio only with all three keys and without MOCKS', () => {
    const keys = {
      TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_FROM_NUMBER: '+12015550100',
    }
    expect(parseEnv(keys).twilio).toMatchObject({ mocked: false, fromNumber: '+12015550100' })
    expect(parseEnv({ ...keys, MOCKS: 'true' }).twilio.mocked).toBe(true)
  })

  it('names every bad variable in one message', () => {
    expect(() =>
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_PHONE_NUMBERS: '555' }),
    ).toThrowError(
      /Invalid environment configuration:\n {2}- PORT: .*\n {2}- DATABASE_URL: must be a postgres:\/\/ URL\n {2}- ADMIN_PHONE_NUMBERS: "555" is not a phone number login accepts/,
    )
  })

  it('keeps analytics events 395 days unless told otherwise, and refuses a period that is not one', () => {
    expect(parseEnv({}).analytics.retentionDays).toBe(395)
    expect(parseEnv({ ANALYTICS_RETENTION_DAYS: '30' }).analytics.retentionDays).toBe(30)
    for (const value of ['0', '1.5', 'forever'])
      expect(() => parseEnv({ ANALYTICS_RETENTION_DAYS: value })).toThrowError(
        /ANALYTICS_RETENTION_DAYS/,
      )
  })

  it('asks for the Twilio keys together', () => {
    expect(() => parseEnv({ TWILIO_AUTH_TOKEN: 'secret' })).toThrowError(
      /TWILIO_ACCOUNT_SID: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER together/,
    )
  })

  it('requires a session secret, and real keys or MOCKS, in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrowError(
      /SESSION_SECRET: required in production/,
    )
    expect(() => parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) })).toThrowError(
      /TWILIO_ACCOUNT_SID: required in production unless MOCKS=true/,
    )
    expect(
      parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), MOCKS: 'true' })
        .isProduction,
    ).toBe(true)
  })

  it('uses real Stripe only with all three keys and without MOCKS, and asks for them together', () => {
    const keys = {
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
      ...PRICES,
    }
    expect(parseEnv({}).stripe).toMatchObject({ mocked: true, publishableKey: 'pk_test_mock' })
    expect(parseEnv(keys).stripe).toMatchObject({ mocked: false, secretKey: 'sk_live_abc123' })
    expect(parseEnv({ ...keys, MOCKS: 'true' }).stripe.mocked).toBe(true)
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrowError(
      /STRIPE_SECRET_KEY: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together/,
    )
    expect(() => parseEnv({ ...keys, STRIPE_PUBLISHABLE_KEY: 'sk_live_oops' })).toThrowError(
      /STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key/,
    )
    const twilio = {
      TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_FROM_NUMBER: '+12015550100',
    }
    expect(() =>
      parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), ...twilio }),
    ).toThrowError(/STRIPE_SECRET_KEY: required in production unless MOCKS=true/)
  })

  it("refuses real Stripe keys without the account's price ids, which Stripe would refuse", () => {
    const keys = {
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    }
    const missing = () =>
      parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), ...keys })
    expect(missing).toThrowError(/STRIPE_PRICE_THE_CLUB: required with real Stripe keys/)
    // The free plan's price never goes to Stripe.
    expect(missing).not.toThrowError(/STRIPE_PRICE_PIXIE_DUST/)
    expect(() =>
      parseEnv({ ...keys, ...PRICES, STRIPE_PRICE_MAGIC_HOUR: 'price_mock_magic_hour' }),
    ).toThrowError(/STRIPE_PRICE_MAGIC_HOUR: required with real Stripe keys/)
    expect(parseEnv({ ...keys, ...PRICES }).stripePriceIds).toEqual({
      'pixie-dust': 'price_1PixieDust',
      'magic-hour': 'price_1MagicHour',
      'lightning-lane': 'price_1LightningLane',
      'the-club': 'price_1TheClub',
    })
    // The stand-in has its own prices, whatever the variables say.
    expect(parseEnv({ ...PRICES }).stripePriceIds['the-club']).toBe('price_mock_the_club')
  })

  it('reads the admin numbers as a list, in the form login stores them, whatever their format', () => {
    expect(
      parseEnv({ ADMIN_PHONE_NUMBERS: '+12015550100, (201) 555-0101,+44 20 7946 0958' })
        .adminPhoneNumbers,
    ).toEqual(['+12015550100', '+12015550101', '+442079460958'])
  })

  it('refuses an admin number login would refuse, so no admin is locked out', () => {
    expect(() => parseEnv({ ADMIN_PHONE_NUMBERS: '+1 900 000 0000' })).toThrowError(
      /ADMIN_PHONE_NUMBERS: "\+1 900 000 0000" is not a phone number login accepts/,
    )
  })

  it('never trusts a stand-in secret written in the repository, even with MOCKS=true in production', () => {
    const production = { NODE_ENV: 'production', MOCKS: 'true' }
    const one = parseEnv({ ...production, SESSION_SECRET: 'a'.repeat(32) })
    const other = parseEnv({ ...production, SESSION_SECRET: 'b'.repeat(32) })
    expect(one.stripe.webhookSecret).toMatch(/^whsec_[0-9a-f]{64}$/)
    expect(one.stripe.webhookSecret).not.toBe(other.stripe.webhookSecret)
    expect(one.twilio.authToken).not.toBe(other.twilio.authToken)
    expect(one.twilio.authToken).not.toBe('mock-auth-token')
  })
})
