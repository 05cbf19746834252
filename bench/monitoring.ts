/**
 * Monitoring benchmark (`npm run bench -- [--alerts N] [--flexible F] [--workers W] [--seconds S]
 * [--sms-rate R] [--question-sets K] [--redis URL] [--no-openings] [--populate-only] [--keep]`).
 * Populates its database (100,000 alerts in half a minute), a share F of them flexible
 * (default 0.2, issue 29), after checking the free disk, and says how long that took and how
 * large the database is, what the alerts ask (questions an alert asks, distinct questions, who
 * asks them), and that a sample of them asks what the app's `linkQuestions` makes of them. Prints:
 *  1. questions claimed per interval ÷ distinct questions (each claim is at most one call),
 *  2. capacity (the cold-start drain rate), and the steady state's alert and question checks per
 *     second and p50/p99 check lateness with W worker processes,
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
 *  7. the Disney calls the workers made in the steady state by kind (room-level, Walt Disney
 *     World's multi-resort screen and the questions it answered without a call, dining) per
 *     question check and per distinct question an interval,
 *  8. what a question check costs (CPU and calls), and so what an exact and a flexible alert
 *     cost an interval, and one at the cap of decision 0032,
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
import type { AlertKind } from '../app/domain/alerts.ts'
import { MAX_QUESTIONS_PER_ALERT } from '../app/domain/flexible-cost.ts'
import type { FlexibleHotelAlert } from '../app/domain/flexible-stays.ts'
import { partyOf } from '../app/domain/hotel-alert.ts'
import { filterRoomTypes } from '../app/domain/room-filter.ts'
import { listRoomTypes } from '../app/models/catalogue.server.ts'
import { claimDueChecks } from '../app/models/monitoring.server.ts'
import { linkQuestions, refreshQuestions } from '../app/models/question.server.ts'
import { bullPrefix, QUEUES } from '../worker/queues.ts'
import { machineSpeed } from './calibrate.ts'
import {
  flexibleDiningAlert,
  flexibleHotelAlert,
  zipfBounds,
  type Draws,
  type MixDiningAlert,
  type MixHotel,
  type MixHotelAlert,
  type MixQuestion,
} from './flexible-mix.ts'
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
    // The share of alerts that are flexible (issue 29): windows of check-ins, several resorts,
    // split stays; several restaurants, dates and meals.
    flexible: { type: 'string', default: '0.2' },
  },
})
const ALERTS = Number(args.alerts)
const FLEXIBLE_SHARE = Number(args.flexible)
if (!/^(0(\.\d+)?|1(\.0+)?)$/.test(args.flexible))
  throw new Error(
    `--flexible is a share of the alerts from 0 to 1 (0.2 is a fifth), not "${args.flexible}"`,
  )
const EXACT_ALERTS = Math.round(ALERTS * (1 - FLEXIBLE_SHARE))
const QUESTION_SETS = Number(args['question-sets'] ?? Math.max(1, Math.ceil(ALERTS / 100_000)))
/** The whole machine's CPU allows this much per 1,000 alert checks for a million alerts (issue 27). */
const BUDGET_MS = 240
// What a run needs on disk, per alert (measured on this machine; see `preflight`).
const POPULATED_BYTES_PER_ALERT = 300
// A flexible alert with its links (21 a hotel alert on average) and the questions it alone asks.
const FLEXIBLE_POPULATED_BYTES_PER_ALERT = 5000
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

type Db = ReturnType<typeof createDb>

/**
 * The alerts. Alert i is a hotel alert when i is even and a dining one when odd, and belongs to
 * user i mod ⌈alerts / 40⌉ (every user on The Club); the last `--flexible` share of them are
 * flexible, so they spread over every user too. Every alert is running and due now.
 * - Exact alerts are written by Postgres itself (`insert … select from generate_series`, 100,000
 *   at a time), so a million take a minute or two rather than a million rows through the client.
 *   Each picks its resort or restaurant, date (1 to 60 days ahead) and party from Zipf-like
 *   weights; a hotel alert picks its question set (its children) uniformly.
 * - Flexible alerts are drawn here with the same weights (bench/flexible-mix.ts), expanded by the
 *   app's rules and written 1,000 at a time with `unnest`.
 * Every alert's questions are keyed as app/domain/schedule.ts keys them, made if new, and linked
 * in alert_questions, as `linkQuestions` does for one alert.
 */
async function populate(db: Db) {
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
  const draws: Draws = {
    resortBounds: zipfBounds(hotels.length),
    restaurantBounds: zipfBounds(restaurants.length),
    dayBounds: zipfBounds(60, 0.8),
    partyBounds: zipfBounds(6, 1.4),
    children: Array.from({ length: QUESTION_SETS }, (_, k) => childrenOfSet(k)),
    today: day(0),
  }
  const resortIds = hotels.map((resort) => resort.id)
  const roomIds = hotels.map((resort) =>
    resort.roomTypes.filter((room) => !room.accessible).map((room) => room.id),
  )
  const children = draws.children.map((ages) => `{${ages.join(',')}}`)
  const now = new Date()
  const user = (alert: RawBuilder<unknown>) =>
    sql`(select id from users where phone_number = '+1999' || lpad((${alert} % ${users})::text, 7, '0'))`
  const chunk = 100_000
  const started = Date.now()
  const progress = (done: number) => {
    if (ALERTS > 200_000 && done < ALERTS)
      console.log(
        `   populating: ${done} alerts in ${((Date.now() - started) / 1000).toFixed(0)} s`,
      )
  }
  for (let from = 0; from < EXACT_ALERTS; from += chunk) {
    const to = Math.min(EXACT_ALERTS, from + chunk)
    // `offset 0` keeps each row's random draws one draw, however often the outer query uses them,
    // and `a`, used three times, is computed once (with each alert's id).
    await sql`
      with a as (
        select a.*, gen_random_uuid() as id, format('hotel|%s|%s|%s|%s|%s|0', a.resort_id,
          a.check_in_date, to_char(a.check_in_date::date + a.nights, 'YYYY-MM-DD'), a.party,
          array_to_string(a.ages, '.')) as key
        from (
          select a.i, (${resortIds}::uuid[])[a.resort] as resort_id,
            to_char(${draws.today}::date + a.ahead, 'YYYY-MM-DD') as check_in_date,
            2 + (a.i / 2) % 3 as nights,
            a.party, ((${children}::text[])[a.question_set])::int[] as ages,
            array[(${roomIds.map((rooms) => rooms[0]!)}::uuid[])[a.resort]] as rooms
          from (
            select i, width_bucket(random(), ${draws.resortBounds}::float8[]) as resort,
              width_bucket(random(), ${draws.dayBounds}::float8[]) as ahead,
              width_bucket(random(), ${draws.partyBounds}::float8[]) as party,
              1 + floor(random() * ${QUESTION_SETS})::int as question_set
            from generate_series(${from}::int, ${to - 1}::int) i where i % 2 = 0 offset 0
          ) a offset 0
        ) a
      ),
      made as (
        insert into questions (key, kind, resort_id, check_in_date, check_out_date, number_of_adults,
          ages_of_children, accessible)
        select distinct on (key) key, 'hotel', resort_id, check_in_date::date,
          check_in_date::date + nights, party, ages, false
        from a
        on conflict (key) do nothing
        returning id, key
      ),
      alerts as (
        -- Prices (issue 30): one exact hotel alert in ten watches its booked stay (paid $300 to
        -- $800 a night, texted at a saving of $50), one in ten has a nightly ceiling of $300 to
        -- $800 (the simulator's rooms cost $300 to $800 a night, less under an offer).
        insert into hotel_alerts (id, user_id, resorts, check_in_date, latest_check_in_date,
          min_nights, max_nights, number_of_adults, ages_of_children, status, watch,
          paid_total_cents, rate_type, min_saving_cents, max_nightly_price_cents)
        select a.id, ${user(sql`a.i`)},
          jsonb_build_array(jsonb_build_object('resortId', a.resort_id, 'roomIds', to_jsonb(a.rooms))),
          a.check_in_date::date, a.check_in_date::date, a.nights, a.nights, a.party, a.ages, 1,
          case when a.i % 20 = 0 then 'price' else 'availability' end,
          case when a.i % 20 = 0 then a.nights * a.dollars * 100 end,
          case when a.i % 20 = 0 then 'room-only' end,
          case when a.i % 20 = 0 then 5000 end,
          case when a.i % 20 = 10 then a.dollars * 100 end
        from (select a.*, 300 + floor(random() * 500)::int as dollars from a offset 0) a
      )
      insert into alert_questions (question_id, hotel_alert_id, room_type_ids)
      select coalesce(made.id, (select q.id from questions q where q.key = a.key)), a.id, a.rooms
      from a left join made on made.key = a.key`.execute(db)
    await sql`
      with a as (
        select a.*, gen_random_uuid() as id,
          format('dining|%s|%s|%s', a.destination, a.party, a.reserve_date) as key
        from (
          select a.i, (${restaurants.map((r) => r.locationIdentifier)}::text[])[a.restaurant] as destination,
            (${restaurants.map((r) => r.id)}::text[])[a.restaurant] as restaurant,
            to_char(${draws.today}::date + a.ahead, 'YYYY-MM-DD') as reserve_date, 1 + a.party as party
          from (
            select i, width_bucket(random(), ${draws.restaurantBounds}::float8[]) as restaurant,
              width_bucket(random(), ${draws.dayBounds}::float8[]) as ahead,
              width_bucket(random(), ${draws.partyBounds}::float8[]) as party
            from generate_series(${from}::int, ${to - 1}::int) i where i % 2 = 1 offset 0
          ) a offset 0
        ) a
      ),
      made as (
        insert into questions (key, kind, resort_location_identifier, party_size, reserve_date)
        select distinct on (key) key, 'dining', destination, party, reserve_date::date from a
        on conflict (key) do nothing
        returning id, key
      ),
      alerts as (
        insert into dining_alerts (id, user_id, resort_location_identifier, dining_location_ids,
          reserve_dates, party_size, status, time_range_start, time_range_end)
        select a.id, ${user(sql`a.i`)}, a.destination, array[a.restaurant],
          array[a.reserve_date::date], a.party, 1, '16:30:00', '22:00:00'
        from a
      )
      insert into alert_questions (question_id, dining_alert_id)
      select coalesce(made.id, (select q.id from questions q where q.key = a.key)), a.id
      from a left join made on made.key = a.key`.execute(db)
    progress(to)
  }
  const userIds = (
    await sql<{ id: string }>`
      select id from users where phone_number like '+1999%' order by phone_number`.execute(db)
  ).rows.map((row) => row.id)
  const mixHotels: MixHotel[] = hotels.map((resort, k) => ({
    id: resort.id,
    locationIdentifier: resort.locationIdentifier,
    roomIds: roomIds[k]!,
  }))
  // "Any room": the room types the app resolves when it saves the alert (listRoomTypes, as
  // linkQuestions reads them).
  const listed = new Map(
    await Promise.all(
      hotels.map(async (resort) => [resort.id, await listRoomTypes(db, resort.id)] as const),
    ),
  )
  const anyRoom = (resortId: string, alert: FlexibleHotelAlert) =>
    filterRoomTypes(listed.get(resortId) ?? [], partyOf(alert)).map((room) => room.id)
  const sample: Sample = { hotel: [], dining: [] }
  for (let from = EXACT_ALERTS; from < ALERTS; from += FLEXIBLE_BATCH) {
    const to = Math.min(ALERTS, from + FLEXIBLE_BATCH)
    const batch: {
      hotel: (MixHotelAlert & { userId: string })[]
      dining: (MixDiningAlert & { userId: string })[]
    } = { hotel: [], dining: [] }
    for (let i = from; i < to; i++) {
      const userId = userIds[i % users]!
      if (i % 2 === 0)
        batch.hotel.push({ ...flexibleHotelAlert(draws, mixHotels, anyRoom), userId })
      else batch.dining.push({ ...flexibleDiningAlert(draws, restaurants), userId })
    }
    await writeFlexible(db, batch)
    for (const kind of ['hotel', 'dining'] as const)
      sample[kind].push(...batch[kind].slice(0, SAMPLE - sample[kind].length).map((a) => a.id))
    if ((to - EXACT_ALERTS) % chunk < FLEXIBLE_BATCH) progress(to)
  }
  // Statistics, as a database in service has them: without any, Postgres paces each question by
  // probing every running alert for a link to it (over 30 s at 10,000 alerts), where the index of
  // alert_questions by question answers at once.
  await sql`analyze users, questions, hotel_alerts, dining_alerts, alert_questions`.execute(db)
  // Every question's interval from its alerts, all due now, as after their alerts were created.
  await refreshQuestions(db, 'all', now, { soon: true })
  // And the questions' statistics with their intervals set, as the workers will find them.
  await sql`analyze questions`.execute(db)
  return sample
}

/** Flexible alerts written at a time: a few tens of thousands of alert_questions rows. */
const FLEXIBLE_BATCH = 1000

/** Flexible alerts of each kind checked against `linkQuestions` (`sameAsTheApp`). */
const SAMPLE = 100
type Sample = Record<AlertKind, string[]>

/** The ids of the questions of these keys, made if they are new. */
async function questionIds(db: Db, questions: readonly MixQuestion[]) {
  const byKey = new Map(questions.map((question) => [question.key, question]))
  const hotel = [...byKey.values()].flatMap((q) => (q.kind === 'hotel' ? [q] : []))
  const dining = [...byKey.values()].flatMap((q) => (q.kind === 'dining' ? [q] : []))
  if (hotel.length)
    await sql`
      insert into questions (key, kind, resort_id, check_in_date, check_out_date, number_of_adults,
        ages_of_children, accessible)
      select key, 'hotel', resort_id, check_in, check_out, adults, ages::int[], accessible
      from unnest(${hotel.map((q) => q.key)}::text[], ${hotel.map((q) => q.resortId)}::uuid[],
        ${hotel.map((q) => q.checkInDate)}::date[], ${hotel.map((q) => q.checkOutDate)}::date[],
        ${hotel.map((q) => q.numberOfAdults)}::int[],
        ${hotel.map((q) => `{${q.agesOfChildren.join(',')}}`)}::text[],
        ${hotel.map((q) => q.accessible)}::bool[])
        as v(key, resort_id, check_in, check_out, adults, ages, accessible)
      on conflict (key) do nothing`.execute(db)
  if (dining.length)
    await sql`
      insert into questions (key, kind, resort_location_identifier, party_size, reserve_date)
      select key, 'dining', destination, party, reserve_date
      from unnest(${dining.map((q) => q.key)}::text[],
        ${dining.map((q) => q.resortLocationIdentifier)}::text[],
        ${dining.map((q) => q.partySize)}::int[], ${dining.map((q) => q.reserveDate)}::date[])
        as v(key, destination, party, reserve_date)
      on conflict (key) do nothing`.execute(db)
  const { rows } = await sql<{ id: number; key: string }>`
    select id, key from questions where key = any(${[...byKey.keys()]}::text[])`.execute(db)
  return new Map(rows.map((row) => [row.key, Number(row.id)]))
}

/** A batch of flexible alerts with their questions and links: five statements. */
async function writeFlexible(
  db: Db,
  batch: {
    hotel: readonly (MixHotelAlert & { userId: string })[]
    dining: readonly (MixDiningAlert & { userId: string })[]
  },
) {
  const ids = await questionIds(
    db,
    [...batch.hotel, ...batch.dining].flatMap((alert) => alert.questions),
  )
  const { hotel, dining } = batch
  if (hotel.length)
    await sql`
      insert into hotel_alerts (id, user_id, resorts, check_in_date, latest_check_in_date,
        min_nights, max_nights, split_stays, number_of_adults, ages_of_children, status)
      select id, user_id, resorts, check_in, latest, min_nights, max_nights, split, adults,
        ages::int[], 1
      from unnest(${hotel.map((a) => a.id)}::uuid[], ${hotel.map((a) => a.userId)}::uuid[],
        ${hotel.map((a) => JSON.stringify(a.alert.resorts))}::jsonb[],
        ${hotel.map((a) => a.alert.checkInDate)}::date[],
        ${hotel.map((a) => a.alert.latestCheckInDate)}::date[],
        ${hotel.map((a) => a.alert.minNights)}::int[], ${hotel.map((a) => a.alert.maxNights)}::int[],
        ${hotel.map((a) => a.alert.splitStays)}::bool[],
        ${hotel.map((a) => a.alert.numberOfAdults)}::int[],
        ${hotel.map((a) => `{${a.alert.agesOfChildren.join(',')}}`)}::text[])
        as v(id, user_id, resorts, check_in, latest, min_nights, max_nights, split, adults, ages)`.execute(
      db,
    )
  if (dining.length)
    await sql`
      insert into dining_alerts (id, user_id, resort_location_identifier, dining_location_ids,
        reserve_dates, meal_periods, party_size, status)
      select id, user_id, destination, restaurants::text[], dates::date[], meals::text[], party, 1
      from unnest(${dining.map((a) => a.id)}::uuid[], ${dining.map((a) => a.userId)}::uuid[],
        ${dining.map((a) => a.alert.resortLocationIdentifier)}::text[],
        ${dining.map((a) => `{${a.alert.diningLocationIds.join(',')}}`)}::text[],
        ${dining.map((a) => `{${a.alert.reserveDates.join(',')}}`)}::text[],
        ${dining.map((a) => `{${a.alert.mealPeriods.join(',')}}`)}::text[],
        ${dining.map((a) => a.alert.partySize)}::int[])
        as v(id, user_id, destination, restaurants, dates, meals, party)`.execute(db)
  const links = [...hotel, ...dining].flatMap((alert) =>
    alert.questions.map((question) => ({ alertId: alert.id, question })),
  )
  const roomsOf = (question: MixQuestion) =>
    question.kind === 'hotel' ? `{${question.roomTypeIds.join(',')}}` : null
  await sql`
    insert into alert_questions (question_id, hotel_alert_id, dining_alert_id, room_type_ids, split)
    select question_id, hotel_alert_id, dining_alert_id, rooms::uuid[], split
    from unnest(${links.map((link) => ids.get(link.question.key)!)}::bigint[],
      ${links.map((link) => (link.question.kind === 'hotel' ? link.alertId : null))}::uuid[],
      ${links.map((link) => (link.question.kind === 'dining' ? link.alertId : null))}::uuid[],
      ${links.map((link) => roomsOf(link.question))}::text[],
      ${links.map((link) => link.question.kind === 'hotel' && link.question.split)}::bool[])
      as v(question_id, hotel_alert_id, dining_alert_id, rooms, split)`.execute(db)
}

/**
 * Whether the benchmark's alerts ask what the app's would: each sampled alert (flexible ones of
 * each kind, and as many exact ones) is linked again by `linkQuestions` in a transaction rolled
 * back at the end, and its questions, room types and split flags compared. A difference stops
 * the run: its figures would be of other questions than production asks.
 */
async function sameAsTheApp(db: Db, sample: Sample) {
  const exact = await sql<{ kind: AlertKind; id: string }>`
    (select 'hotel' as kind, id from hotel_alerts a where not (${isFlexibleHotel}) limit ${SAMPLE})
    union all
    (select 'dining', id from dining_alerts a where not (${isFlexibleDining}) limit ${SAMPLE})`.execute(
    db,
  )
  const alerts = [
    ...(['hotel', 'dining'] as const).flatMap((kind) => sample[kind].map((id) => ({ kind, id }))),
    ...exact.rows,
  ]
  const links = (trx: Db, kind: AlertKind, id: string) =>
    sql<{ questionId: number; roomTypeIds: string[] | null; split: boolean }>`
      select question_id, room_type_ids, split from alert_questions
      where ${sql.ref(kind === 'hotel' ? 'hotel_alert_id' : 'dining_alert_id')} = ${id}
      order by question_id`
      .execute(trx)
      .then((result) => JSON.stringify(result.rows))
  const differ: string[] = []
  const rolledBack = new Error('rolled back')
  await db
    .transaction()
    .execute(async (trx) => {
      for (const alert of alerts) {
        const before = await links(trx, alert.kind, alert.id)
        await linkQuestions(trx, alert.kind, alert.id)
        if ((await links(trx, alert.kind, alert.id)) !== before)
          differ.push(`${alert.kind} ${alert.id}`)
      }
      throw rolledBack
    })
    .catch((error: unknown) => {
      if (error !== rolledBack) throw error
    })
  if (differ.length)
    throw new Error(
      `${differ.length} of ${alerts.length} sampled alerts ask other questions than linkQuestions makes of them (${differ.slice(0, 3).join(', ')})`,
    )
  return alerts.length
}

/** A flexible alert: anything but one resort and one stay, or one restaurant on one date. */
const isFlexibleHotel = sql<boolean>`a.latest_check_in_date <> a.check_in_date
  or a.min_nights <> a.max_nights or jsonb_array_length(a.resorts) > 1 or a.split_stays`
const isFlexibleDining = sql<boolean>`cardinality(a.dining_location_ids) > 1
  or cardinality(a.reserve_dates) > 1 or a.meal_periods <> '{}'`

/** Every link of an alert to a question, with whether the alert is flexible. */
const asks = sql`
  select 'hotel' as kind, (${isFlexibleHotel}) as flexible, a.id as alert, aq.split, aq.question_id
  from hotel_alerts a join alert_questions aq on aq.hotel_alert_id = a.id
  union all
  select 'dining', (${isFlexibleDining}), a.id, aq.split, aq.question_id
  from dining_alerts a join alert_questions aq on aq.dining_alert_id = a.id`

interface AlertClass {
  kind: AlertKind
  flexible: boolean
  alerts: number
  /** Links to questions: the questions these alerts ask, each counted once an alert. */
  questions: number
  /** Of them, split stays' shorter stays. */
  split: number
  splitAlerts: number
  /** The most questions one of them asks. */
  widest: number
  /** Their share of the distinct questions: each question's 1 / the alerts asking it, summed. */
  share: number
}

/** What the populated alerts ask: by kind and shape, the distinct questions and who asks them. */
async function theMix(db: Db) {
  const classes = await sql<AlertClass>`
    with per as (
      select x.kind, x.flexible, x.alert, count(*) as n, count(*) filter (where x.split) as split,
        sum(1.0 / greatest(q.alert_count, 1)) as share
      from (${asks}) x join questions q on q.id = x.question_id group by 1, 2, 3
    )
    select kind, flexible, count(*)::int as alerts, sum(n)::int as questions,
      sum(split)::int as split, (count(*) filter (where split > 0))::int as split_alerts,
      max(n)::int as widest, sum(share)::float8 as share
    from per group by 1, 2 order by 1 desc, 2`.execute(db)
  const questions = await sql<{
    hotel: number
    dining: number
    exactOnly: number
    flexibleOnly: number
    both: number
    alertChecks: number
  }>`
    with asked as (
      select question_id, bool_or(not flexible) as exact, bool_or(flexible) as flexible
      from (${asks}) x group by 1
    )
    select (count(*) filter (where q.kind = 'hotel'))::int as hotel,
      (count(*) filter (where q.kind = 'dining'))::int as dining,
      (count(*) filter (where exact and not flexible))::int as exact_only,
      (count(*) filter (where flexible and not exact))::int as flexible_only,
      (count(*) filter (where exact and flexible))::int as both,
      sum(q.alert_count)::int as alert_checks
    from asked join questions q on q.id = asked.question_id
    where q.interval_minutes is not null`.execute(db)
  // Walt Disney World's room-level questions the multi-resort answer screens (worker/check.ts
  // `screenedOut`), and their stays and parties: one multi-resort question each.
  const screened = await sql<{ questions: number; stays: number }>`
    select count(*)::int as questions, count(distinct (q.check_in_date, q.check_out_date,
      q.number_of_adults, q.ages_of_children, q.accessible))::int as stays
    from questions q join resorts r on r.id = q.resort_id
    where q.interval_minutes is not null and r.location_identifier = 'disney-world' and r.sold
      and r.disney_slug is not null`.execute(db)
  const counts = questions.rows[0]!
  return {
    classes: classes.rows,
    ...counts,
    distinct: counts.hotel + counts.dining,
    wdwQuestions: screened.rows[0]!.questions,
    wdwStays: screened.rows[0]!.stays,
  }
}
type Mix = Awaited<ReturnType<typeof theMix>>

const classOf = (mix: Mix, kind: AlertKind, flexible: boolean) =>
  mix.classes.find((c) => c.kind === kind && c.flexible === flexible) ?? {
    kind,
    flexible,
    alerts: 0,
    questions: 0,
    split: 0,
    splitAlerts: 0,
    widest: 0,
    share: 0,
  }
const className = (c: AlertClass) => `${c.flexible ? 'flexible' : 'exact'} ${c.kind}`
const perAlert = (value: number, c: AlertClass) => (c.alerts ? value / c.alerts : NaN)

function printMix(mix: Mix) {
  const hotel = classOf(mix, 'hotel', true)
  const dining = classOf(mix, 'dining', true)
  console.log(
    `   alerts: ${mix.classes.map((c) => `${c.alerts} ${className(c)}`).join(', ')} (--flexible ${FLEXIBLE_SHARE}; ${hotel.splitAlerts} flexible hotel alerts with split stays)`,
  )
  const flexible = [
    hotel.alerts &&
      `flexible hotel ${perAlert(hotel.questions, hotel).toFixed(1)} (${perAlert(hotel.split, hotel).toFixed(1)} of them split stays' shorter stays; the widest ${hotel.widest}, the cap ${MAX_QUESTIONS_PER_ALERT})`,
    dining.alerts &&
      `flexible dining ${perAlert(dining.questions, dining).toFixed(1)} (the widest ${dining.widest})`,
  ].filter(Boolean)
  console.log(`   questions an alert asks: ${['exact 1', ...flexible].join('; ')}`)
  console.log(
    `   distinct questions: ${mix.distinct} (hotel ${mix.hotel}, dining ${mix.dining}): ${mix.exactOnly} asked by exact alerts alone, ${mix.flexibleOnly} by flexible ones alone, ${mix.both} by both; ${(mix.alertChecks / mix.distinct).toFixed(1)} alerts a question (${mix.alertChecks} alert checks an interval); Walt Disney World: ${mix.wdwQuestions} room-level questions, ${mix.wdwStays} stays and parties among them (one multi-resort question each)`,
  )
  console.log(
    `   an alert's share of the distinct questions (each of its questions' 1 / the alerts asking it, summed): ${mix.classes.map((c) => `${className(c)} ${perAlert(c.share, c).toFixed(2)}`).join(', ')}`,
  )
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

/**
 * Disney calls summed over the workers' /metrics by a label: `outcome` (the kind of answer, or
 * the fault) or `family` (the endpoint, whatever the outcome).
 */
async function upstreamCalls(workers: number, by: 'outcome' | 'family') {
  const calls = new Map<string, number>()
  const sample = new RegExp(`upstream_calls_total\\{[^}]*${by}="([^"]+)"[^}]*\\} (\\d+)`, 'g')
  for (const text of await scrape(workers))
    for (const [, value, count] of text.matchAll(sample))
      calls.set(value!, (calls.get(value!) ?? 0) + Number(count))
  return calls
}

/** WDW room-level questions the multi-resort answer answered without a call, over the workers. */
const screenedOut = (workers: number) =>
  workerMetric(workers, /^questions_screened_out_total (\d+)/gm)

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
  // runs two intervals' claims and a reset before the run. A flexible alert adds its links and
  // questions (1,200 bytes an alert at 100,000 with a fifth flexible); what checks rewrite grew
  // less than the exact alerts' allowance (101 MB in 300 s at 100,000).
  const intervals = 3 + SECONDS / (INTERVAL_MS / 1000)
  const needGb =
    (EXACT_ALERTS * POPULATED_BYTES_PER_ALERT +
      (ALERTS - EXACT_ALERTS) * FLEXIBLE_POPULATED_BYTES_PER_ALERT +
      ALERTS * intervals * GROWTH_BYTES_PER_ALERT) /
    1e9
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
  const sample = await populate(db)
  const populateSeconds = (Date.now() - populateStart) / 1000
  const populating = postgresCpuShares(postgresAtPopulate, name)
  const sizeAfter = await dbSize()
  console.log(
    `populated in ${populateSeconds.toFixed(1)} s (${(populating.database / 1000).toFixed(1)} CPU-s in this database's Postgres backends, peak backend RSS ${populating.peakRssMb.toFixed(0)} MB with the shared buffers it touched); database ${sizeAfter.toFixed(0)} MB (${((1e6 * (sizeAfter - sizeBefore)) / ALERTS).toFixed(0)} bytes an alert); ${QUESTION_SETS} question set(s)`,
  )

  const mix = await theMix(db)
  printMix(mix)
  const sampled = await sameAsTheApp(db, sample)
  console.log(
    `   the app's expansion: ${sampled} sampled alerts (flexible and exact, hotel and dining) linked again by linkQuestions ask the same questions, room types and split flags`,
  )
  if (args['populate-only']) {
    console.log(`   load average ${load()}`)
    await db.destroy()
    if (!args.keep) await dropDatabase(url)
    else console.log(`   kept the database: ${url}`)
    return
  }
  const ratioStart = Date.now()
  const ratio = await upstreamRatio(db)
  console.log(
    `1. questions claimed per interval / distinct questions: ${ratio.calls} / ${ratio.questions} = ${ratio.ratio.toFixed(3)} (each claim is at most one call; figure 7 counts the calls the workers made; figure 1 took ${((Date.now() - ratioStart) / 1000).toFixed(0)} s)`,
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
  // Disney calls by family and questions screened out, for figure 7.
  let callsAtSteady = new Map<string, number>()
  let screenedAtSteady = 0
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
      callsAtSteady = await upstreamCalls(WORKERS, 'family')
      screenedAtSteady = await screenedOut(WORKERS)
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
  const outcomes =
    [...(await upstreamCalls(WORKERS, 'outcome'))]
      .map(([outcome, count]) => `${outcome} ${count}`)
      .join(', ') || 'none'
  const callsAtEnd = await upstreamCalls(WORKERS, 'family')
  const screenedAtEnd = await screenedOut(WORKERS)

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
      ? `2. capacity (cold-start drain): all ${mix.distinct} questions (${mix.alertChecks} alert checks) asked once in ${((drainedAt - started) / 1000).toFixed(1)} s = ${(mix.distinct / ((drainedAt - started) / 1000)).toFixed(0)} questions, ${(mix.alertChecks / ((drainedAt - started) / 1000)).toFixed(0)} alert checks per second (worker start-up included)`
      : `2. capacity: the cold-start backlog of ${mix.distinct} questions (${mix.alertChecks} alert checks) was not drained within ${SECONDS} s`,
  )
  console.log(
    steadyAt
      ? `   steady state (${since(steadyAt)} s to ${since(ended.getTime())} s): ${steadyRate.toFixed(0)} alert checks per second (the plan asks ${(mix.alertChecks / (INTERVAL_MS / 1000)).toFixed(0)}), ${(total / steadySeconds).toFixed(0)} question checks per second (the plan asks ${(mix.distinct / (INTERVAL_MS / 1000)).toFixed(0)}); check lateness p50 <= ${quantile(0.5)} s, p99 <= ${quantile(0.99)} s (histogram buckets, ${total} questions)`
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
    // Figure 7: what the workers asked Disney, against the questions they checked.
    const calls = (family: string) =>
      (callsAtEnd.get(family) ?? 0) - (callsAtSteady.get(family) ?? 0)
    const allCalls = [...callsAtEnd.keys()].reduce((sum, family) => sum + calls(family), 0)
    const screened = screenedAtEnd - screenedAtSteady
    const intervals = steadySeconds / (INTERVAL_MS / 1000)
    const perInterval = (count: number, per: number) =>
      `${(count / intervals).toFixed(0)} / ${per} = ${(count / intervals / per).toFixed(3)}`
    console.log(
      `7. Disney calls in the steady state, as the workers made them: ${total} question checks in ${intervals.toFixed(2)} intervals (questions checked an interval / distinct questions: ${perInterval(total, mix.distinct)}); Walt Disney World: ${calls('wdw-hotel')} room-level calls, ${screened} room-level questions screened out without one (${((100 * screened) / (screened + calls('wdw-hotel'))).toFixed(0)} %), ${calls('wdw-all-resorts')} multi-resort calls; Disneyland: ${calls('dlr-hotel')} room-level calls; dining: ${calls('dining')} calls`,
    )
    console.log(
      `   calls per question check: ${allCalls} / ${total} = ${(allCalls / total).toFixed(3)}; calls an interval / distinct questions: ${perInterval(allCalls, mix.distinct)} (with the ${mix.wdwStays} multi-resort questions counted as questions: ${perInterval(allCalls, mix.distinct + mix.wdwStays)}); multi-resort calls an interval / WDW stays and parties: ${perInterval(calls('wdw-all-resorts'), mix.wdwStays)} (an answer is kept an interval, so a stay and party is asked at most once in any interval; a window of a few intervals may still hold two asks of one)`,
    )
    // Figure 8: an alert's questions at what a question check costs here. CPU is one average
    // for every question; calls are counted by kind (a hotel question's answered by the screen,
    // a dining one's always asked), each check being a call or a screened-out question.
    const cpuPerQuestion = totalMs / total
    const hotelChecks = calls('wdw-hotel') + screened + calls('dlr-hotel')
    const callsPerCheck: Record<AlertKind, number> = {
      hotel: (calls('wdw-hotel') + calls('wdw-all-resorts') + calls('dlr-hotel')) / hotelChecks,
      dining: calls('dining') / (total - hotelChecks),
    }
    console.log(
      `8. a question check costs ${cpuPerQuestion.toFixed(2)} ms of CPU (worker ${(workerMs / total).toFixed(2)} + Postgres ${(postgresMs / total).toFixed(2)} + Redis ${(redisMs / total).toFixed(2)} ms) and Disney calls: ${callsPerCheck.hotel.toFixed(3)} a hotel question (multi-resort calls included), ${callsPerCheck.dining.toFixed(3)} a dining one; so an interval of an alert costs:`,
    )
    for (const c of mix.classes) {
      const asks = perAlert(c.questions, c)
      const share = perAlert(c.share, c)
      const exact = classOf(mix, c.kind, false)
      console.log(
        `   ${className(c)}: asks ${asks.toFixed(1)} questions, ${share.toFixed(2)} of them its share${c.flexible ? ` (${(share / perAlert(exact.share, exact)).toFixed(1)}× an exact ${c.kind} alert's)` : ''}: ${(share * cpuPerQuestion).toFixed(2)} ms of CPU and ${(share * callsPerCheck[c.kind]).toFixed(2)} calls (${(asks * cpuPerQuestion).toFixed(1)} ms and ${(asks * callsPerCheck[c.kind]).toFixed(1)} calls with none of them shared)`,
      )
    }
    const cap = MAX_QUESTIONS_PER_ALERT
    const perSecond = (value: number) => (value / (INTERVAL_MS / 1000)).toFixed(2)
    console.log(
      `   a hotel alert at the cap (${cap} questions, none shared): ${(cap * cpuPerQuestion).toFixed(0)} ms of CPU and ${(cap * callsPerCheck.hotel).toFixed(0)} calls an interval at this run's rate of calls (at most ${cap} room-level calls, and at Walt Disney World one multi-resort call a stay); on The Club's 2 minutes ${perSecond(cap * cpuPerQuestion)} ms of CPU and ${perSecond(cap * callsPerCheck.hotel)} calls a second (at most ${perSecond(cap)} room-level ones)`,
    )
  }
  const deadRows = await sql<{ dead: string; autovacuum: string }>`
    select coalesce(sum(n_dead_tup), 0) as dead, current_setting('autovacuum') as autovacuum
    from pg_stat_user_tables where relname in ('questions', 'hotel_alerts', 'dining_alerts')`.execute(
    db,
  )
  console.log(
    `   database at the end: ${(await dbSize()).toFixed(0)} MB (${sizeAfter.toFixed(0)} MB after populating); the questions' and alert tables' dead row versions: ${deadRows.rows[0]?.dead} (autovacuum ${deadRows.rows[0]?.autovacuum} on this server)`,
  )
  const priced = await sql<{ changes: string; texts: string; watches: string; ceilings: string }>`
    select (select count(*) from price_changes) as changes,
      (select count(*) from notifications where purpose = 'price') as texts,
      (select count(*) from hotel_alerts where watch = 'price') as watches,
      (select count(*) from hotel_alerts where max_nightly_price_cents is not null) as ceilings`.execute(
    db,
  )
  const prices = priced.rows[0]!
  console.log(
    `   prices over the run: ${prices.changes} price_changes rows (a row when a room's price or offer changed, or it stopped being bookable), ${prices.texts} price-drop texts to ${prices.watches} watches, ${prices.ceilings} alerts with a ceiling`,
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
