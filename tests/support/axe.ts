import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/**
 * axe-core's WCAG 2.x A and AA rules (and its best practices) find nothing serious or critical on
 * the page, or in the part of it `include` selects. Needs the page's JavaScript on: axe runs in it.
 */
export async function expectNoSeriousAxeViolation(page: Page, include?: string) {
  const axe = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'best-practice',
  ])
  const { violations } = await (include ? axe.include(include) : axe).analyze()
  expect(
    violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => [violation.id, violation.nodes.map((node) => node.target)]),
  ).toEqual([])
}
