/**
 * "Download my data" (decision 0027): one JSON document of the profile, alerts, texts and chat,
 * from Settings as a file and from GET /api/account/export, with nothing of anyone else.
 */
import { randomBytes } from 'node:crypto'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { catalogueResort, createAlertRow, createUser } from '../../db/factories.ts'
import type { User } from '../../db/schema.ts'
import { PrivacySection } from '~/components/settings/account-sections'
import { addSupportReply, addVisitorMessage } from '~/models/chat.server'
import { action as apiExportPost, loader as apiExport } from '~/routes/api.account.export'
import { loader as download } from '~/routes/settings_.export[.]json'
import { getDb } from '~/utils/db.server'
import { callRoute, getRequest } from '../support/routes.ts'
import { cookieFor, tokenFor } from '../support/session.ts'

const db = () => getDb()

/** A user with a profile, an alert of each kind, a text about one, and a support conversation. */
async function userWithData() {
  const tag = randomBytes(6).toString('hex')
  const user = await createUser(db(), {
    name: `Walt ${tag}`,
    email: `walt.${tag}@example.com`,
    planId: 'magic-hour',
  })
  const hotel = await createAlertRow(db(), 'hotel', user.id, { agesOfChildren: [7] })
  const dining = await createAlertRow(db(), 'dining', user.id, { preferredTime: '18:30' })
  await db()
    .insertInto('notifications')
    .values({
      shortCode: randomBytes(4).toString('hex'),
      userId: user.id,
      alertKind: 'dining',
      alertId: dining.id,
      openingKey: `table|${tag}`,
      toNumber: user.phoneNumber,
      body: `A table opened ${tag}`,
      bookingUrl: 'https://disneyworld.disney.go.com/dine-res/availability/',
      status: 'delivered',
      seenAt: new Date('2026-12-01T10:00:00Z'),
      sentAt: new Date('2026-12-01T10:00:02Z'),
    })
    .execute()
  const asked = await addVisitorMessage(
    db(),
    { userId: user.id },
    { text: `Question ${tag}`, currentPage: '/dashboard' },
  )
  await addSupportReply(db(), { replyToMessageId: asked.messageId, text: `Answer ${tag}` })
  return { user, tag, hotel, dining }
}

const iso = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)

/** The document expected of `userWithData`'s user. */
async function expectedDocument({
  user,
  tag,
  hotel,
  dining,
}: Awaited<ReturnType<typeof userWithData>>) {
  const { resort, rooms } = await catalogueResort(db())
  const restaurant = await db()
    .selectFrom('diningLocations')
    .select('name')
    .where('id', '=', dining.diningLocationId)
    .executeTakeFirstOrThrow()
  return {
    exportedAt: iso,
    profile: {
      phoneNumber: user.phoneNumber,
      name: `Walt ${tag}`,
      email: `walt.${tag}@example.com`,
      quietHours: null,
      plan: { id: 'magic-hour', name: 'Magic Hour' },
      trialStartedAt: null,
      createdAt: iso,
    },
    alerts: {
      hotel: [
        {
          id: hotel.id,
          resorts: [{ resort: resort.name, roomTypes: [rooms[0]!.name] }],
          checkInDate: hotel.checkInDate,
          latestCheckInDate: hotel.checkInDate,
          minNights: 4,
          maxNights: 4,
          splitStays: false,
          numberOfAdults: 2,
          agesOfChildren: [7],
          accessible: false,
          keepWatching: true,
          snoozedUntil: null,
          clientId: null,
          textTo: 'agent',
          maxNightlyPriceCents: null,
          maxTotalPriceCents: null,
          watch: 'availability',
          paidTotalCents: null,
          rateType: null,
          minSavingCents: null,
          minSavingPercent: null,
          status: 'Monitoring',
          statusReason: null,
          lastCheckedAt: null,
          lastFoundAt: null,
          createdAt: iso,
          updatedAt: iso,
        },
      ],
      dining: [
        {
          id: dining.id,
          restaurants: [restaurant.name],
          destination: 'disney-world',
          reserveDates: [dining.reserveDate],
          mealPeriods: [],
          partySize: 4,
          preferredTime: '18:30:00',
          timeRangeStart: null,
          timeRangeEnd: null,
          snoozedUntil: null,
          clientId: null,
          textTo: 'agent',
          status: 'Monitoring',
          statusReason: null,
          lastCheckedAt: null,
          lastFoundAt: null,
          createdAt: iso,
          updatedAt: iso,
        },
      ],
    },
    clients: [],
    texts: [
      {
        purpose: 'opening',
        alertKind: 'dining',
        alertId: dining.id,
        to: user.phoneNumber,
        body: `A table opened ${tag}`,
        bookingUrl: 'https://disneyworld.disney.go.com/dine-res/availability/',
        status: 'delivered',
        openingSeenAt: '2026-12-01T10:00:00.000Z',
        createdAt: iso,
        sentAt: '2026-12-01T10:00:02.000Z',
        clicks: 0,
      },
    ],
    chat: {
      startedAt: iso,
      name: null,
      email: null,
      messages: [
        { from: 'you', text: `Question ${tag}`, page: '/dashboard', sentAt: iso },
        { from: 'support', text: `Answer ${tag}`, page: null, sentAt: iso },
      ],
    },
  }
}

/** Nothing of `other` (their id, number, name, alerts, texts or chat) is in `body`. */
function expectNothingOf(other: Awaited<ReturnType<typeof userWithData>>, body: string) {
  for (const needle of [other.user.id, other.user.phoneNumber, other.tag, other.hotel.id])
    expect(body).not.toContain(needle)
}

describe('GET /settings/export.json', () => {
  it('downloads the whole document as a dated file that no cache keeps', async () => {
    const mine = await userWithData()
    const other = await userWithData()
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
    expect(JSON.parse(body)).toEqual(await expectedDocument(mine))
    expectNothingOf(other, body)
  })

  it('sends a visitor to login', async () => {
    const response = await callRoute(download, getRequest('/settings/export.json'))
    expect(response.headers.get('Location')).toBe('/login?redirect=%2Fsettings%2Fexport.json')
  })
})

describe('GET /api/account/export', () => {
  it('answers the same document to the Bearer token of the account', async () => {
    const mine = await userWithData()
    const other = await userWithData()
    const token = await tokenFor(mine.user)
    const response = await callRoute(apiExport, getRequest('/api/account/export', { token }))
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    const body = await response.text()
    expect(JSON.parse(body)).toEqual(await expectedDocument(mine))
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
