import { describe, expect, it } from 'vitest'
import { fakePhoneNumber, createUser } from '../../db/factories.ts'
import { action as login } from '~/routes/api.account.login'
import { action as loginVerify } from '~/routes/api.account.loginVerify'
import { action as verifyAlias } from '~/routes/api.account.verify'
import { loader as current } from '~/routes/api.account.current'
import { action as logout } from '~/routes/api.account.logout'
import { getDb } from '~/utils/db.server'
import { latestCode, readOutbox } from '../support/outbox.ts'
import { callRoute, getRequest, jsonRequest } from '../support/routes.ts'

async function requestCode(phoneNumber: string, clientIp?: string) {
  return callRoute(login, jsonRequest('/api/account/login', { phoneNumber }), { clientIp })
}

async function verify(phoneNumber: string, code: string, clientIp?: string) {
  return callRoute(loginVerify, jsonRequest('/api/account/loginVerify', { phoneNumber, code }), {
    clientIp,
  })
}

/**
 * A distinct client address per call, each in a network range (/24) of its own, so the per-IP
 * and per-range limits of one test do not touch another (a random pick among 250 collided now and
 * then); each test file has a Redis prefix of its own.
 */
let addresses = 0
function ip() {
  addresses++
  return `10.${Math.floor(addresses / 250)}.${addresses % 250}.1`
}

/** A new number that has just been texted a code, from an address of its own. */
async function codeSent() {
  const phoneNumber = fakePhoneNumber()
  const from = ip()
  expect((await requestCode(phoneNumber, from)).status).toBe(200)
  const code = latestCode(phoneNumber)
  return { phoneNumber, from, code, wrong: code === '000000' ? '111111' : '000000' }
}

async function signIn(phoneNumber = fakePhoneNumber()) {
  const from = ip()
  expect((await requestCode(phoneNumber, from)).status).toBe(200)
  const response = await verify(phoneNumber, latestCode(phoneNumber), from)
  expect(response.status).toBe(200)
  return (await response.json()) as { accessToken: string; token: string; user: { id: string } }
}

describe('POST /api/account/login', () => {
  it('texts a 6-digit code to the normalised number', async () => {
    const response = await requestCode('(201) 555-0142', ip())
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: true, message: 'Verification code sent.' })
    const text = readOutbox()
      .filter((entry) => entry.to === '+12015550142')
      .at(-1)
    expect(text?.body).toMatch(/^\d{6} is your Disney Hotel Alerts login code/)
  })

  it('answers the same whether or not the number has an account', async () => {
    const existing = await createUser(getDb())
    const known = await requestCode(existing.phoneNumber, ip())
    const unknown = await requestCode(fakePhoneNumber(), ip())
    expect(known.status).toBe(unknown.status)
    expect(await known.json()).toEqual(await unknown.json())
  })

  it('limits codes to 5 an hour per phone number from one address', async () => {
    const phoneNumber = fakePhoneNumber()
    const from = ip()
    for (let i = 0; i < 5; i++) expect((await requestCode(phoneNumber, from)).status).toBe(200)
    const sixth = await requestCode(phoneNumber, from)
    expect(sixth.status).toBe(429)
    expect((await sixth.json()).message).toMatch(
      /^Too many codes requested\. Please try again in \d+ minutes?\.$/,
    )
    expect(readOutbox().filter((entry) => entry.to === phoneNumber)).toHaveLength(5)
  })

  it('limits codes to 20 an hour per IP address', async () => {
    const from = ip()
    for (let i = 0; i < 20; i++)
      expect((await requestCode(fakePhoneNumber(), from)).status).toBe(200)
    expect((await requestCode(fakePhoneNumber(), from)).status).toBe(429)
  })

  it.each([
    ['malformed JSON', '{"phoneNumber":', 'Request body must be valid JSON.'],
    ['an array', '["+12015550123"]', 'Request body must be a JSON object.'],
    ['a missing field', '{}', 'phoneNumber: Please enter a phone number.'],
    ['a wrong type', '{"phoneNumber":2015550123}', 'phoneNumber: Please enter a phone number.'],
    [
      'an invalid number',
      '{"phoneNumber":"12345"}',
      'phoneNumber: Please enter a valid phone number.',
    ],
    [
      'a huge body',
      JSON.stringify({ phoneNumber: 'x'.repeat(20_000) }),
      'Request body is too large (limit 16384 bytes).',
    ],
  ])('refuses %s with a 400 and a message, sending nothing', async (_case, raw, message) => {
    const before = readOutbox().length
    const response = await callRoute(login, jsonRequest('/api/account/login', null, { raw }), {
      clientIp: ip(),
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message })
    expect(readOutbox()).toHaveLength(before)
  })
})

describe('POST /api/account/loginVerify', () => {
  it('verifies the code, creates the user once and answers the contract', async () => {
    const phoneNumber = fakePhoneNumber()
    const body = await signIn(phoneNumber)
    expect(body).toMatchObject({
      phoneNumberVerified: true,
      user: { phoneNumber, planId: null, stripeSubscriptionPlanId: null, trialStartUtc: null },
    })
    expect(body.accessToken).toBe(body.token)
    expect(body.accessToken.length).toBeGreaterThan(30)

    const again = await signIn(phoneNumber)
    expect(again.user.id).toBe(body.user.id)
    const users = await getDb().selectFrom('users').where('phoneNumber', '=', phoneNumber).execute()
    expect(users).toHaveLength(1)
  })

  it('is also served at /api/account/verify', async () => {
    const { phoneNumber, from, code } = await codeSent()
    const response = await callRoute(
      verifyAlias,
      jsonRequest('/api/account/verify', { phoneNumber, code }),
      { clientIp: from },
    )
    expect(response.status).toBe(200)
    expect((await response.json()).phoneNumberVerified).toBe(true)
  })

  it('stores only hashes of codes and tokens', async () => {
    const phoneNumber = fakePhoneNumber()
    const { token } = await signIn(phoneNumber)
    const code = latestCode(phoneNumber)
    const row = await getDb()
      .selectFrom('verificationCodes')
      .selectAll()
      .where('phoneNumber', '=', phoneNumber)
      .executeTakeFirstOrThrow()
    expect(row.codeHash).not.toContain(code)
    const sessions = await getDb().selectFrom('sessions').select('tokenHash').execute()
    expect(sessions.map((s) => s.tokenHash)).not.toContain(token)
  })

  it('refuses a wrong code, and a code used once already', async () => {
    const { phoneNumber, from, code, wrong } = await codeSent()
    const response = await verify(phoneNumber, wrong, from)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      message: 'Invalid verification code. Please try again.',
    })
    expect((await verify(phoneNumber, code, from)).status).toBe(200)
    expect((await verify(phoneNumber, code, from)).status).toBe(400)
  })

  it('refuses an expired code', async () => {
    const { phoneNumber, from, code } = await codeSent()
    await getDb()
      .updateTable('verificationCodes')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('phoneNumber', '=', phoneNumber)
      .execute()
    const response = await verify(phoneNumber, code, from)
    expect(response.status).toBe(400)
    expect((await response.json()).message).toBe(
      'That code has expired. Use Resend code to get a new one.',
    )
  })

  it('kills the code after 5 wrong tries and locks the number for 5 minutes only', async () => {
    const { phoneNumber, from, code, wrong } = await codeSent()
    for (let i = 0; i < 4; i++) expect((await verify(phoneNumber, wrong, from)).status).toBe(400)
    expect((await verify(phoneNumber, wrong, from)).status).toBe(429)
    const sixth = await verify(phoneNumber, code, from)
    expect(sixth.status).toBe(429)
    expect((await sixth.json()).message).toBe(
      'Too many incorrect codes. Please wait 5 minutes, then request a new code.',
    )

    // No code is texted during the lock, and the answer says when to try again.
    const texted = readOutbox().length
    const during = await requestCode(phoneNumber, from)
    expect(during.status).toBe(429)
    expect((await during.json()).message).toBe(
      'Too many incorrect codes. Please wait 5 minutes, then request a new code.',
    )
    expect(readOutbox()).toHaveLength(texted)

    // Once the lock is over (moved into the past here), the owner signs in with a new code.
    await getDb()
      .updateTable('verificationCodes')
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where('phoneNumber', '=', phoneNumber)
      .execute()
    await requestCode(phoneNumber, from)
    expect((await verify(phoneNumber, latestCode(phoneNumber), from)).status).toBe(200)
  })

  it.each([
    [
      'a missing code',
      { phoneNumber: '+12015550123' },
      'code: Please enter the verification code.',
    ],
    [
      'a short code',
      { phoneNumber: '+12015550123', code: '123' },
      'code: Please enter the 6-digit code.',
    ],
    [
      'a numeric code',
      { phoneNumber: '+12015550123', code: 123456 },
      'code: Please enter the verification code.',
    ],
    ['no phone number', { code: '123456' }, 'phoneNumber: Please enter a phone number.'],
  ])('refuses %s with a 400', async (_case, body, message) => {
    const response = await callRoute(loginVerify, jsonRequest('/api/account/loginVerify', body), {
      clientIp: ip(),
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message })
  })

  it('gives the admin role to configured numbers', async () => {
    const { user } = await signIn('+12015550199')
    const row = await getDb()
      .selectFrom('users')
      .select('role')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row.role).toBe('admin')
  })
})

describe('GET /api/account/current', () => {
  it('answers the signed-in user for a Bearer token', async () => {
    const { token, user } = await signIn()
    const response = await callRoute(current, getRequest('/api/account/current', { token }))
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ id: user.id, planId: null })
  })

  it('is 401 Unauthorized without a token, or with an unknown one', async () => {
    for (const token of [undefined, 'not-a-real-token']) {
      const response = await callRoute(current, getRequest('/api/account/current', { token }))
      expect(response.status).toBe(401)
      expect(await response.json()).toEqual({ message: 'Unauthorized' })
    }
  })

  it('is 401 once the session is revoked', async () => {
    const { token } = await signIn()
    const out = await callRoute(logout, jsonRequest('/api/account/logout', {}, { token }))
    expect(await out.json()).toEqual({ success: true, revoked: 1 })
    expect((await callRoute(current, getRequest('/api/account/current', { token }))).status).toBe(
      401,
    )
  })

  it('signs out everywhere', async () => {
    const phoneNumber = fakePhoneNumber()
    const first = await signIn(phoneNumber)
    const second = await signIn(phoneNumber)
    const out = await callRoute(
      logout,
      jsonRequest('/api/account/logout', { everywhere: true }, { token: first.token }),
    )
    expect((await out.json()).revoked).toBe(2)
    expect(
      (await callRoute(current, getRequest('/api/account/current', { token: second.token })))
        .status,
    ).toBe(401)
  })

  it('is 401 once the session has expired', async () => {
    const { token, user } = await signIn()
    await getDb()
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where('userId', '=', user.id)
      .execute()
    expect((await callRoute(current, getRequest('/api/account/current', { token }))).status).toBe(
      401,
    )
  })
})

describe('login texts and SMS pumping', () => {
  it.each([
    [
      'a premium-rate number',
      '+19005550123',
      'We cannot text this kind of number. Please use a mobile number.',
    ],
    [
      'a toll-free number',
      '+18005550123',
      'We cannot text this kind of number. Please use a mobile number.',
    ],
    [
      'a Caribbean +1 number',
      '+18765551234',
      'We can only text numbers in United States and Canada.',
    ],
    ['a Russian number', '+79161234567', 'We can only text numbers in United States and Canada.'],
    [
      'a Nigerian number',
      '+2348031234567',
      'We can only text numbers in United States and Canada.',
    ],
  ])('sends no code to %s', async (_case, phoneNumber, message) => {
    const response = await requestCode(phoneNumber, ip())
    expect(response.status).toBe(400)
    expect((await response.json()).message).toBe(message)
    expect(readOutbox().filter((entry) => entry.to === phoneNumber)).toEqual([])
  })

  it('texts a Canadian number', async () => {
    const response = await requestCode('+1 416 555 0123', ip())
    expect(response.status).toBe(200)
  })
})
