/**
 * Property-based fuzzing (fast-check) of every JSON call and page action that takes input: any
 * body a client could send, well-formed or not, is answered below 500, and input that is refused
 * (4xx) changes nothing in the database.
 */
import type { ActionFunctionArgs } from '@remix-run/node'
import fc from 'fast-check'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { createAlertRow, createUser, daysFromToday } from '../../db/factories.ts'
import { action as login } from '~/routes/api.account.login'
import { action as loginVerify } from '~/routes/api.account.loginVerify'
import { action as logout } from '~/routes/api.account.logout'
import { action as accountSettings } from '~/routes/api.account.settings'
import { action as hotelDelete } from '~/routes/api.availability-queries.$id'
import { action as hotelAlerts } from '~/routes/api.availability-queries'
import { action as clientsAction } from '~/routes/api.clients'
import { action as oneClient } from '~/routes/api.clients.$id'
import { action as chatRespond } from '~/routes/api.chat.respond'
import { action as chatSend } from '~/routes/api.chat.send'
import { action as diningDelete } from '~/routes/api.dining-alerts.$id'
import { action as diningAlerts } from '~/routes/api.dining-alerts'
import { action as cancelSubscription } from '~/routes/api.stripe.cancel-subscription'
import { action as changePlan } from '~/routes/api.stripe.change-plan'
import { action as completeCheckout } from '~/routes/api.stripe.complete-checkout'
import { action as createCheckout } from '~/routes/api.stripe.create-checkout'
import { action as diningPage } from '~/routes/alerts.dining'
import { action as events } from '~/routes/api.events'
import { action as hotelPage } from '~/routes/alerts.hotels'
import { action as priceWatchPage } from '~/routes/alerts.price-watch'
import { action as dashboard } from '~/routes/dashboard'
import { action as loginPage } from '~/routes/login'
import { action as logoutPage } from '~/routes/logout'
import { action as settingsPage } from '~/routes/settings'
import { action as support } from '~/routes/support'
import { getDb } from '~/utils/db.server'
import { getUser } from '~/utils/session.server'
import { callRoute, typedRequest } from '../support/routes.ts'
import { cookieFor, tokenFor } from '../support/session.ts'

const db = getDb()
type Action = (args: ActionFunctionArgs) => unknown

/** Everything a request can change, counted: a refused request must leave every count alone. */
async function snapshot() {
  const { rows } = await sql<{ counts: string }>`
    select concat_ws(',',
      (select count(*) from users), (select count(*) from sessions),
      (select count(*) from hotel_alerts), (select count(*) from dining_alerts),
      (select count(*) from pending_alerts), (select count(*) from subscriptions),
      (select count(*) from chat_messages), (select count(*) from verification_codes),
      (select count(*) from analytics_events),
      (select coalesce(sum(status), 0) from hotel_alerts), (select coalesce(sum(status), 0) from dining_alerts),
      (select md5(coalesce(string_agg(coalesce(name, '') || coalesce(email, '') || coalesce(plan_id, ''), '|' order by id), '')) from users)
    ) as counts`.execute(db)
  return rows[0]!.counts
}

/** Strings that break naive code: NUL, control characters, huge, unicode, SQL and HTML. */
const nasty = fc.oneof(
  fc.string(),
  fc.constantFrom('\u0000', 'a\u0000b', "'; drop table users; --", '<script>x</script>', '💥', ''),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ minLength: 5000, maxLength: 20000 }),
)
const anything: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    nasty,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom(9e300, -0, Number.MAX_SAFE_INTEGER + 2),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 12 }), tie('value'), { maxKeys: 4 }),
  ),
})).value
/** Bodies shaped like the real ones, with every field replaceable by anything. */
const FIELDS = [
  'phoneNumber',
  'code',
  'name',
  'email',
  'priceId',
  'sessionId',
  'message',
  'userEmail',
  'userName',
  'currentPage',
  'messageId',
  'responseText',
  'resortId',
  'checkInDate',
  'checkOutDate',
  'numberOfAdults',
  'numberOfChildren',
  'agesOfChildren',
  'accessible',
  'keepWatching',
  'KeepWatching',
  'snoozedUntil',
  'SnoozedUntil',
  'timeZone',
  'quietStart',
  'quietEnd',
  'rooms',
  'roomIds',
  'active',
  'status',
  'id',
  'Id',
  'resortLocationIdentifier',
  'diningLocationId',
  'reserveDate',
  'partySize',
  'preferredTime',
  'timeRangeStart',
  'timeRangeEnd',
  'everywhere',
  'intent',
  'kind',
  '_action',
  'timeChoice',
  'tolerance',
  'website',
  // Clients (issue 31).
  'note',
  'clientId',
  'textTo',
  'newClientName',
  // Prices (issue 30): the API's and the page forms' names.
  'maxNightlyPrice',
  'maxTotalPrice',
  'watch',
  'paidTotal',
  'rateType',
  'minSaving',
  'minSavingPercent',
  'priceCeiling',
  'maxPrice',
  'roomId',
  'savingKind',
  'saving',
  'edit',
]
const body = fc.oneof(fc.dictionary(fc.constantFrom(...FIELDS), anything, { maxKeys: 8 }), anything)
const formFields = fc.dictionary(fc.constantFrom(...FIELDS), nasty, { maxKeys: 8 })

function jsonBody(path: string, method: string, value: unknown, token: string) {
  return new Request(`http://localhost${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(value) ?? 'null',
  })
}

function formBody(path: string, fields: Record<string, string>, cookieToken: string) {
  return new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Authorization: `Bearer ${cookieToken}`,
    },
    body: new URLSearchParams(fields).toString(),
  })
}

async function expectSafe(action: Action, request: Request, params: Record<string, string> = {}) {
  const before = await snapshot()
  const response = await callRoute(action, request, { params })
  expect(response.status, `${request.method} ${new URL(request.url).pathname}`).toBeLessThan(500)
  if (response.status >= 400) expect(await snapshot()).toBe(before)
  return response
}

const RUNS = { numRuns: 25 }

describe('fuzzed JSON calls', () => {
  const calls: [string, string, Action, Record<string, string>?][] = [
    ['POST', '/api/account/login', login],
    ['POST', '/api/account/loginVerify', loginVerify],
    ['POST', '/api/account/logout', logout],
    ['PUT', '/api/account/settings', accountSettings],
    ['POST', '/api/availability-queries', hotelAlerts],
    ['PUT', '/api/availability-queries', hotelAlerts],
    ['DELETE', '/api/availability-queries/x', hotelDelete, { id: 'x' }],
    ['POST', '/api/clients', clientsAction],
    ['PUT', '/api/clients/x', oneClient, { id: 'x' }],
    ['POST', '/api/dining-alerts', diningAlerts],
    ['PUT', '/api/dining-alerts', diningAlerts],
    ['DELETE', '/api/dining-alerts/x', diningDelete, { id: 'x' }],
    ['POST', '/api/stripe/create-checkout', createCheckout],
    ['POST', '/api/stripe/complete-checkout', completeCheckout],
    ['POST', '/api/stripe/change-plan', changePlan],
    ['POST', '/api/stripe/cancel-subscription', cancelSubscription],
    ['POST', '/api/chat/send', chatSend],
    ['POST', '/api/chat/respond', chatRespond],
  ]

  it.each(calls)(
    '%s %s never answers 5xx and refuses without a change',
    async (method, path, action, params) => {
      const user = await createUser(db, { planId: 'magic-hour', trialStartUtc: new Date() })
      const token = await tokenFor(user)
      await fc.assert(
        fc.asyncProperty(body, async (value) => {
          await expectSafe(action, jsonBody(path, method, value, token), params)
        }),
        RUNS,
      )
    },
  )
})

describe('fuzzed analytics events', () => {
  // Shaped like the tracker's beacons, every value replaceable by anything; as text/plain.
  const event = fc.oneof(
    fc.dictionary(fc.constantFrom('name', 'path', 'props', 'cta', 'plan'), anything, {
      maxKeys: 4,
    }),
    anything,
  )
  it('POST /api/events never answers 5xx and refuses without a change', async () => {
    await fc.assert(
      fc.asyncProperty(event, async (value) => {
        const request = typedRequest(
          '/api/events',
          'text/plain;charset=UTF-8',
          JSON.stringify(value) ?? 'null',
        )
        await expectSafe(events, request)
      }),
      RUNS,
    )
  })
})

describe('fuzzed page actions', () => {
  const pages: [string, Action][] = [
    ['/alerts/hotels', hotelPage],
    ['/alerts/price-watch', priceWatchPage],
    ['/alerts/dining', diningPage],
    ['/dashboard', dashboard],
    ['/settings', settingsPage],
    ['/login', loginPage],
    ['/support', support],
  ]

  it.each(pages)('POST %s never answers 5xx and refuses without a change', async (path, action) => {
    const user = await createUser(db, { planId: 'magic-hour', trialStartUtc: new Date() })
    const token = await tokenFor(user)
    await fc.assert(
      fc.asyncProperty(formFields, async (fields) => {
        await expectSafe(action, formBody(path, fields, token))
      }),
      RUNS,
    )
  })
})

describe('fuzzed dining alert status', () => {
  it('PUT /api/dining-alerts refuses any status but 0 and 1 with a 400, changing nothing', async () => {
    const user = await createUser(db, { planId: 'magic-hour', trialStartUtc: new Date() })
    const token = await tokenFor(user)
    const alert = await createAlertRow(db, 'dining', user.id)
    const unknown = fc
      .oneof(fc.integer(), fc.constantFrom(-1e12, 1e12, Number.MAX_SAFE_INTEGER))
      .filter((status) => status !== 0 && status !== 1)
    await fc.assert(
      fc.asyncProperty(unknown, async (status) => {
        const request = jsonBody('/api/dining-alerts', 'PUT', { ...alert, status }, token)
        expect((await expectSafe(diningAlerts, request)).status).toBe(400)
      }),
      RUNS,
    )
  })
})

describe('fuzzed POST /logout', () => {
  // Multipart bodies that do not parse: no part, a part without headers, bytes, no boundary.
  const multipart = fc.record({
    boundary: fc.constantFrom('x', 'a-longer-boundary', ''),
    body: fc.oneof(
      fc.constantFrom('--x\r\nnot a part', '--x\r\n\r\nvalue', '--x'),
      fc.string(),
      fc.string({ unit: 'binary', maxLength: 40 }),
    ),
  })
  it('answers a broken multipart body below 500, and a refusal signs nobody out', async () => {
    const user = await createUser(db)
    await fc.assert(
      fc.asyncProperty(multipart, async ({ boundary, body }) => {
        // A session of its own: a body that happens to parse signs this one out.
        const cookie = await cookieFor(user)
        const signedIn = new Request('http://localhost/', { headers: { Cookie: cookie } })
        const request = new Request('http://localhost/logout', {
          method: 'POST',
          headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, Cookie: cookie },
          body,
        })
        const response = await expectSafe(logoutPage, request)
        if (response.status === 400) expect(await getUser(signedIn)).not.toBeNull()
      }),
      RUNS,
    )
  })
})

describe('fuzzed dining page form', () => {
  const nulId = fc.tuple(nasty, nasty).map(([before, after]) => `${before}\u0000${after}`)
  it("POST /alerts/dining answers a NUL in the restaurant id with the form's 400 beside the field", async () => {
    const cookie = await cookieFor(
      await createUser(db, { planId: 'magic-hour', trialStartUtc: new Date() }),
    )
    await fc.assert(
      fc.asyncProperty(nulId, async (diningLocationId) => {
        const request = new Request('http://localhost/alerts/dining', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
          body: new URLSearchParams({
            resortLocationIdentifier: 'disney-world',
            diningLocationId,
            reserveDate: daysFromToday(3),
            partySize: '2',
          }).toString(),
        })
        const response = await expectSafe(diningPage, request)
        expect(response.status).toBe(400)
        expect((await response.json()).result.error).toEqual({
          diningLocationIds: ['Select a restaurant.'],
        })
      }),
      RUNS,
    )
  })
})
