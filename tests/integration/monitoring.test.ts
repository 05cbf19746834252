import { UnrecoverableError, Worker, type Job } from 'bullmq'
import twilio from 'twilio'
import { describe, expect, it } from 'vitest'
import { catalogueResort, createAlertRow, createUser, daysFromToday } from '../../db/factories.ts'
import { configureSimulator, simulatorCalls } from '../../mocks/disney.ts'
import { textFromPhone, twilioAccount } from '../../mocks/twilio-phone.ts'
import { checkProcessor } from '../../worker/check.ts'
import { bullPrefix, QUEUES, type CheckJob, type SmsJob } from '../../worker/queues.ts'
import { smsProcessor } from '../../worker/sms.ts'
import { tickProcessor } from '../../worker/scheduler.ts'
import { UpstreamFault } from '../../worker/upstream/errors.ts'
import { diningOpeningText, gsmLength, hotelOpeningText, isGsm7 } from '~/domain/texts'
import { claimDueChecks } from '~/models/monitoring.server'
import { optOut } from '~/models/outbox.server'
import { loader as healthz } from '~/routes/healthz'
import { loader as shortLink } from '~/routes/o.$code'
import { action as inbound } from '~/routes/webhooks.twilio.inbound'
import { action as statusCallback } from '~/routes/webhooks.twilio.status'
import { readCatalogue } from '../../db/catalogue.ts'
import { readOutbox } from '../support/outbox.ts'
import { callRoute, getRequest } from '../support/routes.ts'
import {
  alertRow,
  asJob,
  questionJob,
  check,
  connection,
  db,
  deps,
  env,
  logger,
  metrics,
  queues,
  sendText,
  subscriber,
  tick,
  textRow,
  textsOf,
  tickAndCheck,
  checkJobsFor as jobsAsking,
} from '../support/worker-harness.ts'

const optOutsOf = (phoneNumber: string) =>
  db.selectFrom('smsOptOuts').selectAll().where('phoneNumber', '=', phoneNumber).execute()

const checkJobsFor = (alertId: string) => jobsAsking('dining', alertId)

/** A question due again now, as when its next slot has come. */
const dueAgain = (questionId: number) =>
  db
    .updateTable('questions')
    .set({ nextCheckAt: new Date() })
    .where('id', '=', questionId)
    .execute()

describe('the tick', () => {
  it('claims a new alert at once, then not again before its plan interval', async () => {
    const user = await subscriber('magic-hour')
    const alert = await createAlertRow(db, 'dining', user.id)
    await tick()
    expect(await checkJobsFor(alert.id)).toHaveLength(1)
    const row = await alertRow('dining', alert.id)
    const wait = new Date(row.nextCheckAt!).getTime() - Date.now()
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(60 * 60_000)
    await queues.check.obliterate({ force: true })
    await tick()
    expect(await checkJobsFor(alert.id)).toHaveLength(0)
  })

  it('groups alerts asking the same question into one check, and one upstream call', async () => {
    const first = await subscriber()
    const second = await subscriber('the-club')
    const question = { reserveDate: daysFromToday(10), partySize: 4 }
    const a = await createAlertRow(db, 'dining', first.id, question)
    const b = await createAlertRow(db, 'dining', second.id, {
      ...question,
      diningLocationId: '16660079',
    })
    expect(b.questionId).toBe(a.questionId)
    const { jobs } = await tickAndCheck()
    const asked = jobs
      .flatMap((job) => job.data.questions)
      .filter((candidate) => candidate.questionId === a.questionId)
    expect(asked).toHaveLength(1)
    expect(simulatorCalls().filter((call) => call.family === 'dining')).toHaveLength(1)
    expect((await alertRow('dining', b.id)).alertCount).toBe(2)
  })

  it('claims every due question in one tick, a batch at a time', async () => {
    const user = await subscriber()
    const alerts = await Promise.all(
      [3, 4, 5].map((partySize) =>
        createAlertRow(db, 'dining', user.id, { reserveDate: daysFromToday(12), partySize }),
      ),
    )
    await tickProcessor({ db, queues, logger, batchSize: 1 })()
    for (const alert of alerts) expect(await checkJobsFor(alert.id)).toHaveLength(1)
  })

  it('skips paused alerts, users without a plan, and free trials that have ended', async () => {
    // Each asks a question of its own, so nobody else's alert has it asked.
    const paused = await createAlertRow(db, 'dining', (await subscriber()).id, {
      status: 0,
      reserveDate: daysFromToday(41),
    })
    const noPlan = await createAlertRow(db, 'dining', (await createUser(db)).id, {
      reserveDate: daysFromToday(42),
    })
    const expired = await subscriber('pixie-dust', {
      trialStartUtc: new Date(Date.now() - 8 * 24 * 60 * 60_000),
    })
    const trialOver = await createAlertRow(db, 'dining', expired.id, {
      reserveDate: daysFromToday(43),
    })
    await tick()
    for (const alert of [paused, noPlan, trialOver]) {
      expect(await checkJobsFor(alert.id)).toHaveLength(0)
      expect(await alertRow('dining', alert.id)).toMatchObject({
        intervalMinutes: null,
        alertCount: 0,
      })
    }
  })

  it('stops alerts whose date has passed', async () => {
    const user = await subscriber()
    const dining = await createAlertRow(db, 'dining', user.id, {
      reserveDate: daysFromToday(-3),
    })
    const hotel = await createAlertRow(db, 'hotel', user.id, {
      checkInDate: daysFromToday(-3),
      checkOutDate: daysFromToday(-1),
    })
    await tick()
    const d = await alertRow('dining', dining.id)
    const h = await alertRow('hotel', hotel.id)
    expect(d).toMatchObject({ status: 0, statusReason: 'The date has passed.' })
    expect(h.status).toBe(0)
  })
})

describe('a dining check', () => {
  it('turns a new opening into exactly one text, and a repeated check into none', async () => {
    const user = await subscriber()
    const date = daysFromToday(9)
    const alert = await createAlertRow(db, 'dining', user.id, {
      reserveDate: date,
      timeRangeStart: '16:30:00',
      timeRangeEnd: '22:00:00',
    })
    configureSimulator({
      script: { dining: [`90002464|${date}|18:15:00`, `90002464|${date}|09:00:00`], rooms: [] },
    })
    await tickAndCheck()
    const rows = await textsOf(alert.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.body).toMatch(
      /^Disney Hotel Alerts: Table open: Cinderella's Royal Table, .* at 6:15 PM for 4\. Book fast: http:\/\/localhost:3000\/o\/[A-Za-z0-9]{8}$/,
    )
    const smsJobs = await queues.sms.getJobs(['waiting'])
    expect(smsJobs.map((job) => job.id)).toEqual([rows[0]!.id])

    await check(await questionJob('dining', [alert.id]))
    expect(await textsOf(alert.id)).toHaveLength(1)
    const row = await alertRow('dining', alert.id)
    expect(row.status).toBe(1)
    expect(row.lastCheckedAt).not.toBeNull()
    expect(row.lastFoundAt).not.toBeNull()
  })

  it.each([
    ['a server error', { fault: 'server-error' as const }, 'http'],
    ['a bot challenge', { fault: 'bot-challenge' as const }, 'challenge'],
    ['an expired token', { fault: 'expired-token' as const }, 'auth'],
    ['a malformed body', { fault: 'malformed' as const }, 'shape'],
  ])(
    'sends nothing and changes no status on %s, and says so on /healthz',
    async (_case, fault, reason) => {
      const user = await subscriber()
      const date = daysFromToday(9)
      const alert = await createAlertRow(db, 'dining', user.id, {
        reserveDate: date,
      })
      configureSimulator({ ...fault, script: { dining: [`90002464|${date}|18:15:00`], rooms: [] } })
      const job = await questionJob('dining', [alert.id])
      const before = await alertRow('dining', alert.id)
      const error = await check(job).catch((thrown: unknown) => thrown)
      expect(error).toBeInstanceOf(UpstreamFault)
      expect((error as UpstreamFault).reason).toBe(reason)
      expect(await textsOf(alert.id)).toEqual([])
      const row = await alertRow('dining', alert.id)
      expect(row).toMatchObject({ status: 1, lastCheckedAt: before.lastCheckedAt })
      const health = await (await healthz()).json()
      expect(health.upstream.dining?.reason).toBe(reason)
      if (reason === 'auth')
        expect(health.upstream.dining?.message).toBe('dining: dining credentials refused (401)')
    },
  )

  it('times out a slow answer as a fault', async () => {
    const user = await subscriber()
    const alert = await createAlertRow(db, 'dining', user.id)
    configureSimulator({ latencyMs: 500 })
    const slow = checkProcessor({
      ...deps,
      env: { ...env, disney: { ...env.disney, timeoutMs: 100 } },
    })
    const error = await slow(await questionJob('dining', [alert.id])).catch((e: unknown) => e)
    expect((error as UpstreamFault).reason).toBe('timeout')
  })

  it('opens the circuit after five faults and stops calling Disney', async () => {
    const user = await subscriber()
    const alert = await createAlertRow(db, 'dining', user.id)
    configureSimulator({ fault: 'server-error' })
    const job = await questionJob('dining', [alert.id])
    for (let i = 0; i < 5; i++) await check(job).catch(() => undefined)
    const before = simulatorCalls().length
    const error = await check(job).catch((e: unknown) => e)
    expect((error as UpstreamFault).reason).toBe('breaker-open')
    expect(simulatorCalls()).toHaveLength(before)
  })
})

describe('a hotel check', () => {
  it('texts once and completes an alert that stops after its first text when a chosen room opens', async () => {
    const user = await subscriber()
    const { rooms } = await catalogueResort(db)
    const alert = await createAlertRow(db, 'hotel', user.id, {
      roomTypeIds: [rooms[0]!.id, rooms[1]!.id],
      keepWatching: false,
    })
    configureSimulator({
      script: { dining: [], rooms: [rooms[1]!.disneyRoomCodes[0] ?? rooms[1]!.disneyRoomIds[0]!] },
    })
    await tickAndCheck()
    const row = await alertRow('hotel', alert.id)
    expect(row.status).toBe(2)
    const texts = await textsOf(alert.id)
    expect(texts).toHaveLength(1)
    expect(texts[0]!.body).toContain(`Room open: ${rooms[1]!.name} at Pop Century Resort`)
    expect(texts[0]!.bookingUrl).toBe(
      'https://disneyworld.disney.go.com/resorts/pop-century-resort/rates-rooms/',
    )
  })

  it('leaves the alert running when nothing it chose is open', async () => {
    const user = await subscriber()
    const alert = await createAlertRow(db, 'hotel', user.id)
    configureSimulator({ script: { dining: [], rooms: [] } })
    await tickAndCheck()
    const row = await alertRow('hotel', alert.id)
    expect(row).toMatchObject({ status: 1, lastFoundAt: null })
    expect(row.lastCheckedAt).not.toBeNull()
  })

  it('marks an alert on a hotel Disney no longer sells as errored (status 3), for itself only', async () => {
    const user = await subscriber()
    const { resort, rooms } = await catalogueResort(db, "Disney's Paradise Pier Hotel")
    const alert = await createAlertRow(db, 'hotel', user.id, {
      resortId: resort.id,
      roomTypeIds: [rooms[0]!.id],
    })
    await tickAndCheck()
    const row = await alertRow('hotel', alert.id)
    expect(row.status).toBe(3)
    expect(row.statusReason).toBe("Disney's Paradise Pier Hotel is no longer sold by Disney")
  })
})

/** A dining alert's check that found one opening: its outbox row, pending. */
async function pendingText(phoneNumber?: string) {
  const user = await subscriber('lightning-lane', phoneNumber ? { phoneNumber } : {})
  const date = daysFromToday(9)
  const alert = await createAlertRow(db, 'dining', user.id, {
    reserveDate: date,
  })
  configureSimulator({ script: { dining: [`90002464|${date}|12:00:00`], rooms: [] } })
  await check(await questionJob('dining', [alert.id]))
  return (await textsOf(alert.id))[0]!
}

describe('sending texts', () => {
  it("sends through Twilio once and records the SID and Twilio's status", async () => {
    const text = await pendingText()
    await sendText(asJob<SmsJob>({ notificationId: text.id }))
    await sendText(asJob<SmsJob>({ notificationId: text.id }))
    const sent = readOutbox().filter((entry) => entry.body === text.body)
    expect(sent).toHaveLength(1)
    const row = await textRow(text.id)
    expect(row).toMatchObject({ status: 'queued', twilioSid: sent[0]!.sid, attempts: 1 })
  })

  it('asks the database twice for a text on its way: taking it, and recording the send', async () => {
    const text = await pendingText()
    let statements = 0
    const counting = db.withPlugin({
      transformQuery: (args) => {
        statements++
        return args.node
      },
      transformResult: async (args) => args.result,
    })
    await smsProcessor({ db: counting, env, logger, metrics })(
      asJob<SmsJob>({ notificationId: text.id }),
    )
    expect(readOutbox().filter((entry) => entry.body === text.body)).toHaveLength(1)
    expect(statements).toBe(2)
  })

  it('finishes a send interrupted after Twilio took it, still queued there, without a second text', async () => {
    const text = await pendingText()
    await sendText(asJob<SmsJob>({ notificationId: text.id }))
    // As if the worker died after Twilio accepted the text but before the row said so.
    await db
      .updateTable('notifications')
      .set({ status: 'sending', twilioSid: null })
      .where('id', '=', text.id)
      .execute()
    await sendText(asJob<SmsJob>({ notificationId: text.id }))
    expect(readOutbox().filter((entry) => entry.body === text.body)).toHaveLength(1)
    const row = await textRow(text.id)
    // Twilio holds it queued, with no date_sent yet: found all the same, and left as Twilio says.
    expect(row.status).toBe('queued')
    expect(row.twilioSid).toBe(readOutbox().find((entry) => entry.body === text.body)!.sid)
  })

  it('never sends twice when recording a send fails (the database away), however it is retried', async () => {
    const text = await pendingText()
    // Once Twilio has the text, writing "sent" fails as a dropped connection would.
    const flakyDb = new Proxy(db, {
      get(target, property) {
        if (property !== 'updateTable') {
          const value: unknown = Reflect.get(target, property, target)
          return typeof value === 'function' ? value.bind(target) : value
        }
        return (table: 'notifications') => {
          if (readOutbox().some((entry) => entry.body === text.body))
            throw new Error('Connection terminated unexpectedly')
          return target.updateTable(table)
        }
      },
    })
    const flakySend = smsProcessor({ db: flakyDb, env, logger, metrics })
    await expect(flakySend(asJob<SmsJob>({ notificationId: text.id }))).rejects.toThrow(
      'Connection terminated',
    )
    expect((await textRow(text.id)).status).toBe('sending')
    await sendText(asJob<SmsJob>({ notificationId: text.id }))
    expect(readOutbox().filter((entry) => entry.body === text.body)).toHaveLength(1)
    expect(await textRow(text.id)).toMatchObject({
      status: 'queued',
      twilioSid: expect.stringMatching(/^SM/),
    })
  })

  it('skips numbers that replied STOP', async () => {
    const text = await pendingText()
    await optOut(db, text.toNumber)
    await sendText(asJob<SmsJob>({ notificationId: text.id }))
    expect(readOutbox().filter((entry) => entry.body === text.body)).toHaveLength(0)
    const row = await textRow(text.id)
    expect(row.status).toBe('skipped')
  })

  it("records Twilio's 21610 (the number replied STOP to Twilio) as an opt-out, not a failure", async () => {
    const text = await pendingText()
    // The number is also an agent's client who had agreed: STOP stops that client's texts too.
    const agent = await subscriber('the-club')
    const client = await db
      .insertInto('clients')
      .values({ userId: agent.id, name: 'Ng', phoneNumber: text.toNumber, consent: 'agreed' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await textFromPhone(twilioAccount(env), text.toNumber, 'STOP', { webhookUrl: null })
    await sendText(asJob<SmsJob>({ notificationId: text.id }))
    const row = await textRow(text.id)
    expect(row.status).toBe('skipped')
    expect(await optOutsOf(text.toNumber)).toHaveLength(1)
    const { consent } = await db
      .selectFrom('clients')
      .select('consent')
      .where('id', '=', client.id)
      .executeTakeFirstOrThrow()
    expect(consent).toBe('stopped')
  })

  it('fit one GSM-7 segment for the longest restaurant and resort names of the catalogue', async () => {
    const { resorts, restaurants } = await readCatalogue()
    const link = `${env.appUrl}/o/Ab3dE9xZ`
    const longestRestaurant = restaurants.map((r) => r.name).sort((a, b) => b.length - a.length)[0]!
    const dining = diningOpeningText({
      restaurant: longestRestaurant,
      date: '2026-12-03',
      time: '18:15:00',
      partySize: 20,
      link,
    })
    const rooms = resorts.flatMap((resort) =>
      resort.roomTypes.map((room) => ({ resort: resort.name, room: room.name })),
    )
    const longestRoom = rooms.sort(
      (a, b) => b.resort.length + b.room.length - a.resort.length - a.room.length,
    )[0]!
    const hotel = hotelOpeningText({
      ...longestRoom,
      checkIn: '2026-12-30',
      checkOut: '2027-01-02',
      link,
    })
    for (const text of [dining, hotel]) {
      expect(isGsm7(text)).toBe(true)
      expect(gsmLength(text)).toBeLessThanOrEqual(160)
      expect(text.endsWith(link)).toBe(true)
    }
  })
})

/** As if no one had touched the text for `ms`. */
async function untouchedFor(id: string, ms: number) {
  await db
    .updateTable('notifications')
    .set({ updatedAt: new Date(Date.now() - ms) })
    .where('id', '=', id)
    .execute()
}

describe('texts whose send job was lost', () => {
  it('are queued again by the tick a minute on, and only once', async () => {
    const row = await pendingText()
    expect(row.status).toBe('pending')
    // Redis lost the job: the row is all that is left.
    await queues.sms.obliterate({ force: true })

    const waiting = async () => (await queues.sms.getJobs(['waiting'])).map((job) => job.id)
    expect((await tick()).requeued).toBe(0) // not a minute old yet
    await untouchedFor(row.id, 61_000)
    expect((await tick()).requeued).toBe(1)
    expect(await waiting()).toEqual([row.id])
    expect((await tick()).requeued).toBe(0) // already waiting: not doubled
    expect(await waiting()).toEqual([row.id])

    await sendText(asJob<SmsJob>({ notificationId: row.id }, row.id))
    const sent = await textRow(row.id)
    expect(sent.status).toBe('queued')
    await queues.sms.obliterate({ force: true })
    expect((await tick()).requeued).toBe(0) // sent texts are never queued again
  })

  it('are queued again when left "sending" by a worker that died with its job, and not sent twice', async () => {
    const row = await pendingText()
    await sendText(asJob<SmsJob>({ notificationId: row.id }))
    // Twilio took it, then the worker died before the row said so, and Redis lost the job.
    await db
      .updateTable('notifications')
      .set({ status: 'sending', twilioSid: null, updatedAt: new Date(Date.now() - 30_000) })
      .where('id', '=', row.id)
      .execute()
    await queues.sms.obliterate({ force: true })
    expect((await tick()).requeued).toBe(0) // touched half a minute ago: its send may be running
    await untouchedFor(row.id, 61_000)
    expect((await tick()).requeued).toBe(1)

    const [job] = await queues.sms.getJobs(['waiting'])
    await sendText(job!)
    expect(readOutbox().filter((entry) => entry.body === row.body)).toHaveLength(1)
    expect(await textRow(row.id)).toMatchObject({
      status: 'queued',
      twilioSid: expect.stringMatching(/^SM/),
    })
  })

  it('retries a send job that failed for good before it could send', async () => {
    const user = await subscriber()
    const alert = await createAlertRow(db, 'dining', user.id)
    const { id } = await db
      .insertInto('notifications')
      .values({
        shortCode: 'Fa1LeD00',
        userId: user.id,
        alertKind: 'dining',
        alertId: alert.id,
        openingKey: 'lost',
        toNumber: user.phoneNumber,
        body: 'b',
        bookingUrl: 'https://disneyworld.disney.go.com/dine-res/availability/',
        seenAt: new Date(),
        createdAt: new Date(Date.now() - 120_000),
        updatedAt: new Date(Date.now() - 120_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await queues.sms.add('send', { notificationId: id }, { jobId: id, attempts: 1 })
    // A worker whose database was down for every attempt: the job failed, the row is pending.
    const failing = new Worker(
      QUEUES.sms,
      async () => {
        throw new Error('database unavailable')
      },
      { connection, prefix: bullPrefix(env.redisPrefix) },
    )
    await new Promise<void>((resolve) => failing.once('failed', () => resolve()))
    await failing.close()
    expect(await (await queues.sms.getJob(id))!.getState()).toBe('failed')

    expect((await tick()).requeued).toBe(1)
    expect(await (await queues.sms.getJob(id))!.getState()).toBe('waiting')
  })
})

describe('Twilio webhooks and short links', () => {
  function signedForm(path: string, params: Record<string, string>, signature?: string) {
    const url = `${env.appUrl}${path}`
    const sig = signature ?? twilio.getExpectedTwilioSignature(env.twilio.authToken, url, params)
    return new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': sig },
      body: new URLSearchParams(params).toString(),
    })
  }

  it('refuse a missing or wrong signature and change nothing', async () => {
    const user = await subscriber()
    const params = { From: user.phoneNumber, Body: 'STOP' }
    expect(
      (await callRoute(inbound, signedForm('/webhooks/twilio/inbound', params, 'bad'))).status,
    ).toBe(403)
    const unsigned = new Request('http://localhost/webhooks/twilio/inbound', {
      method: 'POST',
      body: new URLSearchParams(params),
    })
    expect((await callRoute(inbound, unsigned)).status).toBe(403)
    expect(await optOutsOf(user.phoneNumber)).toEqual([])
  })

  it("STOP stops texts and START resumes them, with no reply of ours beside Twilio's", async () => {
    const user = await subscriber()
    const empty = '<?xml version="1.0" encoding="UTF-8"?><Response/>'
    for (const [body, optedOut] of [
      [' stop ', 1],
      ['HELP', 1],
      ['START', 0],
    ] as const) {
      const answer = await callRoute(
        inbound,
        signedForm('/webhooks/twilio/inbound', { From: user.phoneNumber, Body: body }),
      )
      expect(await answer.text()).toBe(empty)
      expect(await optOutsOf(user.phoneNumber)).toHaveLength(optedOut)
    }
  })

  it("with Twilio's Advanced Opt-Out on, records its OptOutType and leaves the reply to Twilio", async () => {
    const user = await subscriber()
    for (const word of ['REVOKE', 'OPTOUT']) {
      const stop = await callRoute(
        inbound,
        signedForm('/webhooks/twilio/inbound', {
          From: user.phoneNumber,
          Body: word,
          OptOutType: 'STOP',
        }),
      )
      expect(await stop.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>')
    }
    expect(await optOutsOf(user.phoneNumber)).toHaveLength(1)
    await callRoute(
      inbound,
      signedForm('/webhooks/twilio/inbound', {
        From: user.phoneNumber,
        Body: 'start',
        OptOutType: 'START',
      }),
    )
    expect(await optOutsOf(user.phoneNumber)).toEqual([])
  })

  it('records delivery status from the callback, never moving back', async () => {
    const SID = `SM${'0123456789abcdef'.repeat(2)}`
    const user = await subscriber()
    const alert = await createAlertRow(db, 'dining', user.id)
    const row = await db
      .insertInto('notifications')
      .values({
        shortCode: 'Zz9Yy8Xx',
        userId: user.id,
        alertKind: 'dining',
        alertId: alert.id,
        openingKey: 'k',
        toNumber: user.phoneNumber,
        body: 'b',
        bookingUrl: 'https://disneyland.disney.go.com/dine-res/availability/',
        status: 'sent',
        twilioSid: SID,
        seenAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const post = (status: string) =>
      callRoute(
        statusCallback,
        signedForm('/webhooks/twilio/status', { MessageSid: SID, MessageStatus: status }),
      )
    expect((await post('delivered')).status).toBe(204)
    await post('sent')
    const after = await textRow(row.id)
    expect(after.status).toBe('delivered')

    const click = await callRoute(shortLink, getRequest('/o/Zz9Yy8Xx'), {
      params: { code: 'Zz9Yy8Xx' },
    })
    expect(click.headers.get('Location')).toBe(
      'https://disneyland.disney.go.com/dine-res/availability/',
    )
    const clicked = await textRow(row.id)
    expect(clicked.clicks).toBe(1)
    expect(
      (await callRoute(shortLink, getRequest('/o/nope'), { params: { code: 'nope' } })).status,
    ).toBe(404)
  })
})

describe('a check that starts before its claim commits', () => {
  it('waits for the claim, then checks its alerts', async () => {
    const user = await subscriber('the-club')
    const alert = await createAlertRow(db, 'dining', user.id, { reserveDate: daysFromToday(51) })
    await tick()
    const [first] = await checkJobsFor(alert.id)
    await check(asJob<CheckJob>(first!.data))
    const checkedAt = (await alertRow('dining', alert.id)).lastCheckedAt
    await queues.check.obliterate({ force: true })
    await dueAgain(alert.questionId)

    // The tick queues its jobs inside the claim's transaction; an idle worker starts one at once.
    let started: Promise<unknown> | undefined
    await claimDueChecks(db, Date.now(), 500, async (due) => {
      const mine = due.find((question) => question.questionId === alert.questionId)!
      started = check(
        asJob<CheckJob>({ kind: 'dining', questions: [mine], claimedAt: mine.claimedAt }),
      )
      await new Promise((resolve) => setTimeout(resolve, 200))
    })
    await started
    const after = await alertRow('dining', alert.id)
    expect(after.lastCheckedAt).not.toBeNull()
    expect(new Date(after.lastCheckedAt!).getTime()).toBeGreaterThan(new Date(checkedAt!).getTime())
  })
})

describe('a check retried through a database outage', () => {
  it("leaves questions the tick has claimed again since to that claim's check", async () => {
    const user = await subscriber('the-club')
    const alert = await createAlertRow(db, 'dining', user.id, { reserveDate: daysFromToday(52) })
    await tick()
    const [first] = await checkJobsFor(alert.id)
    await queues.check.obliterate({ force: true })
    // Its job kept failing while its slot passed, and the tick claimed it again.
    await dueAgain(alert.questionId)
    await new Promise((resolve) => setTimeout(resolve, 5))
    await tick()
    const [second] = await checkJobsFor(alert.id)
    expect(second!.data.claimedAt).toBeGreaterThan(first!.data.claimedAt!)

    const calls = simulatorCalls().length
    await check(asJob<CheckJob>(first!.data))
    expect(simulatorCalls()).toHaveLength(calls)
    expect((await alertRow('dining', alert.id)).lastCheckedAt).toBeNull()
    await check(asJob<CheckJob>(second!.data))
    expect((await alertRow('dining', alert.id)).lastCheckedAt).not.toBeNull()
  })

  it("keeps trying while the database is away, and gives up on Disney's faults after three tries", async () => {
    const user = await subscriber()
    const alert = await createAlertRow(db, 'dining', user.id)
    const away = new Proxy(db, {
      get(target, property) {
        if (property === 'selectFrom' || property === 'with')
          return () => {
            throw new Error('Connection terminated unexpectedly')
          }
        const value: unknown = Reflect.get(target, property, target)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    const late = {
      ...(await questionJob('dining', [alert.id])),
      attemptsMade: 500,
    } as Job<CheckJob>
    const error = await checkProcessor({ ...deps, db: away })(late).catch((e: unknown) => e)
    expect(error).not.toBeInstanceOf(UnrecoverableError)
    expect((error as Error).message).toBe('Connection terminated unexpectedly')

    configureSimulator({ fault: 'server-error' })
    const third = { ...(await questionJob('dining', [alert.id])), attemptsMade: 2 } as Job<CheckJob>
    expect(await check(third).catch((e: unknown) => e)).toBeInstanceOf(UnrecoverableError)
    const second = {
      ...(await questionJob('dining', [alert.id])),
      attemptsMade: 1,
    } as Job<CheckJob>
    expect(await check(second).catch((e: unknown) => e)).toBeInstanceOf(UpstreamFault)
  })
})

describe('a check job queued by a worker from before questions', () => {
  it('is skipped without asking Disney or failing', async () => {
    const calls = simulatorCalls().length
    const old = { kind: 'dining', questions: [{ queryKey: 'dining|x', alertIds: ['a'] }] }
    await expect(check(asJob(old as unknown as CheckJob))).resolves.toBeUndefined()
    expect(simulatorCalls()).toHaveLength(calls)
  })
})
