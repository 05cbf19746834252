/**
 * Causing faults for real in integration tests: worker processes to kill, a TCP proxy to
 * Postgres whose connections can be cut, and a Redis of a test's own to stop and start.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { connect, createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Redis } from 'ioredis'
import { freePort } from './ports.ts'

/** Waits until `check` holds, polling; answers how long that took. A timeout says what it was. */
export async function until(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 90_000,
  explain?: () => Promise<unknown>,
) {
  const started = Date.now()
  while (!(await check().catch(() => false))) {
    if (Date.now() - started > timeoutMs) {
      const state = explain ? `: ${JSON.stringify(await explain().catch(String))}` : ''
      throw new Error(`timed out waiting until ${what}${state}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return Date.now() - started
}

/** A worker process as `npm run worker` starts it, ticking fast, with the simulators inside. */
export function spawnWorker(env: Record<string, string> = {}) {
  return spawn(process.execPath, ['--import', 'tsx', 'worker/index.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      TICK_INTERVAL_MS: '500',
      WORKER_METRICS_PORT: '0',
      SMS_RATE_PER_SECOND: '500',
      UPSTREAM_RATE_PER_SECOND: '40',
      ...env,
    },
    // Logs are at `error` only: what a worker reports as failing shows in the test's output.
    stdio: ['ignore', 'inherit', 'inherit'],
  })
}

/** The process's exit code once it has exited. */
export function exited(child: ChildProcess) {
  return new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode)
    else child.once('exit', (code) => resolve(code))
  })
}

/** A TCP proxy to Postgres whose connections the test can cut, and which it can close. */
export async function postgresProxy() {
  const sockets = new Set<Socket>()
  let server: Server | undefined
  const port = await freePort()
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(5432, '127.0.0.1')
        for (const socket of [client, upstream]) {
          sockets.add(socket)
          socket.on('close', () => sockets.delete(socket))
          socket.on('error', () => undefined)
        }
        client.pipe(upstream).pipe(client)
      })
      server.listen(port, '127.0.0.1', () => resolve())
    })
  const cut = async () => {
    const closed = new Promise<void>((resolve) => server!.close(() => resolve()))
    for (const socket of sockets) socket.destroy()
    await closed
  }
  await open()
  const proxied = new URL(process.env.DATABASE_URL!)
  proxied.port = String(port)
  /** DATABASE_URL through the proxy. */
  const url = proxied.toString()
  return { port, url, open, cut }
}

/**
 * A redis-server on 127.0.0.1:`port` with its files in `dir`, an AOF and `settings` besides;
 * `answering` resolves once it answers a PING, and rejects if it exits first.
 */
export function redisServer(port: number, dir: string, settings: readonly string[]) {
  const server = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--appendonly',
      'yes',
      ...settings,
    ],
    { stdio: 'ignore' },
  )
  const answering = (async () => {
    const probe = new Redis(`redis://127.0.0.1:${port}`, {
      lazyConnect: true,
      retryStrategy: () => 100,
    })
    probe.on('error', () => undefined)
    try {
      await until('Redis answers', async () => {
        if (server.exitCode !== null) return true
        await probe.connect().catch(() => undefined)
        return (await probe.ping()) === 'PONG'
      })
    } finally {
      probe.disconnect()
    }
    if (server.exitCode !== null) throw new Error(`redis-server exited (code ${server.exitCode})`)
  })()
  return { server, answering }
}

/**
 * A redis-server of a test's own, which it can stop (keeping its data or not) and start again;
 * `children` gets the process, for a test that kills what it started when it ends.
 */
export async function ownRedis(children: ChildProcess[] = []) {
  const port = await freePort()
  const dir = mkdtempSync(path.join(tmpdir(), 'redis-'))
  let server: ChildProcess | undefined
  const url = `redis://127.0.0.1:${port}`
  const start = async () => {
    if (server && server.exitCode === null && server.signalCode === null) return
    const started = redisServer(port, dir, ['--save', ''])
    server = started.server
    children.push(server)
    await started.answering
  }
  const stop = async (keepData: boolean) => {
    const client = new Redis(url)
    client.on('error', () => undefined)
    await client.call('SHUTDOWN', keepData ? 'SAVE' : 'NOSAVE').catch(() => undefined)
    client.disconnect()
    await exited(server!)
    if (!keepData) {
      rmSync(dir, { recursive: true, force: true })
      mkdirSync(dir)
    }
  }
  return { url, start, stop, dir }
}

/**
 * Disney's and Twilio's stand-ins as a process of their own (`npm run simulator`), started as
 * node itself with tsx as a loader: one process, so a kill stops it (`.bin/tsx` would start the
 * server as a child of its own, left running when only the parent is killed).
 */
export function spawnSimulator(args: readonly string[], env: Record<string, string> = {}) {
  return spawn(process.execPath, ['--import', 'tsx', 'mocks/simulator-server.ts', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
}
