import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { fakePhoneNumber } from '../../db/factories.ts'
import { formatPhoneNumber } from '~/domain/phone'
import { LOCAL_KEYS } from '~/domain/storage-keys'
import { appDatabase } from '../support/app-database.ts'
import { logIn, logOut, MODES, setupBrowser, waitForCode, withPage } from '../support/browser.ts'
import { paidSubscriber } from '../support/journey-dates.ts'

setupBrowser()
const db = appDatabase()

/** What this browser remembers for a sign-in (with JavaScript: without it there is no storage). */
function remembered(page: Page) {
  return page.evaluate(
    (keys) => ({
      intent: localStorage.getItem(keys.intent),
      next: localStorage.getItem(keys.next),
    }),
    { intent: LOCAL_KEYS.authIntent, next: LOCAL_KEYS.authNext },
  )
}

describe.each(MODES)('logging in by phone ($label)', (mode) => {
  it('sends a code, verifies it, shows the signed-in header and logs out', async () => {
    await withPage(mode, async (page, context) => {
      const phoneNumber = fakePhoneNumber()
      // The page's clock runs as usual but can be moved on, so the test never sleeps.
      if (mode.javaScript) await page.clock.install()
      await page.goto('/login?intent=pro')
      // Consent before the first text, as carriers require.
      await page
        .getByText('Message frequency varies. Msg & data rates may apply. Reply STOP to cancel')
        .waitFor()
      await page.getByRole('button', { name: 'Send Code' }).click()
      await page.getByText('Please enter a phone number.').waitFor()

      await page.getByLabel('Phone number').fill(formatPhoneNumber(phoneNumber))
      await page.getByRole('button', { name: 'Send Code' }).click()
      await page.getByRole('heading', { name: 'Enter your code' }).waitFor()
      expect(await page.getByText(formatPhoneNumber(phoneNumber), { exact: true }).count()).toBe(1)
      expect(
        await page.getByRole('link', { name: 'Back to phone number' }).getAttribute('href'),
      ).toBe('/login?intent=pro')

      const code = await waitForCode(phoneNumber)
      const wrong = code === '000000' ? '111111' : '000000'
      await page.getByLabel('Verification code').fill(wrong)
      if (!mode.javaScript) await page.getByRole('button', { name: 'Verify' }).click()
      await page.getByText('Invalid verification code. Please try again.').waitFor()

      // A person reads the error before typing again: longer than the 1.2 s window, which must
      // start over for the new code. (Without JavaScript there is no window to wait out.)
      if (mode.javaScript) {
        // The page reloads its data after the refusal; the clock only moves once that is done.
        await page.waitForLoadState('networkidle')
        await page.clock.runFor(1500)
      }
      await page.getByLabel('Verification code').fill(code)
      // With JavaScript six digits at once submit themselves; without it the person taps Verify.
      if (!mode.javaScript) await page.getByRole('button', { name: 'Verify' }).click()
      await page.waitForURL((url) => url.pathname === '/pricing' && url.search === '?intent=pro')
      const session = (await context.cookies()).find((cookie) => cookie.name === '__Host-session')
      expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' })

      if (mode.viewport === 'desktop') {
        const nav = page.getByRole('navigation', { name: 'Main' })
        await nav.getByRole('link', { name: 'Dashboard' }).waitFor()
        expect(await nav.getByRole('link', { name: 'Blog' }).count()).toBe(1)
        // No plan price yet: Pricing and Settings stay off the desktop header.
        expect(await nav.getByRole('link', { name: 'Settings' }).count()).toBe(0)
        expect(await nav.getByRole('link', { name: 'Pricing' }).count()).toBe(0)
      }
      await logOut(page, mode.viewport)
      if (mode.viewport === 'desktop') {
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'Login / Sign Up' })
          .waitFor()
      }
      const cookies = await context.cookies()
      expect(cookies.find((cookie) => cookie.name === '__Host-session')).toBeUndefined()
    })
  })

  it("uses the travel agent's destination once: a later login from /dashboard lands there", async () => {
    await withPage(mode, async (page) => {
      const user = await paidSubscriber(db)
      await page.goto('/')
      await page.locator('summary', { hasText: 'Start Free' }).click()
      await page
        .getByRole('link', { name: "I'm a travel agent - create account & choose plan" })
        .click()
      await page.waitForURL((url) => url.pathname === '/login')
      await page.getByLabel('Phone number').waitFor()
      if (mode.javaScript) {
        // Remembered for this sign-in, as the specification keeps them.
        await expect
          .poll(() => remembered(page))
          .toEqual({ intent: 'pro', next: '/pricing?intent=pro' })
      }
      await logIn(page, user.phoneNumber, mode.javaScript, page.url())
      await page.waitForURL((url) => url.pathname === '/pricing' && url.search === '?intent=pro')
      // Used once: the completed sign-in forgets them.
      if (mode.javaScript)
        await expect.poll(() => remembered(page)).toEqual({ intent: null, next: null })
      await logOut(page, mode.viewport)

      await page.goto('/dashboard')
      await page.waitForURL((url) => url.pathname === '/login')
      expect(new URL(page.url()).search).toBe('?redirect=%2Fdashboard')
      await logIn(page, user.phoneNumber, mode.javaScript, page.url())
      await page.waitForURL((url) => url.pathname === '/dashboard')
      await page.getByRole('heading', { level: 1 }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/dashboard')
    })
  })
})
