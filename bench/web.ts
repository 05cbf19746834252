/**
 * Web benchmark, after `npm run build`:
 * `npm run bench:web -- [--seconds S] [--connections C] [--pages /a,/b] [--profile DIR]`.
 * Starts the production build with mocks on a free port and a database of its own, signs a user
 * in through /login (the code read from the SMS outbox), gives them a plan and 10 alerts, then
 * runs autocannon at C connections (50 by default) on /dashboard signed in and on the public
 * pages signed out. Per page it prints requests/s, p50/p99 latency, errors and non-2xx answers,
 * the size of each gzipped answer, and the server's CPU milliseconds per request (from
 * /proc/PID/stat before and after), with the load average. Numbers, not assertions: run it by
 * hand. `--profile DIR` starts the server with `node --cpu-prof` and leaves its profile in DIR.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { createDb } from '../db/client.ts'
import { createAlertRow, daysFromToday } from '../db/factories.ts'
import { dropDatabase } from '../db/migrator.ts'
import { setUpDatabase } from '../db/seed.ts'
import { latestCode } from '../tests/support/outbox.ts'
import { freePort } from '../tests/support/ports.ts'

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '15' },
    connections: { type: 'string', default: '50' },
    // Some of the pages only, e.g. `--pages /dashboard` while profiling one.
    pages: { type: 'string' },
    profile: { type: 'string' },
  },
})
const SECONDS = Number(args.seconds)
const CONNECTIONS = Number(args.connections)
const PAGES = args.pages?.split(',') ?? [
  '/dashboard',
  '/',
  '/pricing',
  '/faq',
  '/alerts/hotels',
  '/alerts/dining',
]
const PHONE = '+12015550142'
const name = `benchweb_${Date.now().toString(36)}`
const databaseUrl = `postgres://postgres@127.0.0.1:5432/${name}`
const TICKS_PER_SECOND = 100 // getconf CLK_TCK on Linux

/** CPU milliseconds (user + system) the process has used, from /proc/PID/stat. */
function cpuMs(pid: number) {
  // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND
}

async function waitUntilUp(baseUrl: string) {
  for (let tries = 0; tries < 120; tries++) {
    const up = await fetch(`${baseUrl}/livez`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error('the web server did not start')
}

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ')

/** Signs in as a person does: the phone number, then the texted code, through /login. */
async function signIn(baseUrl: string, outboxPath: string) {
  const post = (body: Record<string, string>, cookie = '') =>
    fetch(`${baseUrl}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: baseUrl,
        Cookie: cookie,
      },
      body: new URLSearchParams(body),
    })
  const sent = await post({ _action: 'send', phoneNumber: PHONE })
  if (sent.status !== 302) throw new Error(`sending the code answered ${sent.status}`)
  const code = latestCode(PHONE, outboxPath)
  const verified = await post({ _action: 'verify', phoneNumber: PHONE, code }, cookiesOf(sent))
  const session = cookiesOf(verified)
  if (!session.includes('session=')) throw new Error(`login answered ${verified.status}`)
  return session
}

/** The signed-in user gets The Club and a realistic list: 6 hotel and 4 dining alerts. */
async function giveAlerts() {
  const db = createDb(databaseUrl)
  try {
    const user = await db
      .updateTable('users')
      .set({ planId: 'the-club', stripeSubscriptionPlanId: 'price_mock_the_club' })
      .where('phoneNumber', '=', PHONE)
      .returning('id')
      .executeTakeFirstOrThrow()
    for (let i = 0; i < 6; i++) {
      await createAlertRow(db, 'hotel', user.id, {
        checkInDate: daysFromToday(20 + i * 7),
        checkOutDate: daysFromToday(23 + i * 7),
      })
    }
    for (let i = 0; i < 4; i++)
      await createAlertRow(db, 'dining', user.id, { reserveDate: daysFromToday(10 + i) })
  } finally {
    await db.destroy()
  }
}

async function measure(baseUrl: string, pid: number, page: string, cookie?: string) {
  const options = {
    url: `${baseUrl}${page}`,
    connections: CONNECTIONS,
    headers: { 'Accept-Encoding': 'gzip', ...(cookie && { Cookie: cookie }) },
  }
  await autocannon({ ...options, duration: 3 }) // warm-up: JIT, pools, caches
  const load = loadavg()[0]!
  const cpuBefore = cpuMs(pid)
  const result = await autocannon({ ...options, duration: SECONDS })
  const cpu = cpuMs(pid) - cpuBefore
  return {
    page: `${page}${cookie ? ' (signed in)' : ''}`,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.timeouts,
    'non-2xx': result.non2xx,
    'CPU ms/req': Number((cpu / Math.max(1, result.requests.total)).toFixed(2)),
    'kB/req': Number(
      (result.throughput.total / Math.max(1, result.requests.total) / 1000).toFixed(1),
    ),
    'load avg': Number(load.toFixed(2)),
  }
}

async function main() {
  await setUpDatabase(databaseUrl)

  const port = await freePort()
  const baseUrl = `http://localhost:${port}`
  const outboxPath = path.join(await mkdtemp(path.join(tmpdir(), 'bench-web-')), 'sms.jsonl')
  const profile = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${args.profile}`] : []
  // As `npm run start:web` runs it, with the production log level: pino-http logs every request.
  const server = spawn(process.execPath, [...profile, '--import', 'tsx', 'server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      APP_URL: baseUrl,
      DATABASE_URL: databaseUrl,
      REDIS_PREFIX: name,
      MOCKS: 'true',
      SESSION_SECRET: 'bench-web-session-secret-0123456789abcdef',
      SMS_OUTBOX_PATH: outboxPath,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  try {
    await waitUntilUp(baseUrl)
    const cookie = await signIn(baseUrl, outboxPath)
    await giveAlerts()
    console.log(
      `${new Date().toISOString()}: ${CONNECTIONS} connections, ${SECONDS} s a page, ` +
        `load average ${loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
    )
    const rows = []
    for (const page of PAGES) {
      // The dashboard is measured signed in, the public pages as a visitor sees them.
      const signedIn = page.startsWith('/dashboard')
      rows.push(await measure(baseUrl, server.pid!, page, signedIn ? cookie : undefined))
    }
    console.table(rows)
  } finally {
    await new Promise((resolve) => {
      server.once('exit', resolve)
      server.kill('SIGTERM')
    })
    await dropDatabase(databaseUrl)
  }
}

await main()
