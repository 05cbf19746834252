import { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'
import { FetchInterceptor } from '@mswjs/interceptors/fetch'
import type { UnhandledRequestStrategy } from 'msw'
import { SetupServerApi } from 'msw/node'
import type { Env } from '../app/env.server.ts'
import { configureSimulator, disneyHandlers } from './disney.ts'
import { stripeHandlers } from './stripe.ts'
import { twilioHandlers } from './twilio.ts'

/**
 * Starts msw in this process for every outside service that has no real keys (or all of them
 * with MOCKS=true). Requests to anything else pass through untouched, unless the caller (a test)
 * says otherwise.
 */
export function startMocks(
  env: Env,
  { onUnhandledRequest = 'bypass' }: { onUnhandledRequest?: UnhandledRequestStrategy } = {},
) {
  const disneyHere = env.disney.mocked && !env.disney.via
  const handlers = [
    ...(env.twilio.mocked
      ? // Texts carry login codes: printed in development only, never in a production log.
        twilioHandlers(env.smsOutboxPath, { print: env.nodeEnv === 'development' })
      : []),
    // A simulator of its own process answers over HTTP instead (DISNEY_SIMULATOR_URL).
    ...(disneyHere ? disneyHandlers() : []),
    ...(env.stripe.mocked
      ? stripeHandlers({
          // Tests post their own events; everywhere else the stand-in calls our webhook.
          webhookUrl: env.nodeEnv === 'test' ? null : `${env.appUrl}/api/stripe/webhook`,
          webhookSecret: env.stripe.webhookSecret,
        })
      : []),
  ]
  if (handlers.length === 0) return null
  configureSimulator({
    seed: env.disney.simulatorSeed,
    expectedToken: env.disney.diningToken ?? '',
  })
  // Twilio's and Stripe's SDKs call through node's http; only the Disney adapters use fetch.
  // Patching fetch when Disney is answered elsewhere would tax every call the worker makes.
  const server = new SetupServerApi(handlers, [
    new ClientRequestInterceptor(),
    ...(disneyHere ? [new FetchInterceptor()] : []),
  ])
  server.listen({ onUnhandledRequest })
  return server
}
