import { createHmac } from 'node:crypto'
import { z } from 'zod'
import { normalizePhoneNumber } from './domain/phone.ts'
import { PLANS } from './domain/plans.ts'

/**
 * The one schema for configuration. The web server and the worker both call `loadEnv()` at boot,
 * so a bad or missing variable stops the process with a message naming it.
 */
const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1')

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))

const phoneList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  // Written in any format a person types; each must be a number login itself accepts, or the
  // admin could never sign in.
  .transform((entries, ctx) =>
    entries.map((entry) => {
      const number = normalizePhoneNumber(entry)
      if (!number)
        ctx.addIssue({ code: 'custom', message: `"${entry}" is not a phone number login accepts` })
      return number ?? entry
    }),
  )

/** The plans' price variables, each plan's id beside it. */
const PRICE_VARIABLES = {
  STRIPE_PRICE_PIXIE_DUST: 'pixie-dust',
  STRIPE_PRICE_MAGIC_HOUR: 'magic-hour',
  STRIPE_PRICE_LIGHTNING_LANE: 'lightning-lane',
  STRIPE_PRICE_THE_CLUB: 'the-club',
} as const

const priceId = optionalText.pipe(
  z
    .string()
    .regex(/^price_[A-Za-z0-9_]+$/, 'must be a Stripe price id (price_...)')
    .optional(),
)

/**
 * The stand-in's price of a plan. The free plan keeps it with real keys too: its price id only
 * names the plan to our own API and is never sent to Stripe.
 */
const mockPriceId = (planId: string) => `price_mock_${planId.replace(/-/g, '_')}`
const isFree = (planId: string) => PLANS.some((plan) => plan.id === planId && plan.free)

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number({ error: 'must be a port number' }).int().min(1).max(65535).default(3000),
    TRUST_PROXY: z.string().trim().min(1).default('loopback'),
    APP_URL: z.url().default('http://localhost:3000'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .default('postgres://postgres@127.0.0.1:5432/disney_alerts'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .default('redis://127.0.0.1:6379'),
    REDIS_PREFIX: z
      .string()
      .regex(/^[a-z0-9_-]+$/i, 'letters, digits, - and _ only')
      .default('disney-alerts'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    MOCKS: flag,
    SMS_OUTBOX_PATH: z.string().default('.data/sms-outbox.jsonl'),
    TWILIO_ACCOUNT_SID: optionalText.pipe(
      z
        .string()
        .regex(/^AC[0-9a-f]{32}$/, 'must look like AC followed by 32 hex digits')
        .optional(),
    ),
    TWILIO_AUTH_TOKEN: optionalText,
    TWILIO_FROM_NUMBER: optionalText.pipe(
      z
        .string()
        .regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number')
        .optional(),
    ),
    TWILIO_MESSAGING_SERVICE_SID: optionalText.pipe(
      z
        .string()
        .regex(/^MG[0-9a-f]{32}$/, 'must look like MG followed by 32 hex digits')
        .optional(),
    ),
    ADMIN_PHONE_NUMBERS: phoneList,
    SMS_COUNTRIES: z
      .string()
      .default('US,CA')
      .transform((value) => value.split(',').map((code) => code.trim().toUpperCase()))
      .pipe(
        z
          .array(z.string().regex(/^[A-Z]{2}$/, 'each entry must be a two-letter country code'))
          .min(1),
      ),
    METRICS_TOKEN: optionalText,
    DISNEY_DINING_TOKEN: optionalText,
    DISNEY_DINING_TOKEN_FILE: optionalText,
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    UPSTREAM_RATE_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(20),
    SMS_RATE_PER_SECOND: z.coerce.number().int().min(1).max(1_000).default(10),
    TICK_INTERVAL_MS: z.coerce.number().int().min(200).max(3_600_000).default(5_000),
    CLAIM_BATCH_SIZE: z.coerce.number().int().min(1).max(50_000).default(2_000),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(20),
    WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
    // About 13 months: a year-on-year comparison, and nothing kept much longer (decision 0014).
    ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(395),
    SIMULATOR_SEED: z.string().default('disney-alerts'),
    // The stand-ins for Disney and Twilio served by their own process (`npm run simulator`),
    // for benchmarks: the worker's CPU is then its own.
    SIMULATOR_URL: optionalText.pipe(
      z.url('must be a URL such as http://127.0.0.1:9600').optional(),
    ),
    STRIPE_SECRET_KEY: optionalText.pipe(
      z
        .string()
        .regex(
          /^(sk|rk)_(test|live)_\w+$/,
          'must be a Stripe secret key (sk_test_... or sk_live_...)',
        )
        .optional(),
    ),
    STRIPE_PUBLISHABLE_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_...)')
        .optional(),
    ),
    STRIPE_WEBHOOK_SECRET: optionalText.pipe(
      z
        .string()
        .regex(/^whsec_\w+$/, 'must be a webhook signing secret (whsec_...)')
        .optional(),
    ),
    STRIPE_PRICE_PIXIE_DUST: priceId,
    STRIPE_PRICE_MAGIC_HOUR: priceId,
    STRIPE_PRICE_LIGHTNING_LANE: priceId,
    STRIPE_PRICE_THE_CLUB: priceId,
  })
  .superRefine((env, ctx) => {
    // Each service's credentials work together: all of them, or none for its stand-in, which
    // production allows only with MOCKS=true.
    const groups = [
      ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER'],
      ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'],
    ] as const
    for (const names of groups) {
      const given = names.filter((name) => env[name]).length
      const [first] = names
      if (given > 0 && given < names.length) {
        ctx.addIssue({
          code: 'custom',
          path: [first],
          message: `set ${names.slice(0, -1).join(', ')} and ${names.at(-1)} together`,
        })
      }
      if (given === 0 && env.NODE_ENV === 'production' && !env.MOCKS) {
        ctx.addIssue({
          code: 'custom',
          path: [first],
          message: 'required in production unless MOCKS=true',
        })
      }
    }
    // Real Stripe refuses a price it does not have ("No such price"): without the account's own
    // price ids every checkout and plan change would fail, so the process does not start.
    const realStripe = !env.MOCKS && env.STRIPE_SECRET_KEY
    for (const [name, planId] of Object.entries(PRICE_VARIABLES)) {
      const value = env[name as keyof typeof PRICE_VARIABLES]
      if (realStripe && !isFree(planId) && (!value || value.startsWith('price_mock_')))
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message:
            "required with real Stripe keys: the price id of the plan in the account's products",
        })
    }
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'required in production' })
    }
  })

/**
 * A stand-in's signing secret, derived from SESSION_SECRET: never a value written in this
 * repository, so in mock mode (which production runs for the browser tests) nobody who has read
 * the code can sign a Stripe event or a Twilio webhook the app would trust.
 */
function standInSecret(sessionSecret: string, purpose: 'stripe-webhook' | 'twilio-auth') {
  return createHmac('sha256', sessionSecret).update(`stand-in:${purpose}`).digest('hex')
}

// Fake credentials let the real Twilio SDK run against the msw stand-in.
const mockTwilio = (sessionSecret: string) => ({
  accountSid: 'AC00000000000000000000000000000000',
  authToken: standInSecret(sessionSecret, 'twilio-auth'),
  fromNumber: '+15005550006',
  messagingServiceSid: undefined,
})
// Test-mode-shaped keys let the real Stripe SDK run against the msw stand-in.
const mockStripe = (sessionSecret: string) => ({
  secretKey: 'sk_test_mock',
  publishableKey: 'pk_test_mock',
  webhookSecret: `whsec_${standInSecret(sessionSecret, 'stripe-webhook')}`,
})
const MOCK_DINING_TOKEN = 'simulator-dining-token'
const DEV_SESSION_SECRET = 'development-only-session-secret-change-me'

export function parseEnv(source: Record<string, string | undefined>) {
  const result = schema.safeParse(source)
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  - ${String(issue.path[0] ?? '(environment)')}: ${issue.message}`,
    )
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`)
  }
  const env = result.data
  // Without Disney credentials the dining checks go to the simulator, like every other service.
  const disneyMocked = env.MOCKS || !(env.DISNEY_DINING_TOKEN || env.DISNEY_DINING_TOKEN_FILE)
  const twilioMocked =
    env.MOCKS || !(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM_NUMBER)
  const stripeMocked =
    env.MOCKS || !(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET)
  const sessionSecret = env.SESSION_SECRET ?? DEV_SESSION_SECRET
  const simulator = env.SIMULATOR_URL?.replace(/\/$/, '')
  return {
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    trustProxy: /^\d+$/.test(env.TRUST_PROXY) ? Number(env.TRUST_PROXY) : env.TRUST_PROXY,
    appUrl: env.APP_URL.replace(/\/$/, ''),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    sessionSecret,
    logLevel: env.LOG_LEVEL,
    smsOutboxPath: env.SMS_OUTBOX_PATH,
    adminPhoneNumbers: env.ADMIN_PHONE_NUMBERS,
    /** The countries whose numbers may get login texts (SMS pumping lives abroad). */
    smsCountries: env.SMS_COUNTRIES,
    /** Lets a scraper that is not on the loopback read the web's /metrics. */
    metricsToken: env.METRICS_TOKEN,
    stripePriceIds: Object.fromEntries(
      Object.entries(PRICE_VARIABLES).map(([name, planId]) => [
        planId,
        (stripeMocked ? undefined : env[name as keyof typeof PRICE_VARIABLES]) ??
          mockPriceId(planId),
      ]),
    ) as Record<string, string>,
    disney: {
      mocked: disneyMocked,
      diningToken: disneyMocked ? MOCK_DINING_TOKEN : env.DISNEY_DINING_TOKEN,
      diningTokenFile: disneyMocked ? undefined : env.DISNEY_DINING_TOKEN_FILE,
      timeoutMs: env.UPSTREAM_TIMEOUT_MS,
      ratePerSecond: env.UPSTREAM_RATE_PER_SECOND,
      simulatorSeed: env.SIMULATOR_SEED,
      via: disneyMocked ? simulator : undefined,
    },
    analytics: { retentionDays: env.ANALYTICS_RETENTION_DAYS },
    monitoring: {
      tickIntervalMs: env.TICK_INTERVAL_MS,
      claimBatchSize: env.CLAIM_BATCH_SIZE,
      concurrency: env.WORKER_CONCURRENCY,
      smsPerSecond: env.SMS_RATE_PER_SECOND,
      metricsPort: env.WORKER_METRICS_PORT,
    },
    stripe: stripeMocked
      ? { ...mockStripe(sessionSecret), mocked: true as const }
      : {
          secretKey: env.STRIPE_SECRET_KEY!,
          publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
          mocked: false as const,
        },
    twilio: twilioMocked
      ? { ...mockTwilio(sessionSecret), via: simulator, mocked: true as const }
      : {
          accountSid: env.TWILIO_ACCOUNT_SID!,
          authToken: env.TWILIO_AUTH_TOKEN!,
          fromNumber: env.TWILIO_FROM_NUMBER!,
          messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID,
          via: undefined,
          mocked: false as const,
        },
  }
}

export type Env = ReturnType<typeof parseEnv>

let cached: Env | undefined

/** Parses `process.env` once; every server module reads configuration through this. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env)
  return cached
}

/** At a process's start: the configuration, or what is wrong with it in one message and exit 1. */
export function getEnvOrExit(): Env {
  try {
    return getEnv()
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
