import { describe, expect, inject, it } from 'vitest'
import { newPage, setupBrowser } from '../support/browser.ts'

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

describe('the Content-Security-Policy', () => {
  setupBrowser()

  it('names a fresh nonce on every page, and the page runs under it without a violation', async () => {
    const first = await fetch(`${baseUrl()}/`)
    const second = await fetch(`${baseUrl()}/`)
    const nonceOf = (response: Response) =>
      response.headers.get('content-security-policy')?.match(/'nonce-([^']+)'/)?.[1]
    expect(nonceOf(first)).toBeTruthy()
    expect(nonceOf(first)).not.toBe(nonceOf(second))
    expect(first.headers.get('x-frame-options')).toBe('DENY')
    expect(first.headers.get('x-content-type-options')).toBe('nosniff')

    const { context, page } = await newPage({ viewport: 'desktop', javaScript: true })
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
    })
    try {
      for (const path of ['/', '/login', '/alerts/hotels', '/pricing']) {
        await page.goto(path)
        await page.waitForLoadState('networkidle')
      }
      // Hydrated: the phone field formats as a person types, which only the app's script does.
      await page.goto('/login')
      await page.getByLabel('Phone number').pressSequentially('2015550123')
      expect(await page.getByLabel('Phone number').inputValue()).toBe('(201) 555-0123')
      expect(violations).toEqual([])
    } finally {
      await context.close()
    }
  })
})
