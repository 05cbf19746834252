/**
 * A phone number change: a code texted to the new number, the change only once it is entered,
 * through /settings/phone without JavaScript and through the JSON API.
 */
import { flatRoutes } from '@remix-run/dev/dist/config/flat-routes.js'
import { matchRoutes, type AgnosticRouteObject } from '@remix-run/router'
import { describe, expect, it } from 'vitest'
import { createAlertRow, createUser, fakePhoneNumber } from '../../db/factories.ts'
import { getEnv } from '~/env.server'
import { MESSAGES } from '~/domain/login'
import { formatPhoneNumber } from '~/domain/phone'
import { PHONE_CHANGE_MESSAGES } from '~/domain/profile'
import { diningAlertsAnswered } from '~/models/check.server'
import { optOut } from '~/models/outbox.server'
import { action as apiLogin } from '~/routes/api.account.login'
import { action as apiLoginVerify } from '~/routes/api.account.loginVerify'
import { action as phoneApi, loader as phoneApiLoader } from '~/routes/api.account.phone'
import { action as verifyApi } from '~/routes/api.account.phone_.verify'
import { action, loader } from '~/routes/settings_.phone'
import { getDb } from '~/utils/db.server'
import { latestCode, readOutbox } from '../support/outbox.ts'
import { callRoute, cookiesFrom, formRequest, getRequest, jsonRequest } from '../support/routes.ts'
import { signedInBrowser, tokenFor } from '../support/session.ts'
import { settingsAfter } from '../support/settings.ts'

const db = getDb()

/** An address in a /24 of its own per call, so no test spends another's login limits. */
let addresses = 0
function ip() {
  addresses++
  return `10.${addresses >> 8}.${addresses & 255}.3`
}

const textsTo = (phoneNumber: string) => readOutbox().filter((text) => text.to === phoneNumber)
const phoneOf = async (userId: string) =>
  (await db.selectFrom('users').select('phoneNumber').where('id', '=', userId).executeTakeFirst())
    ?.phoneNumber
const wrongCode = (phoneNumber: string) =>
  latestCode(phoneNumber) === '000000' ? '111111' : '000000'

/** Step 1 of /settings/phone; the cookies a browser holds after it. */
async function sendThroughPage(cookie: string, phoneNumber: string, clientIp = ip()) {
  const response = await callRoute(
    action,
    formRequest('/settings/phone', { _action: 'send', phoneNumber }, { cookie }),
    { clientIp },
  )
  return { response, cookie: `${cookie}; ${cookiesFrom(response)}` }
}

const verifyThroughPage = (cookie: string, phoneNumber: string, code: string) =>
  callRoute(
    action,
    formRequest('/settings/phone', { _action: 'verify', phoneNumber, code }, { cookie }),
    { clientIp: ip() },
  )

/** The user id a sign-in with this number reaches (the first sign-in creates an account). */
async function signInAs(phoneNumber: string) {
  const from = ip()
  const sent = jsonRequest('/api/account/login', { phoneNumber })
  expect((await callRoute(apiLogin, sent, { clientIp: from })).status).toBe(200)
  const body = { phoneNumber, code: latestCode(phoneNumber) }
  const verified = await callRoute(apiLoginVerify, jsonRequest('/api/account/loginVerify', body), {
    clientIp: from,
  })
  expect(verified.status).toBe(200)
  return ((await verified.json()) as { user: { id: string } }).user.id
}

describe('the routes', () => {
  it('serve /settings/profile, /settings/phone and both phone API paths', () => {
    const manifest = flatRoutes('app', ['**/.*', '**/*.test.{ts,tsx}'])
    const childrenOf = (parentId: string | undefined): AgnosticRouteObject[] =>
      Object.values(manifest)
        .filter((route) => route.parentId === parentId)
        .map((route) => ({
          id: route.id,
          path: route.path,
          ...(route.index ? { index: true } : { children: childrenOf(route.id) }),
        })) as AgnosticRouteObject[]
    const routes = [{ id: 'root', path: '', children: childrenOf('root') }]
    const leaf = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.id
    expect(leaf('/settings/profile')).toBe('routes/settings_.profile')
    expect(leaf('/settings/phone')).toBe('routes/settings_.phone')
    expect(leaf('/api/account/phone')).toBe('routes/api.account.phone')
    expect(leaf('/api/account/phone/verify')).toBe('routes/api.account.phone_.verify')
  })
})

describe('/settings/phone without JavaScript', () => {
  it('texts the new number, changes nothing until the code, then moves login and alerts', async () => {
    const { user, cookie } = await signedInBrowser()
    const alert = await createAlertRow(db, 'dining', user.id)
    const newNumber = fakePhoneNumber()

    const step1 = await sendThroughPage(cookie, formatPhoneNumber(newNumber))
    expect(step1.response.status).toBe(302)
    expect(step1.response.headers.get('Location')).toBe('/settings/phone?step=code')
    expect(textsTo(newNumber)).toHaveLength(1)
    expect(textsTo(user.phoneNumber)).toHaveLength(0)
    const page = await callRoute(loader, getRequest('/settings/phone?step=code', step1))
    expect((await page.json()).pending).toEqual({
      phoneNumber: newNumber,
      display: formatPhoneNumber(newNumber),
    })
    // Until the code is entered, the old number is still the login.
    expect(await phoneOf(user.id)).toBe(user.phoneNumber)

    const done = await verifyThroughPage(step1.cookie, newNumber, latestCode(newNumber))
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe('/settings#profile')
    expect(await phoneOf(user.id)).toBe(newNumber)
    const settings = await settingsAfter(done, cookie)
    expect(settings.notice).toEqual({
      tone: 'success',
      message: PHONE_CHANGE_MESSAGES.changed(formatPhoneNumber(newNumber)),
    })
    expect(settings.phone).toBe(formatPhoneNumber(newNumber))
    // The pending change is forgotten, and this browser stays signed in.
    expect(done.headers.getSetCookie().join()).toMatch(/phone-change-pending=;/)

    // The checks read the number from the user: the alert's texts go to the new one.
    await db.updateTable('users').set({ planId: 'the-club' }).where('id', '=', user.id).execute()
    const [checked] = await diningAlertsAnswered(db, [alert.questionId], [alert.diningLocationId])
    expect(checked?.phoneNumber).toBe(newNumber)

    // The new number signs in to this account; the old one no longer reaches it.
    expect(await signInAs(newNumber)).toBe(user.id)
    expect(await signInAs(user.phoneNumber)).not.toBe(user.id)
  })

  it('refuses a wrong code beside the field and keeps the old number', async () => {
    const { user, cookie } = await signedInBrowser()
    const newNumber = fakePhoneNumber()
    const step1 = await sendThroughPage(cookie, newNumber)
    const response = await verifyThroughPage(step1.cookie, newNumber, wrongCode(newNumber))
    expect(response.status).toBe(400)
    expect((await response.json()).result.error).toEqual({ code: [MESSAGES.codeInvalid] })
    expect(await phoneOf(user.id)).toBe(user.phoneNumber)
  })

  it('refuses a number that already has an account, in words, texting nobody', async () => {
    const { user, cookie } = await signedInBrowser()
    const other = await createUser(db)
    const { response } = await sendThroughPage(cookie, other.phoneNumber)
    expect(response.status).toBe(409)
    expect((await response.json()).result.error).toEqual({
      phoneNumber: [PHONE_CHANGE_MESSAGES.inUse],
    })
    expect(textsTo(other.phoneNumber)).toHaveLength(0)
    expect(await phoneOf(user.id)).toBe(user.phoneNumber)
  })

  it('refuses the number in words when another account takes it before the code', async () => {
    const { user, cookie } = await signedInBrowser()
    const newNumber = fakePhoneNumber()
    const step1 = await sendThroughPage(cookie, newNumber)
    const code = latestCode(newNumber)
    const other = await createUser(db, { phoneNumber: newNumber })
    const response = await verifyThroughPage(step1.cookie, newNumber, code)
    expect(response.status).toBe(409)
    expect((await response.json()).result.error).toEqual({ code: [PHONE_CHANGE_MESSAGES.inUse] })
    expect(await phoneOf(user.id)).toBe(user.phoneNumber)
    expect(await phoneOf(other.id)).toBe(newNumber)
  })

  it('tells a number that replied STOP to text START, texting nothing', async () => {
    const { user, cookie } = await signedInBrowser()
    const stopped = fakePhoneNumber()
    await optOut(db, stopped)
    const { response } = await sendThroughPage(cookie, stopped)
    expect(response.status).toBe(400)
    expect((await response.json()).result.error).toEqual({
      phoneNumber: [MESSAGES.optedOut(formatPhoneNumber(getEnv().twilio.fromNumber))],
    })
    expect(textsTo(stopped)).toHaveLength(0)
    expect(await phoneOf(user.id)).toBe(user.phoneNumber)
  })

  it.each([
    ['their own number', (own: string) => own, 400, PHONE_CHANGE_MESSAGES.sameNumber],
    ['no number', () => '', 400, MESSAGES.phoneRequired],
    ['a number that is not one', () => '12345', 400, MESSAGES.phoneInvalid],
    ['a number we cannot text', () => '+442071838750', 400, /^We can only text numbers in /],
  ])('refuses %s beside the field', async (_case, number, status, message) => {
    const { user, cookie } = await signedInBrowser()
    const before = readOutbox().length
    const { response } = await sendThroughPage(cookie, number(user.phoneNumber))
    expect(response.status).toBe(status)
    const [error] = (await response.json()).result.error.phoneNumber
    expect(error).toMatch(message)
    expect(readOutbox()).toHaveLength(before)
  })

  it('resends after the cooldown only, with the error beside the code', async () => {
    const { cookie } = await signedInBrowser()
    const newNumber = fakePhoneNumber()
    const step1 = await sendThroughPage(cookie, newNumber)
    const resend = await callRoute(
      action,
      formRequest(
        '/settings/phone?step=code',
        { _action: 'resend', phoneNumber: newNumber },
        { cookie: step1.cookie },
      ),
      { clientIp: ip() },
    )
    expect(resend.status).toBe(429)
    expect((await resend.json()).result.error.code[0]).toMatch(/^Please wait \d+ seconds?/)
    expect(textsTo(newNumber)).toHaveLength(1)
  })

  it('answers a visitor with login, and anything but a form with a 400', async () => {
    const visitor = await callRoute(loader, getRequest('/settings/phone'))
    expect(visitor.headers.get('Location')).toBe('/login?redirect=%2Fsettings%2Fphone')
    const { cookie } = await signedInBrowser()
    const json = jsonRequest('/settings/phone', { _action: 'send' }, { cookie })
    expect((await callRoute(action, json)).status).toBe(400)
    const unknown = formRequest('/settings/phone', { _action: 'delete' }, { cookie })
    expect((await callRoute(action, unknown)).status).toBe(400)
  })
})

describe('POST /api/account/phone and /api/account/phone/verify', () => {
  const send = (body: unknown, token?: string) =>
    callRoute(phoneApi, jsonRequest('/api/account/phone', body, { token }), { clientIp: ip() })
  const verify = (body: unknown, token?: string) =>
    callRoute(verifyApi, jsonRequest('/api/account/phone/verify', body, { token }), {
      clientIp: ip(),
    })

  it('changes the number once the code texted to it is right', async () => {
    const user = await createUser(db)
    const token = await tokenFor(user)
    const newNumber = fakePhoneNumber()
    const sent = await send({ phoneNumber: formatPhoneNumber(newNumber) }, token)
    expect(sent.status).toBe(200)
    expect(await sent.json()).toEqual({ success: true, message: 'Verification code sent.' })

    const wrong = await verify({ phoneNumber: newNumber, code: wrongCode(newNumber) }, token)
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toEqual({ message: MESSAGES.codeInvalid })
    expect(await phoneOf(user.id)).toBe(user.phoneNumber)

    const changed = await verify({ phoneNumber: newNumber, code: latestCode(newNumber) }, token)
    expect(changed.status).toBe(200)
    expect(await changed.json()).toMatchObject({ id: user.id, phoneNumber: newNumber })
    expect(await phoneOf(user.id)).toBe(newNumber)
  })

  it('answers 409 in words for a number in use', async () => {
    const user = await createUser(db)
    const other = await createUser(db)
    const response = await send({ phoneNumber: other.phoneNumber }, await tokenFor(user))
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({ message: PHONE_CHANGE_MESSAGES.inUse })
    expect(textsTo(other.phoneNumber)).toHaveLength(0)
  })

  it('answers 400 in words to a STOPped number and to bad input, changing nothing', async () => {
    const user = await createUser(db)
    const token = await tokenFor(user)
    const stopped = fakePhoneNumber()
    await optOut(db, stopped)
    const refused = await send({ phoneNumber: stopped }, token)
    expect(refused.status).toBe(400)
    expect((await refused.json()).message).toMatch(/replied STOP .* Text START to/)

    for (const [body, message] of [
      [{}, 'phoneNumber: Please enter a phone number.'],
      [{ phoneNumber: 2015550123 }, 'phoneNumber: Please enter a phone number.'],
      [{ phoneNumber: fakePhoneNumber() }, 'code: Please enter the verification code.'],
      [
        { phoneNumber: fakePhoneNumber(), code: 123456 },
        'code: Please enter the verification code.',
      ],
      [{ phoneNumber: fakePhoneNumber(), code: '12345' }, 'code: Please enter the 6-digit code.'],
    ] as const) {
      const response = await verify(body, token)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ message })
    }
    expect(await phoneOf(user.id)).toBe(user.phoneNumber)
  })

  it('answers 401 without a session and 405 to anything but POST', async () => {
    const newNumber = fakePhoneNumber()
    expect((await send({ phoneNumber: newNumber })).status).toBe(401)
    expect((await verify({ phoneNumber: newNumber, code: '123456' })).status).toBe(401)
    expect(textsTo(newNumber)).toHaveLength(0)
    expect((await callRoute(phoneApiLoader, getRequest('/api/account/phone'))).status).toBe(405)
  })
})
