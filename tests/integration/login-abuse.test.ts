/**
 * Login limits that a stranger cannot spend for someone else (decision 0026): bursts of code
 * requests for another person's number, from one address or from many networks, do not keep its
 * owner out; a network range has a ceiling of its own; the service-wide figure raises an alarm
 * instead of refusing everyone; a locked number is texted nothing.
 */
import { describe, expect, it, vi } from 'vitest'
import { fakePhoneNumber } from '../../db/factories.ts'
import { action as login } from '~/routes/api.account.login'
import { action as loginVerify } from '~/routes/api.account.loginVerify'
import { action as loginPage } from '~/routes/login'
import { getDb } from '~/utils/db.server'
import { getLogger } from '~/utils/logger.server'
import { expectErrorLog } from '../support/logs.ts'
import { latestCode, readOutbox } from '../support/outbox.ts'
import { callRoute, cookiesFrom, formRequest, jsonRequest } from '../support/routes.ts'

const TOO_MANY_CODES = /^Too many codes requested\. Please try again in \d+ minutes?\.$/

/** A new address in a /24 of its own, so only the limits a test means to reach are reached. */
let networks = 0
function network() {
  networks++
  return `10.${networks >> 8}.${networks & 255}.9`
}

const textsTo = (phoneNumber: string) => readOutbox().filter((text) => text.to === phoneNumber)

function requestCode(phoneNumber: string, clientIp: string, cookie?: string) {
  return callRoute(login, jsonRequest('/api/account/login', { phoneNumber }, { cookie }), {
    clientIp,
  })
}

const wrongCode = (phoneNumber: string) =>
  latestCode(phoneNumber) === '000000' ? '111111' : '000000'

/** Both steps of a sign-in, through the JSON API or the /login page; the cookies it leaves. */
const signIn = {
  async api(phoneNumber: string, clientIp: string, cookie?: string) {
    expect((await requestCode(phoneNumber, clientIp, cookie)).status).toBe(200)
    const body = { phoneNumber, code: latestCode(phoneNumber) }
    const verified = await callRoute(
      loginVerify,
      jsonRequest('/api/account/loginVerify', body, { cookie }),
      { clientIp },
    )
    expect(verified.status).toBe(200)
    return cookiesFrom(verified)
  },
  async page(phoneNumber: string, clientIp: string, cookie?: string) {
    const sent = await callRoute(
      loginPage,
      formRequest('/login', { _action: 'send', phoneNumber }, { cookie }),
      { clientIp },
    )
    expect(sent.status).toBe(302)
    const fields = { _action: 'verify', phoneNumber, code: latestCode(phoneNumber) }
    const verified = await callRoute(
      loginPage,
      formRequest('/login', fields, { cookie: [cookie, cookiesFrom(sent)].join('; ') }),
      { clientIp },
    )
    expect(verified.status).toBe(302)
    expect(verified.headers.get('Location')).toBe('/pricing')
    return cookiesFrom(verified)
  },
}

describe("strangers' code requests", () => {
  it('from one address do not stop the owner signing in from another', async () => {
    const owner = fakePhoneNumber()
    const attacker = network()
    for (let i = 0; i < 5; i++) expect((await requestCode(owner, attacker)).status).toBe(200)
    const sixth = await requestCode(owner, attacker)
    expect(sixth.status).toBe(429)
    expect((await sixth.json()).message).toMatch(TOO_MANY_CODES)

    // The owner has never signed in: no cookie, a first visit from an address of their own.
    await signIn.api(owner, network())
  })

  it.each(['api', 'page'] as const)(
    'from many networks do not stop the owner signing in on a device that signed in before (%s)',
    async (way) => {
      const owner = fakePhoneNumber()
      const device = await signIn[way](owner, network())
      expect(device).toMatch(/login-known=/)
      const intruder = fakePhoneNumber()
      const intrudersDevice = await signIn[way](intruder, network())

      const answers: number[] = []
      for (let attacker = 0; attacker < 6; attacker++) {
        const from = network()
        for (let i = 0; i < 5; i++) answers.push((await requestCode(owner, from)).status)
      }
      // What one phone can be sent in an hour from all the addresses it has not signed in on.
      expect(textsTo(owner)).toHaveLength(20)
      expect(answers.filter((status) => status === 429)).toHaveLength(30 - 19)
      const newDevice = await requestCode(owner, network())
      expect(newDevice.status).toBe(429)
      expect((await newDevice.json()).message).toMatch(TOO_MANY_CODES)
      // A device that signed in a different number is a stranger to this one.
      expect((await requestCode(owner, network(), intrudersDevice)).status).toBe(429)

      // The owner's device, on whatever network it is now, still signs in.
      await signIn[way](owner, network(), device)
    },
  )
})

describe('a network range', () => {
  it.each([
    ['IPv4 /24', '198.18.7.', ['198.18.7.250', '::ffff:198.18.7.251'], '198.18.8.1'],
    [
      'IPv6 /64',
      '2001:db8:7:7::',
      ['2001:db8:7:7:ffff:ffff:ffff:1', '2001:0db8:0007:0007:0::2'],
      '2001:db8:7:8::1',
    ],
  ])(
    'has a ceiling of 100 codes an hour (%s), which does not touch other ranges',
    async (_case, base, sameRange, otherRange) => {
      // Five addresses of the range, each at its own limit of 20 codes an hour.
      for (let address = 1; address <= 5; address++) {
        for (let i = 0; i < 20; i++) {
          const response = await requestCode(fakePhoneNumber(), `${base}${address}`)
          expect(response.status).toBe(200)
        }
      }
      for (const address of sameRange) {
        const response = await requestCode(fakePhoneNumber(), address)
        expect(response.status).toBe(429)
        expect((await response.json()).message).toMatch(TOO_MANY_CODES)
      }
      expect((await requestCode(fakePhoneNumber(), otherRange)).status).toBe(200)
    },
  )
})

describe('a number locked by wrong codes', () => {
  it('is texted no code; the page says in how many minutes to try again', async () => {
    const phoneNumber = fakePhoneNumber()
    const from = network()
    expect((await requestCode(phoneNumber, from)).status).toBe(200)
    const wrong = { phoneNumber, code: wrongCode(phoneNumber) }
    for (let i = 0; i < 5; i++) {
      await callRoute(loginVerify, jsonRequest('/api/account/loginVerify', wrong), {
        clientIp: from,
      })
    }
    const texted = textsTo(phoneNumber).length

    const send = (step: 'send' | 'resend') =>
      callRoute(loginPage, formRequest('/login', { _action: step, phoneNumber }), {
        clientIp: from,
      })
    const sent = await send('send')
    expect(sent.status).toBe(429)
    expect((await sent.json()).result.error).toEqual({
      phoneNumber: ['Too many incorrect codes. Please wait 5 minutes, then request a new code.'],
    })

    // Later in the lock, the wait is what is left of it.
    await getDb()
      .updateTable('verificationCodes')
      .set({ lockedUntil: new Date(Date.now() + 90_000) })
      .where('phoneNumber', '=', phoneNumber)
      .execute()
    const resent = await send('resend')
    expect(resent.status).toBe(429)
    expect((await resent.json()).result.error).toEqual({
      code: ['Too many incorrect codes. Please wait 2 minutes, then request a new code.'],
    })
    expect(textsTo(phoneNumber)).toHaveLength(texted)
  })
})

describe('the service-wide figure of 500 login texts an hour', () => {
  it('is an alarm, logged once when passed, and not a wall', async () => {
    const logged = vi.spyOn(getLogger(), 'error')
    expectErrorLog(/^login texts passed the hourly alarm figure$/)
    const already = readOutbox().length
    expect(already).toBeLessThan(500)
    let refused = 0
    for (let sent = already; sent <= 510; sent++) {
      if ((await requestCode(fakePhoneNumber(), network())).status !== 200) refused++
    }
    expect(refused).toBe(0)
    const alarms = logged.mock.calls.filter(
      ([fields]) => (fields as { alert?: unknown } | undefined)?.alert === 'login-texts-cap',
    )
    expect(alarms).toHaveLength(1)
    logged.mockRestore()
  }, 120_000)
})
