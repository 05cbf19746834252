/**
 * A subscriber's phone replying to our number, through the Twilio stand-in as Twilio would see
 * it: Twilio answers each keyword itself and we never answer a second time; a number that replied
 * STOP is told in words how to get a login code again.
 */
import { describe, expect, it } from 'vitest'
import { fakePhoneNumber } from '../../db/factories.ts'
import { textFromPhone, twilioAccount, TWILIO_DEFAULT_REPLIES } from '../../mocks/twilio-phone.ts'
import { formatPhoneNumber } from '~/domain/phone'
import { getEnv } from '~/env.server'
import { action as login } from '~/routes/api.account.login'
import { action as inbound } from '~/routes/webhooks.twilio.inbound'
import { getDb } from '~/utils/db.server'
import { latestCode, readOutbox } from '../support/outbox.ts'
import { callRoute, jsonRequest } from '../support/routes.ts'

const env = getEnv()
const account = twilioAccount(env)
const webhookUrl = `${env.appUrl}/webhooks/twilio/inbound`
const toOurApp = (request: Request) => callRoute(inbound, request)

let addresses = 0
const requestCode = (phoneNumber: string) =>
  callRoute(login, jsonRequest('/api/account/login', { phoneNumber }), {
    clientIp: `198.51.100.${++addresses}`,
  })

const textsTo = (phoneNumber: string) => readOutbox().filter((text) => text.to === phoneNumber)
const optedOut = async (phoneNumber: string) =>
  (await getDb()
    .selectFrom('smsOptOuts')
    .select('phoneNumber')
    .where('phoneNumber', '=', phoneNumber)
    .executeTakeFirst()) !== undefined

const OPTED_OUT_MESSAGE = `We can't text this number: it replied STOP to our texts. Text START to ${formatPhoneNumber(env.twilio.fromNumber)} from this phone, then request a code again.`

describe('a reply to our number', () => {
  for (const advancedOptOut of [false, true])
    it(`gets exactly one answer, Twilio's, for each keyword (Advanced Opt-Out ${advancedOptOut ? 'on' : 'off'})`, async () => {
      const phone = fakePhoneNumber()
      for (const [word, keyword] of [
        ['help', 'HELP'],
        ['Stop', 'STOP'],
        ['START', 'START'],
      ] as const) {
        const before = textsTo(phone).length
        const answer = await textFromPhone(account, phone, word, {
          webhookUrl,
          advancedOptOut,
          send: toOurApp,
        })
        expect(answer.webhook?.status).toBe(200)
        expect(answer.replies).toEqual([])
        expect(
          textsTo(phone)
            .slice(before)
            .map((text) => text.body),
        ).toEqual([TWILIO_DEFAULT_REPLIES[keyword]])
        expect(await optedOut(phone)).toBe(keyword === 'STOP')
      }
    })
})

describe('a login code for a number that replied STOP', () => {
  it('is not texted, and the page says to text START to our number; after START it is', async () => {
    const phone = fakePhoneNumber()
    await textFromPhone(account, phone, 'STOP', { webhookUrl, send: toOurApp })
    const before = textsTo(phone).length

    const refused = await requestCode(phone)
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ message: OPTED_OUT_MESSAGE })
    expect(textsTo(phone)).toHaveLength(before)

    await textFromPhone(account, phone, 'START', { webhookUrl, send: toOurApp })
    expect((await requestCode(phone)).status).toBe(200)
    expect(latestCode(phone)).toMatch(/^\d{6}$/)
  })

  it('is refused by Twilio (21610) when its STOP never reached us, and we remember it', async () => {
    const phone = fakePhoneNumber()
    // Our webhook was away: only Twilio knows.
    await textFromPhone(account, phone, 'STOP', { webhookUrl: null })
    expect(await optedOut(phone)).toBe(false)

    const refused = await requestCode(phone)
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ message: OPTED_OUT_MESSAGE })
    expect(await optedOut(phone)).toBe(true)
  })
})
