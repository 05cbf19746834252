import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { OpeningStats } from '~/components/hotel-stats/opening-stats'
import { OPENING_STATS_MINIMUM, publicOpeningStats } from '~/domain/opening-stats'
import {
  openingStatsQuery,
  readOpeningStats,
  recentOpeningStats,
} from '~/models/opening-stats.server'
import { getDb } from '~/utils/db.server'
import { hotelPage, metaOf, ORIGIN, structuredData } from '../support/hotel-page.ts'
import { insertOpenings, openingLives, resortRooms, stayQuestions } from '../support/openings.ts'

const EASTERN = 'America/New_York'
const PACIFIC = 'America/Los_Angeles'
const now = new Date()

/** 24 hours of nothing but `counts` at the hours named. */
const hoursWith = (counts: Record<number, number>) =>
  Array.from({ length: 24 }, (_, hour) => counts[hour] ?? 0)

/** The hotel page's data, which it must serve. */
async function servedPage(location: string, slug: string) {
  const { status, data } = await hotelPage(location, slug)
  expect(status).toBe(200)
  return data
}

/** The statistics section as the page renders it on the server. */
function sectionHtml(data: { hotel: { name: string }; openingStats: unknown }) {
  return renderToStaticMarkup(
    createElement(OpeningStats, {
      hotel: data.hotel.name,
      stats: data.openingStats as Parameters<typeof OpeningStats>[0]['stats'],
    }),
  )
}

interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  Plans?: PlanNode[]
}

/** The nodes of a plan that read `table`. */
const scansOf = (node: PlanNode, table: string): PlanNode[] => [
  ...(node['Relation Name'] === table ? [node] : []),
  ...(node.Plans ?? []).flatMap((child) => scansOf(child, table)),
]

let contemporary: Awaited<ReturnType<typeof resortRooms>>
let disneylandHotel: Awaited<ReturnType<typeof resortRooms>>

beforeAll(async () => {
  const db = getDb()
  contemporary = await resortRooms(db, "Disney's Contemporary Resort")
  disneylandHotel = await resortRooms(db, 'Disneyland Hotel')
  const rooms = contemporary.byCategory('Rooms')[0]!
  const suites = contemporary.byCategory('Suites')[0]!
  const questions = await stayQuestions(db, contemporary.resort.id, [rooms, suites], 3)
  const minutes = [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22]
  await insertOpenings(db, [
    // Rooms: 12 openings from 3 stays, 11 closed (median 12 minutes), at 6, 7 and 9 p.m. Eastern.
    ...openingLives(now, questions, rooms, EASTERN, [
      ...[6, 6, 6, 6, 6, 7, 7, 7, 21, 21, 21].map((hour, index) => ({
        hour,
        minutesOpen: minutes[index]!,
      })),
      { hour: 21, minutesOpen: null },
    ]),
    // Suites: 9 openings, one short of the minimum, at 3 a.m.
    ...openingLives(now, questions, suites, EASTERN, Array(9).fill({ hour: 3, minutesOpen: 30 })),
    // Older than 30 days: not counted.
    ...openingLives(now, questions, rooms, EASTERN, [
      { hour: 9, minutesOpen: 5, daysAgo: 31 },
      { hour: 9, minutesOpen: 5, daysAgo: 32 },
      { hour: 9, minutesOpen: 5, daysAgo: 33 },
    ]),
  ])
  // Another resort's openings, at 1 p.m. Pacific, which must stay its own.
  const dlRooms = disneylandHotel.byCategory('Rooms')[0]!
  const dlQuestions = await stayQuestions(db, disneylandHotel.resort.id, [dlRooms], 4)
  await insertOpenings(
    db,
    openingLives(now, dlQuestions, dlRooms, PACIFIC, Array(10).fill({ hour: 13, minutesOpen: 45 })),
  )
})

describe('readOpeningStats', () => {
  it("counts a resort's openings of the last 30 days by category, with medians and local hours", async () => {
    const stats = await readOpeningStats(getDb(), contemporary.resort, now)
    expect(stats.timeZone).toBe(EASTERN)
    expect(stats.until).toEqual(now)
    expect(now.getTime() - stats.since.getTime()).toBe(30 * 86_400_000)
    expect(stats.categories.sort((a, b) => a.category.localeCompare(b.category))).toEqual([
      {
        category: 'Rooms',
        openings: 12,
        questions: 3,
        closed: 11,
        medianSeconds: 12 * 60,
        hours: hoursWith({ 6: 5, 7: 3, 21: 4 }),
      },
      {
        category: 'Suites',
        openings: 9,
        questions: 3,
        closed: 9,
        medianSeconds: 30 * 60,
        hours: hoursWith({ 3: 9 }),
      },
    ])
  })

  it("keeps each resort's openings to itself, in its own time zone", async () => {
    const stats = await readOpeningStats(getDb(), disneylandHotel.resort, now)
    expect(stats.timeZone).toBe(PACIFIC)
    expect(stats.categories).toEqual([
      {
        category: 'Rooms',
        openings: 10,
        questions: 4,
        closed: 10,
        medianSeconds: 45 * 60,
        hours: hoursWith({ 13: 10 }),
      },
    ])
    const other = await resortRooms(getDb(), "Disney's Grand Floridian Resort & Spa")
    expect((await readOpeningStats(getDb(), other.resort, now)).categories).toEqual([])
  })

  it('reads one range of openings_resort_idx, also in the generic plan of a prepared statement', async () => {
    const since = new Date(now.getTime() - 30 * 86_400_000)
    const query = openingStatsQuery(contemporary.resort.id, since, now, EASTERN).compile(getDb())
    // The web prepares its statements (decision 0024) and Postgres soon plans them for any
    // parameters: the partial index must serve that plan. The test's few rows would be read
    // whole, hence no sequential scans here: the plan shows whether the index can serve at all.
    const plan = await getDb()
      .transaction()
      .execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx)
        await sql`set local plan_cache_mode = force_generic_plan`.execute(trx)
        await sql`prepare opening_stats as ${sql.raw(query.sql)}`.execute(trx)
        // EXPLAIN EXECUTE takes no bound parameters: the values are written out.
        const values = sql.join(
          query.parameters.map((value) =>
            sql.lit(value instanceof Date ? value.toISOString() : String(value)),
          ),
        )
        const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>`
          explain (format json) execute opening_stats(${values})`.execute(trx)
        await sql`deallocate opening_stats`.execute(trx)
        return rows[0]!['QUERY PLAN'][0].Plan
      })
    expect(scansOf(plan, 'openings')).toEqual([
      expect.objectContaining({ 'Index Name': 'openings_resort_idx' }),
    ])
  })

  it('serves a page from a copy a few minutes old rather than a query per request', async () => {
    const db = getDb()
    const { resort, byCategory } = await resortRooms(db, "Disney's Polynesian Village Resort")
    const first = await recentOpeningStats(db, resort)
    expect(first.categories).toEqual([])
    const questions = await stayQuestions(db, resort.id, byCategory('Rooms').slice(0, 1), 3)
    await insertOpenings(
      db,
      openingLives(now, questions, byCategory('Rooms')[0]!, EASTERN, [{ hour: 8, minutesOpen: 3 }]),
    )
    expect(await recentOpeningStats(db, resort)).toBe(first)
    expect((await readOpeningStats(db, resort)).categories).toHaveLength(1)
  })
})

describe('the hotel page', () => {
  it('shows the categories above the minimum, in words, a table and a chart, and as a Dataset', async () => {
    const path = '/alerts/disney-world/disney-s-contemporary-resort'
    const data = await servedPage('disney-world', 'disney-s-contemporary-resort')
    expect(data.openingStats).toMatchObject({
      shown: true,
      openings: 12,
      categories: [{ name: 'Rooms', openings: 12, medianMinutes: 12, typical: '12 minutes' }],
      hours: hoursWith({ 6: 5, 7: 3, 21: 4 }),
      busiest: '6 a.m. to 8 a.m. and 9 p.m. to 10 p.m.',
      timeZone: 'Eastern Time',
    })

    const html = sectionHtml(data)
    expect(html).toContain('Openings at Disney&#x27;s Contemporary Resort in the last 30 days')
    expect(html).toContain('Our alerts saw <strong>12</strong> rooms open up')
    expect(html).toContain(
      'Openings appeared most often from 6 a.m. to 8 a.m. and 9 p.m. to 10 p.m. (Eastern Time)',
    )
    expect(html).toMatch(
      /<th scope="row"[^>]*>Rooms<\/th><td[^>]*>.*?>12<\/span>.*?<td[^>]*>12 minutes<\/td>/,
    )
    // The category under the minimum leaves no trace: not named, not in the total or the hours.
    expect(html).not.toContain('Suites')
    expect(html).toMatch(/<th scope="row"[^>]*>3 a\.m\. to 4 a\.m\.<\/th><td[^>]*>0<\/td>/)
    expect(html).toMatch(/<th scope="row"[^>]*>6 a\.m\. to 7 a\.m\.<\/th><td[^>]*>5<\/td>/)
    expect(html).toContain('role="img"')
    expect(html.match(/<rect /g)).toHaveLength(24)

    const items = structuredData(metaOf(data, path))
    expect(items.map((item) => item['@type'])).toEqual([
      'Hotel',
      'ItemList',
      'BreadcrumbList',
      'FAQPage',
      'Dataset',
    ])
    const dataset = items[4]!
    expect(dataset).toMatchObject({
      '@context': 'https://schema.org',
      url: `${ORIGIN}${path}#opening-stats`,
      temporalCoverage: `${data.openingStats.from}/${data.openingStats.to}`,
    })
    expect(dataset.variableMeasured).toEqual([
      { '@type': 'PropertyValue', name: 'Openings seen', value: 12, unitText: 'openings' },
      { '@type': 'PropertyValue', name: 'Openings seen: Rooms', value: 12, unitText: 'openings' },
      {
        '@type': 'PropertyValue',
        name: 'Median time open: Rooms',
        value: 12,
        unitCode: 'MIN',
        unitText: 'minutes',
      },
      {
        '@type': 'PropertyValue',
        name: 'Busiest hours',
        value: '6 a.m. to 8 a.m. and 9 p.m. to 10 p.m. (Eastern Time)',
      },
    ])
  })

  it("shows a Disneyland hotel's hours in Pacific Time", async () => {
    const data = await servedPage('disneyland', 'disneyland-hotel')
    expect(data.openingStats).toMatchObject({
      openings: 10,
      busiest: '1 p.m. to 2 p.m.',
      timeZone: 'Pacific Time',
    })
  })

  it('says in words that there is not enough data yet below the minimum, with no figure', async () => {
    const db = getDb()
    const { resort, byCategory } = await resortRooms(db, "Disney's Yacht Club Resort")
    // Plenty of openings, but from too few stays; and enough stays, but too few openings.
    const two = await stayQuestions(db, resort.id, byCategory('Rooms').slice(0, 1), 2)
    const three = await stayQuestions(db, resort.id, byCategory('Suites').slice(0, 1), 3)
    await insertOpenings(db, [
      ...openingLives(
        now,
        two,
        byCategory('Rooms')[0]!,
        EASTERN,
        Array(20).fill({ hour: 6, minutesOpen: 7 }),
      ),
      ...openingLives(
        now,
        three,
        byCategory('Suites')[0]!,
        EASTERN,
        Array(OPENING_STATS_MINIMUM.openings - 1).fill({ hour: 9, minutesOpen: 7 }),
      ),
    ])
    const raw = await readOpeningStats(db, resort)
    expect(raw.categories.map((category) => category.openings).sort((a, b) => a - b)).toEqual([
      9, 20,
    ])
    expect(publicOpeningStats(raw.categories, raw)).toEqual({ shown: false })

    const path = '/alerts/disney-world/disney-s-yacht-club-resort'
    const data = await servedPage('disney-world', 'disney-s-yacht-club-resort')
    expect(data.openingStats).toEqual({ shown: false })
    const html = sectionHtml(data)
    expect(html).toContain('There is not enough data yet to show how rooms open up')
    expect(html).not.toMatch(/<table|<svg|\b20\b|\b9\b/)
    expect(structuredData(metaOf(data, path)).map((item) => item['@type'])).not.toContain('Dataset')
  })

  it('says the figures cannot be read now when their query failed, rather than failing the page', () => {
    const html = sectionHtml({ hotel: { name: 'Disneyland Hotel' }, openingStats: null })
    expect(html).toContain('The opening statistics cannot be read just now.')
    expect(html).not.toMatch(/<table|<svg/)
  })
})
