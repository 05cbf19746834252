/**
 * "Download my data" (decision 0027): one JSON document of the profile, alerts, texts and chat,
 * from Settings as a file and from GET /api/account/export, with nothing of anyone else.
 */
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { createUser } from '../../db/factories.ts'
import type { User } from '../../db/schema.ts'
import { PrivacySection } from '~/components/settings/account-sections'
import { action as apiExportPost, loader as apiExport } from '~/routes/api.account.export'
import { loader as download } from '~/routes/settings_.export[.]json'
import { getDb } from '~/utils/db.server'
import { expectedDocument, userWithData, type UserData } from '../support/account-data.ts'
import { callRoute, getRequest } from '../support/routes.ts'
import { cookieFor, tokenFor } from '../support/session.ts'

const db = () => getDb()

/** Nothing of `other` (their id, number, name, alerts, texts or chat) is in `body`. */
function expectNothingOf(other: UserData, body: string) {
  for (const needle of [other.user.id, other.user.phoneNumber, other.tag, other.hotel.id])
    expect(body).not.toContain(needle)
}

describe('GET /settings/export.json', () => {
  it('downloads the whole document as a dated file that no cache keeps', async () => {
    const mine = await userWithData(db())
    const other = await userWithData(db())
    const response = await callRoute(
      download,
      getRequest('/settings/export.json', { cookie: await cookieFor(mine.user) }),
    )
    expect(response.status).toBe(200)
    const day = new Date().toISOString().slice(0, 10)
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="disney-alerts-data-${day}.json"`,
    )
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
    const body = await response.text()
    expect(JSON.parse(body)).toEqual(await expectedDocument(db(), mine))
    expectNothingOf(other, body)
  })

  it('sends a visitor to login', async () => {
    const response = await callRoute(download, getRequest('/settings/export.json'))
    expect(response.headers.get('Location')).toBe('/login?redirect=%2Fsettings%2Fexport.json')
  })
})

describe('GET /api/account/export', () => {
  it('answers the same document to the Bearer token of the account', async () => {
    const mine = await userWithData(db())
    const other = await userWithData(db())
    const token = await tokenFor(mine.user)
    const response = await callRoute(apiExport, getRequest('/api/account/export', { token }))
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    const body = await response.text()
    expect(JSON.parse(body)).toEqual(await expectedDocument(db(), mine))
    expectNothingOf(other, body)
  })

  it('answers an account with nothing yet: empty lists and no chat', async () => {
    const user: User = await createUser(db())
    const response = await callRoute(
      apiExport,
      getRequest('/api/account/export', { cookie: await cookieFor(user) }),
    )
    expect(await response.json()).toMatchObject({
      profile: { phoneNumber: user.phoneNumber, name: null, email: null, plan: null },
      alerts: { hotel: [], dining: [] },
      clients: [],
      texts: [],
      chat: null,
    })
  })

  it('answers 401 without a token and 405 to other methods', async () => {
    const response = await callRoute(apiExport, getRequest('/api/account/export'))
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ message: 'Unauthorized' })
    const posted = await callRoute(apiExportPost, getRequest('/api/account/export'))
    expect(posted.status).toBe(405)
    expect(posted.headers.get('Allow')).toBe('GET')
  })
})

describe('Settings', () => {
  it('offers the download and the deletion in Privacy & Security, as plain links', () => {
    const html = renderToStaticMarkup(
      createElement(MemoryRouter, null, createElement(PrivacySection)),
    )
    expect(html).toMatch(
      /<a href="\/settings\/export\.json" download=""[^>]*>Download my data<\/a>/,
    )
    expect(html).toMatch(/<a [^>]*href="\/settings\/delete-account"[^>]*>Delete my account<\/a>/)
  })
})
