import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { dropDatabase, ensureDatabase } from '../../db/migrator.ts'
import { databaseUrl, uniqueName } from './databases.ts'
import { freePort } from './ports.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    outboxPath: string
    databaseUrl: string
  }
}

/** The built app's session secret: the Twilio and Stripe stand-ins' signing secrets derive from it. */
export const BUILT_APP_SESSION_SECRET = 'browser-tests-session-secret-0123456789abcdef'

async function waitForHealth(
  baseUrl: string,
  processes: ChildProcess[],
  probe: string,
  timeoutMs = 30_000,
) {
  const started = Date.now()
  let last = ''
  while (Date.now() - started < timeoutMs) {
    if (processes.some((child) => child.exitCode !== null))
      throw new Error('the app exited during start-up')
    try {
      const response = await fetch(`${baseUrl}${probe}`)
      if (response.ok) return
      last = await response.text()
    } catch (error) {
      last = String(error)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`the app did not become healthy: ${last}`)
}

/**
 * Starts the built app (`npm run build` first) in production mode with mocks, plus a worker, on
 * an existing database: what a visitor would meet, with texts going to an outbox. The browser
 * tests and the Lighthouse benchmark (bench/lighthouse.ts) both start it here.
 */
export async function startBuiltApp(options: {
  databaseUrl: string
  redisPrefix: string
  adminPhoneNumbers?: string
}) {
  const port = await freePort()
  const outboxPath = path.join(mkdtempSync(path.join(tmpdir(), 'e2e-outbox-')), 'sms.jsonl')
  const env = {
    ...process.env,
    NODE_ENV: 'production' as const,
    PORT: String(port),
    APP_URL: `http://localhost:${port}`,
    DATABASE_URL: options.databaseUrl,
    REDIS_PREFIX: options.redisPrefix,
    MOCKS: 'true',
    SESSION_SECRET: BUILT_APP_SESSION_SECRET,
    SMS_OUTBOX_PATH: outboxPath,
    LOG_LEVEL: 'warn',
    ADMIN_PHONE_NUMBERS: options.adminPhoneNumbers ?? '',
    // The journeys check what people do; the simulator's random openings must not complete their
    // alerts mid-test, so the worker's scheduler stays quiet (monitoring has its own tests).
    TICK_INTERVAL_MS: '600000',
  }
  // The web's readiness, then the worker's first beat and the tick's schedule.
  const stop = await startApp(['server.ts', 'worker/index.ts'], env, '/healthz', '/healthz/worker')
  return { baseUrl: env.APP_URL, outboxPath, stop }
}

/** The browser project's global setup: the built app on a database copied from the template. */
export default async function setup(project: TestProject) {
  const name = uniqueName('e2e')
  const url = databaseUrl(name)
  await ensureDatabase(url, project.getProvidedContext().templateDatabase)
  const app = await startBuiltApp({
    databaseUrl: url,
    redisPrefix: name,
    // One admin number per test file: the login limits (5 codes an hour per number) stay far off.
    adminPhoneNumbers: '+12015550199,+12015550198,+12015550197,+12015550196',
  })
  project.provide('baseUrl', app.baseUrl)
  project.provide('outboxPath', app.outboxPath)
  project.provide('databaseUrl', url)

  return async () => {
    await app.stop()
    await dropDatabase(url)
  }
}

/**
 * Starts entries of the app (`server.ts`, `worker/index.ts`) with `env` and waits until each of
 * `probes` answers 200 on `http://localhost:${env.PORT}`; answers how to stop them.
 */
export async function startApp(
  entries: string[],
  env: NodeJS.ProcessEnv & { PORT: string },
  ...probes: string[]
): Promise<() => Promise<void>> {
  // As `npm start` runs them: node itself, with tsx's loader, so signals reach the process.
  const processes = entries.map((entry) =>
    spawn(process.execPath, ['--import', 'tsx', entry], {
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    }),
  )
  try {
    for (const probe of probes)
      await waitForHealth(`http://localhost:${env.PORT}`, processes, probe)
  } catch (error) {
    processes.forEach((child) => child.kill('SIGKILL'))
    throw error
  }
  return async () => {
    await Promise.all(
      processes.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve()
            child.once('exit', () => resolve())
            child.kill('SIGTERM')
            setTimeout(() => child.kill('SIGKILL'), 10_000).unref()
          }),
      ),
    )
  }
}
