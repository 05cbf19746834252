import { describe, expect, inject, it } from 'vitest'
import { fakePhoneNumber } from '../../db/factories.ts'
import { apiToken, setupBrowser, withPage } from '../support/browser.ts'

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

    await withPage({ viewport: 'desktop', javaScript: true }, async (page) => {
      const violations: string[] = []
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
      })
      for (const path of ['/', '/login', '/alerts/hotels', '/pricing']) {
        await page.goto(path)
        await page.waitForLoadState('networkidle')
      }
      // Hydrated: the phone field formats as a person types, which only the app's script does.
      await page.goto('/login')
      await page.getByLabel('Phone number').pressSequentially('2015550123')
      // The formatter arrives with the first keystroke (not with the page), so wait for it.
      await expect.poll(() => page.getByLabel('Phone number').inputValue()).toBe('(201) 555-0123')
      expect(violations).toEqual([])
    })
  })
})

describe('public pages for visitors without cookies', () => {
  const cspNonce = (response: Response) =>
    response.headers.get('content-security-policy')?.match(/'nonce-([^']+)'/)?.[1]
  const pageNonces = (html: string) =>
    new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]))

  it('are one page for everyone, each answer carrying its own nonce in the policy and the page', async () => {
    for (const path of ['/', '/pricing', '/faq', '/alerts/hotels', '/alerts/dining']) {
      const answers = await Promise.all([1, 2, 3].map(() => fetch(`${baseUrl()}${path}`)))
      const pages = await Promise.all(answers.map((answer) => answer.text()))
      answers.forEach((answer, i) => {
        expect(answer.status).toBe(200)
        expect(answer.headers.get('content-type')).toMatch(/^text\/html/)
        expect(pageNonces(pages[i]!)).toEqual(new Set([cspNonce(answer)]))
      })
      expect(new Set(answers.map(cspNonce)).size).toBe(3)
      const withoutNonce = pages.map((html, i) => html.replaceAll(cspNonce(answers[i]!)!, ''))
      expect(new Set(withoutNonce).size).toBe(1)
    }
  })

  it('are rendered for a signed-in user, with the query string, and for a cookie', async () => {
    const accessToken = await apiToken(fakePhoneNumber())

    // What a signed-in person gets is private, said once, whether or not the route says so too.
    for (const path of ['/api/account/current', '/api/dining-alerts', '/pricing']) {
      const answer = await fetch(`${baseUrl()}${path}`, {
        headers: { Authorization: `Bearer ${accessToken}` },
      })
      expect(answer.headers.get('Cache-Control')).toBe('private, no-store')
    }

    const visitor = await (await fetch(`${baseUrl()}/pricing`)).text()
    expect(visitor).toContain('Login / Sign Up')
    const user = await fetch(`${baseUrl()}/pricing`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    })
    const userPage = await user.text()
    expect(userPage).toContain('Logout')
    expect(userPage).not.toContain('Login / Sign Up')
    expect(pageNonces(userPage)).toEqual(new Set([cspNonce(user)]))

    for (const init of [{ headers: { Cookie: 'hello=1' } }, {}]) {
      const path = 'headers' in init ? '/pricing' : '/pricing?intent=pro'
      const answer = await fetch(`${baseUrl()}${path}`, init)
      expect(answer.status).toBe(200)
      expect(pageNonces(await answer.text())).toEqual(new Set([cspNonce(answer)]))
    }
  })
})
