/**
 * The public status page (issue 28, item 6): the hour's checks counted in Redis, incidents
 * recorded by breakers and heartbeats (once, however many workers see them), the figures the page
 * shows and how long it keeps them; then the faults caused for real, by worker processes killed
 * and by Disney unreachable, seen on the page.
 */
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import { pino } from 'pino'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createAlertRow, createUser } from '../../db/factories.ts'
import { IncidentRecorder } from '../../worker/incidents.ts'
import { maintenanceProcessor } from '../../worker/maintenance.ts'
import { bullPrefix, QUEUES, TICK_SCHEDULER } from '../../worker/queues.ts'
import {
  breakerIncidentKey,
  CircuitBreaker,
  type BreakerChange,
} from '../../worker/upstream/breaker.ts'
import { UpstreamFault } from '../../worker/upstream/errors.ts'
import { getEnv } from '~/env.server'
import { refreshQuestions } from '~/models/question.server'
import { headers, loader } from '~/routes/status'
import { loader as jsonLoader } from '~/routes/status[.]json'
import { statusData } from '~/services/status-page.server'
import { CheckCounter, checksLastHour, countChecks } from '~/utils/check-counts.server'
import { getDb } from '~/utils/db.server'
import {
  beat,
  HEARTBEAT_STALE_MS,
  heartbeatKey,
  lastBeatAt,
  liveWorkers,
  removeBeat,
} from '~/utils/heartbeat.server'
import { getRedis } from '~/utils/redis.server'
import { getSmsQueue } from '~/utils/sms-queue.server'
import { upstreamKey } from '~/utils/upstream-health.server'
import { exited, spawnSimulator, spawnWorker, until } from '../support/faults.ts'
import { freePort } from '../support/ports.ts'
import { callRoute, getRequest } from '../support/routes.ts'

const db = getDb()
const redis = getRedis()
const env = getEnv()
const prefix = env.redisPrefix
const logger = pino({ level: 'silent' })
const MINUTE = 60_000

/**
 * The page's figures as of a moment at least a minute after the last one read, so each read
 * works them out afresh (the page keeps them a minute): moments only move forward in this file.
 */
let lastRead = 0
function nextMoment() {
  lastRead = Math.max(lastRead + MINUTE + 1_000, Date.now())
  return lastRead
}
const freshStatus = (now = nextMoment()) => statusData(now)

function incidentRows() {
  return db.selectFrom('incidents').selectAll().orderBy('startedAt').execute()
}

async function keysOf(pattern: string) {
  return redis.keys(`${prefix}:${pattern}`)
}

beforeEach(async () => {
  await db.deleteFrom('incidents').execute()
  const keys = [
    ...(await keysOf('upstream:*')),
    ...(await keysOf('incidents:*')),
    ...(await keysOf('checks:*')),
    heartbeatKey(prefix),
  ]
  await redis.del(...keys)
})

const children: ChildProcess[] = []
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
  // A test's alerts stop with it, or a later test's worker would ask their questions too.
  await db.updateTable('diningAlerts').set({ status: 0 }).where('status', '=', 1).execute()
  await refreshQuestions(db, 'all', new Date())
})

describe('the hour of checks', () => {
  it('counts questions per destination and kind, minute by minute, over the last 60 minutes only', async () => {
    const start = Date.parse('2030-01-01T10:00:30Z')
    await countChecks(redis, prefix, { 'disney-world:hotel': 3, 'disneyland:dining': 0 }, start)
    await countChecks(redis, prefix, { 'disney-world:hotel': 2 }, start + 20_000)
    await countChecks(redis, prefix, { 'disneyland:dining': 4 }, start + 30 * MINUTE)

    expect(await checksLastHour(redis, prefix, start + 59 * MINUTE)).toEqual({
      'disney-world:hotel': 5,
      'disney-world:dining': 0,
      'disneyland:hotel': 0,
      'disneyland:dining': 4,
    })
    // An hour on, the first minute has left the window.
    expect(await checksLastHour(redis, prefix, start + 60 * MINUTE)).toEqual({
      'disney-world:hotel': 0,
      'disney-world:dining': 0,
      'disneyland:hotel': 0,
      'disneyland:dining': 4,
    })
    // One hash per minute written, none for a count of nothing, each gone a little over an hour on.
    const buckets = await keysOf('checks:*')
    expect(buckets).toHaveLength(2)
    for (const key of buckets) {
      const ttl = await redis.ttl(key)
      expect(ttl).toBeGreaterThan(60 * 60)
      expect(ttl).toBeLessThanOrEqual(65 * 60)
    }
  })

  it("counts a worker's questions in memory and writes them with its beat, keeping them while Redis fails", async () => {
    const now = Date.parse('2030-01-02T08:00:00Z')
    const client = new Redis(env.redisUrl)
    await client.ping()
    client.disconnect()
    const counter = new CheckCounter(client, prefix)
    counter.add('hotel', [
      { locationIdentifier: 'disney-world', resortLocationIdentifier: null },
      { locationIdentifier: 'disneyland', resortLocationIdentifier: null },
      { locationIdentifier: 'disneyland', resortLocationIdentifier: null },
    ])
    counter.add('dining', [{ locationIdentifier: null, resortLocationIdentifier: 'disney-world' }])
    // Disconnected: the write fails and the counts wait for the next beat.
    await expect(counter.flush(now)).rejects.toThrow()
    counter.add('dining', [{ locationIdentifier: null, resortLocationIdentifier: 'disney-world' }])
    await client.connect()
    await counter.flush(now)
    await counter.flush(now) // nothing new: nothing written twice
    expect(await checksLastHour(redis, prefix, now)).toEqual({
      'disney-world:hotel': 1,
      'disney-world:dining': 2,
      'disneyland:hotel': 2,
      'disneyland:dining': 0,
    })
    await client.quit()
  })
})

/** Two workers' breakers on one Redis, each telling its own recorder, as worker/index.ts wires them. */
function twoWorkers() {
  const changes: BreakerChange[] = []
  const worker = () => {
    const recorder = new IncidentRecorder(db, logger)
    return new CircuitBreaker(redis, prefix, async (change) => {
      changes.push(change)
      await recorder.breakerChanged(change)
    })
  }
  return { a: worker(), b: worker(), changes }
}

const timeout = (family: 'wdw-hotel' | 'dlr-hotel' | 'dining') =>
  new UpstreamFault(family, 'timeout', 'timed out after 10000 ms')

describe('a breaker incident', () => {
  it('is one row from the opening to the first good answer, however many workers see either', async () => {
    const { a, b, changes } = twoWorkers()
    const opened = Date.parse('2030-01-03T12:00:00Z')
    // Five faults in a minute, across both workers, open the breaker; later ones carry it on.
    for (const [index, breaker] of [a, b, a, b, b, a, b].entries())
      await breaker.failure(timeout('wdw-hotel'), opened - 4_000 + index * 1_000)
    const openedAt = opened
    expect(changes).toEqual([{ family: 'wdw-hotel', state: 'open', since: openedAt, at: openedAt }])
    expect(await incidentRows()).toMatchObject([
      { kind: 'breaker', family: 'wdw-hotel', startedAt: new Date(openedAt), endedAt: null },
    ])

    // Disney answers again: both workers get a good answer at once, and one ends the incident.
    const closed = openedAt + 95_000
    await Promise.all([a.success('wdw-hotel', closed), b.success('wdw-hotel', closed)])
    expect(changes.map((change) => change.state)).toEqual(['open', 'closed'])
    expect(await incidentRows()).toMatchObject([
      { startedAt: new Date(openedAt), endedAt: new Date(closed) },
    ])
    expect(await redis.exists(breakerIncidentKey(prefix, 'wdw-hotel'))).toBe(0)
    // Later good answers change nothing.
    await a.success('wdw-hotel', closed + 1_000)
    expect(changes).toHaveLength(2)
  })

  it('is written whole by its closing when its opening was not recorded', async () => {
    // As when a worker dies between opening the breaker in Redis and writing the row.
    const recorder = new IncidentRecorder(db, logger)
    const breaker = new CircuitBreaker(redis, prefix, (change) =>
      change.state === 'closed' ? recorder.breakerChanged(change) : undefined,
    )
    const opened = Date.parse('2030-01-04T12:00:00Z')
    for (let n = 0; n < 5; n++) await breaker.failure(timeout('dining'), opened)
    expect(await incidentRows()).toEqual([])
    await breaker.success('dining', opened + 40_000)
    expect(await incidentRows()).toMatchObject([
      { family: 'dining', startedAt: new Date(opened), endedAt: new Date(opened + 40_000) },
    ])
  })
})

describe('a heartbeat gap', () => {
  it('is recorded once when two workers find it together, from the last beat to the next', async () => {
    const last = Date.parse('2030-01-05T06:00:00Z')
    await beat(redis, prefix, 'gone', last)
    const a = new IncidentRecorder(db, logger)
    const b = new IncidentRecorder(db, logger)
    const back = last + 25_000
    // Both read the old beat before either writes its own.
    await Promise.all([a.beat(redis, prefix, 'a', back), b.beat(redis, prefix, 'b', back + 5)])
    // Beats that follow find the fresh ones.
    await a.beat(redis, prefix, 'a', back + 3_000)
    await b.beat(redis, prefix, 'b', back + 3_005)
    expect(await incidentRows()).toMatchObject([
      { kind: 'heartbeat', family: null, startedAt: new Date(last) },
    ])
    const [gap] = await incidentRows()
    expect([back, back + 5]).toContain(new Date(gap!.endedAt!).getTime())
  })

  it('is not a beat within the limit, a first start, or a start after every worker stopped cleanly', async () => {
    const recorder = new IncidentRecorder(db, logger)
    const start = Date.parse('2030-01-06T06:00:00Z')
    await recorder.beat(redis, prefix, 'first', start)
    await recorder.beat(redis, prefix, 'first', start + HEARTBEAT_STALE_MS)
    await removeBeat(redis, prefix, 'first')
    await recorder.beat(redis, prefix, 'second', start + 10 * MINUTE)
    expect(await incidentRows()).toEqual([])
  })
})

/** An opening text as the worker and Twilio's callbacks leave it. */
async function openingText(
  userId: string,
  alertId: string,
  times: { seenAt: number; sentAt: number; deliveredAt?: number },
  purpose: 'opening' | 'summary' = 'opening',
) {
  await db
    .insertInto('notifications')
    .values({
      shortCode: randomBytes(4).toString('hex'),
      userId,
      purpose,
      alertKind: 'dining',
      alertId,
      openingKey: 'k',
      toNumber: '+12015550123',
      body: 'A table opened',
      bookingUrl: 'https://disneyworld.disney.go.com/dine-res/availability/',
      status: times.deliveredAt ? 'delivered' : 'sent',
      seenAt: new Date(times.seenAt),
      sentAt: new Date(times.sentAt),
      updatedAt: new Date(times.deliveredAt ?? times.sentAt),
    })
    .execute()
}

describe('the figures on /status', () => {
  it('shows the hour of checks, each family, the speed of texts and the incidents', async () => {
    const now = nextMoment()
    await countChecks(redis, prefix, { 'disney-world:hotel': 12, 'disneyland:dining': 3 }, now)
    // Dining: every answer "not found" for eleven minutes; Disneyland hotels: one failed call.
    await redis.set(upstreamKey(prefix, 'dining', 'not-found-since'), String(now - 11 * MINUTE))
    const { a } = twoWorkers()
    await a.failure(timeout('dlr-hotel'), now - 2 * MINUTE)
    // Walt Disney World hotels: a breaker open now, and one that opened and closed yesterday.
    for (let n = 0; n < 5; n++) await a.failure(timeout('wdw-hotel'), now - 26 * 3_600_000)
    await a.success('wdw-hotel', now - 26 * 3_600_000 + 15 * MINUTE)
    for (let n = 0; n < 5; n++) await a.failure(timeout('wdw-hotel'), now - 5 * MINUTE)
    await db
      .insertInto('incidents')
      .values({
        kind: 'heartbeat',
        startedAt: new Date(now - 3 * 3_600_000),
        endedAt: new Date(now - 3 * 3_600_000 + 42_000),
      })
      .execute()
    await beat(redis, prefix, 'worker', now - 1_000)

    const user = await createUser(db, { planId: 'the-club', trialStartUtc: new Date() })
    const alert = await createAlertRow(db, 'dining', user.id)
    const hour = (back: number) => now - back * 3_600_000
    await openingText(user.id, alert.id, { seenAt: hour(1), sentAt: hour(1) + 1_000 })
    await openingText(user.id, alert.id, {
      seenAt: hour(2),
      sentAt: hour(2) + 2_000,
      deliveredAt: hour(2) + 6_000,
    })
    await openingText(user.id, alert.id, {
      seenAt: hour(3),
      sentAt: hour(3) + 5_000,
      deliveredAt: hour(3) + 9_000,
    })
    // Neither a summary text nor a text of yesterday counts.
    await openingText(user.id, alert.id, { seenAt: hour(4), sentAt: hour(1) }, 'summary')
    await openingText(user.id, alert.id, { seenAt: hour(30), sentAt: hour(25) })

    const status = await freshStatus(now)
    expect(status.checking).toBe('Checking now.')
    expect(status.checks).toEqual({
      'disney-world:hotel': 12,
      'disney-world:dining': 0,
      'disneyland:hotel': 0,
      'disneyland:dining': 3,
    })
    expect(status.families).toEqual([
      {
        family: 'wdw-hotel',
        state: 'degraded',
        since: now - 5 * MINUTE,
        words: expect.stringMatching(/^Degraded since .*: Disney stopped answering/),
      },
      {
        family: 'dlr-hotel',
        state: 'degraded',
        since: now - 2 * MINUTE,
        words: expect.stringMatching(/failed \(Disney took too long to answer\)\.$/),
      },
      {
        family: 'dining',
        state: 'degraded',
        since: now - 11 * MINUTE,
        words: expect.stringMatching(/^Degraded since .*: every answer says "not found"\.$/),
      },
      { family: 'wdw-all-resorts', state: 'ok', words: 'OK' },
    ])
    expect(status.texts).toEqual({
      sent: { count: 3, medianMs: 2_000, p95Ms: 5_000 },
      delivered: { count: 2, medianMs: 6_000, p95Ms: 9_000 },
      sample: 1000,
    })
    expect(status.incidents).toEqual([
      {
        kind: 'breaker',
        family: 'wdw-hotel',
        startedAt: now - 5 * MINUTE,
        what: 'Walt Disney World hotels: Disney stopped answering (circuit breaker open)',
        when: expect.stringMatching(/^Since /),
        lasted: 'Ongoing, 5 min so far',
      },
      {
        kind: 'heartbeat',
        family: null,
        startedAt: now - 3 * 3_600_000,
        what: 'No worker was checking (heartbeats missed)',
        when: expect.stringMatching(/ to /),
        lasted: '42 s',
      },
      expect.objectContaining({ family: 'wdw-hotel', lasted: '15 min' }),
    ])
  })

  it('says an incident whose end was lost is not known to last, and lists only 30 days', async () => {
    const now = nextMoment()
    const day = 86_400_000
    await db
      .insertInto('incidents')
      .values([
        // The worker died between the two writes: Redis no longer holds it.
        { kind: 'breaker', family: 'dining', startedAt: new Date(now - day) },
        {
          kind: 'heartbeat',
          startedAt: new Date(now - 29 * day),
          endedAt: new Date(now - 29 * day + 20_000),
        },
        {
          kind: 'heartbeat',
          startedAt: new Date(now - 31 * day),
          endedAt: new Date(now - 31 * day + 20_000),
        },
      ])
      .execute()
    const status = await freshStatus(now)
    expect(status.incidents.map((incident) => incident.lasted)).toEqual([
      'End not recorded',
      '20 s',
    ])
  })

  it('works the figures out once a minute: a change shows only once the minute is over', async () => {
    const now = nextMoment()
    const before = await freshStatus(now)
    await db
      .insertInto('incidents')
      .values({ kind: 'heartbeat', startedAt: new Date(now - MINUTE), endedAt: new Date(now) })
      .execute()
    await countChecks(redis, prefix, { 'disneyland:hotel': 7 }, now)
    // Half a minute on, the same figures, to the moment they were worked out.
    expect(await statusData(now + 30_000)).toEqual(before)
    expect(before.incidents).toEqual([])
    const after = await freshStatus()
    expect(after.incidents).toHaveLength(1)
    expect(after.checks?.['disneyland:hotel']).toBe(7)
  })

  it('answers the page and its JSON with a public minute of caching, whatever the query string', async () => {
    for (const url of [
      '/status',
      '/status?utm_source=x&format=xml',
      '/status?%zz=%E0%A4%A',
      '/status?a[]=1&a[]=2',
    ])
      for (const route of [loader, jsonLoader]) {
        const response = await callRoute(route, getRequest(url))
        expect(response.status).toBe(200)
        expect(response.headers.get('Cache-Control')).toBe('public, max-age=60')
        expect(Object.keys(await response.json())).toEqual([
          'at',
          'checking',
          'checks',
          'families',
          'texts',
          'incidents',
        ])
      }
    const page = await callRoute(loader, getRequest('/status'))
    const documentHeaders = new Headers(
      headers({
        loaderHeaders: page.headers,
        parentHeaders: new Headers(),
        actionHeaders: new Headers(),
        errorHeaders: undefined,
      }),
    )
    expect(documentHeaders.get('Cache-Control')).toBe('public, max-age=60')
  })

  it('keeps 30 days of incidents: the hourly maintenance deletes older ones', async () => {
    const day = 86_400_000
    const now = Date.now()
    await db
      .insertInto('incidents')
      .values([
        {
          kind: 'heartbeat',
          startedAt: new Date(now - 31 * day),
          endedAt: new Date(now - 31 * day + 9_000),
        },
        {
          kind: 'heartbeat',
          startedAt: new Date(now - 29 * day),
          endedAt: new Date(now - 29 * day + 9_000),
        },
        // Ended within the 30 days, though it began before them.
        {
          kind: 'breaker',
          family: 'dining',
          startedAt: new Date(now - 31 * day),
          endedAt: new Date(now - 29 * day),
        },
        // Its end lost for more than 30 days.
        { kind: 'breaker', family: 'wdw-hotel', startedAt: new Date(now - 40 * day) },
      ])
      .execute()
    const sweep = maintenanceProcessor(db, logger, {
      analyticsRetentionDays: 395,
      queues: { sms: getSmsQueue() },
      appUrl: env.appUrl,
    })
    await sweep({ id: 'test' } as Parameters<typeof sweep>[0])
    expect((await incidentRows()).map((row) => [row.kind, row.family])).toEqual([
      ['breaker', 'dining'],
      ['heartbeat', null],
    ])
  })
})

describe('faults caused for real', () => {
  function startWorker(extra: Record<string, string> = {}) {
    const child = spawnWorker({ TICK_INTERVAL_MS: '600000', ...extra })
    children.push(child)
    return child
  }

  it('a worker killed outright, then two started together: one heartbeat incident on /status', async () => {
    const first = startWorker()
    await until('the first worker beats', async () => (await liveWorkers(redis, prefix)) === 1)
    first.kill('SIGKILL')
    await exited(first)
    const last = (await lastBeatAt(redis, prefix))!
    await until(
      'no worker has beaten for longer than the limit',
      async () => Date.now() - last > HEARTBEAT_STALE_MS + 500,
    )
    startWorker()
    startWorker()
    await until('both new workers beat', async () => (await liveWorkers(redis, prefix)) === 2)

    // On a machine short of CPU both may stall for a beat later: that is a gap of its own.
    const fromKill = (await incidentRows()).filter(
      (row) => new Date(row.startedAt).getTime() === last,
    )
    expect(fromKill).toMatchObject([{ kind: 'heartbeat' }])
    expect(new Date(fromKill[0]!.endedAt!).getTime() - last).toBeGreaterThan(HEARTBEAT_STALE_MS)
    expect((await freshStatus()).incidents).toContainEqual(
      expect.objectContaining({
        kind: 'heartbeat',
        what: 'No worker was checking (heartbeats missed)',
        startedAt: last,
      }),
    )
  }, 90_000)

  it('Disney unreachable opens the dining breaker, shown on /status until a good answer ends it', async () => {
    const port = await freePort()
    // A worker keeps the tick's schedule it finds: the one an earlier test left, every 10 minutes, goes.
    const tick = new Queue(QUEUES.tick, { connection: redis, prefix: bullPrefix(prefix) })
    await tick.removeJobScheduler(TICK_SCHEDULER)
    await tick.close()
    startWorker({ SIMULATOR_URL: `http://127.0.0.1:${port}`, TICK_INTERVAL_MS: '500' })
    // Six questions due at once, in one job: six faults, and the breaker opens.
    const user = await createUser(db, { planId: 'the-club', trialStartUtc: new Date() })
    for (let partySize = 1; partySize <= 6; partySize++)
      await createAlertRow(db, 'dining', user.id, { partySize })
    await until(
      'the opened breaker is an incident',
      async () => (await incidentRows()).length > 0,
      90_000,
      async () => ({
        faults: await redis.mget(
          upstreamKey(prefix, 'dining', 'failures'),
          upstreamKey(prefix, 'dining', 'fault'),
        ),
        questions: await db
          .selectFrom('questions')
          .select(['id', 'nextCheckAt', 'lastCheckedAt', 'claimedAt'])
          .execute(),
      }),
    )
    const [opened] = await incidentRows()
    expect(opened).toMatchObject({ kind: 'breaker', family: 'dining', endedAt: null })
    const startedAt = new Date(opened!.startedAt).getTime()
    const during = await freshStatus()
    expect(during.families?.find((health) => health.family === 'dining')).toMatchObject({
      state: 'degraded',
      since: startedAt,
    })
    expect(during.incidents[0]).toMatchObject({
      family: 'dining',
      lasted: expect.stringMatching(/^Ongoing/),
    })

    // Disney is back: the simulator answers on that port.
    const simulator = spawnSimulator([
      '--port',
      String(port),
      '--no-openings',
      '--no-status-callbacks',
    ])
    children.push(simulator)
    await new Promise<void>((resolve, reject) => {
      simulator.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('simulator on http')) resolve()
      })
      simulator.once('exit', () => reject(new Error('the simulator exited')))
    })
    // Once the breaker lets a call through, the questions are asked again.
    await until(
      'the breaker lets calls through',
      async () => (await redis.exists(upstreamKey(prefix, 'dining', 'open-until'))) === 0,
    )
    await db.updateTable('questions').set({ nextCheckAt: new Date() }).execute()
    await until('a good answer ended the incident', async () =>
      (await incidentRows()).every((row) => row.endedAt !== null),
    )
    const rows = await incidentRows()
    expect(rows).toHaveLength(1)
    const after = await freshStatus()
    expect(after.families?.find((health) => health.family === 'dining')?.state).toBe('ok')
    expect(after.incidents[0]).toMatchObject({
      family: 'dining',
      startedAt,
      when: expect.stringMatching(/ to /),
    })
  }, 120_000)
})
