/**
 * A travel agent's reports (issue 31): per client, the printable page, its CSV and
 * GET /api/clients/{id}/report; and GET /api/alerts/export.csv of every alert with its client.
 * A client is its agent's alone: another account's client is not found through any of them, and
 * another account's alerts are never exported.
 */
import { randomBytes } from 'node:crypto'
import { parse } from 'csv-parse/sync'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from 'react-router-dom/server.js'
import { describe, expect, it } from 'vitest'
import { createAlertRow, createUser, daysFromToday } from '../../db/factories.ts'
import type { User } from '../../db/schema.ts'
import { ALERTS_EXPORT_COLUMNS, CLIENT_REPORT_COLUMNS } from '~/domain/client-report'
import { loader as exportCsv, action as exportPost } from '~/routes/api.alerts.export[.]csv'
import { loader as reportApi, action as reportApiPost } from '~/routes/api.clients.$id_.report'
import ReportPage, { loader as reportPage } from '~/routes/settings_.clients_.$id_.report'
import {
  loader as reportCsv,
  action as reportCsvPost,
} from '~/routes/settings_.clients_.$id_.report[.]csv'
import { getDb } from '~/utils/db.server'
import { callRoute, getRequest, jsonRequest } from '../support/routes.ts'
import { insertOpenings } from '../support/openings.ts'
import { cookieFor, tokenFor } from '../support/session.ts'

const db = () => getDb()
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const INJECTION = '=HYPERLINK("http://evil.example","Click")'

async function agent() {
  return createUser(db(), { planId: 'the-club', trialStartUtc: new Date() })
}

function addClient(user: User, name: string, fields: { phoneNumber?: string } = {}) {
  return db()
    .insertInto('clients')
    .values({ userId: user.id, name, consent: 'agreed', ...fields })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** A text as the worker leaves it in the outbox. */
async function addText(
  user: User,
  fields: {
    alertKind?: 'hotel' | 'dining'
    alertId?: string
    openingId?: number
    purpose?: 'opening' | 'price' | 'consent'
    recipient?: 'agent' | 'client'
    clientId?: string | null
    status?: 'delivered' | 'undelivered' | 'skipped'
    errorCode?: number
    error?: string
    createdAt: Date
  },
) {
  return db()
    .insertInto('notifications')
    .values({
      shortCode: randomBytes(4).toString('hex'),
      userId: user.id,
      toNumber: user.phoneNumber,
      body: `Text ${randomBytes(3).toString('hex')}`,
      status: 'delivered',
      sentAt: fields.status === 'skipped' ? null : new Date(fields.createdAt.getTime() + 2000),
      // A text about an alert names what it is about, and where to book it.
      ...(fields.alertId && {
        openingKey: `key-${randomBytes(3).toString('hex')}`,
        bookingUrl: 'https://disneyworld.disney.go.com/',
        seenAt: fields.createdAt,
      }),
      ...fields,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
}

/**
 * An agent with two clients: the Smiths, with a hotel alert that texts both (an opening that
 * lasted 40 minutes, texted to each, and one open now, untexted; a price text never sent), a
 * stopped dining alert that found nothing, and their consent text; and a client whose name is a
 * formula, with a dining alert. And an alert of no client.
 */
// Each call asks questions of its own: the file's tests share one database, and its openings.
let day = 40
async function agentWithClients() {
  day += 5
  const user = await agent()
  const smiths = await addClient(user, 'The Smiths', { phoneNumber: '+12015550123' })
  const formula = await addClient(user, INJECTION)
  const hotel = await createAlertRow(db(), 'hotel', user.id, {
    clientId: smiths.id,
    textTo: 'both',
    checkInDate: daysFromToday(day),
    checkOutDate: daysFromToday(day + 3),
  })
  // Made two days ago: the openings since are its own.
  await db()
    .updateTable('hotelAlerts')
    .set({ createdAt: new Date(Date.now() - 48 * HOUR) })
    .where('id', '=', hotel.id)
    .execute()
  const stopped = await createAlertRow(db(), 'dining', user.id, {
    clientId: smiths.id,
    status: 0,
    statusReason: 'The date has passed.',
    reserveDate: daysFromToday(day + 1),
  })
  const theirs = await createAlertRow(db(), 'dining', user.id, {
    clientId: formula.id,
    reserveDate: daysFromToday(day + 2),
  })
  const own = await createAlertRow(db(), 'dining', user.id, { reserveDate: daysFromToday(day + 3) })
  const question = {
    id: hotel.questionId,
    resortId: hotel.resortId,
    checkInDate: hotel.checkInDate,
    checkOutDate: hotel.checkOutDate,
  }
  const closedSeen = new Date(Date.now() - 24 * HOUR)
  await insertOpenings(db(), [
    { question, roomTypeId: hotel.roomTypeIds[0]!, firstSeenAt: closedSeen, minutesOpen: 40 },
  ])
  const { id: closedId } = await db()
    .selectFrom('openings')
    .select('id')
    .where('questionId', '=', hotel.questionId)
    .executeTakeFirstOrThrow()
  // And the same room again, open now.
  await db()
    .insertInto('openings')
    .values({
      questionId: hotel.questionId,
      kind: 'hotel',
      openingKey: `open-${hotel.id}`,
      resortId: hotel.resortId,
      roomTypeId: hotel.roomTypeIds[0]!,
      startsOn: hotel.checkInDate,
      checkOutDate: hotel.checkOutDate,
      firstSeenAt: new Date(Date.now() - 30 * MINUTE),
    })
    .execute()
  const textedAt = new Date(closedSeen.getTime() + MINUTE)
  const about = { alertKind: 'hotel' as const, alertId: hotel.id, openingId: closedId }
  await addText(user, { ...about, createdAt: textedAt })
  await addText(user, {
    ...about,
    recipient: 'client',
    clientId: smiths.id,
    status: 'undelivered',
    errorCode: 30005,
    createdAt: textedAt,
  })
  await addText(user, {
    alertKind: 'hotel',
    alertId: hotel.id,
    purpose: 'price',
    status: 'skipped',
    error: 'Held: quiet hours.',
    createdAt: new Date(Date.now() - 2 * HOUR),
  })
  await addText(user, {
    purpose: 'consent',
    recipient: 'client',
    clientId: smiths.id,
    createdAt: new Date(Date.now() - 47 * HOUR),
  })
  await addText(user, {
    alertKind: 'dining',
    alertId: theirs.id,
    recipient: 'client',
    clientId: formula.id,
    createdAt: new Date(Date.now() - HOUR),
  })
  return { user, smiths, formula, hotel, stopped, theirs, own, closedId }
}

const reportPath = (id: string) => `/settings/clients/${id}/report`

async function pageOf(user: User | null, id: string) {
  return callRoute(
    reportPage,
    getRequest(reportPath(id), user ? { cookie: await cookieFor(user) } : {}),
    { params: { id } },
  )
}

async function csvOf(user: User | null, id: string) {
  return callRoute(
    reportCsv,
    getRequest(`${reportPath(id)}.csv`, user ? { cookie: await cookieFor(user) } : {}),
    { params: { id } },
  )
}

async function apiOf(user: User | null, id: string) {
  return callRoute(
    reportApi,
    getRequest(`/api/clients/${id}/report`, user ? { token: await tokenFor(user) } : {}),
    { params: { id } },
  )
}

async function exportOf(user: User | null) {
  return callRoute(
    exportCsv,
    getRequest('/api/alerts/export.csv', user ? { token: await tokenFor(user) } : {}),
  )
}

/** A CSV download's rows, read back strictly: every row as long as the header. */
async function rowsOf(response: Response) {
  // A byte order mark first, for Excel (text() would drop it).
  const bytes = Buffer.from(await response.arrayBuffer())
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  return parse(bytes, { bom: true, relax_column_count: false }) as string[][]
}

/** The page as the server renders it, from its loader's data. */
async function pageHtml(user: User, id: string) {
  const data = await (await pageOf(user, id)).json()
  const handler = createStaticHandler([
    {
      id: 'report',
      path: '/settings/clients/:id/report',
      loader: () => data,
      Component: ReportPage,
    },
  ])
  const context = await handler.query(new Request(`http://localhost${reportPath(id)}`))
  if (context instanceof Response) throw new Error('the page redirected')
  const router = createStaticRouter(handler.dataRoutes, context)
  return renderToStaticMarkup(createElement(StaticRouterProvider, { router, context }))
}

describe('a client’s report page', () => {
  it('gives every alert of the client with what it found and the texts to each, newest first', async () => {
    const { user, smiths, hotel, stopped, closedId } = await agentWithClients()
    const response = await pageOf(user, smiths.id)
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    const data = await response.json()
    expect(data.client).toMatchObject({ id: smiths.id, name: 'The Smiths', consent: 'agreed' })
    expect(data.timeZone).toBe('America/New_York')
    expect(data.totals).toEqual({ alerts: 2, openings: 2, openNow: 1, texts: 4, textsToClient: 2 })
    expect(data.alerts.map((alert: { id: string }) => alert.id)).toEqual([stopped.id, hotel.id])
    const [dining, stay] = data.alerts
    expect(dining).toMatchObject({
      kind: 'dining',
      statusText: 'Stopped: The date has passed.',
      openings: [],
      texts: [],
    })
    expect(stay).toMatchObject({
      kind: 'hotel',
      name: "Disney's Pop Century Resort",
      statusText: 'Monitoring',
      textTo: 'both',
      timeZone: 'America/New_York',
    })
    expect(stay.openings).toHaveLength(2)
    expect(stay.openings[0]).toMatchObject({ open: true, closedAt: null, texts: [] })
    expect(stay.openings[1]).toMatchObject({
      id: closedId,
      open: false,
      durationSeconds: 40 * 60,
      openFor: '40 min',
    })
    expect(stay.openings[1].what).toMatch(
      /^.+ at Pop Century Resort, \w{3} \d+(, \d{4})? - \w{3} \d+(, \d{4})?$/,
    )
    expect(
      stay.openings[1].texts.map((text: { recipient: string; delivery: string }) => [
        text.recipient,
        text.delivery,
      ]),
    ).toEqual([
      ['agent', 'Delivered'],
      ['client', 'Not delivered (the number is unknown or no longer in service)'],
    ])
    expect(stay.texts).toMatchObject([
      { purpose: 'price', status: 'skipped', delivery: 'Not sent (Held: quiet hours.)' },
    ])
    expect(data.otherTexts).toMatchObject([{ purpose: 'consent', recipient: 'client' }])
  })

  it('renders to print: the client, each alert and its openings, the CSV link, and no Print button before JavaScript', async () => {
    const { user, smiths } = await agentWithClients()
    const html = await pageHtml(user, smiths.id)
    expect(html).toContain('Alert report: The Smiths')
    expect(html).toContain('Agreed to texts')
    expect(html).toContain('Stopped: The date has passed.')
    expect(html).toContain('Openings found')
    expect(html).toContain('To The Smiths')
    expect(html).toContain('Price drop: ')
    expect(html).toContain('Asked to agree to texts: ')
    expect(html).toContain(`href="/settings/clients/${smiths.id}/report.csv"`)
    expect(html).toContain('Download CSV')
    expect(html).not.toContain('>Print<')
    expect(html).toContain('print:hidden')
  })

  it('is its owner’s alone: another account’s client or an id made up is a 404, and a visitor logs in', async () => {
    const { smiths } = await agentWithClients()
    const stranger = await agent()
    for (const id of [smiths.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await pageOf(stranger, id)
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ message: 'Client not found.' })
    }
    const visitor = await pageOf(null, smiths.id)
    expect(visitor.status).toBe(302)
    expect(visitor.headers.get('Location')).toBe(
      `/login?${new URLSearchParams({ redirect: reportPath(smiths.id) })}`,
    )
  })
})

describe('a client’s report as CSV', () => {
  it('downloads a row per text and opening, dates in ISO 8601, sent to "You" or the client', async () => {
    const { user, smiths } = await agentWithClients()
    const response = await csvOf(user, smiths.id)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="the-smiths-alert-report-\d{4}-\d\d-\d\d\.csv"$/,
    )
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    const [header, ...rows] = await rowsOf(response)
    expect(header).toEqual([...CLIENT_REPORT_COLUMNS])
    const cell = (row: string[], name: (typeof CLIENT_REPORT_COLUMNS)[number]) =>
      row[CLIENT_REPORT_COLUMNS.indexOf(name)]
    // The dining alert that found nothing; the open opening; the texted one twice; the price
    // text; the consent text.
    expect(rows).toHaveLength(6)
    expect(rows.map((row) => cell(row, 'Sent to'))).toEqual([
      '',
      '',
      'You',
      'The Smiths',
      'You',
      'The Smiths',
    ])
    expect(rows.map((row) => cell(row, 'Text'))).toEqual([
      '',
      '',
      'Opening',
      'Opening',
      'Price drop',
      'Asked to agree to texts',
    ])
    const isoMoment = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/
    expect(cell(rows[2]!, 'Opening seen at')).toMatch(isoMoment)
    expect(cell(rows[2]!, 'Closed at')).toMatch(isoMoment)
    expect(cell(rows[2]!, 'Text sent at')).toMatch(isoMoment)
    expect(cell(rows[3]!, 'Delivery')).toBe(
      'Not delivered (the number is unknown or no longer in service)',
    )
    expect(cell(rows[1]!, 'Closed at')).toBe('')
    expect(cell(rows[1]!, 'Open for')).toBe('30 min')
  })

  it('guards a client name a spreadsheet would run as a formula', async () => {
    const { user, formula } = await agentWithClients()
    const response = await csvOf(user, formula.id)
    expect(response.headers.get('Content-Disposition')).toMatch(
      /filename="hyperlink-http-evil-example-click-alert-report-/,
    )
    const [, row] = await rowsOf(response)
    expect(row![CLIENT_REPORT_COLUMNS.indexOf('Sent to')]).toBe(`'${INJECTION}`)
  })

  it('is its owner’s alone, for a logged-in browser, and only read', async () => {
    const { user, smiths } = await agentWithClients()
    const stranger = await agent()
    expect((await csvOf(stranger, smiths.id)).status).toBe(404)
    expect((await csvOf(user, '00000000-0000-4000-8000-000000000000')).status).toBe(404)
    const visitor = await csvOf(null, smiths.id)
    expect(visitor.status).toBe(302)
    expect(visitor.headers.get('Location')).toMatch(/^\/login\?redirect=/)
    const post = await callRoute(
      reportCsvPost,
      jsonRequest(`${reportPath(smiths.id)}.csv`, {}, { cookie: await cookieFor(user) }),
      { params: { id: smiths.id } },
    )
    expect(post.status).toBe(405)
    expect(post.headers.get('Allow')).toBe('GET')
  })
})

describe('GET /api/clients/{id}/report', () => {
  it('answers the page’s report as JSON, for its owner only', async () => {
    const { user, smiths, formula } = await agentWithClients()
    const response = await apiOf(user, smiths.id)
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    const body = await response.json()
    const { timeZone: _, ...page } = await (await pageOf(user, smiths.id)).json()
    expect({ ...body, generatedAt: null }).toEqual({ ...page, generatedAt: null })
    expect(body.client).toEqual({
      id: smiths.id,
      name: 'The Smiths',
      note: null,
      phoneNumber: '+12015550123',
      email: null,
      consent: 'agreed',
      created: expect.any(String),
    })

    const stranger = await agent()
    for (const id of [smiths.id, formula.id, '00000000-0000-4000-8000-000000000000', 'x']) {
      const refused = await apiOf(stranger, id)
      expect(refused.status).toBe(404)
      expect(await refused.json()).toEqual({ message: 'Client not found.' })
    }
    const unsigned = await apiOf(null, smiths.id)
    expect(unsigned.status).toBe(401)
    expect(await unsigned.json()).toEqual({ message: 'Unauthorized' })
    const post = await callRoute(
      reportApiPost,
      jsonRequest(`/api/clients/${smiths.id}/report`, {}, { token: await tokenFor(user) }),
      { params: { id: smiths.id } },
    )
    expect(post.status).toBe(405)
  })
})

describe('GET /api/alerts/export.csv', () => {
  it('exports every alert of the caller’s with its client, and nothing of anyone else', async () => {
    const { user, smiths, hotel, stopped, theirs, own } = await agentWithClients()
    const other = await agentWithClients()
    const response = await exportOf(user)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="disney-alerts-\d{4}-\d\d-\d\d\.csv"$/,
    )
    const [header, ...rows] = await rowsOf(response)
    expect(header).toEqual([...ALERTS_EXPORT_COLUMNS])
    const column = (name: (typeof ALERTS_EXPORT_COLUMNS)[number]) =>
      ALERTS_EXPORT_COLUMNS.indexOf(name)
    const byId = new Map(rows.map((row) => [row[column('Alert ID')], row]))
    expect([...byId.keys()].sort()).toEqual([hotel.id, stopped.id, theirs.id, own.id].sort())
    for (const alert of [other.hotel, other.stopped, other.theirs, other.own])
      expect(byId.has(alert.id)).toBe(false)
    const stay = byId.get(hotel.id)!
    expect(stay[column('Kind')]).toBe('Hotel')
    expect(stay[column('Client')]).toBe(smiths.name)
    expect(stay[column('Texts to')]).toBe('You and The Smiths')
    expect(stay[column('From')]).toBe(hotel.checkInDate)
    expect(stay[column('To')]).toBe(hotel.checkOutDate)
    expect(stay[column('Status')]).toBe('Monitoring')
    expect(stay[column('Created')]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(byId.get(stopped.id)![column('Status')]).toBe('Stopped: The date has passed.')
    expect(byId.get(theirs.id)![column('Client')]).toBe(`'${INJECTION}`)
    expect(byId.get(own.id)![column('Client')]).toBe('')
    expect(byId.get(own.id)![column('Texts to')]).toBe('You')
  })

  it('needs the caller’s token, and is only read', async () => {
    expect((await exportOf(null)).status).toBe(401)
    const user = await agent()
    const [header, ...rows] = await rowsOf(await exportOf(user))
    expect(header).toEqual([...ALERTS_EXPORT_COLUMNS])
    expect(rows).toEqual([])
    const post = await callRoute(
      exportPost,
      jsonRequest('/api/alerts/export.csv', {}, { token: await tokenFor(user) }),
    )
    expect(post.status).toBe(405)
  })
})
