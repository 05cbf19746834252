import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from 'react-router-dom/server'
import { sql, type RawBuilder } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  catalogueResort,
  createAlertRow,
  createPriceChange,
  createUser,
  daysFromToday,
} from '../../db/factories.ts'
import type { User } from '../../db/schema.ts'
import { PriceStats } from '~/components/hotel-stats/opening-stats'
import { bookingRuleFor } from '~/domain/booking-rules'
import { addDays, formatLongDate } from '~/domain/dates'
import { bookedItHref } from '~/domain/price-history'
import { PRICE_STATS_DAYS, publicPriceStats } from '~/domain/price-stats'
import { hotelQueryKey } from '~/domain/schedule'
import {
  alertPriceChangesQuery,
  deleteOldPriceChanges,
  priceStatsQuery,
  readPriceStats,
} from '~/models/price-history.server'
import { loader as hotelPageLoader } from '~/routes/alerts.$location.$slug'
import { loader as historyApi } from '~/routes/api.alerts.$kind.$id.history'
import AlertPage, { loader as alertPageLoader } from '~/routes/dashboard_.alerts.$kind.$id'
import { getDb } from '~/utils/db.server'
import { callRoute, getRequest } from '../support/routes.ts'
import { cookieFor, tokenFor } from '../support/session.ts'
import { resortRooms } from '../support/openings.ts'

/** A hotel alert's prices on its page and in its JSON, and a hotel page's typical prices (issue 30). */

const db = getDb()
const MINUTE = 60_000
const now = Date.now()
const ago = (minutes: number) => new Date(now - minutes * MINUTE)

let pop: Awaited<ReturnType<typeof catalogueResort>>
beforeAll(async () => {
  pop = await catalogueResort(db)
})

// Each alert a stay of its own: alerts of one stay share a question, and its prices.
let stayDay = 60
async function hotelAlert(overrides: Parameters<typeof createAlertRow>[3] = {}) {
  const user = await createUser(db)
  const checkInDate = daysFromToday(stayDay)
  const checkOutDate = daysFromToday(stayDay + 4)
  stayDay += 7
  // Pop Century: Standard Room (GA), Standard Pool View (GP), Preferred Room (GV).
  const [standard, , preferred] = pop.rooms
  const alert = await createAlertRow(db, 'hotel', user.id, {
    resortId: pop.resort.id,
    roomTypeIds: [standard!.id, preferred!.id],
    checkInDate,
    checkOutDate,
    ...overrides,
  })
  const key = hotelQueryKey({
    resortId: pop.resort.id,
    checkInDate,
    checkOutDate,
    numberOfAdults: 2,
    agesOfChildren: [],
    accessible: false,
  })
  return { user, alert, key }
}

/** A price row of the alert's stay at Pop Century. */
const price = (
  questionKey: string,
  minutesAgo: number,
  roomKey: string,
  nightlyCents: number | null,
  totalCents = nightlyCents === null ? null : nightlyCents * 4,
) =>
  createPriceChange(db, {
    questionKey,
    resortId: pop.resort.id,
    roomKey,
    seenAt: ago(minutesAgo),
    nightlyCents,
    totalCents,
  })

async function historyOf(user: User, kind: 'hotel' | 'dining', id: string) {
  const response = await callRoute(
    historyApi,
    getRequest(`/api/alerts/${kind}/${id}/history`, { token: await tokenFor(user) }),
    { params: { kind, id } },
  )
  return { status: response.status, body: await response.json() }
}

/** The alert page as its owner's browser gets it: the loader's answer, rendered on the server. */
async function alertPage(user: User, id: string) {
  const response = await callRoute(
    alertPageLoader,
    getRequest(`/dashboard/alerts/hotel/${id}`, { cookie: await cookieFor(user) }),
    { params: { kind: 'hotel', id } },
  )
  if (response.status !== 200) return { status: response.status, html: '' }
  const data: object = await response.json()
  const handler = createStaticHandler([
    { id: 'page', path: '/', element: createElement(AlertPage), loader: () => data },
  ])
  const context = await handler.query(new Request('http://localhost/'))
  if (context instanceof Response) throw new Error('the page answered a Response')
  const router = createStaticRouter(handler.dataRoutes, context)
  const html = renderToStaticMarkup(
    createElement(StaticRouterProvider, { router, context, hydrate: false }),
  )
  return { status: 200, html }
}

/** What an attribute holds once written into HTML. */
const attribute = (value: string) => value.replaceAll('&', '&amp;')

describe('an alert’s prices', () => {
  it('are the lowest of its own rooms over time and now, a room that stopped included', async () => {
    const { user, alert, key } = await hotelAlert()
    const question = await db
      .selectFrom('questions')
      .select('key')
      .where('id', '=', alert.questionId)
      .executeTakeFirstOrThrow()
    expect(question.key).toBe(key)
    // An admin's mapping: Disney's GZ is a Standard Room too.
    const admin = await createUser(db)
    await db
      .insertInto('roomKeyMappings')
      .values({
        locationIdentifier: 'disney-world',
        disneySlug: pop.resort.disneySlug!,
        keyKind: 'code',
        disneyKey: 'GZ',
        roomTypeId: pop.rooms[0]!.id,
        createdBy: admin.id,
      })
      .execute()
    await price(key, 240, 'GA', 45_000)
    await price(key, 240, 'GV', 52_000)
    // A room it does not watch, and its room at another stay: neither is its price.
    await price(key, 240, 'GP', 30_000)
    await price(`${key}-another-stay`, 240, 'GA', 10_000)
    await price(key, 180, 'GA', 41_000)
    // The Standard Room stops being bookable: the Preferred Room is the cheapest.
    await price(key, 120, 'GA', null)
    await price(key, 60, 'GV', 50_000)
    await price(key, 30, 'GZ', 48_000)

    const { status, body } = await historyOf(user, 'hotel', alert.id)
    expect(status).toBe(200)
    expect(body.prices).toEqual([
      { at: ago(240).toISOString(), lowestNightly: 450, lowestTotal: 1800 },
      { at: ago(180).toISOString(), lowestNightly: 410, lowestTotal: 1640 },
      { at: ago(120).toISOString(), lowestNightly: 520, lowestTotal: 2080 },
      { at: ago(60).toISOString(), lowestNightly: 500, lowestTotal: 2000 },
      { at: ago(30).toISOString(), lowestNightly: 480, lowestTotal: 1920 },
    ])
    expect(body.currentNightly).toBe(480)
    expect(body.currentTotal).toBe(1920)
    expect(body.priceWatch).toBeNull()

    // Every room stops being bookable: there is no current price, the history stays.
    await price(key, 10, 'GV', null)
    await price(key, 10, 'GZ', null)
    const after = (await historyOf(user, 'hotel', alert.id)).body
    expect(after.prices.at(-1)).toEqual({
      at: ago(10).toISOString(),
      lowestNightly: null,
      lowestTotal: null,
    })
    expect(after.currentNightly).toBeNull()
    expect(after.currentTotal).toBeNull()
  })

  it('count a room at a resort only where the alert watches it there', async () => {
    const contemporary = await catalogueResort(db, "Disney's Contemporary Resort")
    // Pop Century's Standard Room (GA), and any room at the Contemporary (CA, CP, …).
    const { user, alert, key } = await hotelAlert({
      resorts: [
        { resortId: pop.resort.id, roomIds: [pop.rooms[0]!.id] },
        { resortId: contemporary.resort.id, roomIds: 'any' },
      ],
    })
    const contemporaryKey = hotelQueryKey({
      resortId: contemporary.resort.id,
      checkInDate: alert.checkInDate,
      checkOutDate: alert.checkOutDate,
      numberOfAdults: 2,
      agesOfChildren: [],
      accessible: false,
    })
    await price(key, 60, 'GA', 45_000)
    await price(contemporaryKey, 60, 'CA', 60_000)
    // A CA room in Pop Century's answer is not the Contemporary's Garden Wing.
    await price(key, 60, 'CA', 10_000)
    await price(contemporaryKey, 30, 'CP', 40_000)
    const { body } = await historyOf(user, 'hotel', alert.id)
    expect(body.prices).toEqual([
      { at: ago(60).toISOString(), lowestNightly: 450, lowestTotal: 1800 },
      { at: ago(30).toISOString(), lowestNightly: 400, lowestTotal: 1600 },
    ])
  })

  it('are drawn on its page, with an “I booked it” link on each opening it saw', async () => {
    const { user, alert, key } = await hotelAlert({ agesOfChildren: [4, 9], numberOfAdults: 2 })
    const childrenKey = hotelQueryKey({
      resortId: pop.resort.id,
      checkInDate: alert.checkInDate,
      checkOutDate: alert.checkOutDate,
      numberOfAdults: 2,
      agesOfChildren: [4, 9],
      accessible: false,
    })
    expect(childrenKey).not.toBe(key)
    await price(childrenKey, 90, 'GA', 45_000)
    await price(childrenKey, 20, 'GA', 43_050)
    const [standard] = pop.rooms
    await db
      .insertInto('openings')
      .values({
        questionId: alert.questionId,
        kind: 'hotel',
        openingKey: `${standard!.id}|${alert.checkInDate}|${alert.checkOutDate}`,
        resortId: pop.resort.id,
        roomTypeId: standard!.id,
        startsOn: alert.checkInDate,
        checkOutDate: alert.checkOutDate,
        firstSeenAt: ago(20),
      })
      .execute()

    const { status, html } = await alertPage(user, alert.id)
    expect(status).toBe(200)
    expect(html).toContain('Prices it saw')
    expect(html).toContain('<strong class="text-slate-900">$430.50 a night</strong>')
    expect(html).toMatch(/<svg [^>]*role="img"/)
    expect(html).toContain('Lowest price a night, in US dollars')
    // The screen reader's summary is the one under the chart.
    expect(html).toMatch(
      /<desc [^>]*>\$430\.50 now\. First seen at \$450 on [^<]+\. Lowest: \$430\.50 on/,
    )
    expect(html).toMatch(/<path d="M[\d.]+ [\d.]+ H[\d.]+ V[\d.]+ H[\d.]+"/)
    expect(html).not.toContain('What this watch looks for')
    const href = bookedItHref({
      resortId: pop.resort.id,
      roomId: standard!.id,
      checkInDate: alert.checkInDate,
      checkOutDate: alert.checkOutDate,
      numberOfAdults: 2,
      agesOfChildren: [4, 9],
      accessible: false,
    })
    expect(href).toContain('&childAges=4,9&accessible=false')
    expect(html).toContain(`href="${attribute(href)}"`)
    expect(html).toMatch(/>I booked it<span class="sr-only">: Standard Room, /)
  })

  it('say, for a watch on a booked stay, what it watches and the last day to act', async () => {
    const { user, alert, key } = await hotelAlert({
      roomTypeIds: [pop.rooms[0]!.id],
      watch: 'price',
      paidTotalCents: 190_000,
      rateType: 'room-only',
      minSavingPercent: 5,
      priceTextedCents: 175_000,
    })
    await price(key, 90, 'GA', 45_000, 180_000)
    await price(key, 30, 'GA', 42_500, 170_000)
    const rule = bookingRuleFor('disney-world', 'room-only')
    const lastDay = addDays(alert.checkInDate, -rule.daysBeforeCheckIn)

    const { body } = await historyOf(user, 'hotel', alert.id)
    expect(body.priceWatch).toEqual({
      paidTotal: 1900,
      rateType: 'room-only',
      minSaving: 95,
      minSavingPercent: 5,
      priceTexted: 1750,
      lastDayToAct: lastDay,
      bookingRule: { daysBeforeCheckIn: 5, rule: rule.rule, source: rule.source },
    })
    expect(body.currentTotal).toBe(1700)

    const { html } = await alertPage(user, alert.id)
    expect(html).toContain('What this watch looks for')
    expect(html).toContain('$1,900 for the stay, room only')
    expect(html).toContain('drops at least 5% ($95) below what you paid')
    expect(html).toMatch(/Last price texted<\/dt><dd[^>]*>\$1,750</)
    expect(html).toContain(`<strong class="text-slate-900">${formatLongDate(lastDay)}</strong>`)
    expect(html).toContain(rule.rule)
    expect(html).toContain(`href="${rule.source.url}"`)
    // A watch draws the stay's total beside what was paid, and offers no other watch.
    expect(html).toContain('Lowest price for the stay, in US dollars')
    expect(html).toContain('You paid $1,900')
    expect(html).not.toContain('I booked it')
  })

  it('are an empty state before any price, and nothing at all for a dining alert', async () => {
    const { user, alert } = await hotelAlert()
    const { body } = await historyOf(user, 'hotel', alert.id)
    expect(body).toMatchObject({ prices: [], currentNightly: null, currentTotal: null })
    const { html } = await alertPage(user, alert.id)
    expect(html).toContain('No prices seen yet.')
    expect(html).not.toContain('<svg')

    const dining = await createAlertRow(db, 'dining', user.id)
    const diningHistory = (await historyOf(user, 'dining', dining.id)).body
    expect(diningHistory.alert.kind).toBe('dining')
    for (const field of ['prices', 'currentNightly', 'currentTotal', 'priceWatch'])
      expect(diningHistory).not.toHaveProperty(field)
  })

  it('are their owner’s alone', async () => {
    const { alert, key } = await hotelAlert()
    await price(key, 30, 'GA', 45_000)
    const stranger = await createUser(db)
    expect(await historyOf(stranger, 'hotel', alert.id)).toEqual({
      status: 404,
      body: { message: 'Alert not found.' },
    })
    expect((await alertPage(stranger, alert.id)).status).toBe(404)
  })
})

interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  Plans?: PlanNode[]
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)]

/**
 * The generic plan of a query as the web prepares it (decision 0024), without sequential scans:
 * whether an index can serve it at all, whatever the test's few rows.
 */
async function genericPlan(query: RawBuilder<unknown>) {
  const compiled = query.compile(db)
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx)
    await sql`set local plan_cache_mode = force_generic_plan`.execute(trx)
    await sql`prepare price_query as ${sql.raw(compiled.sql)}`.execute(trx)
    // EXPLAIN EXECUTE takes no bound parameters: the values are written out.
    const values = sql.join(
      compiled.parameters.map((value) =>
        sql.lit(
          value instanceof Date
            ? value.toISOString()
            : Array.isArray(value)
              ? `{${value.join(',')}}`
              : String(value),
        ),
      ),
    )
    const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>`
      explain (format json) execute price_query(${values})`.execute(trx)
    await sql`deallocate price_query`.execute(trx)
    return nodesOf(rows[0]!['QUERY PLAN'][0].Plan)
  })
}

describe('the price queries', () => {
  it('read an alert’s rooms through price_changes’ primary key', async () => {
    const nodes = await genericPlan(alertPriceChangesQuery(['hotel|a', 'hotel|b'], ['GA', 'GV']))
    expect(nodes.map((node) => node['Index Name'])).toContain('price_changes_pkey')
    expect(nodes.filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([])
  })

  it('read a hotel’s prices through one range of price_changes_resort_idx', async () => {
    const nodes = await genericPlan(priceStatsQuery(pop.resort.id, ago(60), new Date(now)))
    expect(nodes.map((node) => node['Index Name'])).toContain('price_changes_resort_idx')
    expect(
      nodes.filter(
        (node) => node['Relation Name'] === 'price_changes' && node['Node Type'] === 'Seq Scan',
      ),
    ).toEqual([])
  })
})

describe('a hotel page’s typical prices', () => {
  const DAY = 24 * 60

  it('are the median nightly price by room category, of each room’s latest price per stay, over the minimum', async () => {
    const { resort } = await resortRooms(db, "Disney's Contemporary Resort")
    const stay = (index: number) => `hotel|${resort.id}|stay-${index}`
    const row = (
      questionKey: string,
      minutesAgo: number,
      roomKey: string,
      nightlyCents: number | null,
    ) =>
      createPriceChange(db, {
        questionKey,
        resortId: resort.id,
        roomKey,
        seenAt: ago(minutesAgo),
        nightlyCents,
        totalCents: nightlyCents === null ? null : nightlyCents * 3,
      })
    // Rooms (CA, CT): six rooms' latest prices from three stays.
    await row(stay(1), 3 * DAY, 'CA', 40_000)
    await row(stay(1), 3 * DAY, 'CT', 50_000)
    await row(stay(2), 2 * DAY, 'CA', 42_000)
    // A room that stopped being bookable keeps its last price.
    await row(stay(2), DAY, 'CA', null)
    await row(stay(2), 2 * DAY, 'CT', 52_000)
    await row(stay(3), 2 * DAY, 'CA', 44_000)
    // Only a room's latest price counts.
    await row(stay(3), 5 * DAY, 'CT', 70_000)
    await row(stay(3), DAY, 'CT', 54_000)
    // Older than the period, and a key no room type here carries: neither counts.
    await row(stay(3), (PRICE_STATS_DAYS + 1) * DAY, 'CF', 10_000)
    await row(stay(1), DAY, 'ZZ', 99_000)
    // Suites (CJ): four prices, from four stays: too few to show.
    for (const [index, cents] of [90_000, 95_000, 98_000, 100_000].entries())
      await row(stay(10 + index), DAY, 'CJ', cents)

    const categories = await readPriceStats(db, resort.id, PRICE_STATS_DAYS, new Date(now))
    expect(categories.sort((a, b) => a.category.localeCompare(b.category))).toEqual([
      { category: 'Rooms', prices: 6, stays: 3, medianCents: 47_000 },
      { category: 'Suites', prices: 4, stays: 4, medianCents: 96_500 },
    ])

    const response = await callRoute(
      hotelPageLoader,
      getRequest('/alerts/disney-world/disney-s-contemporary-resort'),
      { params: { location: 'disney-world', slug: 'disney-s-contemporary-resort' } },
    )
    const data = await response.json()
    expect(data.priceStats).toEqual([
      { name: 'Rooms', prices: 6, typicalCents: 47_000, typical: '$470' },
    ])
    const html = renderToStaticMarkup(
      createElement(PriceStats, { hotel: data.hotel.name, categories: data.priceStats }),
    )
    expect(html).toContain(
      'Typical nightly price at Disney&#x27;s Contemporary Resort, last 30 days',
    )
    expect(html).toMatch(/Rooms<\/th><td[^>]*>\$470<\/td><td[^>]*>6<\/td>/)
    expect(html).toContain('Disney&#x27;s prices before tax.')
    expect(html).not.toContain('Suites')

    // A fifth Suites price, from a fifth stay: the category is shown.
    await row(stay(14), DAY, 'CJ', 110_000)
    const more = await readPriceStats(db, resort.id, PRICE_STATS_DAYS, new Date(now))
    expect(publicPriceStats(more).map((category) => category.name)).toEqual(['Rooms', 'Suites'])
  })

  it('leave the page without the section where no category has enough prices', async () => {
    const response = await callRoute(
      hotelPageLoader,
      getRequest('/alerts/disney-world/disney-s-grand-floridian-resort-and-spa'),
      { params: { location: 'disney-world', slug: 'disney-s-grand-floridian-resort-and-spa' } },
    )
    const data = await response.json()
    expect(data.priceStats).toEqual([])
    expect(
      renderToStaticMarkup(
        createElement(PriceStats, { hotel: data.hotel.name, categories: data.priceStats }),
      ),
    ).toBe('')
  })
})

describe('price history retention', () => {
  it("deletes a stay's rows 30 days after its check-in, and a room's old rows once a newer one stands", async () => {
    const resort = (await db.selectFrom('resorts').select('id').executeTakeFirstOrThrow()).id
    const key = (checkIn: string) => `hotel|${resort}|${checkIn}|${addDays(checkIn, 2)}|2||0`
    const now = new Date()
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000)
    const past = key(addDays(now.toISOString().slice(0, 10), -31))
    const recent = key(addDays(now.toISOString().slice(0, 10), -29))
    const future = key(addDays(now.toISOString().slice(0, 10), 300))
    const row = (questionKey: string, roomKey: string, seenAt: Date) =>
      createPriceChange(db, { questionKey, resortId: resort, roomKey, seenAt })
    await row(past, 'KEEP?', daysAgo(40))
    await row(recent, 'R1', daysAgo(40))
    await row(future, 'OLD', daysAgo(200))
    await row(future, 'OLD', daysAgo(190))
    await row(future, 'OLD', daysAgo(10))
    // Unchanged for 200 days: still the room's price.
    await row(future, 'STILL', daysAgo(200))
    expect(await deleteOldPriceChanges(db, now)).toBe(3)
    const left = await db
      .selectFrom('priceChanges')
      .select(['questionKey', 'roomKey'])
      .where('questionKey', 'in', [past, recent, future])
      .orderBy('roomKey')
      .execute()
    expect(left).toEqual([
      { questionKey: future, roomKey: 'OLD' },
      { questionKey: recent, roomKey: 'R1' },
      { questionKey: future, roomKey: 'STILL' },
    ])
  })
})
