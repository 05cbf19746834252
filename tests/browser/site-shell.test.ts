import { describe, expect, it } from 'vitest'
import { expectFitsScreen, MODES, setupBrowser, withPage } from '../support/browser.ts'
import { PUBLIC_PATHS } from '../support/public-pages.ts'

setupBrowser()

describe.each(MODES)('the site shell ($label)', (mode) => {
  it('opens the Resources menu and keeps one FAQ answer open at a time', async () => {
    await withPage(mode, async (page) => {
      await page.goto('/faq')
      const questions = page.locator('details[name="faq"]')
      expect(await questions.count()).toBe(11)
      await questions.nth(0).locator('summary').click()
      await questions.nth(3).locator('summary').click()
      expect(await page.locator('details[name="faq"][open]').count()).toBe(1)
      expect(await questions.nth(3).getAttribute('open')).not.toBeNull()

      if (mode.viewport === 'desktop') {
        const nav = page.getByRole('navigation', { name: 'Main' })
        await nav.getByText('Resources').click()
        await nav.getByRole('link', { name: 'For Travel Agents' }).click()
      } else {
        await page.getByText('Menu', { exact: true }).click()
        await page
          .getByRole('navigation', { name: 'Mobile' })
          .getByRole('link', { name: 'For Travel Agents' })
          .click()
      }
      await page.waitForURL((url) => url.pathname === '/pricing' && url.search === '?intent=pro')
    })
  })

  it('shows the legal pages, how it works, and a not-found page inside the shell', async () => {
    await withPage(mode, async (page) => {
      for (const [path, heading] of [
        ['/terms', 'Terms of Service'],
        ['/terms-of-service', 'Terms of Service'],
        ['/privacy-policy', 'Privacy Policy'],
      ] as const) {
        await page.goto(path)
        await page.getByRole('heading', { level: 1, name: heading }).waitFor()
        await page.getByText('Last updated March 22, 2025').waitFor()
      }
      await page.goto('/how-it-works')
      for (const step of ['Sign Up', 'Set Preferences', 'Get Alerts']) {
        await page.getByRole('heading', { level: 2, name: step }).waitFor()
      }
      const response = await page.goto('/no-such-page')
      expect(response?.status()).toBe(404)
      await page.getByRole('heading', { name: 'We could not find that page' }).waitFor()
      await page.getByRole('contentinfo').getByText('Quick Links').waitFor()
      await page
        .getByText('not affiliated with, endorsed by or sponsored by The Walt Disney Company')
        .waitFor()
    })
  })
})

describe('route changes', () => {
  it('scroll to the top of the new page', async () => {
    await withPage({ viewport: 'desktop', javaScript: true }, async (page) => {
      await page.goto('/faq')
      await page.mouse.wheel(0, 5000)
      await page.waitForFunction(() => window.scrollY > 200)
      await page.getByRole('contentinfo').getByRole('link', { name: 'How It Works' }).click()
      await page.waitForURL((url) => url.pathname === '/how-it-works')
      await page.waitForFunction(() => window.scrollY === 0)
    })
  })
})

describe.each(MODES.filter((mode) => mode.viewport === 'phone'))(
  'every public page on a phone ($label)',
  (mode) => {
    it.each(PUBLIC_PATHS)('%s fits the screen, its fields too big to zoom into', async (path) => {
      await withPage(mode, async (page) => {
        expect((await page.goto(path))?.status()).toBe(200)
        await expectFitsScreen(page, mode.viewport)
      })
    })
  },
)
