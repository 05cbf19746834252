import { sql } from 'kysely'
import { beforeEach, describe, expect, it } from 'vitest'
import { catalogueResort, createAlertRow, createUser, daysFromToday } from '../../db/factories.ts'
import { maintenanceProcessor } from '../../worker/maintenance.ts'
import { deleteAlert } from '~/models/alert-rules.server'
import { createHotelAlert } from '~/models/hotel-alert.server'
import { applySubscriptionState, moveToUnbilledPlan } from '~/models/subscription.server'
import { findPlan } from '~/models/plan.server'
import { getEnv } from '~/env.server'
import { action as events, loader as eventsLoader } from '~/routes/api.events'
import { getDb } from '~/utils/db.server'
import { getLogger } from '~/utils/logger.server'
import { getSmsQueue } from '~/utils/sms-queue.server'
import { callRoute, getRequest, TEST_IP } from '../support/routes.ts'

const BROWSER_EVENTS = [
  { name: 'page_view', path: '/' },
  { name: 'cta_click', path: '/', props: { cta: 'hero-start-free' } },
  { name: 'view_pricing_intent_pro', path: '/pricing' },
  { name: 'checkout_initiated', path: '/payment/magic-hour', props: { plan: 'magic-hour' } },
  { name: 'checkout_invalid_plan', path: '/payment/nope' },
  { name: 'conversion', path: '/complete-checkout', props: { plan: 'magic-hour' } },
]

function beacon(
  body: string,
  options: { type?: string | null; headers?: Record<string, string>; method?: string } = {},
) {
  const headers = new Headers({ 'User-Agent': 'Mozilla/5.0 (test)', ...options.headers })
  const type = options.type === undefined ? 'text/plain;charset=UTF-8' : options.type
  if (type) headers.set('Content-Type', type)
  return new Request('http://localhost/api/events', {
    method: options.method ?? 'POST',
    headers,
    // A string body would be typed text/plain by Request itself.
    body: type ? body : new TextEncoder().encode(body),
  })
}

const post = (request: Request, clientIp = TEST_IP) => callRoute(events, request, { clientIp })

/** The stored rows, props as written (the CamelCasePlugin would rename their keys). */
const stored = async () =>
  (
    await getDb()
      .selectFrom('analyticsEvents')
      .selectAll()
      .select(sql<string>`props::text`.as('props'))
      .orderBy('id')
      .execute()
  ).map((row) => ({ ...row, props: JSON.parse(row.props) as unknown }))

beforeEach(async () => {
  await getDb().deleteFrom('analyticsEvents').execute()
})

describe('POST /api/events', () => {
  it('stores each event the tracker sends once, with a visitor hash and no address', async () => {
    for (const event of BROWSER_EVENTS)
      expect((await post(beacon(JSON.stringify(event)))).status).toBe(204)

    const rows = await stored()
    expect(rows.map(({ name, path, props }) => ({ name, path, props }))).toEqual(
      BROWSER_EVENTS.map((event) => ({ props: {}, ...event })),
    )
    expect(rows.every((row) => row.source === 'browser' && row.dedupeKey === null)).toBe(true)
    // One visitor: the same address and browser hash alike all day.
    expect(new Set(rows.map((row) => row.visitorHash)).size).toBe(1)
    expect(rows[0]!.visitorHash).toMatch(/^[0-9a-f]{32}$/)
    expect(JSON.stringify(rows)).not.toContain(TEST_IP)
  })

  it('counts another address or browser as another visitor', async () => {
    const event = JSON.stringify(BROWSER_EVENTS[0])
    await post(beacon(event))
    await post(beacon(event), '198.51.100.9')
    await post(beacon(event, { headers: { 'User-Agent': 'Another browser' } }))
    expect(new Set((await stored()).map((row) => row.visitorHash)).size).toBe(3)
  })

  it.each([
    ['application/json', 'application/json', 415],
    ['a form', 'application/x-www-form-urlencoded', 415],
    ['no body type', null, 415],
  ])('refuses %s with a 4xx and stores nothing', async (_, type, status) => {
    const response = await post(beacon(JSON.stringify(BROWSER_EVENTS[0]), { type }))
    expect(response.status).toBe(status)
    expect(await stored()).toEqual([])
  })

  it.each([
    ['not JSON', 'page_view'],
    ['a JSON array', '[]'],
    ['an unknown event', JSON.stringify({ name: 'purchase', path: '/' })],
    ['a server event', JSON.stringify({ name: 'alert_created', path: '/dashboard' })],
    ['a path with a query', JSON.stringify({ name: 'page_view', path: '/?phone=2015550123' })],
    ['an extra field', JSON.stringify({ name: 'page_view', path: '/', userId: 'x' })],
    [
      'an unbounded value',
      JSON.stringify({ name: 'cta_click', path: '/', props: { cta: 'x'.repeat(500) } }),
    ],
    ['an oversized body', JSON.stringify({ name: 'page_view', path: '/', pad: 'x'.repeat(4000) })],
  ])('refuses %s with a 400 and stores nothing', async (_, body) => {
    const response = await post(beacon(body))
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: expect.any(String) })
    expect(await stored()).toEqual([])
  })

  it('answers only POST', async () => {
    expect((await callRoute(eventsLoader, getRequest('/api/events'))).status).toBe(405)
    const put = await post(beacon(JSON.stringify(BROWSER_EVENTS[0]), { method: 'PUT' }))
    expect(put.status).toBe(405)
    expect(await stored()).toEqual([])
  })

  it('stops a flood from one address, whatever browser it claims, and stores nothing more', async () => {
    const flooder = '192.0.2.200'
    const event = JSON.stringify(BROWSER_EVENTS[0])
    for (let sent = 0; sent < 60; sent++)
      await post(beacon(event, { headers: { 'User-Agent': `bot ${sent}` } }), flooder)
    const refused = await post(beacon(event), flooder)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect(await stored()).toHaveLength(60)
    // Another visitor is not held back by it.
    expect((await post(beacon(event), '192.0.2.201')).status).toBe(204)
  })

  it('stores nothing for a browser that asks not to be tracked', async () => {
    const event = JSON.stringify(BROWSER_EVENTS[0])
    expect((await post(beacon(event, { headers: { DNT: '1' } }))).status).toBe(204)
    expect((await post(beacon(event, { headers: { 'Sec-GPC': '1' } }))).status).toBe(204)
    expect(await stored()).toEqual([])
  })
})

describe('events the server records', () => {
  it('records alert_created with the alert it describes, and nothing for a refused alert', async () => {
    const db = getDb()
    const user = await createUser(db, { planId: 'magic-hour' })
    const { resort, rooms } = await catalogueResort(db)
    const alert = {
      resortId: resort.id,
      checkInDate: daysFromToday(30),
      checkOutDate: daysFromToday(33),
      numberOfAdults: 2,
      agesOfChildren: [7],
      accessible: false,
      roomIds: [rooms[0]!.id, rooms[1]!.id],
    }
    await createHotelAlert(db, user.id, alert)
    await expect(createHotelAlert(db, user.id, { ...alert, numberOfAdults: 0 })).rejects.toThrow()

    const rows = await stored()
    expect(rows.map(({ name, source, props, path }) => ({ name, source, props, path }))).toEqual([
      {
        name: 'alert_created',
        source: 'server',
        path: null,
        props: {
          kind: 'hotel',
          resort: resort.id,
          room_count: 2,
          nights: 3,
          adults: 2,
          children: 1,
          accessible: false,
        },
      },
    ])
    expect(rows[0]!.visitorHash).toBeNull()
  })

  it('records alert_deleted once per deleted alert', async () => {
    const db = getDb()
    const user = await createUser(db, { planId: 'magic-hour' })
    const hotel = await createAlertRow(db, 'hotel', user.id)
    const dining = await createAlertRow(db, 'dining', user.id)
    await deleteAlert(db, user.id, 'hotel', hotel.id)
    await deleteAlert(db, user.id, 'dining', dining.id)
    await expect(deleteAlert(db, user.id, 'hotel', hotel.id)).rejects.toThrow()
    expect((await stored()).map((row) => [row.name, row.props])).toEqual([
      ['alert_deleted', { kind: 'hotel' }],
      ['alert_deleted', { kind: 'dining' }],
    ])
  })

  it('records plan_changed for each change of plan, and subscription_completed once', async () => {
    const db = getDb()
    const user = await createUser(db)
    const free = (await findPlan(db, 'pixie-dust'))!
    const paid = (await findPlan(db, 'magic-hour'))!
    await moveToUnbilledPlan(db, user.id, free)
    await moveToUnbilledPlan(db, user.id, free)
    const state = {
      id: 'sub_analytics_1',
      userId: user.id,
      priceId: paid.stripePriceId!,
      status: 'active',
      currentPeriodEnd: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
      cancelAtPeriodEnd: false,
      stateAt: new Date(Date.now() - 1000),
    }
    // The return page and the webhook both confirm it; a later state of it changes nothing more.
    await applySubscriptionState(db, state)
    await applySubscriptionState(db, state)
    await applySubscriptionState(db, { ...state, cancelAtPeriodEnd: true, stateAt: new Date() })

    expect((await stored()).map((row) => [row.name, row.props])).toEqual([
      ['plan_changed', { from: null, to: 'pixie-dust' }],
      ['subscription_completed', { plan: 'magic-hour' }],
      ['plan_changed', { from: 'pixie-dust', to: 'magic-hour' }],
    ])
  })
})

describe('retention', () => {
  it('the maintenance sweep deletes events older than the period and keeps the rest', async () => {
    const db = getDb()
    const day = 24 * 60 * 60 * 1000
    for (const age of [31, 30.5, 29, 1])
      await db
        .insertInto('analyticsEvents')
        .values({
          name: 'page_view',
          source: 'browser',
          path: `/${age}`,
          occurredAt: new Date(Date.now() - age * day),
        })
        .execute()
    const sweep = maintenanceProcessor(db, getLogger(), {
      analyticsRetentionDays: 30,
      queues: { sms: getSmsQueue() },
      appUrl: getEnv().appUrl,
    })
    const result = await sweep({ id: 'test' } as Parameters<typeof sweep>[0])
    expect(result.analyticsEvents).toBe(2)
    expect((await stored()).map((row) => row.path)).toEqual(['/29', '/1'])
  })
})
