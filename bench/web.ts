/**
 * Web benchmark, after `npm run build`:
 * `npm run bench:web -- [--seconds S] [--connections C] [--pages /a,/b] [--processes N] [--profile DIR]`.
 * Starts the production build with mocks on a free port and a database of its own, signs a user
 * in through /login (the code read from the SMS outbox), gives them a plan and 10 alerts, then
 * runs autocannon at C connections (50 by default) on /dashboard signed in and on the public
 * pages signed out. Per page it prints requests/s, p50/p99 latency, errors and non-2xx answers,
 * the size of each gzipped answer, and CPU milliseconds per request: the web server's (from
 * /proc/PID/stat before and after), Postgres's, and the whole machine's (from /proc/stat, so the
 * load generator and anything else running count too), with the load average. The machine's
 * figure is the ceiling: each core gives 1,000 ms of CPU a second, so on K cores N requests/s
 * need at most 1000 × K / N ms each, all processes together.
 * `--processes N` starts N web servers and splits the connections evenly between them, as a load
 * balancer in front of N processes would; latencies are then those of the slowest process.
 * Numbers, not assertions: run it by hand. `--profile DIR` starts the server with
 * `node --cpu-prof` and leaves its profile in DIR.
 */
import { spawn } from 'node:child_process'
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
import { cpuMs, machineCpuMs, postgresCpuMs, postgresCpuSince } from './proc.ts'
import { freePort } from '../tests/support/ports.ts'

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '15' },
    connections: { type: 'string', default: '50' },
    // Some of the pages only, e.g. `--pages /dashboard` while profiling one.
    pages: { type: 'string' },
    processes: { type: 'string', default: '1' },
    profile: { type: 'string' },
  },
})
const SECONDS = Number(args.seconds)
const CONNECTIONS = Number(args.connections)
const PROCESSES = Number(args.processes)
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

async function measure(servers: Server[], page: string, cookie?: string) {
  // Each server gets its share of the connections, as behind a load balancer.
  const run = (duration: number) =>
    Promise.all(
      servers.map((server) =>
        autocannon({
          url: `${server.baseUrl}${page}`,
          connections: Math.max(1, Math.round(CONNECTIONS / servers.length)),
          duration,
          headers: { 'Accept-Encoding': 'gzip', ...(cookie && { Cookie: cookie }) },
        }),
      ),
    )
  await run(3) // warm-up: JIT, pools, caches
  const load = loadavg()[0]!
  const serverCpu = () => servers.reduce((sum, server) => sum + cpuMs(server.pid), 0)
  const before = { server: serverCpu(), postgres: postgresCpuMs(), machine: machineCpuMs() }
  const results = await run(SECONDS)
  const requests = Math.max(
    1,
    results.reduce((sum, result) => sum + result.requests.total, 0),
  )
  const perRequest = (ms: number) => Number((ms / requests).toFixed(2))
  return {
    page: `${page}${cookie ? ' (signed in)' : ''}`,
    'req/s': Math.round(results.reduce((sum, result) => sum + result.requests.average, 0)),
    'p50 ms': Math.max(...results.map((result) => result.latency.p50)),
    'p99 ms': Math.max(...results.map((result) => result.latency.p99)),
    errors: results.reduce((sum, result) => sum + result.errors + result.timeouts, 0),
    'non-2xx': results.reduce((sum, result) => sum + result.non2xx, 0),
    'web CPU ms/req': perRequest(serverCpu() - before.server),
    'Postgres ms/req': perRequest(postgresCpuSince(before.postgres)),
    'machine ms/req': perRequest(machineCpuMs() - before.machine),
    'kB/req': Number(
      (results.reduce((sum, result) => sum + result.throughput.total, 0) / requests / 1000).toFixed(
        1,
      ),
    ),
    'load avg': Number(load.toFixed(2)),
  }
}

interface Server {
  baseUrl: string
  pid: number
  stop: () => Promise<unknown>
}

/** A web process as `npm run start:web` runs it, with the production log level. */
async function startServer(outboxPath: string): Promise<Server> {
  const port = await freePort()
  const baseUrl = `http://localhost:${port}`
  const profile = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${args.profile}`] : []
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
  const stop = () =>
    new Promise((resolve) => {
      server.once('exit', resolve)
      server.kill('SIGTERM')
    })
  await waitUntilUp(baseUrl).catch(async (error: unknown) => {
    await stop()
    throw error
  })
  return { baseUrl, pid: server.pid!, stop }
}

async function main() {
  await setUpDatabase(databaseUrl)
  const outboxPath = path.join(await mkdtemp(path.join(tmpdir(), 'bench-web-')), 'sms.jsonl')
  const servers: Server[] = []
  try {
    // Sessions live in Postgres, so the cookie one process gave is good at every other.
    for (let i = 0; i < PROCESSES; i++) servers.push(await startServer(outboxPath))
    const cookie = await signIn(servers[0]!.baseUrl, outboxPath)
    await giveAlerts()
    console.log(
      `${new Date().toISOString()}: ${CONNECTIONS} connections over ${PROCESSES} web ` +
        `process${PROCESSES === 1 ? '' : 'es'}, ${SECONDS} s a page, load average ${loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
    )
    const rows = []
    for (const page of PAGES) {
      // The dashboard is measured signed in, the public pages as a visitor sees them.
      const signedIn = page.startsWith('/dashboard')
      rows.push(await measure(servers, page, signedIn ? cookie : undefined))
    }
    console.table(rows)
  } finally {
    await Promise.all(servers.map((server) => server.stop()))
    await dropDatabase(databaseUrl)
  }
}

await main()
