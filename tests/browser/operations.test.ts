import { describe, expect, inject, it } from 'vitest'
import { fakePhoneNumber } from '../../db/factories.ts'
import { apiToken } from '../support/browser.ts'

const baseUrl = () => inject('baseUrl')
const ADMIN = '+12015550197'

describe('operations on the web process', () => {
  it("answers the web's readiness at /healthz on Postgres and Redis, and the workers' health at /healthz/worker", async () => {
    const ready = await fetch(`${baseUrl()}/healthz`)
    expect(ready.status).toBe(200)
    expect(Object.keys(((await ready.json()) as { checks: object }).checks)).toEqual([
      'database',
      'redis',
    ])
    // The app's worker starts beside the web: its first beat may come after the web is ready.
    await expect
      .poll(async () => (await fetch(`${baseUrl()}/healthz/worker`)).status, { timeout: 30_000 })
      .toBe(200)
    const worker = (await (await fetch(`${baseUrl()}/healthz/worker`)).json()) as {
      checks: Record<string, { ok: boolean }>
    }
    expect(worker.checks).toMatchObject({ worker: { ok: true }, schedule: { ok: true } })
  })

  it('gives every answer a request id, keeping a sane one the caller sent', async () => {
    const fresh = await fetch(`${baseUrl()}/livez`)
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const kept = await fetch(`${baseUrl()}/livez`, { headers: { 'X-Request-Id': 'trace-77' } })
    expect(kept.headers.get('x-request-id')).toBe('trace-77')
  })

  it('serves Prometheus metrics with request latency, texts delivered and event-loop delay', async () => {
    await fetch(`${baseUrl()}/`)
    const text = await (await fetch(`${baseUrl()}/metrics`)).text()
    expect(text).toMatch(
      /web_request_duration_seconds_count\{kind="page",method="GET",status="2xx"\} \d+/,
    )
    expect(text).toContain('web_nodejs_eventloop_lag_p99_seconds')
    // Counted as Twilio's callbacks arrive (tests/integration/delivery.test.ts counts them).
    expect(text).toContain('# TYPE sms_deliveries_total counter')
  })

  it('shows Bull Board at /admin/queues to the admin only', async () => {
    const visitor = await fetch(`${baseUrl()}/admin/queues`, { redirect: 'manual' })
    expect(visitor.status).toBe(302)
    expect(visitor.headers.get('location')).toBe('/')

    const user = await apiToken(fakePhoneNumber())
    const refused = await fetch(`${baseUrl()}/admin/queues`, {
      headers: { Authorization: `Bearer ${user}` },
      redirect: 'manual',
    })
    expect(refused.headers.get('location')).toBe('/')

    const admin = await apiToken(ADMIN)
    const board = await fetch(`${baseUrl()}/admin/queues`, {
      headers: { Authorization: `Bearer ${admin}` },
    })
    expect(board.status).toBe(200)
    expect(await board.text()).toContain('Disney Hotel Alerts queues')
    const api = await fetch(`${baseUrl()}/admin/queues/api/queues`, {
      headers: { Authorization: `Bearer ${admin}` },
    })
    const { queues } = (await api.json()) as { queues: { name: string }[] }
    expect(queues.map((queue) => queue.name).sort()).toEqual([
      'check',
      'maintenance',
      'sms',
      'tick',
    ])
  })
})
