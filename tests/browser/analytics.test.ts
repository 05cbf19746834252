import type { BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { catalogueResort, daysFromToday, fakePhoneNumber } from '../../db/factories.ts'
import { startApp } from '../support/app-server.ts'
import { appDatabase } from '../support/app-database.ts'
import { logIn, setupBrowser, VIEWPORTS, withPage } from '../support/browser.ts'
import { uniqueName } from '../support/databases.ts'
import { freePort } from '../support/ports.ts'

setupBrowser(() => ['--host-resolver-rules=MAP app.test 127.0.0.1'])
const db = appDatabase()

/**
 * The app as the world sees it, under a host name that is not a loopback one (resolved to this
 * machine by the browser). Chromium keeps a Secure cookie only on a secure origin, which plain
 * HTTP on such a name is not, so this web process runs outside production mode, whose cookies are
 * Secure; it serves the same build, database and SMS outbox as the shared one.
 */
let appTest = ''
let stopAppTest: () => Promise<void> = async () => undefined
beforeAll(async () => {
  const port = String(await freePort())
  stopAppTest = await startApp(
    ['server.ts'],
    {
      ...process.env,
      NODE_ENV: 'development',
      PORT: port,
      APP_URL: `http://localhost:${port}`,
      DATABASE_URL: inject('databaseUrl'),
      REDIS_PREFIX: uniqueName('e2e-app-test'),
      MOCKS: 'true',
      SESSION_SECRET: 'browser-tests-session-secret-0123456789abcdef',
      SMS_OUTBOX_PATH: inject('outboxPath'),
      LOG_LEVEL: 'warn',
    },
    '/livez',
  )
  appTest = `http://app.test:${port}`
})
afterAll(() => stopAppTest())

const ADMIN = '+12015550196'

interface Sent {
  name: string
  path: string
  props?: Record<string, string>
}

/** Every event the pages of this context post to our endpoint, in order. */
function recordEvents(context: BrowserContext): Sent[] {
  const sent: Sent[] = []
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/events')
      sent.push(JSON.parse(request.postData() ?? 'null') as Sent)
  })
  return sent
}

const named = (sent: Sent[]) => sent.filter((event) => event.name !== 'page_view')

describe('analytics in the browser', () => {
  it('sends nothing on localhost', async () => {
    await withPage({ viewport: 'desktop', javaScript: true }, async (page, context) => {
      const sent = recordEvents(context)
      await page.goto('/pricing?intent=pro')
      await page.getByRole('link', { name: 'Start Free', exact: true }).click()
      await page.waitForURL((url) => url.pathname === '/login')
      // Well after every effect of those pages has run: a round trip through the login form.
      await page.getByLabel('Phone number').fill(fakePhoneNumber())
      await page.getByRole('button', { name: 'Send Code' }).click()
      await page.getByLabel('Verification code').waitFor()
      expect(sent).toEqual([])
    })
  })

  it('on a real host name, sends each event once, where it happens', async () => {
    await withPage(
      { viewport: 'desktop', javaScript: true, baseURL: appTest },
      async (page, context) => {
        const sent = recordEvents(context)
        const pageViews = () =>
          sent.filter((event) => event.name === 'page_view').map((event) => event.path)
        const phoneNumber = fakePhoneNumber()
        const sentOnce = async (name: string) => {
          await expect
            .poll(() => sent.filter((event) => event.name === name).length)
            .toBeGreaterThan(0)
        }
        await page.goto('/')
        await sentOnce('page_view')
        await page.getByRole('link', { name: 'Start Free', exact: true }).click()
        await page.waitForURL((url) => url.pathname === '/login')
        // The view is counted just after the route changes: loading /login again any sooner
        // would be leaving before it is counted.
        await expect.poll(() => pageViews().length).toBe(2)
        await logIn(page, phoneNumber, true)
        // A new account lands on /pricing: its view is counted before the page is left.
        await expect.poll(() => pageViews().at(-1)).toBe('/pricing')
        await page.goto('/pricing?intent=pro')
        await sentOnce('view_pricing_intent_pro')
        await page.getByRole('link', { name: 'Get Started with Magic Hour' }).click()
        await page.waitForURL((url) => url.pathname === '/payment/magic-hour')
        await page.locator('input[name="sessionId"]').waitFor({ state: 'attached' })
        await page.getByRole('button', { name: 'Subscribe for $7 per month' }).click()
        await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15_000 })
        // As with /login: the URL changes before the dashboard's view is counted.
        await expect.poll(() => pageViews().at(-1)).toBe('/dashboard')
        await page.goto('/payment/nope')
        await page.getByRole('heading', { name: 'Invalid Plan' }).waitFor()
        await sentOnce('checkout_invalid_plan')

        expect(named(sent)).toEqual([
          { name: 'cta_click', path: '/', props: { cta: 'banner-start-free' } },
          { name: 'view_pricing_intent_pro', path: '/pricing' },
          { name: 'cta_click', path: '/pricing', props: { cta: 'plan-magic-hour' } },
          {
            name: 'checkout_initiated',
            path: '/payment/magic-hour',
            props: { plan: 'magic-hour' },
          },
          { name: 'conversion', path: '/complete-checkout', props: { plan: 'magic-hour' } },
          { name: 'checkout_invalid_plan', path: '/payment/nope' },
        ])
        // One page view per page loaded and per change of route, never more.
        expect(pageViews()).toEqual([
          '/',
          '/login', // the banner's link
          '/login', // logIn() loads it again
          '/pricing', // where a new account lands
          '/pricing', // loaded again with ?intent=pro
          '/payment/magic-hour',
          '/complete-checkout',
          '/dashboard',
          '/payment/nope',
        ])

        // Everything sent was stored, once (no other journey sends any: they run on localhost).
        const key = (event: { name: string; path: string | null }) => `${event.name} ${event.path}`
        await expect
          .poll(async () =>
            (
              await db
                .selectFrom('analyticsEvents')
                .select(['name', 'path'])
                .where('source', '=', 'browser')
                .execute()
            )
              .map(key)
              .sort(),
          )
          .toEqual(sent.map(key).sort())

        // The server's own events: the subscription once, though the return page and Stripe's
        // webhook both confirm it; the alert made through the API once.
        const user = await db
          .selectFrom('users')
          .select('subscriptionId')
          .where('phoneNumber', '=', phoneNumber)
          .executeTakeFirstOrThrow()
        const completions = () =>
          db
            .selectFrom('analyticsEvents')
            .select('name')
            .where('dedupeKey', '=', `subscription_completed:${user.subscriptionId}`)
            .execute()
        await expect
          .poll(async () =>
            (await db.selectFrom('stripeEvents').select('type').execute()).map((row) => row.type),
          )
          .toContain('invoice.paid')
        expect(await completions()).toHaveLength(1)

        const { resort, rooms } = await catalogueResort(db)
        const alert = {
          resortId: resort.id,
          checkInDate: daysFromToday(50),
          checkOutDate: daysFromToday(56),
          numberOfAdults: 2,
          agesOfChildren: [9],
          accessible: false,
          roomIds: [rooms[0]!.id],
        }
        // As the dashboard's wizard sends it, from the signed-in page.
        const status = await page.evaluate(
          async (body) =>
            (
              await fetch('/api/availability-queries', {
                method: 'POST',
                headers: { 'Content-Type': 'application/json' },
                body: JSON.stringify(body),
              })
            ).status,
          alert,
        )
        expect(status).toBe(201)
        const alertEvents = await db
          .selectFrom('analyticsEvents')
          .select('id')
          .where('name', '=', 'alert_created')
          .where(
            'props',
            '@>',
            JSON.stringify({ resort: resort.id, nights: 6, adults: 2, children: 1 }),
          )
          .execute()
        expect(alertEvents).toHaveLength(1)
      },
    )
  })
})

describe.each(['phone', 'desktop'] as const)(
  'the insights page (%s, JavaScript off)',
  (viewport) => {
    it('shows an admin the charts and the numbers, and changes the period', async () => {
      await withPage({ viewport, javaScript: false }, async (page) => {
        await logIn(page, ADMIN, false)
        await page.goto('/admin/insights')
        await page.getByRole('heading', { name: 'Insights', level: 1 }).waitFor()
        for (const title of [
          'Visits per day',
          'Funnel: visit, login, plan, first alert',
          'Alerts created per day',
          'Openings found and texts sent per day',
          'Plan changes per day',
        ])
          await page.getByRole('img', { name: title }).waitFor()
        expect(await page.locator('tbody').first().locator('tr').count()).toBe(30)
        await page.getByLabel('Period').selectOption('7')
        await page.getByRole('button', { name: 'Show' }).click()
        await page.waitForURL((url) => url.searchParams.get('days') === '7')
        expect(await page.locator('tbody').first().locator('tr').count()).toBe(7)
        // Nothing wider than the screen.
        const width = await page.evaluate(() => document.documentElement.scrollWidth)
        expect(width).toBeLessThanOrEqual(VIEWPORTS[viewport].width)
      })
    })
  },
)
