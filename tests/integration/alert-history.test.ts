import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAlertRow } from '../../db/factories.ts'
import { configureSimulator } from '../../mocks/disney.ts'
import { OPENINGS_PER_PAGE } from '~/domain/alert-history'
import {
  loader as historyApi,
  action as historyApiAction,
} from '~/routes/api.alerts.$kind.$id.history'
import { loader as alertPage } from '~/routes/dashboard_.alerts.$kind.$id'
import { callRoute, getRequest, jsonRequest } from '../support/routes.ts'
import { cookieFor, tokenFor } from '../support/session.ts'
import {
  check,
  db,
  diningAlertOfItsOwnDay,
  questionJob,
  subscriber,
  textsOf,
} from '../support/worker-harness.ts'

/** An alert's own page and its JSON (issue 28, decision 0030). */

const VENUE = '90002464' // Cinderella's Royal Table, the factory's dining alert
const MINUTE = 60_000

afterEach(() => {
  vi.useRealTimers()
})

/** The clock moved on by `ms`, and the alerts' questions asked as the tick would then. */
async function checkAfter(ms: number, alertIds: string[]) {
  vi.setSystemTime(Date.now() + ms)
  await check(await questionJob('dining', alertIds, { asScheduled: true }))
}

async function historyOf(user: Awaited<ReturnType<typeof subscriber>>, id: string, query = '') {
  const response = await callRoute(
    historyApi,
    getRequest(`/api/alerts/dining/${id}/history${query}`, { token: await tokenFor(user) }),
    { params: { kind: 'dining', id } },
  )
  return { status: response.status, body: await response.json() }
}

describe('an alert’s history', () => {
  it('counts its checks, says which found its openings or went unanswered, and lists its openings open first', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    const { user, alert, open } = await diningAlertOfItsOwnDay()
    open('18:15:00')
    await checkAfter(MINUTE, [alert.id])
    open()
    await checkAfter(5 * MINUTE, [alert.id])
    open('19:00:00')
    await checkAfter(5 * MINUTE, [alert.id])
    configureSimulator({ fault: 'server-error' })
    await expect(checkAfter(5 * MINUTE, [alert.id])).rejects.toThrow()

    const { status, body } = await historyOf(user, alert.id)
    expect(status).toBe(200)
    expect(body.checks.intervalMinutes).toBe(5)
    expect(body.checks.last24Hours).toEqual({ checks: 4, unanswered: 1, notBookableYet: 0 })
    expect(body.checks.last7Days).toEqual(body.checks.last24Hours)
    expect(body.checks.recent.map((entry: { result: string }) => entry.result)).toEqual([
      'disney-did-not-answer',
      'open-found',
      'nothing-open',
      'open-found',
    ])
    const texts = await textsOf(alert.id)
    expect(texts).toHaveLength(2)
    expect(body.openNow).toBe(1)
    expect(body.totalOpenings).toBe(2)
    expect(body.openings).toMatchObject([
      {
        open: true,
        time: '19:00',
        closedAt: null,
        diningLocationId: VENUE,
        text: { status: 'pending', body: texts.find((t) => t.body.includes('7:00'))!.body },
      },
      { open: false, time: '18:15', durationSeconds: 5 * 60, text: { status: 'pending' } },
    ])
    expect(body.openings[1].bookingUrl).toMatch(/^https:\/\/disneyworld\.disney\.go\.com\/dine-res/)
  })

  it('shows an alert on a slower plan only the checks it acts on', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    const { user: fast, alert, date } = await diningAlertOfItsOwnDay('the-club')
    const slow = await subscriber('magic-hour')
    const twin = await createAlertRow(db, 'dining', slow.id, { reserveDate: date })
    expect(twin.questionId).toBe(alert.questionId)
    for (let index = 0; index < 10; index++) await checkAfter(2 * MINUTE, [alert.id])

    const mine = (await historyOf(fast, alert.id)).body.checks
    const theirs = (await historyOf(slow, twin.id)).body.checks
    expect(mine.last24Hours.checks).toBe(10)
    expect(mine.recent).toHaveLength(10)
    // Its first answer, and the hourly slot if one fell in these 20 minutes.
    expect(theirs.intervalMinutes).toBe(60)
    expect(theirs.last24Hours.checks).toBeGreaterThanOrEqual(1)
    expect(theirs.last24Hours.checks).toBeLessThanOrEqual(2)
    expect(theirs.recent).toHaveLength(theirs.last24Hours.checks)
  })

  it('pages its openings, open ones first', async () => {
    const { user, alert } = await diningAlertOfItsOwnDay()
    // Openings that closed before the alert was made are not its own: this one is two days old.
    await db
      .updateTable('diningAlerts')
      .set({ createdAt: new Date(Date.now() - 48 * 60 * MINUTE) })
      .where('id', '=', alert.id)
      .execute()
    const now = Date.now()
    await db
      .insertInto('openings')
      .values(
        Array.from({ length: OPENINGS_PER_PAGE + 5 }, (_, index) => {
          const open = index >= OPENINGS_PER_PAGE + 3
          const firstSeenAt = new Date(now - (index + 1) * 60 * MINUTE)
          return {
            questionId: alert.questionId,
            kind: 'dining' as const,
            openingKey: `${VENUE}|${alert.reserveDate}|${index}`,
            diningLocationId: VENUE,
            startsOn: alert.reserveDate,
            reserveTime: `${String(8 + (index % 12)).padStart(2, '0')}:00:00`,
            firstSeenAt,
            lastSeenAt: open ? null : new Date(firstSeenAt.getTime() + 10 * MINUTE),
            closedAt: open ? null : new Date(firstSeenAt.getTime() + 15 * MINUTE),
          }
        }),
      )
      .execute()
    await db
      .insertInto('openings')
      .values({
        questionId: alert.questionId,
        kind: 'dining',
        openingKey: `${VENUE}|${alert.reserveDate}|before`,
        diningLocationId: VENUE,
        startsOn: alert.reserveDate,
        reserveTime: '12:00:00',
        firstSeenAt: new Date(now - 73 * 60 * MINUTE),
        lastSeenAt: new Date(now - 72 * 60 * MINUTE),
        closedAt: new Date(now - 72 * 60 * MINUTE),
      })
      .execute()
    const first = (await historyOf(user, alert.id)).body
    expect(first).toMatchObject({ page: 1, pages: 2, totalOpenings: 25, openNow: 2 })
    expect(first.openings).toHaveLength(OPENINGS_PER_PAGE)
    expect(first.openings.slice(0, 3).map((opening: { open: boolean }) => opening.open)).toEqual([
      true,
      true,
      false,
    ])
    const second = (await historyOf(user, alert.id, '?page=2')).body
    expect(second.openings).toHaveLength(5)
    expect(second.openings.every((opening: { open: boolean }) => !opening.open)).toBe(true)
  })

  it('is its owner’s alone, and refuses what names no alert or page', async () => {
    const { user, alert } = await diningAlertOfItsOwnDay()
    const stranger = await subscriber()
    expect(await historyOf(stranger, alert.id)).toEqual({
      status: 404,
      body: { message: 'Alert not found.' },
    })
    for (const [kind, id] of [
      ['hotel', alert.id],
      ['flights', alert.id],
      ['dining', 'not-a-uuid'],
      ['dining', '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await callRoute(
        historyApi,
        getRequest(`/api/alerts/${kind}/${id}/history`, { token: await tokenFor(user) }),
        { params: { kind, id } },
      )
      expect(response.status).toBe(404)
    }
    for (const page of ['0', 'two', '1.5', '-1', '']) {
      const { status, body } = await historyOf(user, alert.id, `?page=${page}`)
      expect(status).toBe(400)
      expect(body.message).toBe('The page must be a whole number from 1.')
    }
    const unsigned = await callRoute(
      historyApi,
      getRequest(`/api/alerts/dining/${alert.id}/history`),
      { params: { kind: 'dining', id: alert.id } },
    )
    expect(unsigned.status).toBe(401)
    const post = await callRoute(
      historyApiAction,
      jsonRequest(`/api/alerts/dining/${alert.id}/history`, {}, { token: await tokenFor(user) }),
      { params: { kind: 'dining', id: alert.id } },
    )
    expect(post.status).toBe(405)
  })

  it('serves the page the same data, and a stranger a 404', async () => {
    const { user, alert } = await diningAlertOfItsOwnDay()
    const page = await callRoute(
      alertPage,
      getRequest(`/dashboard/alerts/dining/${alert.id}`, { cookie: await cookieFor(user) }),
      { params: { kind: 'dining', id: alert.id } },
    )
    expect(page.status).toBe(200)
    expect(page.headers.get('Cache-Control')).toBe('private, no-store')
    expect(await page.json()).toEqual((await historyOf(user, alert.id)).body)
    const stranger = await callRoute(
      alertPage,
      getRequest(`/dashboard/alerts/dining/${alert.id}`, {
        cookie: await cookieFor(await subscriber()),
      }),
      { params: { kind: 'dining', id: alert.id } },
    )
    expect(stranger.status).toBe(404)
  })
})
