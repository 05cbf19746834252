import { json } from '@remix-run/node'

/**
 * GET /livez, liveness: this web process answers. It touches nothing else, so a database or
 * Redis outage never gets a healthy process restarted; readiness is /healthz.
 */
export function loader() {
  return json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } })
}
