import AxeBuilder from '@axe-core/playwright'
import { describe, expect, it } from 'vitest'
import { setupBrowser, VIEWPORTS, type ViewportName, withPage } from '../support/browser.ts'
import { PUBLIC_PATHS } from '../support/public-pages.ts'

setupBrowser()

// axe-core's WCAG 2.x A and AA rules; issue 12 asks for no serious or critical violation.
describe.each(Object.keys(VIEWPORTS) as ViewportName[])('accessibility at %s size', (viewport) => {
  it.each(PUBLIC_PATHS)('%s has no serious or critical axe violation', async (path) => {
    await withPage({ viewport, javaScript: true }, async (page) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      await page.waitForLoadState('networkidle')
      const { violations, passes } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze()
      const serious = violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({
          rule: violation.id,
          impact: violation.impact,
          help: violation.help,
          nodes: violation.nodes.map((node) => node.target.join(' ')),
        }))
      expect(passes.length).toBeGreaterThan(10) // axe ran its rules on a real page
      expect(serious).toEqual([])
    })
  })
})
