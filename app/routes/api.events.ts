import type { ActionFunctionArgs } from '@remix-run/node'
import { browserEventSchema, MAX_EVENT_BYTES } from '~/domain/analytics-events'
import { recordBrowserEvent } from '~/models/analytics.server'
import { analyticsKeys, optedOut } from '~/utils/analytics.server'
import { apiError, methodNotAllowed, readJson } from '~/utils/api.server'
import { getDb } from '~/utils/db.server'
import { consume } from '~/utils/rate-limit.server'

/**
 * POST /api/events: one event of the browser tracker (app/utils/tracker.ts), sent as
 * navigator.sendBeacon sends a string: text/plain. Refusals (another body type, too large, not an
 * event of the schema, too many) are 4xx and store nothing; 204 otherwise.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const type = request.headers.get('Content-Type')?.split(';')[0]?.trim().toLowerCase()
  if (type !== 'text/plain') return apiError(415, 'Send the event as text/plain.')
  const keys = await analyticsKeys(request, String(context.clientIp ?? 'unknown'))
  const limit = await consume('eventsPerClient', keys.client)
  if (!limit.ok)
    return apiError(429, 'Too many events.', 'RATE_LIMITED', {
      'Retry-After': String(limit.retryAfterS),
    })
  const event = await readJson(request, browserEventSchema, MAX_EVENT_BYTES)
  if (!optedOut(request)) await recordBrowserEvent(getDb(), event, keys.visitor)
  return new Response(null, { status: 204 })
}

export const loader = () => methodNotAllowed(['POST'])
