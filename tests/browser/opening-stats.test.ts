import AxeBuilder from '@axe-core/playwright'
import { beforeAll, describe, expect, it } from 'vitest'
import { appDatabase } from '../support/app-database.ts'
import { MODES, setupBrowser, VIEWPORTS, withPage } from '../support/browser.ts'
import { insertOpenings, openingLives, resortRooms, stayQuestions } from '../support/openings.ts'

setupBrowser()
const db = appDatabase()

// Hotels no other journey opens: the app keeps each hotel's figures for a few minutes, so the
// openings must be in before the first visit.
const GRAND_CALIFORNIAN = "Disney's Grand Californian Hotel & Spa"
const STATS_PAGE = '/alerts/disneyland/disney-s-grand-californian-hotel-and-spa'
const QUIET_PAGE = '/alerts/disney-world/disney-s-animal-kingdom-lodge'

beforeAll(async () => {
  const { resort, byCategory } = await resortRooms(db, GRAND_CALIFORNIAN)
  const rooms = byCategory('Rooms')[0]!
  const questions = await stayQuestions(db, resort.id, [rooms], 3)
  // 12 openings at 7 and 8 a.m. Pacific, open 3 to 25 minutes (median 9).
  const minutes = [3, 5, 7, 8, 9, 9, 9, 10, 12, 15, 20, 25]
  await insertOpenings(
    db,
    openingLives(
      new Date(),
      questions,
      rooms,
      'America/Los_Angeles',
      minutes.map((minutesOpen, index) => ({ hour: index < 8 ? 7 : 8, minutesOpen })),
    ),
  )
})

describe.each(MODES)('opening statistics on hotel pages ($label)', (mode) => {
  it("shows a hotel's openings by category, their typical length and their busiest hours", async () => {
    await withPage(mode, async (page) => {
      // With JavaScript the page hydrates over the server's figures: no mismatch, no error.
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text())
      })
      page.on('pageerror', (error) => errors.push(error.message))
      await page.goto(STATS_PAGE)
      const section = page.getByRole('region', {
        name: `Openings at ${GRAND_CALIFORNIAN} in the last 30 days`,
      })
      await section.waitFor()
      await section.getByText('Our alerts saw 12 rooms open up').waitFor()
      await section
        .getByText('Openings appeared most often from 7 a.m. to 9 a.m. (Pacific Time)')
        .waitFor()
      const row = section.getByRole('row', { name: /^Rooms/ })
      expect(await row.getByRole('cell').allTextContents()).toEqual(['12', '9 minutes'])

      // The chart has a name and a summary, and its numbers are a table a click away.
      const chart = section.getByRole('img', {
        name: 'Openings by the hour they appeared (Pacific Time) Busiest from 7 a.m. to 9 a.m.',
      })
      await chart.waitFor()
      await section.getByText('Show the numbers').click()
      const hours = section.getByRole('table', {
        name: 'Openings by the hour they appeared (Pacific Time)',
      })
      await hours.waitFor()
      expect(
        await hours.getByRole('row', { name: '7 a.m. to 8 a.m.' }).getByRole('cell').textContent(),
      ).toBe('8')

      // Nothing wider than the screen, the chart included.
      const width = await page.evaluate(() => document.documentElement.scrollWidth)
      expect(width).toBeLessThanOrEqual(VIEWPORTS[mode.viewport].width)
      const box = await chart.boundingBox()
      expect(box!.width).toBeLessThanOrEqual(VIEWPORTS[mode.viewport].width)

      const scripts = await page.locator('script[type="application/ld+json"]').allTextContents()
      const dataset = scripts
        .map((text) => JSON.parse(text) as { '@type': string; variableMeasured?: unknown })
        .find((item) => item['@type'] === 'Dataset')
      expect(dataset?.variableMeasured).toContainEqual({
        '@type': 'PropertyValue',
        name: 'Median time open: Rooms',
        value: 9,
        unitCode: 'MIN',
        unitText: 'minutes',
      })
      expect(errors).toEqual([])
      if (mode.javaScript) {
        // The same WCAG rules as every public page (accessibility.test.ts), on this section.
        const { violations } = await new AxeBuilder({ page })
          .include('section[aria-labelledby="opening-stats"]')
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
          .analyze()
        expect(violations.map((violation) => violation.id)).toEqual([])
      }
    })
  })

  it('says in words that there is not enough data yet where too few openings were seen', async () => {
    await withPage(mode, async (page) => {
      await page.goto(QUIET_PAGE)
      const section = page.getByRole('region', { name: /^Openings at .* in the last 30 days$/ })
      await section.getByText('There is not enough data yet').waitFor()
      expect(await section.locator('table, svg').count()).toBe(0)
      const scripts = await page.locator('script[type="application/ld+json"]').allTextContents()
      expect(scripts.map((text) => (JSON.parse(text) as { '@type': string })['@type'])).toEqual([
        'Hotel',
        'ItemList',
        'BreadcrumbList',
        'FAQPage',
      ])
    })
  })
})
