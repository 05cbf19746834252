/**
 * A text's delivery as Twilio reports it: status callbacks (signed, possibly out of order) move
 * the outbox row forward, the dashboard says the carrier's reason in words, and the web counts
 * outcomes for /metrics.
 */
import { randomBytes } from 'node:crypto'
import twilio from 'twilio'
import { describe, expect, it } from 'vitest'
import { createAlertRow, createUser, fakePhoneNumber } from '../../db/factories.ts'
import { failDeliveriesTo } from '../../mocks/twilio.ts'
import { lifeOf, readMessages } from '../../mocks/twilio-state.ts'
import { postsCallbackFor, postSigned, statusCallbackRequest } from '../../mocks/twilio-webhooks.ts'
import type { NotificationStatus } from '../../db/schema.ts'
import { getEnv } from '~/env.server'
import { withTexts } from '~/models/dashboard.server'
import { action as statusCallback } from '~/routes/webhooks.twilio.status'
import { getDb } from '~/utils/db.server'
import { deliveriesCounter } from '~/utils/delivery-metrics.server'
import { sendSms } from '~/utils/sms.server'
import { callRoute } from '../support/routes.ts'

const db = getDb()
const env = getEnv()

function signedCallback(params: Record<string, string>, signature?: string) {
  const path = '/webhooks/twilio/status'
  const sig =
    signature ??
    twilio.getExpectedTwilioSignature(env.twilio.authToken, `${env.appUrl}${path}`, params)
  return new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': sig },
    body: new URLSearchParams(params).toString(),
  })
}

/** A text Twilio has taken, as the worker leaves it, and a way to post its callbacks. */
async function queuedText(
  status: NotificationStatus = 'queued',
  sid = `SM${randomBytes(16).toString('hex')}`,
) {
  const user = await createUser(db, { planId: 'lightning-lane', trialStartUtc: new Date() })
  const alert = await createAlertRow(db, 'dining', user.id)
  const row = await db
    .insertInto('notifications')
    .values({
      shortCode: randomBytes(4).toString('hex'),
      userId: user.id,
      alertKind: 'dining',
      alertId: alert.id,
      openingKey: 'k',
      toNumber: user.phoneNumber,
      body: 'Disney Hotel Alerts: a table opened',
      bookingUrl: 'https://disneyworld.disney.go.com/dine-res/availability/',
      status,
      twilioSid: sid,
      seenAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const post = async (MessageStatus: string, extra: Record<string, string> = {}) =>
    (await callRoute(statusCallback, signedCallback({ MessageSid: sid, MessageStatus, ...extra })))
      .status
  const text = () =>
    db.selectFrom('notifications').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow()
  return { alert, sid, post, text }
}

async function outcomes() {
  const { values } = await deliveriesCounter().get()
  return Object.fromEntries(values.map((value) => [value.labels.outcome, value.value]))
}

describe('POST /webhooks/twilio/status', () => {
  it('moves a text forward through what Twilio reports, and counts its outcome once', async () => {
    const { post, text } = await queuedText()
    const before = (await outcomes()).delivered ?? 0
    expect(await post('sent')).toBe(204)
    expect((await text()).status).toBe('sent')
    expect(await post('delivered')).toBe(204)
    expect((await text()).status).toBe('delivered')
    // A repeat, or a late "sent", changes nothing and is not counted again.
    expect(await post('delivered')).toBe(204)
    expect(await post('sent')).toBe(204)
    expect((await text()).status).toBe('delivered')
    expect((await outcomes()).delivered).toBe(before + 1)
  })

  it('takes "delivered" posted before "sent", as Twilio warns callbacks may arrive', async () => {
    const { post, text } = await queuedText()
    await post('delivered')
    await post('sent')
    await post('queued')
    expect((await text()).status).toBe('delivered')
  })

  it('never moves one outcome to another', async () => {
    const { post, text } = await queuedText()
    await post('undelivered', { ErrorCode: '30003' })
    await post('delivered')
    expect(await text()).toMatchObject({ status: 'undelivered', errorCode: 30003 })
  })

  it("keeps the carrier's error code, which the dashboard says in words", async () => {
    const { alert, post } = await queuedText()
    const before = (await outcomes()).undelivered ?? 0
    await post('undelivered', { ErrorCode: '30007' })
    const [listed] = await withTexts(db, [{ kind: 'dining', id: alert.id } as never])
    expect(listed!.texts).toEqual([
      expect.objectContaining({
        status: 'undelivered',
        problem: 'your carrier filtered it as spam',
      }),
    ])
    expect((await outcomes()).undelivered).toBe(before + 1)
  })

  it('ignores statuses that say nothing about a text of ours, and an ErrorCode of 0', async () => {
    const { post, text } = await queuedText('sent')
    expect(await post('read')).toBe(204)
    expect(await post('delivered', { ErrorCode: '0' })).toBe(204)
    expect(await text()).toMatchObject({ status: 'delivered', errorCode: null, error: null })
  })

  it("follows every callback the stand-in posts, with all of Twilio's parameters, for a text a carrier filtered", async () => {
    const phone = fakePhoneNumber()
    failDeliveriesTo(env.smsOutboxPath, phone, 30007)
    const { sid } = await sendSms(phone, 'Disney Hotel Alerts: a table opened')
    const { text } = await queuedText('queued', sid)
    const message = readMessages(env.smsOutboxPath, env.twilio.accountSid).find(
      (candidate) => candidate.sid === sid,
    )!
    const [created, ...later] = lifeOf(message)
    for (const { status, at } of later) {
      if (!postsCallbackFor(status, created!.status)) continue
      const answer = await postSigned(
        `${env.appUrl}/webhooks/twilio/status`,
        statusCallbackRequest(message, status, at),
        env.twilio.authToken,
        (request) => callRoute(statusCallback, request),
      )
      expect(answer.status).toBe(204)
    }
    expect(await text()).toMatchObject({ status: 'undelivered', errorCode: 30007 })
  })

  it('refuses a bad signature or bad fields with a 4xx, changing nothing', async () => {
    const { sid, text } = await queuedText()
    const bad = [
      [signedCallback({ MessageSid: sid, MessageStatus: 'delivered' }, 'forged'), 403],
      [signedCallback({ MessageSid: sid }), 400],
      [signedCallback({ MessageSid: 'SM1', MessageStatus: 'delivered' }), 400],
      [signedCallback({ MessageSid: sid, MessageStatus: 'Delivered!' }), 400],
      [signedCallback({ MessageSid: sid, MessageStatus: 'failed', ErrorCode: '30007x' }), 400],
      [signedCallback({ MessageSid: sid, MessageStatus: 'failed', ErrorCode: '-1' }), 400],
    ] as const
    for (const [request, status] of bad) {
      const response = await callRoute(statusCallback, request)
      expect(response.status).toBe(status)
      expect(await response.json()).toMatchObject({ message: expect.any(String) })
    }
    expect(await text()).toMatchObject({ status: 'queued', errorCode: null })
  })
})
