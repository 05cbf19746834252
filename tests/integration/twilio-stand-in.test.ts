/**
 * Our Twilio routes against the Twilio stand-in's webhooks: what the stand-in posts (signed, with
 * Twilio's documented parameters) is what the app must take, and its refusals are Twilio's.
 */
import { describe, expect, it } from 'vitest'
import { TWILIO_DEFAULT_REPLIES, textFromPhone, twilioAccount } from '../../mocks/twilio-phone.ts'
import { readMessages } from '../../mocks/twilio-state.ts'
import { postSigned, statusCallbackRequest } from '../../mocks/twilio-webhooks.ts'
import { getEnv } from '~/env.server'
import { action as inbound } from '~/routes/webhooks.twilio.inbound'
import { action as statusCallback } from '~/routes/webhooks.twilio.status'
import { getDb } from '~/utils/db.server'
import { sendSms } from '~/utils/sms.server'
import { readOutbox } from '../support/outbox.ts'
import { callRoute } from '../support/routes.ts'

const env = getEnv()
const optOutsOf = (phoneNumber: string) =>
  getDb().selectFrom('smsOptOuts').selectAll().where('phoneNumber', '=', phoneNumber).execute()
/** Twilio's request, answered by the route in this process: nothing listens at APP_URL. */
const to = (route: typeof inbound) => (request: Request) => callRoute(route, request)
const inboundUrl = `${env.appUrl}/webhooks/twilio/inbound`

describe('a subscriber replying to our number', () => {
  it('STOP opts out at Twilio and with us, START opts back in at both', async () => {
    const phone = '+12015550171'
    const stop = await textFromPhone(twilioAccount(env), phone, 'Stop', {
      webhookUrl: inboundUrl,
      send: to(inbound),
    })
    expect(stop).toMatchObject({ keyword: 'STOP', webhook: { status: 200 }, replies: [] })
    expect(await optOutsOf(phone)).toHaveLength(1)
    await expect(sendSms(phone, 'Disney Hotel Alerts: a room opened.')).rejects.toMatchObject({
      code: 21610,
    })

    await textFromPhone(twilioAccount(env), phone, 'START', {
      webhookUrl: inboundUrl,
      send: to(inbound),
    })
    expect(await optOutsOf(phone)).toEqual([])
    await sendSms(phone, 'Disney Hotel Alerts: a room opened.')
    expect(
      readOutbox()
        .filter((text) => text.to === phone)
        .map((text) => text.body),
    ).toEqual([
      TWILIO_DEFAULT_REPLIES.STOP,
      TWILIO_DEFAULT_REPLIES.START,
      'Disney Hotel Alerts: a room opened.',
    ])
  })

  it("records Advanced Opt-Out's OptOutType, whatever the words", async () => {
    const phone = '+12015550172'
    await textFromPhone(twilioAccount(env), phone, 'OPTOUT', {
      webhookUrl: inboundUrl,
      send: to(inbound),
      advancedOptOut: true,
    })
    expect(await optOutsOf(phone)).toHaveLength(1)
  })
})

describe('status callbacks', () => {
  it('takes each callback the stand-in would post for a text, in either order', async () => {
    const { sid } = await sendSms('+12015550173', 'Disney Hotel Alerts: a room opened.')
    const text = readMessages(env.smsOutboxPath, env.twilio.accountSid).find((m) => m.sid === sid)!
    for (const status of ['delivered', 'sent'] as const) {
      const answer = await postSigned(
        `${env.appUrl}/webhooks/twilio/status`,
        statusCallbackRequest(text, status, Date.now()),
        env.twilio.authToken,
        to(statusCallback),
      )
      expect(answer.status).toBe(204)
    }
  })
})
