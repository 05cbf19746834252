/**
 * Input Postgres itself would refuse is a clear 400 that changes nothing, wherever it comes in:
 * no route has to remember it.
 */
import { describe, expect, it } from 'vitest'
import { createAlertRow, createUser, daysFromToday } from '../../db/factories.ts'
import { createSession } from '~/models/session.server'
import { action as settings } from '~/routes/api.account.settings'
import { action as loginVerify } from '~/routes/api.account.loginVerify'
import { action as diningAlerts } from '~/routes/api.dining-alerts'
import { action as diningAction } from '~/routes/alerts.dining'
import { action as hotelsAction } from '~/routes/alerts.hotels'
import { action as dashboardAction } from '~/routes/dashboard'
import { action as loginAction } from '~/routes/login'
import { action as logoutAction } from '~/routes/logout'
import { action as settingsAction } from '~/routes/settings'
import { action as clientsAction } from '~/routes/settings_.clients._index'
import { getDb } from '~/utils/db.server'
import { getUser } from '~/utils/session.server'
import { callRoute, formRequest, jsonRequest, typedRequest } from '../support/routes.ts'
import { cookieFor, tokenFor } from '../support/session.ts'

const db = getDb()

describe('a NUL character in text', () => {
  it('is a 400 in words, and the profile stays as it was', async () => {
    const user = await createUser(db, { name: 'Ada' })
    const { token } = await createSession(db, user.id, 'api')
    for (const body of [{ name: 'Ad\u0000a' }, { email: 'ada\u0000@example.com' }]) {
      const response = await callRoute(
        settings,
        jsonRequest('/api/account/settings', body, { method: 'PUT', token }),
      )
      expect(response.status).toBe(400)
      expect((await response.json()).message).toMatch(/NUL|email/)
    }
    const row = await db
      .selectFrom('users')
      .select(['name', 'email'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ name: 'Ada', email: null })
  })
})

describe('a page action sent something other than a form', () => {
  const pages = [
    ['/alerts/hotels', hotelsAction],
    ['/alerts/dining', diningAction],
    ['/dashboard', dashboardAction],
    ['/settings', settingsAction],
    ['/settings/clients', clientsAction],
    ['/login', loginAction],
  ] as const

  it.each(pages)('%s answers 400 to JSON, plain text or no body type', async (path, action) => {
    const user = await createUser(db, { planId: 'magic-hour', trialStartUtc: new Date() })
    const cookie = await cookieFor(user)
    for (const [type, body] of [
      ['application/json', '{"intent":"delete","kind":"hotel","id":"x"}'],
      ['text/plain', 'intent=cancel'],
      [null, 'intent=cancel'],
    ] as const) {
      const headers = new Headers({ Cookie: cookie })
      if (type) headers.set('Content-Type', type)
      const response = await callRoute(
        action,
        new Request(`http://localhost${path}`, { method: 'POST', headers, body }),
      )
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ message: 'This page takes a form post.' })
    }
  })
})

describe('loginVerify', () => {
  it('answers 400 to a JSON body sent as plain text, and signs nobody in', async () => {
    const sessions = async () => (await db.selectFrom('sessions').selectAll().execute()).length
    const before = await sessions()
    const response = await callRoute(
      loginVerify,
      typedRequest(
        '/api/account/loginVerify',
        'text/plain',
        JSON.stringify({ phoneNumber: '+12015550123', code: '123456' }),
      ),
    )
    expect(response.status).toBe(400)
    expect(await sessions()).toBe(before)
  })
})

describe('the dashboard', () => {
  it('answers 400 to an alert id that is not a UUID or a status that is not one', async () => {
    const user = await createUser(db, { planId: 'magic-hour', trialStartUtc: new Date() })
    const cookie = await cookieFor(user)
    for (const fields of <Record<string, string>[]>[
      { intent: 'delete', kind: 'hotel', id: 'not-a-uuid' },
      { intent: 'toggle', kind: 'dining', id: crypto.randomUUID(), status: 'NaN' },
    ]) {
      const response = await callRoute(
        dashboardAction,
        formRequest('/dashboard', fields, { cookie }),
      )
      expect(response.status).toBe(400)
    }
  })
})

describe('PUT /api/dining-alerts', () => {
  it('refuses a status it does not know with a 400 in words, as the hotel PUT does, and the alert keeps running', async () => {
    const user = await createUser(db, { planId: 'magic-hour', trialStartUtc: new Date() })
    const token = await tokenFor(user)
    const alert = await createAlertRow(db, 'dining', user.id)
    const { id, resortLocationIdentifier, diningLocationId, reserveDate, partySize } = alert
    const body = { id, resortLocationIdentifier, diningLocationId, reserveDate, partySize }
    for (const status of [-1, -1e12, 2]) {
      const response = await callRoute(
        diningAlerts,
        jsonRequest('/api/dining-alerts', { ...body, status }, { method: 'PUT', token }),
      )
      expect(response.status, String(status)).toBe(400)
      expect(await response.json()).toMatchObject({
        message: 'Status must be 0 (stopped) or 1 (running).',
      })
    }
    const row = await db
      .selectFrom('diningAlerts')
      .select('status')
      .where('id', '=', alert.id)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe(1)
  })
})

describe('a NUL in the restaurant id of the dining page form', () => {
  it("is the form's own 400, beside the field, for a user and a visitor, and saves nothing", async () => {
    const user = await createUser(db, { planId: 'magic-hour', trialStartUtc: new Date() })
    const drafts = () => db.selectFrom('pendingAlerts').select('id').execute()
    const draftsBefore = await drafts()
    const fields = {
      resortLocationIdentifier: 'disney-world',
      diningLocationId: '9000\u00002464',
      reserveDate: daysFromToday(3),
      partySize: '2',
    }
    for (const cookie of [await cookieFor(user), undefined]) {
      const response = await callRoute(
        diningAction,
        formRequest('/alerts/dining', fields, { cookie }),
      )
      expect(response.status).toBe(400)
      expect((await response.json()).result.error).toEqual({
        diningLocationIds: ['Select a restaurant.'],
      })
    }
    const saved = await db.selectFrom('diningAlerts').select('id').where('userId', '=', user.id)
    expect(await saved.execute()).toEqual([])
    expect(await drafts()).toEqual(draftsBefore)
  })
})

describe('POST /logout', () => {
  it('answers 400 to a multipart body that does not parse, and signs nobody out', async () => {
    const cookie = await cookieFor(await createUser(db))
    const response = await callRoute(
      logoutAction,
      new Request('http://localhost/logout', {
        method: 'POST',
        headers: { 'Content-Type': 'multipart/form-data; boundary=x', Cookie: cookie },
        body: '--x\r\nnot a part',
      }),
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: 'This page takes a form post.' })
    const request = new Request('http://localhost/', { headers: { Cookie: cookie } })
    expect(await getUser(request)).not.toBeNull()
  })
})
