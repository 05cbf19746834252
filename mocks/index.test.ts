import type { HttpHandler } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { parseEnv } from '../app/env.server.ts'
import { startMocks } from './index.ts'

let started: ReturnType<typeof startMocks> = null
afterEach(() => {
  started?.close()
  started = null
})

/** The hosts the running msw answers for, read off its handlers. */
function hostsAnswered() {
  const hosts = (started?.listHandlers() ?? []).map(
    (handler) => /^https:\/\/([^/]+)/.exec(String((handler as HttpHandler).info.path))?.[1],
  )
  return [...new Set(hosts)].sort()
}

describe('startMocks', () => {
  it('stands in only for the services the process calls', () => {
    started = startMocks(parseEnv({ MOCKS: 'true' }), { calls: ['twilio', 'stripe'] })
    expect(hostsAnswered()).toEqual(['api.stripe.com', 'api.twilio.com'])
  })

  it('starts no msw in a worker whose services are all answered elsewhere, though Stripe has no keys', () => {
    // Installed, msw would sit on every call to Disney and Twilio and pass each through on a
    // connection of its own.
    const worker = parseEnv({ MOCKS: 'true', SIMULATOR_URL: 'http://127.0.0.1:9600' })
    expect(worker.stripe.mocked).toBe(true)
    started = startMocks(worker, { calls: ['disney', 'twilio'] })
    expect(started).toBeNull()
  })

  it('answers Disney in the worker when no simulator process is set', () => {
    started = startMocks(parseEnv({ MOCKS: 'true' }), { calls: ['disney', 'twilio'] })
    expect(hostsAnswered()).toEqual(
      expect.arrayContaining([':host', 'api.twilio.com', 'disneyworld.disney.go.com']),
    )
    expect(hostsAnswered()).not.toContain('api.stripe.com')
  })
})
