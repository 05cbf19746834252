/**
 * Monitoring benchmark (`npm run bench -- [--alerts N] [--workers W] [--seconds S] [--sms-rate R]`).
 * Prints:
 *  1. upstream calls per interval ÷ distinct upstream questions among due alerts (floor 1.00),
 *  2. capacity (the cold-start drain rate), and the steady state's alert checks per second and
 *     p50/p99 check lateness with W worker processes,
 *  3. p50/p99 time from the check that sees an opening to the Twilio call for its text, for the
 *     openings of the cold start and of the steady state, with the SMS queue's peak depth,
 *  4. peak memory (RSS) of each worker and Redis memory,
 *  5. the worker processes' own cost: CPU ms per 1,000 alert checks (from /proc), and
 *     Postgres's in the steady state (every worker shares it), the event loop's p99 delay (the
 *     worst worker), jobs whose lock was lost, and Disney calls by outcome (a timeout or network
 *     fault there means the run measured waiting, not work),
 * with the machine's load average at the start and the end. It runs against this machine's
 * Postgres and Redis, on a database of its own, with the stand-ins for Disney and Twilio in a
 * process of their own, reached over HTTP as the real services are (so the workers' CPU is theirs
 * alone). Numbers, not assertions: run it by hand. `BENCH_LOG_LEVEL=warn` shows the workers' logs
 * at that level; `BENCH_PROFILE=1` leaves a CPU profile of each worker in /tmp/prof.
 */
import { execSync, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import { sql } from 'kysely'
import { createDb } from '../db/client.ts'
import { readCatalogue } from '../db/catalogue.ts'
import { dropDatabase, ensureDatabase, migrateToLatest } from '../db/migrator.ts'
import { seed } from '../db/seed.ts'
import { claimDueChecks } from '../app/models/monitoring.server.ts'
import { bullPrefix, QUEUES } from '../worker/queues.ts'
import { cpuMs, postgresCpuMs, postgresCpuSince } from './proc.ts'

const { values: args } = parseArgs({
  options: {
    alerts: { type: 'string', default: '100000' },
    workers: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '90' },
    // Texts a second the account may send (Twilio's limit for the sending numbers).
    'sms-rate': { type: 'string', default: '200' },
    keep: { type: 'boolean', default: false },
  },
})
const ALERTS = Number(args.alerts)
const WORKERS = Number(args.workers)
const SECONDS = Number(args.seconds)
const INTERVAL_MS = 2 * 60_000 // The Club, the fastest plan
const TICK_MS = 5_000
const name = `bench_${Date.now().toString(36)}`
// The worker as `npm run worker` starts it, node's flags included, without npm in between (so its
// pid is the worker's own).
const WORKER_ARGS = (
  JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { worker: string } }
).scripts.worker
  .split(' ')
  .slice(1)
const url = `postgres://postgres@127.0.0.1:5432/${name}`

/** A Zipf-like pick: item k has weight 1 / (k + 1)^s, so a few resorts, dates and parties dominate. */
function zipf(count: number, s = 1.1) {
  const weights = Array.from({ length: count }, (_, k) => 1 / (k + 1) ** s)
  const total = weights.reduce((a, b) => a + b, 0)
  return () => {
    let r = Math.random() * total
    for (let k = 0; k < count; k++) if ((r -= weights[k]!) <= 0) return k
    return count - 1
  }
}

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

async function populate(db: ReturnType<typeof createDb>) {
  const { resorts, restaurants } = await readCatalogue()
  const hotels = resorts.filter(
    (resort) => resort.sold && resort.roomTypes.some((room) => !room.accessible),
  )
  const pickResort = zipf(hotels.length)
  const pickRestaurant = zipf(restaurants.length)
  const pickDay = zipf(60, 0.8)
  const pickParty = zipf(6, 1.4)
  const users = Math.ceil(ALERTS / 40)
  const userIds: string[] = []
  for (let start = 0; start < users; start += 2000) {
    const rows = Array.from({ length: Math.min(2000, users - start) }, (_, i) => ({
      phoneNumber: `+1999${String(start + i).padStart(7, '0')}`,
      planId: 'the-club',
      stripeSubscriptionPlanId: 'price_mock_the_club',
    }))
    const inserted = await db
      .insertInto('users')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .execute()
    userIds.push(...inserted.map((row) => row.id))
  }
  const now = new Date()
  for (let start = 0; start < ALERTS; start += 5000) {
    const size = Math.min(5000, ALERTS - start)
    const hotelRows = []
    const diningRows = []
    for (let i = 0; i < size; i++) {
      const userId = userIds[(start + i) % userIds.length]!
      const offset = 1 + pickDay()
      if ((start + i) % 2 === 0) {
        const resort = hotels[pickResort()]!
        const rooms = resort.roomTypes.filter((room) => !room.accessible)
        hotelRows.push({
          userId,
          resortId: resort.id,
          checkInDate: day(offset),
          checkOutDate: day(offset + 2 + (i % 3)),
          numberOfAdults: 1 + pickParty(),
          agesOfChildren: [],
          roomTypeIds: [rooms[0]!.id],
          status: 1,
          nextCheckAt: now,
        })
      } else {
        const restaurant = restaurants[pickRestaurant()]!
        diningRows.push({
          userId,
          resortLocationIdentifier: restaurant.locationIdentifier,
          diningLocationId: restaurant.id,
          reserveDate: day(offset),
          partySize: 2 + pickParty(),
          status: 1,
          nextCheckAt: now,
          timeRangeStart: '16:30:00',
          timeRangeEnd: '22:00:00',
        })
      }
    }
    if (hotelRows.length) await db.insertInto('hotelAlerts').values(hotelRows).execute()
    if (diningRows.length) await db.insertInto('diningAlerts').values(diningRows).execute()
  }
}

/** Figure 1, in-process with a stepped clock: every tick of two intervals, calls vs questions. */
async function upstreamRatio(db: ReturnType<typeof createDb>) {
  const t0 = Date.now()
  let calls = 0
  let questions = 0
  for (let t = t0; t < t0 + 2 * INTERVAL_MS; t += TICK_MS) {
    const keys = new Set<string>()
    for (;;) {
      const checks = await claimDueChecks(db, t, 2000, async () => {})
      calls += t >= t0 + INTERVAL_MS ? checks.length : 0
      checks.forEach((check) => keys.add(check.queryKey))
      if (checks.reduce((sum, check) => sum + check.alertIds.length, 0) < 2000) break
    }
    if (t >= t0 + INTERVAL_MS) questions += keys.size
  }
  // Put every alert back to due now for the throughput run.
  await sql`update hotel_alerts set next_check_at = now(), last_checked_at = null`.execute(db)
  await sql`update dining_alerts set next_check_at = now(), last_checked_at = null`.execute(db)
  return { calls, questions, ratio: calls / questions }
}

async function scrape(workers: number) {
  return Promise.all(
    Array.from({ length: workers }, (_, i) =>
      fetch(`http://127.0.0.1:${9500 + i}/metrics`)
        .then((r) => r.text())
        .catch(() => ''),
    ),
  )
}

/** Alert checks done so far, summed over the workers' /metrics. */
async function checksDone(workers: number) {
  let sum = 0
  for (const text of await scrape(workers)) {
    for (const match of text.matchAll(/alert_checks_total\{kind="\w+",result="checked"\} (\d+)/g))
      sum += Number(match[1])
  }
  return sum
}

/**
 * Texts waiting for the SMS limiter (waiting or delayed), read from Redis by the benchmark
 * itself: scraping the workers every second would add to the CPU being measured.
 */
async function smsQueued(queue: Queue) {
  const counts = await queue.getJobCounts('waiting', 'delayed')
  return (counts.waiting ?? 0) + (counts.delayed ?? 0)
}

/**
 * Opening seen → Twilio call for the texts whose opening was seen in [from, to). A text not sent
 * by the end counts with its age at the end, a lower bound, so a backlog is never left out.
 */
async function openingToSend(db: ReturnType<typeof createDb>, from: Date, to: Date, end: Date) {
  const { rows } = await sql<{ ms: number; sent: boolean }>`
    select extract(epoch from (coalesce(sent_at, ${end}) - seen_at)) * 1000 as ms, sent_at is not null as sent
    from notifications where seen_at >= ${from} and seen_at < ${to} order by 1`.execute(db)
  const peak = await sql<{ n: number }>`
    select count(*) as n from notifications
    where seen_at >= ${from} and seen_at < ${to} and sent_at is not null
    group by date_trunc('second', sent_at) order by 1 desc limit 1`.execute(db)
  const ms = rows.map((row) => Number(row.ms))
  const seconds = (to.getTime() - from.getTime()) / 1000
  const unsent = rows.filter((row) => !row.sent).length
  return { ms, unsent, perSecond: rows.length / seconds, peakSends: peak.rows[0]?.n ?? 0 }
}

/** The lateness histogram summed over the workers' /metrics: upper bound (s) → count. */
async function latenessBuckets(workers: number) {
  const texts = await scrape(workers)
  const buckets = new Map<number, number>()
  for (const text of texts) {
    for (const match of text.matchAll(/check_lateness_seconds_bucket\{le="([^"]+)"\} (\d+)/g)) {
      const le = match[1] === '+Inf' ? Infinity : Number(match[1])
      buckets.set(le, (buckets.get(le) ?? 0) + Number(match[2]))
    }
  }
  return buckets
}

/** Disney calls summed over the workers' /metrics by outcome: the kind of answer, or the fault. */
async function upstreamOutcomes(workers: number) {
  const outcomes = new Map<string, number>()
  for (const text of await scrape(workers))
    for (const [, outcome, count] of text.matchAll(
      /upstream_calls_total\{[^}]*outcome="([^"]+)"[^}]*\} (\d+)/g,
    ))
      outcomes.set(outcome!, (outcomes.get(outcome!) ?? 0) + Number(count))
  return [...outcomes].map(([outcome, count]) => `${outcome} ${count}`).join(', ') || 'none'
}

/** A metric's samples summed over the workers' /metrics, or the largest one with `max`. */
async function workerMetric(workers: number, pattern: RegExp, combine: 'sum' | 'max' = 'sum') {
  const values = (await scrape(workers)).flatMap((text) =>
    [...text.matchAll(pattern)].map((match) => Number(match[1])),
  )
  return combine === 'sum' ? values.reduce((a, b) => a + b, 0) : Math.max(0, ...values)
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')

function peakRssMb(pid: number) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
  } catch {
    return NaN
  }
}

/** Disney's and Twilio's stand-ins as their own process (`npm run simulator`), ready to answer. */
async function startUpstream(env: NodeJS.ProcessEnv) {
  const port = 9600
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'mocks/simulator-server.ts', '--port', String(port)],
    { env, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('simulator on http')) resolve()
    })
    child.once('exit', () => reject(new Error('the simulator exited')))
  })
  return { url: `http://127.0.0.1:${port}`, child }
}

async function main() {
  const commit = execSync('git rev-parse --short HEAD').toString().trim()
  console.log(
    `benchmark: ${ALERTS} alerts on a ${INTERVAL_MS / 60_000}-minute interval, ${WORKERS} worker(s), ${SECONDS} s; commit ${commit}, ${new Date().toISOString()}, load average ${load()}`,
  )
  await ensureDatabase(url)
  await migrateToLatest(url)
  const db = createDb(url, { max: 4 })
  await seed(db)
  const populateStart = Date.now()
  await populate(db)
  console.log(`populated in ${((Date.now() - populateStart) / 1000).toFixed(1)} s`)

  const distinct = await sql<{ n: number }>`
    select (select count(distinct (resort_id, check_in_date, check_out_date, number_of_adults, ages_of_children, accessible)) from hotel_alerts)
      + (select count(distinct (resort_location_identifier, party_size, reserve_date)) from dining_alerts) as n`.execute(
    db,
  )
  const ratio = await upstreamRatio(db)
  console.log(
    `1. upstream calls per interval / distinct questions: ${ratio.calls} / ${ratio.questions} = ${ratio.ratio.toFixed(3)} (distinct questions among all alerts: ${distinct.rows[0]?.n})`,
  )

  const redis = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: null })
  const prefix = name
  const smsQueue = new Queue(QUEUES.sms, { connection: redis, prefix: bullPrefix(prefix) })
  const env = {
    ...process.env,
    NODE_ENV: 'production' as const,
    SESSION_SECRET: 'benchmark-session-secret-0123456789abcdef',
    MOCKS: 'true',
    DATABASE_URL: url,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    SMS_OUTBOX_PATH: `/tmp/${name}-outbox.jsonl`,
    UPSTREAM_RATE_PER_SECOND: '10000',
    SMS_RATE_PER_SECOND: args['sms-rate'],
    // Jobs at once, each asking up to QUESTIONS_PER_JOB questions at once.
    WORKER_CONCURRENCY: '10',
    CLAIM_BATCH_SIZE: '2000',
    TICK_INTERVAL_MS: String(TICK_MS),
  }
  const upstream = await startUpstream(env)
  Object.assign(env, { SIMULATOR_URL: upstream.url })
  const started = Date.now()
  const workers = Array.from({ length: WORKERS }, (_, i) =>
    spawn(
      process.execPath,
      [
        ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []),
        ...WORKER_ARGS,
      ],
      {
        env: { ...env, WORKER_METRICS_PORT: String(9500 + i) },
        stdio: ['ignore', process.env.BENCH_LOG_LEVEL ? 'inherit' : 'ignore', 'inherit'],
      },
    ),
  )
  // A worker that dies (out of memory, say) makes every figure below meaningless: say so.
  for (const worker of workers)
    worker.once('exit', (code, signal) => {
      if (Date.now() - started < SECONDS * 1000)
        console.log(
          `worker ${worker.pid} died ${((Date.now() - started) / 1000).toFixed(0)} s in (${signal ?? `exit code ${code}`})`,
        )
    })
  const peaks = new Map<number, number>()
  const sampler = setInterval(() => {
    for (const worker of workers)
      if (worker.pid)
        peaks.set(worker.pid, Math.max(peaks.get(worker.pid) ?? 0, peakRssMb(worker.pid)))
  }, 1000)
  // Capacity: every alert is due at once at the start, so the time to check them all once is
  // the drain rate of the backlog, which is what the workers can do, not what the plan asks.
  // Steady state starts once the backlog is drained and a whole interval has passed since the
  // start: alerts whose next slot fell inside the drain ran late once, and texts found in the
  // drain may still be queued; neither is the steady state.
  let drainedAt: number | null = null
  let steadyAt: number | null = null
  let steadyFrom: Map<number, number> | null = null
  let checksAtSteady = 0
  // The workers' CPU from the moment all of them serve metrics (start-up, mostly compiling
  // TypeScript, is left out), and from the start of the steady state.
  const workersCpu = () => workers.reduce((sum, worker) => sum + cpuMs(worker.pid!), 0)
  let cpuAtReady: number | null = null
  let checksAtReady = 0
  let cpuAtSteady = 0
  // Postgres serves every worker, and more workers do not make more of it: its CPU per check
  // says how many workers one database can feed.
  let postgresAtSteady: Map<number, number> | null = null
  const smsPeak = { coldStart: 0, steady: 0 }
  while (Date.now() - started < SECONDS * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 1000))
    if (cpuAtReady === null && (await scrape(WORKERS)).every(Boolean)) {
      cpuAtReady = workersCpu()
      checksAtReady = await checksDone(WORKERS)
    }
    const queued = await smsQueued(smsQueue)
    if (steadyAt) smsPeak.steady = Math.max(smsPeak.steady, queued)
    else smsPeak.coldStart = Math.max(smsPeak.coldStart, queued)
    if (!drainedAt) {
      const done = await sql<{ n: number }>`
        select (select count(*) from hotel_alerts where last_checked_at is not null)
          + (select count(*) from dining_alerts where last_checked_at is not null) as n`.execute(db)
      if (Number(done.rows[0]?.n) >= ALERTS) drainedAt = Date.now()
    }
    if (drainedAt && !steadyAt && Date.now() - started >= INTERVAL_MS) {
      steadyAt = Date.now()
      steadyFrom = await latenessBuckets(WORKERS)
      checksAtSteady = await checksDone(WORKERS)
      cpuAtSteady = workersCpu()
      postgresAtSteady = postgresCpuMs()
    }
  }
  const cpuAtEnd = workersCpu()
  const postgresSteady = postgresAtSteady ? postgresCpuSince(postgresAtSteady) : NaN
  const checksAtEnd = await checksDone(WORKERS)
  const eventLoopP99 = await workerMetric(
    WORKERS,
    /event_loop_delay_seconds\{quantile="0.99"\} ([\d.e+-]+)/g,
    'max',
  )
  const eventLoopMax = await workerMetric(
    WORKERS,
    /event_loop_delay_seconds\{quantile="max"\} ([\d.e+-]+)/g,
    'max',
  )
  const lostLocks = await workerMetric(WORKERS, /lost_locks_total\{[^}]*\} (\d+)/g)
  const outcomes = await upstreamOutcomes(WORKERS)

  const steadySeconds = steadyAt ? (Date.now() - steadyAt) / 1000 : 0
  const steadyRate = steadySeconds > 0 ? (checksAtEnd - checksAtSteady) / steadySeconds : NaN
  const finalBuckets = await latenessBuckets(WORKERS)
  // Steady state: only the checks from steadyAt on.
  const sortedBuckets = [...finalBuckets]
    .map(([le, count]) => [le, count - (steadyFrom?.get(le) ?? 0)] as [number, number])
    .sort((a, b) => a[0] - b[0])
  const total = sortedBuckets.at(-1)?.[1] ?? 0
  const quantile = (q: number) => sortedBuckets.find(([, count]) => count >= q * total)?.[0]
  // Texts seen in the last 10 s have had no fair chance to go out; the rest all count.
  const ended = new Date()
  const coldTexts = await openingToSend(
    db,
    new Date(started),
    new Date(steadyAt ?? ended.getTime()),
    ended,
  )
  const steadyTexts = steadyAt
    ? await openingToSend(db, new Date(steadyAt), new Date(ended.getTime() - 10_000), ended)
    : null
  clearInterval(sampler)
  const memory = await redis.info('memory')
  const since = (at: number) => ((at - started) / 1000).toFixed(0)
  console.log(
    drainedAt
      ? `2. capacity (cold-start drain): all ${ALERTS} alerts checked once in ${((drainedAt - started) / 1000).toFixed(1)} s = ${(ALERTS / ((drainedAt - started) / 1000)).toFixed(0)} alert checks per second (worker start-up included)`
      : `2. capacity: the cold-start backlog of ${ALERTS} alerts was not drained within ${SECONDS} s`,
  )
  console.log(
    steadyAt
      ? `   steady state (${since(steadyAt)} s to ${since(ended.getTime())} s): ${steadyRate.toFixed(0)} alert checks per second (the plan asks ${(ALERTS / (INTERVAL_MS / 1000)).toFixed(0)}); check lateness p50 <= ${quantile(0.5)} s, p99 <= ${quantile(0.99)} s (histogram buckets, ${total} questions)`
      : '   steady state: not reached (it needs the backlog drained and one interval since the start)',
  )
  const smsRate = Number(env.SMS_RATE_PER_SECOND)
  // A queue deeper than a second of sends waits on the limiter only if sends reach its rate;
  // below it, the worker is what holds texts back.
  const sendLine = (
    phase: string,
    texts: Awaited<ReturnType<typeof openingToSend>>,
    peak: number,
  ) =>
    texts.ms.length === 0
      ? `   ${phase}: no openings seen (the simulator re-draws its openings every 7 minutes; no re-draw fell in this window)`
      : `   ${phase}: p50 ${percentile(texts.ms, 50).toFixed(0)} ms, p99 ${percentile(texts.ms, 99).toFixed(0)} ms (${texts.ms.length} texts, ${texts.perSecond.toFixed(0)} a second, ${texts.unsent} not sent by the end); SMS queue peak ${peak}, sends peak ${texts.peakSends} in a clock second${
          peak <= smsRate
            ? ''
            : texts.peakSends >= 0.9 * smsRate
              ? ` = held back by the ${smsRate}-a-second SMS limiter (${(peak / smsRate).toFixed(1)} s of sends queued)`
              : `, below the ${smsRate}-a-second SMS limiter: the worker held them back`
        }`
  console.log('3. opening seen to Twilio call')
  console.log(
    sendLine('cold start (openings seen before the steady state)', coldTexts, smsPeak.coldStart),
  )
  console.log(
    steadyTexts
      ? sendLine('steady state', steadyTexts, smsPeak.steady)
      : '   steady state: not reached',
  )
  console.log(
    `4. peak worker memory (RSS): ${[...peaks.values()].map((mb) => `${mb.toFixed(0)} MB`).join(', ')}; Redis used_memory_peak: ${/used_memory_peak_human:(\S+)/.exec(memory)?.[1]}`,
  )
  const perThousand = (cpu: number, checks: number) => ((1000 * cpu) / checks).toFixed(0)
  console.log(
    `5. worker CPU per 1,000 alert checks: ${perThousand(cpuAtEnd - (cpuAtReady ?? 0), checksAtEnd - checksAtReady)} ms over the run (${((cpuAtEnd - (cpuAtReady ?? 0)) / 1000).toFixed(1)} CPU-s for ${checksAtEnd - checksAtReady} checks; start-up, ${((cpuAtReady ?? 0) / 1000).toFixed(1)} CPU-s, left out)${steadyAt ? `, ${perThousand(cpuAtEnd - cpuAtSteady, checksAtEnd - checksAtSteady)} ms in the steady state` : ''}`,
  )
  if (steadyAt)
    console.log(
      `   Postgres CPU per 1,000 alert checks in the steady state: ${perThousand(postgresSteady, checksAtEnd - checksAtSteady)} ms (every Postgres process; this benchmark's own few questions included)`,
    )
  console.log(
    `   event loop delay, worst worker: p99 ${(eventLoopP99 * 1000).toFixed(0)} ms, max ${(eventLoopMax * 1000).toFixed(0)} ms; lost locks (stalled or missing): ${lostLocks}`,
  )
  // Timeouts and network faults here mean the run measured waiting, not work.
  console.log(`   Disney calls by outcome: ${outcomes}`)
  console.log(`   load average at the end: ${load()}`)

  await Promise.all(
    workers.map(
      (worker) =>
        new Promise((resolve) => {
          if (worker.exitCode !== null || worker.signalCode !== null) return resolve(undefined)
          worker.once('exit', resolve)
          worker.kill('SIGTERM')
        }),
    ),
  )
  upstream.child.kill('SIGTERM')
  const keys = await redis.keys(`${prefix}:*`)
  for (let i = 0; i < keys.length; i += 1000) await redis.del(...keys.slice(i, i + 1000))
  await smsQueue.close()
  await redis.quit()
  await db.destroy()
  if (!args.keep) await dropDatabase(url)
}

await main()
