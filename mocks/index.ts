import { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'
import type { UnhandledRequestStrategy } from 'msw'
import { SetupServerApi } from 'msw/node'
import { PLANS } from '../app/domain/plans.ts'
import type { Env } from '../app/env.server.ts'
import { STRIPE_API_VERSION } from '../app/services/stripe.server.ts'
import { configureSimulator, disneyHandlers } from './disney.ts'
import { stripeHandlers } from './stripe.ts'
import { twilioHandlers } from './twilio.ts'

export type OutsideService = 'disney' | 'twilio' | 'stripe'

/**
 * Starts msw in this process for each outside service it calls that has no real keys (or all of
 * them with MOCKS=true). Requests to anything else pass through untouched, unless the caller (a
 * test) says otherwise. A process starts no msw for services it never calls: once installed, msw
 * sits on every request the process makes, and one it passes through costs a new connection.
 */
export function startMocks(
  env: Env,
  {
    calls,
    onUnhandledRequest = 'bypass',
  }: { calls: readonly OutsideService[]; onUnhandledRequest?: UnhandledRequestStrategy },
) {
  // A simulator of its own process answers over HTTP instead (SIMULATOR_URL).
  const here = (service: OutsideService, { mocked, via }: { mocked: boolean; via?: string }) =>
    calls.includes(service) && mocked && !via
  const disneyHere = here('disney', env.disney)
  const handlers = [
    ...(here('twilio', env.twilio)
      ? // Texts carry login codes: printed in development only, never in a production log.
        twilioHandlers(env.smsOutboxPath, {
          print: env.nodeEnv === 'development',
          authToken: env.twilio.authToken,
          // Nothing listens at APP_URL in tests: they post their own callbacks, and a text stays
          // queued (no date_sent) for as long as a test runs, as Twilio may hold one.
          ...(env.nodeEnv === 'test' && { statusCallbacks: false, queuedForMs: 10 * 60_000 }),
        })
      : []),
    ...(disneyHere ? disneyHandlers() : []),
    ...(here('stripe', env.stripe)
      ? stripeHandlers({
          // Tests post their own events; everywhere else the stand-in calls our webhook.
          webhookUrl: env.nodeEnv === 'test' ? null : `${env.appUrl}/api/stripe/webhook`,
          webhookSecret: env.stripe.webhookSecret,
          // As `npm run stripe:setup` pins the endpoint.
          webhookApiVersion: STRIPE_API_VERSION,
          // The account's products as the operator made them: each paid plan's monthly price.
          prices: PLANS.filter((plan) => !plan.free).map((plan) => ({
            id: env.stripePriceIds[plan.id]!,
            unitAmount: plan.priceCents,
          })),
        })
      : []),
  ]
  if (handlers.length === 0) return null
  configureSimulator({
    seed: env.disney.simulatorSeed,
    expectedToken: env.disney.diningToken ?? '',
  })
  // Twilio's and Stripe's SDKs and the Disney adapters all call through node's http; fetch is
  // left alone (the Stripe stand-in posts its events to our webhook with it).
  const server = new SetupServerApi(handlers, [new ClientRequestInterceptor()])
  server.listen({ onUnhandledRequest })
  return server
}
