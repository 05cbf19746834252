import { describe, expect, inject, it } from 'vitest'

/** Requests as another site's page would send them, against the built app. */
const baseUrl = () => inject('baseUrl')

describe('writes from another site', () => {
  it.each([
    ['a JSON API call with a text/plain body', '/api/availability-queries', 'text/plain'],
    [
      'a page action through ?_data=',
      '/dashboard?_data=routes%2Fdashboard',
      'application/x-www-form-urlencoded',
    ],
    ['a form post to a page', '/settings', 'application/x-www-form-urlencoded'],
  ])('refuses %s with 403 before any route runs', async (_case, path, type) => {
    for (const headers of <Record<string, string>[]>[
      { Origin: 'https://evil.example' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'null' },
    ]) {
      const response = await fetch(`${baseUrl()}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': type, ...headers },
        body: 'intent=cancel',
        redirect: 'manual',
      })
      expect(response.status).toBe(403)
      expect(await response.json()).toEqual({ message: 'Cross-site request refused.' })
    }
  })

  it('lets this site and API clients without browser headers through to the route', async () => {
    for (const headers of <Record<string, string>[]>[
      { Origin: baseUrl(), 'Sec-Fetch-Site': 'same-origin' },
      {},
    ]) {
      const response = await fetch(`${baseUrl()}/api/account/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: '{}',
      })
      // The route itself answers: the phone number is missing.
      expect(response.status).toBe(400)
    }
  })
})

describe('GET /livez', () => {
  it('answers from the web process itself', async () => {
    const response = await fetch(`${baseUrl()}/livez`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
  })
})
