/**
 * Sign-in while Redis, where the login limits live, is down: a real redis-server of this file's
 * own is stopped, and every login step answers 503 in words, on the page and the JSON API; started
 * again, sign-in works by itself. How long recovery took is printed, not asserted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fakePhoneNumber } from '../../db/factories.ts'
import { getEnv } from '~/env.server'
import { action as login } from '~/routes/api.account.login'
import { action as loginVerify } from '~/routes/api.account.loginVerify'
import { action as verifyAlias } from '~/routes/api.account.verify'
import { action as loginPage } from '~/routes/login'
import { madeSingleton } from '~/utils/singleton.server'
import { latestCode, readOutbox } from '../support/outbox.ts'
import { ownRedis, until } from '../support/faults.ts'
import { callRoute, formRequest, jsonRequest } from '../support/routes.ts'

const BUSY = 'The service is busy right now. Please try again in a moment.'

/** A redis-server of this file's own: stopped, it comes back empty. */
let redis: Awaited<ReturnType<typeof ownRedis>>

beforeAll(async () => {
  redis = await ownRedis()
  await redis.start()
  // The web's Redis client is made on first use, from the configuration: make it this server's.
  expect(madeSingleton('redis')).toBeUndefined()
  getEnv().redisUrl = redis.url
  // A beforeAll's clean-up runs after every afterAll, so isolate.ts still empties this Redis first.
  return () => redis.stop(false)
})

// A test that failed during the outage leaves Redis running again for isolate.ts's clean-up.
afterAll(() => redis.start())

const clientIp = '192.0.2.44'

const sendOnPage = (phoneNumber: string) =>
  callRoute(loginPage, formRequest('/login', { _action: 'send', phoneNumber }), { clientIp })
const verifyOnPage = (phoneNumber: string, code: string) =>
  callRoute(loginPage, formRequest('/login', { _action: 'verify', phoneNumber, code }), {
    clientIp,
  })
const requestCode = (phoneNumber: string) =>
  callRoute(login, jsonRequest('/api/account/login', { phoneNumber }), { clientIp })

describe('login while Redis is down', () => {
  it('answers 503 in words on the page and the JSON API, and recovers by itself', async () => {
    const phoneNumber = fakePhoneNumber()
    expect((await sendOnPage(phoneNumber)).status).toBe(302)
    // A code texted before the outage: checking it must wait for the limits, not fail.
    const code = latestCode(phoneNumber)
    const texted = readOutbox().length

    await redis.stop(false)
    const verifyThrough = (action: typeof loginVerify, path: string) => () =>
      callRoute(action, jsonRequest(path, { phoneNumber, code }), { clientIp })
    // Each step, and its words: beside the form's field on the page, the message of the API.
    const steps: [string, () => Promise<Response>, unknown][] = [
      [
        '/login, send',
        () => sendOnPage(phoneNumber),
        { result: { error: { phoneNumber: [BUSY] } } },
      ],
      [
        '/login, verify',
        () => verifyOnPage(phoneNumber, code),
        { result: { error: { code: [BUSY] } } },
      ],
      ['POST /api/account/login', () => requestCode(phoneNumber), { message: BUSY }],
      [
        'POST /api/account/loginVerify',
        verifyThrough(loginVerify, '/api/account/loginVerify'),
        { message: BUSY },
      ],
      [
        'POST /api/account/verify',
        verifyThrough(verifyAlias, '/api/account/verify'),
        { message: BUSY },
      ],
    ]
    let slowestMs = 0
    for (const [step, call, words] of steps) {
      const started = Date.now()
      const response = await call()
      slowestMs = Math.max(slowestMs, Date.now() - started)
      expect({ step, status: response.status, body: await response.json() }).toMatchObject({
        step,
        status: 503,
        body: words,
      })
    }
    expect(readOutbox()).toHaveLength(texted)

    await redis.start()
    const recovery = await until(
      'a code is texted again',
      async () => (await requestCode(phoneNumber)).status === 200,
    )
    const verified = await verifyOnPage(phoneNumber, latestCode(phoneNumber))
    expect(verified.status).toBe(302)
    console.log(
      `Redis down: each login step answered 503 within ${(slowestMs / 1000).toFixed(1)} s; codes were texted again ${(recovery / 1000).toFixed(1)} s after Redis answered, and the owner signed in`,
    )
  }, 60_000)
})
