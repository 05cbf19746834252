/**
 * The public status page in Chromium (issue 28, item 6): reached from the footer, with
 * JavaScript on and off, at a phone's width and a desktop's, showing an incident the worker
 * recorded; and how it answers over HTTP (caching, its JSON, query strings it does not take).
 */
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { appDatabase } from '../support/app-database.ts'
import { expectFitsScreen, MODES, setupBrowser, withPage } from '../support/browser.ts'

setupBrowser()

const db = appDatabase()
const baseUrl = () => inject('baseUrl')

// A stretch with no worker beating, as a worker records it: two hours ago, for 42 seconds.
beforeAll(async () => {
  const startedAt = new Date(Date.now() - 2 * 3_600_000)
  await db
    .insertInto('incidents')
    .values({ kind: 'heartbeat', startedAt, endedAt: new Date(startedAt.getTime() + 42_000) })
    .onConflict((oc) => oc.doNothing())
    .execute()
})

const INCIDENT = 'No worker was checking (heartbeats missed)'

/**
 * The page's figures are worked out once a minute: a page another test opened just before this
 * file wrote the incident may not list it yet, so the page is opened again until it does.
 */
async function untilIncidentShown(page: Page) {
  await expect
    .poll(
      async () => {
        if (await page.getByText(INCIDENT).isVisible()) return true
        await page.reload()
        return false
      },
      { timeout: 75_000, interval: 2_000 },
    )
    .toBe(true)
}

describe.each(MODES)('/status ($label)', (mode) => {
  it('is reached from the footer and shows checks, Disney, texts and incidents', async () => {
    await withPage(mode, async (page) => {
      await page.goto('/')
      await page.getByRole('contentinfo').getByRole('link', { name: 'Status' }).click()
      await page.waitForURL((url) => url.pathname === '/status')
      await page.getByRole('heading', { level: 1, name: 'Service status' }).waitFor()
      for (const section of [
        'Questions Disney answered in the last hour',
        'How Disney is answering',
        'How fast texts go out',
        'Incidents in the last 30 days',
      ])
        await page.getByRole('heading', { level: 2, name: section }).waitFor()
      // The app's worker beats beside the web.
      await expect.poll(() => page.getByText('Checking now.').isVisible()).toBe(true)
      for (const destination of ['Walt Disney World', 'Disneyland Resort'])
        await page.getByRole('rowheader', { name: destination }).waitFor()
      for (const family of [
        'Walt Disney World hotels',
        'Disneyland Resort hotels',
        'Dining at both resorts',
      ])
        await page.getByText(family).waitFor()
      await page.getByRole('rowheader', { name: 'Delivered to the phone' }).waitFor()
      await untilIncidentShown(page)
      await page.getByText(/ to .* · 42 s$/).waitFor()
      // At a phone's width nothing is wider than the screen or floats over it (at a desktop's the
      // chat launcher sits over the footer's last line on every page, as the other journeys allow).
      if (mode.viewport === 'phone') await expectFitsScreen(page, mode.viewport)
    })
  }, 120_000)
})

describe('/status over HTTP', () => {
  it('is public for a minute, private for a signed-in visitor, and has a JSON twin', async () => {
    const page = await fetch(`${baseUrl()}/status`)
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('public, max-age=60')
    const signedIn = await fetch(`${baseUrl()}/status`, { headers: { Cookie: 'session=x' } })
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store')

    const data = await fetch(`${baseUrl()}/status.json`)
    expect(data.status).toBe(200)
    expect(data.headers.get('content-type')).toMatch(/^application\/json/)
    expect(data.headers.get('cache-control')).toBe('public, max-age=60')
    expect(await data.json()).toMatchObject({
      checks: { 'disney-world:hotel': expect.any(Number) },
      families: expect.any(Array),
      incidents: expect.any(Array),
    })
  })

  it('ignores a query string it does not take and refuses a data request for another route, never a 500', async () => {
    for (const query of ['?utm_source=newsletter', '?%zz=%E0%A4%A', '?a[]=1&a[b]=2', '?format=xml'])
      for (const path of ['/status', '/status.json'])
        expect((await fetch(`${baseUrl()}${path}${query}`)).status, `${path}${query}`).toBe(200)
    const other = await fetch(`${baseUrl()}/status?_data=routes%2Fdashboard`)
    expect(other.status).toBeGreaterThanOrEqual(400)
    expect(other.status).toBeLessThan(500)
  })
})
