/**
 * Monitoring benchmark (`npm run bench -- [--alerts N] [--workers W] [--seconds S] [--sms-rate R]
 * [--question-sets K] [--redis URL] [--no-openings] [--populate-only] [--keep]`).
 * Populates its database in Postgres itself (a million alerts in a minute or so), after checking
 * the free disk, and says how long that took and how large the database is. Prints:
 *  1. upstream calls per interval ÷ distinct upstream questions among due alerts (floor 1.00),
 *  2. capacity (the cold-start drain rate), and the steady state's alert checks per second and
 *     p50/p99 check lateness with W worker processes,
 *  3. p50/p99 time from the check that sees an opening to the Twilio call for its text, for the
 *     openings of the cold start and of the steady state, with the SMS queue's peak depth,
 *  4. peak memory (RSS) of each worker, Redis memory and peak RSS, and this database's Postgres
 *     backends' peak RSS,
 *  5. the worker processes' own cost: CPU ms per 1,000 alert checks (from /proc), and
 *     Postgres's in the steady state (every worker shares it; split into this database's
 *     backends, Postgres's background processes and other databases'), Redis's (from its own INFO
 *     cpu) with its commands, the event loop's p99 delay (the worst worker), jobs whose lock was
 *     lost, and Disney calls by outcome (a timeout or network fault there means the run measured
 *     waiting, not work),
 *  6. the whole machine: worker + Postgres + Redis per 1,000 alert checks against issue 27's
 *     budget of 240 ms, what the rest of the machine did meanwhile, and the database's growth,
 * with the machine's load average at the start and the end. It runs against this machine's
 * Postgres, on a database of its own, and a redis-server of its own (or `--redis URL`), with the
 * stand-ins for Disney and Twilio in a process of their own, reached over HTTP as the real
 * services are (so the workers' CPU is theirs alone). Numbers, not assertions: run it by hand.
 * `BENCH_LOG_LEVEL=warn` shows the workers' logs at that level; `BENCH_PROFILE=1` leaves a CPU
 * profile of each worker in /tmp/prof.
 */
import { execSync, spawn } from 'node:child_process'
import { readFileSync, statfsSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import { sql, type RawBuilder } from 'kysely'
import { createDb } from '../db/client.ts'
import { readCatalogue } from '../db/catalogue.ts'
import { dropDatabase, ensureDatabase, migrateToLatest } from '../db/migrator.ts'
import { seed } from '../db/seed.ts'
import { claimDueChecks } from '../app/models/monitoring.server.ts'
import { refreshQuestions } from '../app/models/question.server.ts'
import { bullPrefix, QUEUES } from '../worker/queues.ts'
import { machineSpeed } from './calibrate.ts'
import { cpuMs, machineCpuMs, postgresCpuMs, postgresCpuShares } from './proc.ts'
import { isLocalRedis, redisSince, sampleRedis, startPrivateRedis } from './redis.ts'

const { values: args } = parseArgs({
  options: {
    alerts: { type: 'string', default: '100000' },
    workers: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '90' },
    // Texts a second the account may send (Twilio's limit for the sending numbers).
    'sms-rate': { type: 'string', default: '200' },
    // Disney's stand-in answers with nothing open: what checks cost without the texts they send.
    'no-openings': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    // Populate the database, say what it took, and stop (with --keep, the database stays).
    'populate-only': { type: 'boolean', default: false },
    // A Redis to use instead of a private redis-server (its CPU then counts every other client).
    redis: { type: 'string' },
    // Disjoint copies of the hotel questions' space (the 100,000-alert distribution): by default
    // one per 100,000 alerts, so a larger run keeps about 7 alerts a question.
    'question-sets': { type: 'string' },
  },
})
const ALERTS = Number(args.alerts)
const QUESTION_SETS = Number(args['question-sets'] ?? Math.max(1, Math.ceil(ALERTS / 100_000)))
/** The whole machine's CPU allows this much per 1,000 alert checks for a million alerts (issue 27). */
const BUDGET_MS = 240
// What a run needs on disk, per alert (measured on this machine; see `preflight`).
const POPULATED_BYTES_PER_ALERT = 300
const GROWTH_BYTES_PER_ALERT = 500
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

/**
 * A Zipf-like pick as bounds for Postgres's `width_bucket`: item k has weight 1 / (k + 1)^s, so a
 * few resorts, dates and parties dominate; `width_bucket(random(), bounds)` is then k + 1.
 */
function zipfBounds(count: number, s = 1.1) {
  const weights = Array.from({ length: count }, (_, k) => 1 / (k + 1) ** s)
  const total = weights.reduce((a, b) => a + b, 0)
  let below = 0
  return weights.map((weight) => {
    const bound = below / total
    below += weight
    return bound
  })
}

/**
 * Children's ages of question set k: none for set 0, then one child (0 to 17), then two. Each
 * set is the whole hotel question space again, asked by other families.
 */
function childrenOfSet(k: number) {
  const sets: number[][] = [[]]
  for (let age = 0; age <= 17 && sets.length <= k; age++) sets.push([age])
  for (let a = 0; a <= 17 && sets.length <= k; a++)
    for (let b = a; b <= 17 && sets.length <= k; b++) sets.push([a, b])
  if (k >= sets.length) throw new Error(`at most ${sets.length} question sets`)
  return sets[k]!
}

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

/**
 * The alerts, written by Postgres itself (`insert … select from generate_series`, 100,000 at a
 * time), so a million take a minute or two rather than a million rows through the client.
 * Alert i is a hotel alert when i is even and a dining one when odd, belongs to user i mod
 * ⌈alerts / 40⌉ (every user on The Club), and picks its resort or restaurant, date (1 to 60 days
 * ahead) and party from Zipf-like weights; a hotel alert picks its question set (its children)
 * uniformly. Every alert is running and due now.
 */
async function populate(db: ReturnType<typeof createDb>) {
  const { resorts, restaurants } = await readCatalogue()
  const hotels = resorts.filter(
    (resort) => resort.sold && resort.roomTypes.some((room) => !room.accessible),
  )
  const users = Math.ceil(ALERTS / 40)
  const plan = { planId: 'the-club', stripeSubscriptionPlanId: 'price_mock_the_club' }
  await sql`
    insert into users (phone_number, plan_id, stripe_subscription_plan_id)
    select '+1999' || lpad(g::text, 7, '0'), ${plan.planId}, ${plan.stripeSubscriptionPlanId}
    from generate_series(0, ${users - 1}::int) g
    on conflict do nothing`.execute(db)
  const resortBounds = zipfBounds(hotels.length)
  const restaurantBounds = zipfBounds(restaurants.length)
  const dayBounds = zipfBounds(60, 0.8)
  const partyBounds = zipfBounds(6, 1.4)
  const resortIds = hotels.map((resort) => resort.id)
  const roomIds = hotels.map((resort) => resort.roomTypes.find((room) => !room.accessible)!.id)
  const children = Array.from(
    { length: QUESTION_SETS },
    (_, k) => `{${childrenOfSet(k).join(',')}}`,
  )
  const now = new Date()
  const today = day(0)
  const user = (alert: RawBuilder<unknown>) =>
    sql`(select id from users where phone_number = '+1999' || lpad((${alert} % ${users})::text, 7, '0'))`
  const chunk = 100_000
  const started = Date.now()
  for (let from = 0; from < ALERTS; from += chunk) {
    const to = Math.min(ALERTS, from + chunk)
    // `offset 0` keeps each row's random draws one draw, however often the outer query uses them.
    // Each chunk's alerts with their question keys (as app/domain/schedule.ts keys them); new
    // questions are made, and every alert points at its own.
    await sql`
      with a as (
        select a.*, format('hotel|%s|%s|%s|%s|%s|0', a.resort_id, a.check_in_date, a.check_out_date,
          a.party, array_to_string(a.ages, '.')) as key
        from (
          select a.i, (${resortIds}::uuid[])[a.resort] as resort_id,
            to_char(${today}::date + a.ahead, 'YYYY-MM-DD') as check_in_date,
            to_char(${today}::date + a.ahead + 2 + (a.i / 2) % 3, 'YYYY-MM-DD') as check_out_date,
            a.party, ((${children}::text[])[a.question_set])::int[] as ages,
            array[(${roomIds}::uuid[])[a.resort]] as rooms
          from (
            select i, width_bucket(random(), ${resortBounds}::float8[]) as resort,
              width_bucket(random(), ${dayBounds}::float8[]) as ahead,
              width_bucket(random(), ${partyBounds}::float8[]) as party,
              1 + floor(random() * ${QUESTION_SETS})::int as question_set
            from generate_series(${from}::int, ${to - 1}::int) i where i % 2 = 0 offset 0
          ) a offset 0
        ) a
      ),
      made as (
        insert into questions (key, kind, resort_id, check_in_date, check_out_date, number_of_adults,
          ages_of_children, accessible)
        select distinct on (key) key, 'hotel', resort_id, check_in_date::date, check_out_date::date,
          party, ages, false
        from a
        on conflict (key) do nothing
        returning id, key
      )
      insert into hotel_alerts (user_id, resort_id, check_in_date, check_out_date, number_of_adults,
        ages_of_children, room_type_ids, status, question_id)
      select ${user(sql`a.i`)}, a.resort_id, a.check_in_date::date, a.check_out_date::date, a.party,
        a.ages, a.rooms, 1, coalesce(made.id, (select q.id from questions q where q.key = a.key))
      from a left join made on made.key = a.key`.execute(db)
    await sql`
      with a as (
        select a.*, format('dining|%s|%s|%s', a.destination, a.party, a.reserve_date) as key
        from (
          select a.i, (${restaurants.map((r) => r.locationIdentifier)}::text[])[a.restaurant] as destination,
            (${restaurants.map((r) => r.id)}::text[])[a.restaurant] as restaurant,
            to_char(${today}::date + a.ahead, 'YYYY-MM-DD') as reserve_date, 1 + a.party as party
          from (
            select i, width_bucket(random(), ${restaurantBounds}::float8[]) as restaurant,
              width_bucket(random(), ${dayBounds}::float8[]) as ahead,
              width_bucket(random(), ${partyBounds}::float8[]) as party
            from generate_series(${from}::int, ${to - 1}::int) i where i % 2 = 1 offset 0
          ) a offset 0
        ) a
      ),
      made as (
        insert into questions (key, kind, resort_location_identifier, party_size, reserve_date)
        select distinct on (key) key, 'dining', destination, party, reserve_date::date from a
        on conflict (key) do nothing
        returning id, key
      )
      insert into dining_alerts (user_id, resort_location_identifier, dining_location_id,
        reserve_date, party_size, status, time_range_start, time_range_end, question_id)
      select ${user(sql`a.i`)}, a.destination, a.restaurant, a.reserve_date::date, a.party, 1,
        '16:30:00', '22:00:00', coalesce(made.id, (select q.id from questions q where q.key = a.key))
      from a left join made on made.key = a.key`.execute(db)
    if (ALERTS > 200_000 && to < ALERTS)
      console.log(`   populating: ${to} alerts in ${((Date.now() - started) / 1000).toFixed(0)} s`)
  }
  // Every question's interval from its alerts, all due now, as after their alerts were created.
  await refreshQuestions(db, 'all', now, { soon: true })
}

/** Figure 1, in-process with a stepped clock: every tick of two intervals, calls vs questions. */
async function upstreamRatio(db: ReturnType<typeof createDb>) {
  const t0 = Date.now()
  let calls = 0
  let questions = 0
  // Claims of 2,000 questions, as the workers make them; its size does not change this figure.
  const batch = 2000
  for (let t = t0; t < t0 + 2 * INTERVAL_MS; t += TICK_MS) {
    const keys = new Set<string>()
    for (;;) {
      const checks = await claimDueChecks(db, t, batch, async () => {})
      calls += t >= t0 + INTERVAL_MS ? checks.length : 0
      checks.forEach((check) => keys.add(check.queryKey))
      if (checks.length < batch) break
    }
    if (t >= t0 + INTERVAL_MS) questions += keys.size
  }
  // Put every question back to due now and never asked, for the throughput run.
  await sql`update questions set next_check_at = now(), last_checked_at = null, claimed_at = null
    where interval_minutes is not null`.execute(db)
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
async function startUpstream(env: NodeJS.ProcessEnv, { openings }: { openings: boolean }) {
  const port = 9600
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof-upstream'] : []),
      ...['--import', 'tsx', 'mocks/simulator-server.ts', '--port', String(port)],
      // No web app runs here to receive Twilio's status callbacks.
      '--no-status-callbacks',
      ...(openings ? [] : ['--no-openings']),
    ],
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

/** Free disk where Postgres keeps its data, and the machine's available memory, before populating. */
async function preflight(db: ReturnType<typeof createDb>) {
  const dir = (
    await sql<{ dir: string }>`select current_setting('data_directory') as dir`.execute(db)
  ).rows[0]?.dir
  let freeGb = NaN
  try {
    const stats = statfsSync(dir ?? '')
    freeGb = (stats.bavail * stats.bsize) / 1e9
  } catch {
    // A Postgres on another machine, or a data directory this user cannot see.
  }
  const meminfo = readFileSync('/proc/meminfo', 'utf8')
  const availableMb = Number(/MemAvailable:\s+(\d+)/.exec(meminfo)?.[1] ?? NaN) / 1024
  // Measured: about 250 bytes an alert once populated (indexes included), and every interval
  // rewrites each alert's row twice (claim and outcome), about 160 bytes more an alert while no
  // vacuum runs (autovacuum is off on the shared test server), with room to spare here; figure 1
  // runs two intervals' claims and a reset before the run.
  const intervals = 3 + SECONDS / (INTERVAL_MS / 1000)
  const needGb = (ALERTS * (POPULATED_BYTES_PER_ALERT + intervals * GROWTH_BYTES_PER_ALERT)) / 1e9
  console.log(
    `   before populating: ${Number.isNaN(freeGb) ? 'free disk unknown' : `${freeGb.toFixed(1)} GB free`} on Postgres's data directory (${dir}), this run needs about ${needGb.toFixed(1)} GB; ${availableMb.toFixed(0)} MB of memory available`,
  )
  if (freeGb < 1.25 * needGb) {
    const fits = Math.floor((0.8 * freeGb * 1e9) / ((needGb * 1e9) / ALERTS) / 1000) * 1000
    throw new Error(
      `${ALERTS} alerts would not fit in ${freeGb.toFixed(1)} GB: about ${fits} would (with a quarter to spare)`,
    )
  }
}

async function main() {
  const commit = execSync('git rev-parse --short HEAD').toString().trim()
  console.log(
    `benchmark: ${ALERTS} alerts on a ${INTERVAL_MS / 60_000}-minute interval, ${WORKERS} worker(s), ${SECONDS} s; commit ${commit}, ${new Date().toISOString()}, load average ${load()}`,
  )
  await ensureDatabase(url)
  undo.push(() => (args.keep ? Promise.resolve() : dropDatabase(url)))
  await migrateToLatest(url)
  const db = createDb(url, { max: 4 })
  undo.push(() => db.destroy())
  await seed(db)
  console.log(`   ${await machineSpeed(db)}`)
  const dbSize = async () =>
    Number(
      (
        await sql<{ bytes: string }>`select pg_database_size(current_database()) as bytes`.execute(
          db,
        )
      ).rows[0]?.bytes,
    ) / 1e6
  const sizeBefore = await dbSize()
  await preflight(db)
  const populateStart = Date.now()
  const postgresAtPopulate = postgresCpuMs()
  await populate(db)
  const populateSeconds = (Date.now() - populateStart) / 1000
  const populating = postgresCpuShares(postgresAtPopulate, name)
  const sizeAfter = await dbSize()
  console.log(
    `populated in ${populateSeconds.toFixed(1)} s (${(populating.database / 1000).toFixed(1)} CPU-s in this database's Postgres backends, peak backend RSS ${populating.peakRssMb.toFixed(0)} MB with the shared buffers it touched); database ${sizeAfter.toFixed(0)} MB (${((1e6 * (sizeAfter - sizeBefore)) / ALERTS).toFixed(0)} bytes an alert); ${QUESTION_SETS} question set(s)`,
  )

  const distinct = await sql<{ n: number }>`
    select (select count(distinct (resort_id, check_in_date, check_out_date, number_of_adults, ages_of_children, accessible)) from hotel_alerts)
      + (select count(distinct (resort_location_identifier, party_size, reserve_date)) from dining_alerts) as n`.execute(
    db,
  )
  const distinctQuestions = Number(distinct.rows[0]?.n)
  if (args['populate-only']) {
    console.log(
      `   distinct questions among all alerts: ${distinctQuestions} (${(ALERTS / distinctQuestions).toFixed(1)} alerts a question); load average ${load()}`,
    )
    await db.destroy()
    if (!args.keep) await dropDatabase(url)
    else console.log(`   kept the database: ${url}`)
    return
  }
  const ratioStart = Date.now()
  const ratio = await upstreamRatio(db)
  console.log(
    `1. upstream calls per interval / distinct questions: ${ratio.calls} / ${ratio.questions} = ${ratio.ratio.toFixed(3)} (distinct questions among all alerts: ${distinct.rows[0]?.n}, ${(ALERTS / distinctQuestions).toFixed(1)} alerts a question; figure 1 took ${((Date.now() - ratioStart) / 1000).toFixed(0)} s)`,
  )

  // A private Redis unless one is named: a shared one's CPU counts every other client's work.
  const ownRedis = args.redis ? null : await startPrivateRedis()
  if (ownRedis) undo.push(ownRedis.stop)
  const redisUrl = args.redis ?? ownRedis!.url
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null })
  const redisPid = ownRedis?.pid ?? (await sampleRedis(redis)).pid
  const redisLocal = isLocalRedis(redisPid)
  const prefix = name
  // A Redis not the benchmark's own keeps only what it had: the run's keys go at the end.
  const forgetKeys = async () => {
    const keys = await redis.keys(`${prefix}:*`)
    for (let i = 0; i < keys.length; i += 1000) await redis.del(...keys.slice(i, i + 1000))
  }
  undo.push(async () => redis.disconnect())
  if (!ownRedis) undo.push(forgetKeys)
  console.log(
    ownRedis
      ? `   Redis: a private redis-server (pid ${redisPid}, ${redisUrl}, AOF every second as in docker-compose.yml)`
      : `   Redis: ${redisUrl} (pid ${redisPid}${redisLocal ? '' : ', not on this machine'}), shared: its CPU below counts every client's work, not this run's alone`,
  )
  const smsQueue = new Queue(QUEUES.sms, { connection: redis, prefix: bullPrefix(prefix) })
  const env = {
    ...process.env,
    NODE_ENV: 'production' as const,
    SESSION_SECRET: 'benchmark-session-secret-0123456789abcdef',
    MOCKS: 'true',
    DATABASE_URL: url,
    REDIS_URL: redisUrl,
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
  const upstream = await startUpstream(env, { openings: !args['no-openings'] })
  undo.push(async () => upstream.child.kill('SIGTERM'))
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
  undo.push(async () => workers.forEach((worker) => worker.kill('SIGKILL')))
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
  // And the rest of the machine over the same window: Redis (from its own INFO), the simulator
  // (Disney's and Twilio's stand-in, not part of the budget), this process, and every core.
  let redisAtSteady: Awaited<ReturnType<typeof sampleRedis>> | null = null
  const rest = () => ({
    machine: machineCpuMs(),
    simulator: cpuMs(upstream.child.pid!),
    bench: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
  })
  let restAtSteady: ReturnType<typeof rest> | null = null
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
      // Drained: no question left unasked. Asked as "is there one?", which stops at the first it
      // finds, rather than counting every checked one each second (Postgres work the cold start
      // would have to share).
      const done = await sql<{ drained: boolean }>`
        select not exists (select 1 from questions
          where interval_minutes is not null and last_checked_at is null) as drained`.execute(db)
      if (done.rows[0]?.drained) drainedAt = Date.now()
    }
    if (drainedAt && !steadyAt && Date.now() - started >= INTERVAL_MS) {
      steadyAt = Date.now()
      steadyFrom = await latenessBuckets(WORKERS)
      checksAtSteady = await checksDone(WORKERS)
      cpuAtSteady = workersCpu()
      postgresAtSteady = postgresCpuMs()
      redisAtSteady = await sampleRedis(redis)
      restAtSteady = rest()
    }
  }
  const cpuAtEnd = workersCpu()
  const postgresShares = postgresAtSteady ? postgresCpuShares(postgresAtSteady, name) : null
  const postgresSteady = postgresShares?.total ?? NaN
  const redisSteady = redisAtSteady ? redisSince(redisAtSteady, await sampleRedis(redis)) : null
  const restAtEnd = rest()
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
      ? `   ${phase}: no openings seen (${args['no-openings'] ? 'run with --no-openings' : 'the simulator re-draws its openings every 7 minutes; no re-draw fell in this window'})`
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
    `4. peak worker memory (RSS): ${[...peaks.values()].map((mb) => `${mb.toFixed(0)} MB`).join(', ')}; Redis used_memory_peak: ${/used_memory_peak_human:(\S+)/.exec(memory)?.[1]}${redisLocal ? `, Redis peak RSS ${peakRssMb(redisPid).toFixed(0)} MB` : ''}${postgresShares ? `; this database's Postgres backends: peak RSS ${postgresShares.peakRssMb.toFixed(0)} MB, the largest of ${postgresShares.backends} (shared buffers they touched included)` : ''}`,
  )
  const perThousand = (cpu: number, checks: number) => ((1000 * cpu) / checks).toFixed(0)
  console.log(
    `5. worker CPU per 1,000 alert checks: ${perThousand(cpuAtEnd - (cpuAtReady ?? 0), checksAtEnd - checksAtReady)} ms over the run (${((cpuAtEnd - (cpuAtReady ?? 0)) / 1000).toFixed(1)} CPU-s for ${checksAtEnd - checksAtReady} checks; start-up, ${((cpuAtReady ?? 0) / 1000).toFixed(1)} CPU-s, left out)${steadyAt ? `, ${perThousand(cpuAtEnd - cpuAtSteady, checksAtEnd - checksAtSteady)} ms in the steady state` : ''}`,
  )
  if (steadyAt)
    console.log(
      `   Postgres CPU per 1,000 alert checks in the steady state: ${perThousand(postgresSteady, checksAtEnd - checksAtSteady)} ms (every Postgres process; this benchmark's own few questions included)`,
    )
  const steadyChecks = checksAtEnd - checksAtSteady
  if (steadyAt && postgresShares)
    console.log(
      `   of which this database's backends ${perThousand(postgresShares.database, steadyChecks)} ms, Postgres's background processes (checkpointer, WAL writer, …) ${perThousand(postgresShares.background, steadyChecks)} ms, other databases' backends ${perThousand(postgresShares.other, steadyChecks)} ms (someone else's work on a shared Postgres)`,
    )
  // Redis's own count of its CPU: the server process (every thread), plus forked children (a
  // snapshot or an AOF rewrite) when one ran in the window.
  const redisMs = redisSteady
    ? redisSteady.serverMs + (redisSteady.forks > 0 ? redisSteady.childrenMs : 0)
    : NaN
  if (steadyAt && redisSteady)
    console.log(
      `   Redis CPU per 1,000 alert checks in the steady state: ${perThousand(redisMs, steadyChecks)} ms (INFO cpu of redis-server pid ${redisPid}: used_cpu_sys + used_cpu_user ${perThousand(redisSteady.serverMs, steadyChecks)} ms, main thread ${perThousand(redisSteady.mainThreadMs, steadyChecks)} ms; ${
        redisSteady.forks > 0
          ? `${redisSteady.forks} fork(s) (snapshot or AOF rewrite) in the window: their used_cpu_*_children ${perThousand(redisSteady.childrenMs, steadyChecks)} ms included`
          : 'no fork in the window, children left out'
      }${redisSteady.forkRunningAtEnd ? '; a fork still running at the end is not counted' : ''}${args.redis ? '; a shared Redis: every client counted' : ''})`,
    )
  if (steadyAt && redisSteady)
    console.log(
      `   Redis commands per 1,000 alert checks: ${perThousand(redisSteady.commands, steadyChecks)}; time inside commands per 1,000 checks (wall clock, so a busy machine inflates it; a script's includes the commands it runs): ${redisSteady.byCommand
        .slice(0, 5)
        .map(
          (command) =>
            `${command.name} ${(command.usec / steadyChecks).toFixed(1)} ms (${perThousand(command.calls, steadyChecks)} calls)`,
        )
        .join(', ')}`,
    )
  if (steadyAt && postgresShares && redisSteady && restAtSteady) {
    // The budget counts what runs the service: the workers, this database's Postgres (its
    // backends and Postgres's own background work) and Redis. Other databases' backends are
    // someone else's.
    const workerMs = cpuAtEnd - cpuAtSteady
    const postgresMs = postgresShares.database + postgresShares.background
    const totalMs = workerMs + postgresMs + redisMs
    const perCheck = (1000 * totalMs) / steadyChecks
    console.log(
      `6. the whole machine per 1,000 alert checks in the steady state: worker ${perThousand(workerMs, steadyChecks)} ms + Postgres ${perThousand(postgresMs, steadyChecks)} ms + Redis ${perThousand(redisMs, steadyChecks)} ms = total ${perCheck.toFixed(0)} ms / 1,000 checks = ${(perCheck / BUDGET_MS).toFixed(2)}× the ${BUDGET_MS} ms budget (Postgres: this database's backends and the background processes; other databases' left out)`,
    )
    const cores = cpus().length
    const windowMs = (ended.getTime() - steadyAt) * cores
    const machineMs = restAtEnd.machine - restAtSteady.machine
    const simulatorMs = restAtEnd.simulator - restAtSteady.simulator
    const benchMs = restAtEnd.bench - restAtSteady.bench
    const elsewhere =
      machineMs -
      (workerMs + postgresShares.total + (redisLocal ? redisMs : 0) + simulatorMs + benchMs)
    console.log(
      `   the rest of the machine per 1,000 checks: Disney's and Twilio's stand-in ${perThousand(simulatorMs, steadyChecks)} ms, this benchmark's process ${perThousand(benchMs, steadyChecks)} ms, everything else ${perThousand(elsewhere, steadyChecks)} ms (other users of the machine, the kernel's own work); all ${cores} cores busy ${((100 * machineMs) / windowMs).toFixed(0)} % of the steady state`,
    )
  }
  const deadRows = await sql<{ dead: string; autovacuum: string }>`
    select coalesce(sum(n_dead_tup), 0) as dead, current_setting('autovacuum') as autovacuum
    from pg_stat_user_tables where relname in ('hotel_alerts', 'dining_alerts')`.execute(db)
  console.log(
    `   database at the end: ${(await dbSize()).toFixed(0)} MB (${sizeAfter.toFixed(0)} MB after populating); the alert tables' dead row versions: ${deadRows.rows[0]?.dead} (autovacuum ${deadRows.rows[0]?.autovacuum} on this server)`,
  )
  console.log(
    `   event loop delay, worst worker: p99 ${(eventLoopP99 * 1000).toFixed(0)} ms, max ${(eventLoopMax * 1000).toFixed(0)} ms; lost locks (stalled or missing): ${lostLocks}`,
  )
  // Timeouts and network faults here mean the run measured waiting, not work.
  console.log(`   Disney calls by outcome: ${outcomes}`)
  console.log(`   load average at the end: ${load()}`)

  // SIGTERM lets a worker finish what it holds, and a tick runs up to 20 claims, each sorting
  // every due alert: at a million due that can be minutes. A worker still there after 30 s is
  // killed.
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise((resolve) => {
          if (worker.exitCode !== null || worker.signalCode !== null) return resolve(undefined)
          const kill = setTimeout(() => {
            console.log(`   worker ${worker.pid} still running 30 s after SIGTERM: killed`)
            worker.kill('SIGKILL')
          }, 30_000)
          worker.once('exit', () => {
            clearTimeout(kill)
            resolve(undefined)
          })
          worker.kill('SIGTERM')
        }),
    ),
  )
  upstream.child.kill('SIGTERM')
  if (!ownRedis) await forgetKeys()
  await smsQueue.close()
  await redis.quit()
  await ownRedis?.stop()
  await db.destroy()
  if (!args.keep) await dropDatabase(url)
}

/** What to undo if the benchmark fails half-way, last first: its processes, then its database. */
const undo: (() => Promise<unknown>)[] = []

let abandoning = false
async function abandon(code: number) {
  if (abandoning) return
  abandoning = true
  for (const step of undo.reverse()) await step().catch(() => undefined)
  process.exit(code)
}
// Ctrl-C or a kill: the workers, the simulator, the private Redis and the database go too.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    console.log(`${signal}: stopping the benchmark's processes and dropping its database`)
    void abandon(130)
  })

await main().catch(async (error: unknown) => {
  // What fails while a signal's clean-up closes connections under it is no news.
  if (abandoning) return
  console.error(error)
  await abandon(1)
})
