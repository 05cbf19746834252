/**
 * Reassurance texts: "Send me a test text" (Settings without JavaScript, and the JSON call), sent
 * through the outbox and the send job like every alert text, rate-limited and refused to a number
 * that replied STOP; and the one text two days before a trial or a cancelled plan ends.
 */
import twilio from 'twilio'
import { describe, expect, it } from 'vitest'
import { createUser } from '../../db/factories.ts'
import { maintenanceProcessor } from '../../worker/maintenance.ts'
import { sendPlanEndReminders } from '../../worker/reminders.ts'
import { billingDate } from '~/domain/billing'
import { textsOffNotice } from '~/domain/delivery'
import { formatPhoneNumber } from '~/domain/phone'
import { TEST_TEXT_MESSAGES } from '~/domain/test-text'
import { planEndText, testText } from '~/domain/texts'
import { optIn, optOut } from '~/models/outbox.server'
import { action as testTextApi, loader as testTextApiGet } from '~/routes/api.account.test-text'
import { loader as shortLink } from '~/routes/o.$code'
import { action as statusCallback } from '~/routes/webhooks.twilio.status'
import {
  cancel,
  changePlan,
  PRICE,
  resetStripeBetweenTests,
  subscribe,
  subscriptionRow,
} from '../support/billing.ts'
import { readOutbox } from '../support/outbox.ts'
import { callRoute, getRequest, jsonRequest } from '../support/routes.ts'
import { cookieFor, tokenFor } from '../support/session.ts'
import { openSettings, postSettings, settingsAfter } from '../support/settings.ts'
import { asJob, db, env, logger, queues, sendText } from '../support/worker-harness.ts'

resetStripeBetweenTests()

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
const TRIAL = 7 * DAY

const textsTo = (phoneNumber: string) => readOutbox().filter((text) => text.to === phoneNumber)
const rowsOf = (userId: string) =>
  db
    .selectFrom('notifications')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .execute()
const remindersOf = (userId: string) =>
  db.selectFrom('planEndReminders').selectAll().where('userId', '=', userId).execute()

/** Runs every queued send job as the worker would, as the phone then sees them. */
async function sendQueuedTexts() {
  const jobs = await queues.sms.getJobs(['waiting', 'delayed', 'prioritized'])
  for (const job of jobs) {
    await sendText(asJob(job.data, job.id))
    await job.remove()
  }
  return jobs.map((job) => job.data.notificationId)
}

/** A signed-in user on the free plan whose trial ended yesterday: no plan lets alerts run. */
async function lapsed() {
  const user = await createUser(db, {
    planId: 'pixie-dust',
    trialStartUtc: new Date(Date.now() - TRIAL - DAY),
  })
  return { user, cookie: await cookieFor(user), token: await tokenFor(user) }
}

const sendFromSettings = (
  cookie: string,
  fields: Record<string, string> = { intent: 'test-text' },
) => postSettings(fields, cookie)
const sendFromApi = (token: string | undefined, body: unknown = {}, raw?: string) =>
  callRoute(testTextApi, jsonRequest('/api/account/test-text', body, { token, raw }))
const settingsData = async (cookie: string) => (await openSettings(cookie)).json()

/** Twilio's signed delivery callback for a text it took. */
function deliveryCallback(sid: string, MessageStatus: string) {
  const params = { MessageSid: sid, MessageStatus }
  const url = `${env.appUrl}/webhooks/twilio/status`
  return new Request('http://localhost/webhooks/twilio/status', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Twilio-Signature': twilio.getExpectedTwilioSignature(env.twilio.authToken, url, params),
    },
    body: new URLSearchParams(params).toString(),
  })
}

const stoppedMessage = (since: Date) =>
  TEST_TEXT_MESSAGES.stopped(
    textsOffNotice({
      since: billingDate(since),
      ourNumber: formatPhoneNumber(env.twilio.fromNumber),
    }),
  )

describe('Send me a test text, in Settings without JavaScript', () => {
  it('texts the number through the outbox, says so beside the button, then shows its delivery', async () => {
    const { user, cookie } = await lapsed()
    const display = formatPhoneNumber(user.phoneNumber)

    const sent = await sendFromSettings(cookie)
    expect(sent.status).toBe(302)
    expect(sent.headers.get('Location')).toBe('/settings#notifications')
    const page = await settingsAfter(sent, cookie)
    expect(page.notice).toEqual({
      tone: 'success',
      message: `Test text sent to ${display}.`,
      section: 'notifications',
    })
    expect(page.lastTestText).toMatchObject({ to: display, status: 'Sending', final: false })

    // Written to the outbox before anything is sent, and queued for the send job.
    const [row] = await rowsOf(user.id)
    expect(row).toMatchObject({
      purpose: 'test',
      toNumber: user.phoneNumber,
      body: testText(),
      status: 'pending',
      alertKind: null,
      alertId: null,
      bookingUrl: null,
    })
    expect(await sendQueuedTexts()).toContain(row!.id)
    expect(textsTo(user.phoneNumber).map((text) => text.body)).toEqual([testText()])

    // Twilio's callbacks move it on as they move every text, and Settings says so.
    const taken = (await rowsOf(user.id))[0]!
    expect(taken.twilioSid).toMatch(/^SM/)
    expect(
      (await callRoute(statusCallback, deliveryCallback(taken.twilioSid!, 'delivered'))).status,
    ).toBe(204)
    expect((await settingsData(cookie)).lastTestText).toMatchObject({
      status: 'Delivered',
      final: true,
      problem: null,
    })

    // Its short code leads nowhere: the text carries no link.
    const link = await callRoute(shortLink, getRequest(`/o/${taken.shortCode}`), {
      params: { code: taken.shortCode },
    })
    expect(link.status).toBe(404)
  })

  it('refuses a fourth in an hour with a 429 in words beside the button, and sends nothing', async () => {
    const { user, cookie } = await lapsed()
    for (let i = 0; i < 3; i++) expect((await sendFromSettings(cookie)).status).toBe(302)

    const refused = await sendFromSettings(cookie)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(3000)
    const { testTextError } = await refused.json()
    expect(testTextError).toBe(TEST_TEXT_MESSAGES.tooMany(60 * 60))
    expect(testTextError).toMatch(/^You can send 3 test texts an hour.*try again in 60 minutes\.$/)

    expect(await rowsOf(user.id)).toHaveLength(3)
    await sendQueuedTexts()
    expect(textsTo(user.phoneNumber)).toHaveLength(3)
  })

  it('refuses a number that replied STOP, saying how to turn texts back on, and changes nothing', async () => {
    const { user, cookie } = await lapsed()
    await optOut(db, user.phoneNumber)

    const refused = await sendFromSettings(cookie)
    expect(refused.status).toBe(409)
    expect(await refused.json()).toEqual({ testTextError: stoppedMessage(new Date()) })
    expect(await rowsOf(user.id)).toEqual([])
    await sendQueuedTexts()
    expect(textsTo(user.phoneNumber)).toEqual([])

    // Nothing of the hourly allowance was spent: after START, all three go.
    await optIn(db, user.phoneNumber)
    for (let i = 0; i < 3; i++) expect((await sendFromSettings(cookie)).status).toBe(302)
  })

  it('refuses a form with anything but its intent, writing nothing', async () => {
    const { user, cookie } = await lapsed()
    const refused = await sendFromSettings(cookie, { intent: 'test-text', to: '+12015550123' })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ testTextError: TEST_TEXT_MESSAGES.invalid })
    expect(await rowsOf(user.id)).toEqual([])
  })

  it('sends a visitor to log in', async () => {
    const response = await postSettings({ intent: 'test-text' })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toMatch(/^\/login/)
  })
})

describe('POST /api/account/test-text', () => {
  it('texts the caller’s number, with no plan and no body or an empty one', async () => {
    const user = await createUser(db)
    const token = await tokenFor(user)
    const display = formatPhoneNumber(user.phoneNumber)
    for (const raw of ['', '{}']) {
      const response = await sendFromApi(token, undefined, raw)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({
        success: true,
        message: `Test text sent to ${display}.`,
      })
    }
    await sendQueuedTexts()
    expect(textsTo(user.phoneNumber).map((text) => text.body)).toEqual([testText(), testText()])
  })

  it('refuses past the hourly limit with a 429 {message} and Retry-After, sending nothing', async () => {
    const { user, token } = await lapsed()
    for (let i = 0; i < 3; i++) expect((await sendFromApi(token)).status).toBe(200)
    const refused = await sendFromApi(token)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(3000)
    expect(await refused.json()).toEqual({ message: TEST_TEXT_MESSAGES.tooMany(60 * 60) })
    await sendQueuedTexts()
    expect(textsTo(user.phoneNumber)).toHaveLength(3)
  })

  it('refuses a number that replied STOP with a 409 in words', async () => {
    const { user, token } = await lapsed()
    await optOut(db, user.phoneNumber)
    const refused = await sendFromApi(token)
    expect(refused.status).toBe(409)
    expect(await refused.json()).toEqual({ message: stoppedMessage(new Date()) })
    expect(await rowsOf(user.id)).toEqual([])
  })

  it('answers a caller without a token 401, and other methods 405', async () => {
    const anonymous = await sendFromApi(undefined)
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toEqual({ message: 'Unauthorized' })

    const { token } = await lapsed()
    const get = await callRoute(testTextApiGet, getRequest('/api/account/test-text', { token }))
    expect(get.status).toBe(405)
    expect(get.headers.get('Allow')).toBe('POST')
    const put = await callRoute(
      testTextApi,
      jsonRequest('/api/account/test-text', {}, { method: 'PUT', token }),
    )
    expect(put.status).toBe(405)
    expect(await put.json()).toEqual({ message: 'Method not allowed. Use POST.' })
  })

  it('refuses a body that is not nothing with a 400, writing nothing and spending nothing', async () => {
    const { user, token } = await lapsed()
    const cases: [string, string][] = [
      ['not json', 'Request body must be valid JSON.'],
      ['[1, 2]', 'Request body must be a JSON object.'],
      ['"text"', 'Request body must be a JSON object.'],
      ['{"to": "+12015550123"}', TEST_TEXT_MESSAGES.invalid],
      ['{"message": "\\u0000"}', TEST_TEXT_MESSAGES.invalid],
      ['x'.repeat(20_000), 'Request body is too large (limit 16384 bytes).'],
    ]
    for (const [raw, message] of cases) {
      const response = await sendFromApi(token, undefined, raw)
      expect({ raw: raw.slice(0, 20), status: response.status }).toEqual({
        raw: raw.slice(0, 20),
        status: 400,
      })
      expect(await response.json()).toEqual({ message })
    }
    expect(await rowsOf(user.id)).toEqual([])
    for (let i = 0; i < 3; i++) expect((await sendFromApi(token)).status).toBe(200)
  })
})

describe('the reminder two days before the end', () => {
  const sweep = () => {
    const run = maintenanceProcessor(db, logger, {
      analyticsRetentionDays: 395,
      queues,
      appUrl: env.appUrl,
    })
    return run(asJob({ task: 'sweep-expired' as const }))
  }
  const remindAt = (now: Date) =>
    sendPlanEndReminders({ db, queues, logger, appUrl: env.appUrl }, now)

  /** On the free plan, with a trial that ends `endsIn` from now. */
  const onTrial = (endsIn: number) =>
    createUser(db, { planId: 'pixie-dust', trialStartUtc: new Date(Date.now() + endsIn - TRIAL) })

  it('texts a trial ending within two days exactly once, however often and however many workers look', async () => {
    const user = await onTrial(47 * HOUR)
    const endsAt = new Date(new Date(user.trialStartUtc!).getTime() + TRIAL)

    // Workers racing: each finds the trial due before any has recorded its reminder.
    const now = new Date()
    const [swept, ...raced] = await Promise.all([
      sweep(),
      remindAt(now),
      remindAt(now),
      remindAt(now),
    ])
    // Each run counts what it texted; this trial is the only one due that none had reminded.
    const texted = [swept.reminders, ...raced].map((result) => result.texted)
    expect(texted.reduce((sum, count) => sum + count, 0)).toBe(1)
    await sweep() // a worker restarted, or the next hour
    await sweep()
    await sendQueuedTexts()

    expect(textsTo(user.phoneNumber).map((text) => text.body)).toEqual([
      planEndText({ kind: 'trial', endsOn: billingDate(endsAt), appUrl: env.appUrl }),
    ])
    const [text] = await rowsOf(user.id)
    expect(await remindersOf(user.id)).toEqual([
      expect.objectContaining({ kind: 'trial', endsAt, notificationId: text!.id }),
    ])
    expect(text).toMatchObject({ purpose: 'plan-end', status: 'queued' })
  })

  it('leaves a trial three days out alone, and texts it once it is within two days', async () => {
    const user = await onTrial(3 * DAY)
    await sweep()
    await sendQueuedTexts()
    expect(textsTo(user.phoneNumber)).toEqual([])
    expect(await remindersOf(user.id)).toEqual([])

    await remindAt(new Date(Date.now() + DAY + HOUR))
    await remindAt(new Date(Date.now() + 2 * DAY))
    await sendQueuedTexts()
    expect(textsTo(user.phoneNumber)).toHaveLength(1)
  })

  it('never texts a number that replied STOP, nor later once it texts START', async () => {
    const user = await onTrial(DAY)
    await optOut(db, user.phoneNumber)
    await sweep()
    await sendQueuedTexts()
    expect(await rowsOf(user.id)).toEqual([])
    expect(await remindersOf(user.id)).toEqual([
      expect.objectContaining({ kind: 'trial', notificationId: null }),
    ])

    await optIn(db, user.phoneNumber)
    await sweep()
    await sendQueuedTexts()
    expect(textsTo(user.phoneNumber)).toEqual([])
  })

  it('skips a reminder whose number replies STOP before it is sent', async () => {
    const user = await onTrial(DAY)
    await sweep()
    await optOut(db, user.phoneNumber)
    await sendQueuedTexts()
    expect(textsTo(user.phoneNumber)).toEqual([])
    expect((await rowsOf(user.id))[0]).toMatchObject({ purpose: 'plan-end', status: 'skipped' })
  })

  it('texts a cancelled paid plan two days before its period ends, once, even cancelled again', async () => {
    const user = await createUser(db)
    const token = await tokenFor(user)
    const { subscriptionId } = await subscribe(user, token, PRICE.magicHour)
    expect((await cancel(token)).status).toBe(200)
    const { currentPeriodEnd } = await subscriptionRow(subscriptionId)
    const endsAt = new Date(currentPeriodEnd!)

    await remindAt(new Date(endsAt.getTime() - 3 * DAY))
    expect(await remindersOf(user.id)).toEqual([])
    const twoDaysBefore = new Date(endsAt.getTime() - 2 * DAY + HOUR)
    await remindAt(twoDaysBefore)
    // Resumed (Keep My Plan), then cancelled again for the same period: no second text.
    expect((await changePlan(PRICE.magicHour, token)).status).toBe(200)
    expect((await subscriptionRow(subscriptionId)).cancelAtPeriodEnd).toBe(false)
    expect((await cancel(token)).status).toBe(200)
    await remindAt(new Date(twoDaysBefore.getTime() + HOUR))
    await sendQueuedTexts()

    expect(textsTo(user.phoneNumber).map((text) => text.body)).toEqual([
      planEndText({ kind: 'plan', endsOn: billingDate(endsAt), appUrl: env.appUrl }),
    ])
    expect(await remindersOf(user.id)).toEqual([expect.objectContaining({ kind: 'plan', endsAt })])
  })

  it('sends nothing to a plan resumed, or a trial upgraded, before the reminder', async () => {
    const resumed = await createUser(db)
    const resumedToken = await tokenFor(resumed)
    const { subscriptionId } = await subscribe(resumed, resumedToken, PRICE.magicHour)
    expect((await cancel(resumedToken)).status).toBe(200)
    expect((await changePlan(PRICE.magicHour, resumedToken)).status).toBe(200)
    const endsAt = new Date((await subscriptionRow(subscriptionId)).currentPeriodEnd!)

    const upgraded = await onTrial(DAY)
    await subscribe(upgraded, await tokenFor(upgraded), PRICE.magicHour)

    await sweep()
    await remindAt(new Date(endsAt.getTime() - DAY))
    await sendQueuedTexts()
    for (const user of [resumed, upgraded]) {
      expect(textsTo(user.phoneNumber)).toEqual([])
      expect(await remindersOf(user.id)).toEqual([])
    }
  })

  it('queues the text under its row’s id, and the database itself refuses a second reminder', async () => {
    const user = await onTrial(DAY)
    await sweep()
    const [text] = await rowsOf(user.id)
    expect((await queues.sms.getJob(text!.id))?.data).toEqual({ notificationId: text!.id })
    const [reminder] = await remindersOf(user.id)
    await expect(
      db
        .insertInto('planEndReminders')
        .values({ userId: user.id, endsAt: reminder!.endsAt, kind: 'trial' })
        .execute(),
    ).rejects.toThrow(/duplicate key/)
  })
})
