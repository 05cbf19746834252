/**
 * Deleting an account (decision 0027), from Settings and from the JSON API: Stripe first, then
 * every row of the user in every table, an anonymised audit row, and no way back in.
 */
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { matchRoutes, type AgnosticRouteObject as RouteObject } from '@remix-run/router'
import { flatRoutes } from '@remix-run/dev/dist/config/flat-routes.js'
import { sql } from 'kysely'
import Stripe from 'stripe'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createAlertRow, createUser } from '../../db/factories.ts'
import type { User } from '../../db/schema.ts'
import { resetStripeMock } from '../../mocks/stripe.ts'
import { action as apiAccount, loader as apiAccountGet } from '~/routes/api.account._index'
import { loader as currentUser } from '~/routes/api.account.current'
import { action as deletePage, loader as deletePageData } from '~/routes/settings_.delete-account'
import { loader as settingsPage } from '~/routes/settings'
import { keepDraftForLogin } from '~/services/pending-alerts.server'
import { readNotice } from '~/utils/flash.server'
import { conversation, rowsOfUser, textAbout, userReferences } from '../support/account-data.ts'
import {
  db,
  newEventId,
  newSubscriptionId,
  PRICE,
  resetStripeBetweenTests,
  sendEvent,
  signedIn,
  storedEvent,
  stripeApi,
  subscribe,
  subscriptionObject,
  subscriptionRows,
  unix,
} from '../support/billing.ts'
import { expectErrorLog } from '../support/logs.ts'
import { callRoute, cookiesFrom, formRequest, getRequest, jsonRequest } from '../support/routes.ts'
import { cookieFor } from '../support/session.ts'

resetStripeBetweenTests()
// Each test reads the audit rows of its own deletions.
beforeEach(async () => {
  await db().deleteFrom('deletedAccounts').execute()
})

const DELETED = 'Your account and its data have been deleted. Any subscription has been cancelled.'
const CONFIRM = 'confirm: Type DELETE in capital letters to confirm.'
const STRIPE_FAILED =
  'We could not cancel your subscription with Stripe, our payment processor, so nothing has been deleted. Please try again in a few minutes.'

/**
 * A user with something in every table that can hold theirs: a paid subscription at Stripe, a
 * browser session and an API token, alerts of both kinds, a text, a plan-end reminder and its
 * text, a support conversation, a login code, a STOP reply, and a sign-in draft in the browser.
 */
async function userWithEverything(options: { paid?: boolean } = { paid: true }) {
  // A name and an email of this user's alone, to look for everywhere afterwards.
  const tag = randomBytes(6).toString('hex')
  const { user, token } = await signedIn({ name: `Ada ${tag}`, email: `ada.${tag}@example.com` })
  const billing = options.paid ? await subscribe(user, token, PRICE.magicHour) : undefined
  // A client of theirs, whose alert it is (issue 31): their clients go with them.
  const client = await db()
    .insertInto('clients')
    .values({ userId: user.id, name: `Client of ${tag}`, phoneNumber: '+12015550123' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const hotel = await createAlertRow(db(), 'hotel', user.id, { clientId: client.id })
  await createAlertRow(db(), 'dining', user.id)
  await textAbout(db(), user, { kind: 'hotel', id: hotel.id }, 'Disney Hotel Alerts: a room opened')
  const reminder = await db()
    .insertInto('notifications')
    .values({
      shortCode: randomBytes(4).toString('hex'),
      userId: user.id,
      purpose: 'plan-end',
      toNumber: user.phoneNumber,
      body: 'Disney Hotel Alerts: Your plan ends soon',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db()
    .insertInto('planEndReminders')
    .values({ userId: user.id, endsAt: new Date(), kind: 'plan', notificationId: reminder.id })
    .execute()
  const chatId = await conversation(db(), user.id, 'Can I watch two resorts?', 'Yes, two alerts.', {
    userName: user.name!,
    userEmail: user.email!,
  })
  await db()
    .insertInto('verificationCodes')
    .values({ phoneNumber: user.phoneNumber, codeHash: 'x', expiresAt: new Date() })
    .execute()
  await db().insertInto('smsOptOuts').values({ phoneNumber: user.phoneNumber }).execute()
  const draft = await keepDraftForLogin(new Request('http://localhost/'), 'dining', {
    partySize: 2,
  })
  const cookie = `${await cookieFor(user)}; ${draft.setCookie.split(';')[0]}`
  return { user, token, cookie, billing, tag, chatId, draft: draft.id }
}

type Everything = Awaited<ReturnType<typeof userWithEverything>>

/** How many rows of each table mention `needle` anywhere (the whole row, as text). */
async function rowsMentioning(needle: string) {
  const { rows: tables } = await sql<{ name: string }>`
    select tablename as name from pg_tables
    where schemaname = 'public' and tablename not like 'kysely_%'
  `.execute(db())
  const found: Record<string, number> = {}
  for (const { name } of tables) {
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from ${sql.table(name)} t where t::text like ${`%${needle}%`}
    `.execute(db())
    if (rows[0]!.count) found[name] = rows[0]!.count
  }
  return found
}

/** Nothing of the user is left but their STOP reply; their tokens and cookies open nothing. */
async function expectNothingLeft(everything: Everything) {
  const { user, token, cookie } = everything
  // The tables the deletion covers; a new one fails here until the deletion covers it too.
  expect(await userReferences(db())).toEqual([
    { table: 'catalogue_audit', column: 'actor_id' },
    { table: 'chat_sessions', column: 'user_id' },
    { table: 'clients', column: 'user_id' },
    { table: 'dining_alerts', column: 'user_id' },
    { table: 'hotel_alerts', column: 'user_id' },
    { table: 'notifications', column: 'user_id' },
    { table: 'plan_end_reminders', column: 'user_id' },
    { table: 'room_key_mappings', column: 'created_by' },
    { table: 'sessions', column: 'user_id' },
    { table: 'subscriptions', column: 'user_id' },
  ])
  const left = await rowsOfUser(db(), user.id)
  expect(left).toEqual(Object.fromEntries(Object.keys(left).map((table) => [table, 0])))
  const chatMessages = await db()
    .selectFrom('chatMessages')
    .select('id')
    .where('sessionId', '=', everything.chatId)
    .execute()
  expect(chatMessages).toEqual([])

  // Nowhere else either: no row of any table holds the id, the number, the name or the email,
  // but the STOP reply that carriers require us to honour.
  expect(await rowsMentioning(user.id)).toEqual({})
  expect(await rowsMentioning(user.phoneNumber)).toEqual({ sms_opt_outs: 1 })
  expect(await rowsMentioning(everything.tag)).toEqual({})

  expect((await callRoute(currentUser, getRequest('/api/account/current', { token }))).status).toBe(
    401,
  )
  const settings = await callRoute(settingsPage, getRequest('/settings', { cookie }))
  expect(settings.headers.get('Location')).toBe('/login?redirect=%2Fsettings')
}

function draftRow(id: string) {
  return db().selectFrom('pendingAlerts').select('id').where('id', '=', id).executeTakeFirst()
}

async function auditRows() {
  return db().selectFrom('deletedAccounts').selectAll().orderBy('deletedAt').execute()
}

/** The user's row and their rows of a few tables: unchanged by a refused deletion. */
async function snapshot(user: User) {
  const [users, subscriptions, hotel, dining, sessions] = await Promise.all(
    (['users', 'subscriptions', 'hotelAlerts', 'diningAlerts', 'sessions'] as const).map((table) =>
      table === 'users'
        ? db().selectFrom('users').selectAll().where('id', '=', user.id).execute()
        : db().selectFrom(table).select('id').where('userId', '=', user.id).execute(),
    ),
  )
  return { users, subscriptions, hotel, dining, sessions, audit: await auditRows() }
}

const deleteByApi = (body: unknown, token?: string, options: { raw?: string } = {}) =>
  callRoute(apiAccount, jsonRequest('/api/account', body, { token, method: 'DELETE', ...options }))

const postDelete = (confirm: string | undefined, cookie: string) =>
  callRoute(
    deletePage,
    formRequest('/settings/delete-account', confirm === undefined ? {} : { confirm }, { cookie }),
  )

describe('DELETE /api/account', () => {
  it('cancels the subscription at Stripe, deletes every row of the user and keeps an anonymous audit row', async () => {
    const everything = await userWithEverything()
    const other = await userWithEverything({ paid: false })
    const { subscriptionId, customerId } = everything.billing!

    const response = await deleteByApi({ confirm: 'DELETE' }, everything.token)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: true })

    const atStripe = await stripeApi.subscriptions.retrieve(subscriptionId)
    expect(atStripe.status).toBe('canceled')
    // Ended without a credit for the unused month (the terms give none).
    const credits = await stripeApi.invoiceItems.list({ customer: customerId, pending: true })
    expect(credits.data).toEqual([])

    await expectNothingLeft(everything)
    const [audit] = await auditRows()
    expect(audit).toEqual({
      id: expect.any(String),
      deletedAt: expect.any(Date),
      stripeCustomerId: customerId,
      subscriptionCancelled: true,
      planId: 'magic-hour',
    })

    // The other user keeps everything.
    const kept = await callRoute(
      currentUser,
      getRequest('/api/account/current', { token: other.token }),
    )
    expect(kept.status).toBe(200)
    expect(await rowsMentioning(other.user.id)).toMatchObject({
      users: 1,
      hotel_alerts: 1,
      dining_alerts: 1,
      notifications: 2,
      plan_end_reminders: 1,
      chat_sessions: 1,
      sessions: 2,
    })
  })

  it('keeps an audit row without Stripe for an account that never paid', async () => {
    const everything = await userWithEverything({ paid: false })
    expect((await deleteByApi({ confirm: 'DELETE' }, everything.token)).status).toBe(200)
    await expectNothingLeft(everything)
    expect(await auditRows()).toMatchObject([
      { stripeCustomerId: null, subscriptionCancelled: false, planId: null },
    ])
  })

  it.each([
    ['no body', undefined, '', CONFIRM],
    ['no confirm', {}, undefined, CONFIRM],
    ['the word in small letters', { confirm: 'delete' }, undefined, CONFIRM],
    ['another word', { confirm: 'YES' }, undefined, CONFIRM],
    ['a number', { confirm: 1 }, undefined, CONFIRM],
    ['true', { confirm: true }, undefined, CONFIRM],
    [
      'another key',
      { confirm: 'DELETE', everything: true },
      undefined,
      'Only confirm can be sent.',
    ],
    ['broken JSON', undefined, '{"confirm":', 'Request body must be valid JSON.'],
    ['an array', undefined, '["DELETE"]', 'Request body must be a JSON object.'],
  ])('refuses %s with a 400 in words, changing nothing', async (_case, body, raw, message) => {
    const { user, token } = await userWithEverything()
    const before = await snapshot(user)
    const response = await deleteByApi(body, token, { raw })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message })
    expect(await snapshot(user)).toEqual(before)
  })

  it('answers 401 without a token and 405 to other methods', async () => {
    const { user, token } = await signedIn()
    expect((await deleteByApi({ confirm: 'DELETE' })).status).toBe(401)
    for (const method of ['POST', 'PUT', 'PATCH']) {
      const response = await callRoute(
        apiAccount,
        jsonRequest('/api/account', { confirm: 'DELETE' }, { token, method }),
      )
      expect(response.status).toBe(405)
      expect(response.headers.get('Allow')).toBe('DELETE')
    }
    const got = await callRoute(apiAccountGet, getRequest('/api/account', { token }))
    expect(got.status).toBe(405)
    expect(await db().selectFrom('users').select('id').where('id', '=', user.id).execute()).toEqual(
      [{ id: user.id }],
    )
  })
})

describe('/settings/delete-account', () => {
  it('says what ends with the account: the paid plan by name', async () => {
    const { cookie } = await userWithEverything()
    const page = await callRoute(deletePageData, getRequest('/settings/delete-account', { cookie }))
    expect(await page.json()).toEqual({
      confirmWord: 'DELETE',
      paidPlan: 'Magic Hour',
      refusal: null,
    })
  })

  it('sends a visitor to login', async () => {
    const response = await callRoute(deletePageData, getRequest('/settings/delete-account'))
    expect(response.headers.get('Location')).toBe('/login?redirect=%2Fsettings%2Fdelete-account')
  })

  it.each([
    ['nothing typed', undefined],
    ['the word in small letters', 'delete'],
    ['the phone number', '+12015550123'],
  ])('answers %s beside the field with a 400, changing nothing', async (_case, typed) => {
    const { user, cookie, billing } = await userWithEverything()
    const before = await snapshot(user)
    const response = await postDelete(typed, cookie)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      status: 'error',
      error: { confirm: ['Type DELETE in capital letters to confirm.'] },
    })
    expect(await snapshot(user)).toEqual(before)
    expect((await stripeApi.subscriptions.retrieve(billing!.subscriptionId)).status).toBe('active')
  })

  it('deletes everything, signs out and says so on the login page', async () => {
    const everything = await userWithEverything()
    const response = await postDelete(' DELETE ', everything.cookie)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/login')
    const cleared = response.headers.getSetCookie().find((cookie) => cookie.startsWith('session='))
    expect(cleared).toMatch(/Max-Age=0/)

    const { notice } = await readNotice(getRequest('/login', { cookie: cookiesFrom(response) }))
    expect(notice).toEqual({ tone: 'success', message: DELETED })
    await expectNothingLeft(everything)
    // This browser's sign-in drafts, which no table ties to the user, go too.
    expect(await draftRow(everything.draft)).toBeUndefined()
    expect(await auditRows()).toMatchObject([{ subscriptionCancelled: true, planId: 'magic-hour' }])
  })

  it('refuses an admin account that signed catalogue changes, on the page and when posted', async () => {
    const everything = await userWithEverything({ paid: false })
    await db()
      .insertInto('catalogueAudit')
      .values({ actorId: everything.user.id, action: 'map-room-key', details: '{}' })
      .execute()
    const before = await snapshot(everything.user)
    const page = await callRoute(
      deletePageData,
      getRequest('/settings/delete-account', { cookie: everything.cookie }),
    )
    expect((await page.json()).refusal).toMatch(
      /^This admin account has changed the hotel catalogue/,
    )
    const posted = await postDelete('DELETE', everything.cookie)
    expect(posted.status).toBe(409)
    expect((await posted.json()).error).toEqual({
      '': [expect.stringMatching(/cannot be deleted/)],
    })
    expect(await snapshot(everything.user)).toEqual(before)
  })
})

describe('when Stripe does not end the subscription', () => {
  it('goes on when Stripe no longer knows the subscription: nobody can be billed for it', async () => {
    const everything = await userWithEverything()
    // The stand-in forgets everything: the cancel is answered resource_missing.
    resetStripeMock()
    const response = await deleteByApi({ confirm: 'DELETE' }, everything.token)
    expect(response.status).toBe(200)
    await expectNothingLeft(everything)
    expect(await auditRows()).toMatchObject([
      { stripeCustomerId: everything.billing!.customerId, subscriptionCancelled: true },
    ])
  })

  /** Stripe's cancel, on the prototype every client shares (the app's included), failing. */
  function stripeCancelFails(error: Error) {
    const subscriptions = Object.getPrototypeOf(
      stripeApi.subscriptions,
    ) as Stripe.SubscriptionResource
    return vi.spyOn(subscriptions, 'cancel').mockRejectedValue(error)
  }

  it.each([
    [
      'cannot be reached',
      new Stripe.errors.StripeConnectionError({ message: 'connect ECONNREFUSED' }),
      503,
    ],
    [
      'fails',
      new Stripe.errors.StripeAPIError({ message: 'An unknown error occurred', type: 'api_error' }),
      502,
    ],
  ])('deletes nothing when Stripe %s, and says so', async (_case, error, status) => {
    expectErrorLog(/^account deletion: Stripe did not cancel$/)
    const everything = await userWithEverything()
    const before = await snapshot(everything.user)
    stripeCancelFails(error)

    const byApi = await deleteByApi({ confirm: 'DELETE' }, everything.token)
    expect(byApi.status).toBe(status)
    expect(await byApi.json()).toEqual({ message: STRIPE_FAILED })

    const byPage = await postDelete('DELETE', everything.cookie)
    expect(byPage.status).toBe(status)
    expect((await byPage.json()).error).toEqual({ '': [STRIPE_FAILED] })

    expect(await snapshot(everything.user)).toEqual(before)
    expect(await subscriptionRows(everything.user.id)).toMatchObject([{ status: 'active' }])
    const current = await callRoute(
      currentUser,
      getRequest('/api/account/current', { token: everything.token }),
    )
    expect(current.status).toBe(200)
  })
})

describe('when Stripe announces the cancellation while the account is deleted', () => {
  /** Statements of this database waiting for a lock another transaction holds. */
  async function lockWaits() {
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'
    `.execute(db())
    return rows[0]!.count
  }

  it('answers the event, which has no account left to apply to, instead of asking for a retry', async () => {
    // Deleting an account cancels its subscription first, and Stripe announces that at once: the
    // event can find the account before the deletion commits, then wait for its row.
    const user = await createUser(db())
    const subscription = subscriptionObject({
      id: newSubscriptionId(),
      userId: user.id,
      priceId: PRICE.magicHour,
      status: 'canceled',
    })
    let commit!: () => void
    const committing = new Promise<void>((resolve) => (commit = resolve))
    let deleted!: () => void
    const rowDeleted = new Promise<void>((resolve) => (deleted = resolve))
    const deletion = db()
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom('users').where('id', '=', user.id).execute()
        deleted()
        await committing
      })
    await rowDeleted

    const id = newEventId()
    const answered = sendEvent('customer.subscription.deleted', subscription, unix(new Date()), id)
    await expect.poll(lockWaits).toBeGreaterThan(0)
    commit()
    await deletion

    const { status } = await answered
    expect(status).toBe(200)
    expect(await storedEvent(id)).toMatchObject({ type: 'customer.subscription.deleted' })
    expect(await subscriptionRows(user.id)).toEqual([])
  })
})

describe('the route of /api/account', () => {
  /** Remix's own reading of app/routes (flat routes), matched as the server matches. */
  function routeTree(): RouteObject[] {
    const manifest = flatRoutes(path.resolve('app'), ['**/.*', '**/*.test.{ts,tsx}'])
    const build = (parentId: string): RouteObject[] =>
      Object.values(manifest)
        .filter((route) => route.parentId === parentId)
        .map((route) =>
          route.index
            ? { id: route.id, path: route.path, index: true }
            : { id: route.id, path: route.path, children: build(route.id) },
        )
    return [{ id: 'root', path: '', children: build('root') }]
  }
  const matched = (url: string) => matchRoutes(routeTree(), url)?.map((match) => match.route.id)

  it('serves exactly /api/account, wrapping none of the other account calls', async () => {
    expect(matched('/api/account')).toEqual(['root', 'routes/api.account._index'])
    expect(matched('/api/account/current')).toEqual(['root', 'routes/api.account.current'])
    expect(matched('/api/account/export')).toEqual(['root', 'routes/api.account.export'])
    expect(matched('/settings/delete-account')).toEqual(['root', 'routes/settings_.delete-account'])
    expect(matched('/settings/export.json')).toEqual(['root', 'routes/settings_.export[.]json'])

    const { user, token } = await signedIn()
    const current = await callRoute(currentUser, getRequest('/api/account/current', { token }))
    expect(current.status).toBe(200)
    expect(await current.json()).toMatchObject({ id: user.id })
  })
})
