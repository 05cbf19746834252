import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { createAlertRow, createUser } from '../../db/factories.ts'
import { loadInsights } from '~/models/insights.server'
import { loader as insightsLoader } from '~/routes/admin.insights'
import { getDb } from '~/utils/db.server'
import { callRoute, getRequest } from '../support/routes.ts'
import { cookieFor } from '../support/session.ts'

// This file's database starts with the catalogue and plans only, so every count below is ours.
const NOW = new Date()
const daysAgo = (days: number, hour = 12) => {
  const at = new Date(NOW)
  at.setUTCDate(at.getUTCDate() - days)
  at.setUTCHours(hour, 0, 0, 0)
  return at
}
const dayOf = (date: Date) => date.toISOString().slice(0, 10)

describe('insights', () => {
  it('counts each day of the period from the events and the existing tables', async () => {
    const db = getDb()
    const pageView = (days: number, visitor: string) =>
      db
        .insertInto('analyticsEvents')
        .values({
          name: 'page_view',
          source: 'browser',
          path: '/',
          visitorHash: visitor.repeat(32),
          occurredAt: daysAgo(days),
        })
        .execute()
    await pageView(0, 'a')
    await pageView(0, 'a')
    await pageView(0, 'b')
    await pageView(2, 'a')
    await pageView(10, 'c') // outside a 7-day period
    await db
      .insertInto('analyticsEvents')
      .values({
        name: 'plan_changed',
        source: 'server',
        props: JSON.stringify({ from: null, to: 'pixie-dust' }),
        occurredAt: daysAgo(1),
      })
      .execute()

    // Accounts made in the period: one chose a plan and made an alert, one did neither.
    const active = await createUser(db, { planId: 'pixie-dust', createdAt: daysAgo(2) })
    await createUser(db, { createdAt: daysAgo(1) })
    await createUser(db, { planId: 'pixie-dust', createdAt: daysAgo(30) }) // before the period
    const hotel = await createAlertRow(db, 'hotel', active.id, { createdAt: daysAgo(1) })
    await createAlertRow(db, 'dining', active.id, { createdAt: daysAgo(1) })
    await createAlertRow(db, 'dining', active.id, { createdAt: daysAgo(0) })
    await sql`
      insert into notifications (short_code, user_id, alert_kind, alert_id, opening_key, to_number,
        body, booking_url, status, seen_at, sent_at)
      values
        ('insight01', ${active.id}, 'hotel', ${hotel.id}, 'k1', '+12015550123', 'b', 'https://x', 'sent',
          ${daysAgo(1, 10)}, ${daysAgo(1, 11)}),
        ('insight02', ${active.id}, 'hotel', ${hotel.id}, 'k2', '+12015550123', 'b', 'https://x', 'pending',
          ${daysAgo(0, 1)}, null)
    `.execute(db)
    // A test text is sent, but it is no opening's text.
    await sql`
      insert into notifications (short_code, user_id, purpose, to_number, body, status, sent_at)
      values ('insight03', ${active.id}, 'test', '+12015550123', 'b', 'sent', ${daysAgo(1, 12)})
    `.execute(db)

    const insights = await loadInsights(db, 7, NOW)
    expect(insights.firstDay).toBe(dayOf(daysAgo(6)))
    expect(insights.visits.map((row) => row.day)).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map((days) => dayOf(daysAgo(days))),
    )
    const on = <Row extends { day: string }>(rows: Row[], days: number) =>
      rows.find((row) => row.day === dayOf(daysAgo(days)))
    expect(on(insights.visits, 0)).toMatchObject({ views: 3, visitors: 2 })
    expect(on(insights.visits, 2)).toMatchObject({ views: 1, visitors: 1 })
    expect(on(insights.visits, 3)).toMatchObject({ views: 0, visitors: 0 })
    expect(on(insights.alerts, 1)).toMatchObject({ hotel: 1, dining: 1 })
    expect(on(insights.alerts, 0)).toMatchObject({ hotel: 0, dining: 1 })
    expect(on(insights.texts, 1)).toMatchObject({ openings: 1, texts: 1 })
    expect(on(insights.texts, 0)).toMatchObject({ openings: 1, texts: 0 })
    expect(on(insights.planChanges, 1)).toMatchObject({ changes: 1 })
    expect(insights.planMoves).toEqual([{ fromPlan: null, toPlan: 'pixie-dust', count: 1 }])
    expect(insights.funnel).toEqual({ visitors: 3, signedUp: 2, chosePlan: 1, alerted: 1 })
  })
})

describe('/admin/insights', () => {
  it('shows an admin the period asked for', async () => {
    const admin = await createUser(getDb(), { role: 'admin' })
    const cookie = await cookieFor(admin)
    for (const days of [7, 30, 90]) {
      const page = await callRoute(
        insightsLoader,
        getRequest(`/admin/insights?days=${days}`, { cookie }),
      )
      expect(page.status).toBe(200)
      expect(((await page.json()) as { visits: unknown[] }).visits).toHaveLength(days)
    }
    const standard = await callRoute(insightsLoader, getRequest('/admin/insights', { cookie }))
    expect(((await standard.json()) as { days: number }).days).toBe(30)
  })

  it('refuses a period it does not offer', async () => {
    const cookie = await cookieFor(await createUser(getDb(), { role: 'admin' }))
    for (const days of ['14', '7.0', '', 'all']) {
      const page = await callRoute(
        insightsLoader,
        getRequest(`/admin/insights?days=${days}`, { cookie }),
      )
      expect(page.status).toBe(400)
    }
  })

  it('sends a visitor and a customer home', async () => {
    const visitor = await callRoute(insightsLoader, getRequest('/admin/insights'))
    expect(visitor.status).toBe(302)
    expect(visitor.headers.get('Location')).toBe('/')
    const cookie = await cookieFor(await createUser(getDb()))
    const customer = await callRoute(insightsLoader, getRequest('/admin/insights', { cookie }))
    expect(customer.status).toBe(302)
    expect(customer.headers.get('Location')).toBe('/')
  })
})
