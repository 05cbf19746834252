/**
 * `npm run stripe:setup`: pins the Stripe webhook endpoint for {APP_URL}/api/stripe/webhook to
 * the API version this code reads and checks the paid plans' prices (decision 0025). Exits 1
 * when a price is wrong. Without Stripe keys it runs against the stand-in, to show what it does.
 */
import 'dotenv/config'
import { getEnvOrExit } from '../app/env.server.ts'
import { listPlans } from '../app/models/plan.server.ts'
import { checkPlanPrices, pinWebhookEndpoint } from '../app/services/stripe-setup.server.ts'
import { createDb } from '../db/client.ts'
import { startMocks } from '../mocks/index.ts'

const env = getEnvOrExit()
const mocks = startMocks(env, { calls: ['stripe'] })
if (mocks) console.log('No Stripe keys: running against the stand-in.')
const db = createDb(env.databaseUrl, { max: 1 })
try {
  const endpoint = await pinWebhookEndpoint(`${env.appUrl}/api/stripe/webhook`)
  console.log(
    endpoint.secret
      ? `Created webhook endpoint ${endpoint.id} (API version ${endpoint.apiVersion}).\n` +
          `Set STRIPE_WEBHOOK_SECRET=${endpoint.secret} and restart the web.`
      : `Webhook endpoint ${endpoint.id} is pinned to ${endpoint.apiVersion}; nothing to change.`,
  )
  for (const other of endpoint.otherVersions)
    console.log(
      `Endpoint ${other.id} for the same URL renders events in ${other.apiVersion ?? "the account's default version"}, ` +
        'which the webhook refuses: delete it once the new secret is in place.',
    )
  const prices = await checkPlanPrices(await listPlans(db))
  for (const price of prices)
    console.log(
      `${price.problem ? '✗' : '✓'} ${price.planId}: ${price.priceId}${price.problem ? ` — ${price.problem}` : ''}`,
    )
  process.exitCode = prices.some((price) => price.problem) ? 1 : 0
} finally {
  await db.destroy()
  mocks?.close()
}
