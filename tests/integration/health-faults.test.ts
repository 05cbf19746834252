/**
 * The health endpoints under faults caused for real: worker processes killed and stopped while
 * the web stays ready, and Postgres refusing the web's connections. Recovery times are printed
 * (a figure, not an assertion).
 */
import type { ChildProcess } from 'node:child_process'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { loader as healthz } from '~/routes/healthz'
import { loader as workerHealth } from '~/routes/healthz.worker'
import { createWebDb } from '~/utils/db.server'
import { singleton } from '~/utils/singleton.server'
import { exited, postgresProxy, spawnWorker, until } from '../support/faults.ts'

// The web's pool in this file reaches Postgres through a proxy the tests can cut.
const proxy = await postgresProxy()
singleton('db', () => createWebDb(proxy.url))

const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
})

/** A worker that never ticks on its own: only its heartbeat and schedule matter here. */
function startWorker() {
  const child = spawnWorker({ TICK_INTERVAL_MS: '600000' })
  children.push(child)
  return child
}

/** Polls /healthz/worker until it answers `status`; every /healthz asked meanwhile must be 200. */
async function untilWorkerHealth(status: number) {
  const ready: number[] = []
  const took = await until(`/healthz/worker answers ${status}`, async () => {
    ready.push((await healthz()).status)
    return (await workerHealth()).status === status
  })
  expect(new Set(ready)).toEqual(new Set([200]))
  return took
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

describe('a worker killed outright, then stopped with SIGTERM', () => {
  it('leaves /healthz 200 throughout while /healthz/worker says `worker` until another beats', async () => {
    const first = startWorker()
    await untilWorkerHealth(200)

    first.kill('SIGKILL')
    await exited(first)
    const staleAfter = await untilWorkerHealth(503)
    const body = await (await workerHealth()).json()
    expect(body.failing).toEqual(['worker'])
    expect(body.checks.worker.detail).toMatch(/^no worker heartbeat in the last 9 seconds/)

    const restarted = startWorker()
    const backAfterKill = await untilWorkerHealth(200)

    // A clean stop takes its heartbeat with it: /healthz/worker says so at once.
    restarted.kill('SIGTERM')
    expect(await exited(restarted)).toBe(0)
    expect((await workerHealth()).status).toBe(503)
    expect((await healthz()).status).toBe(200)
    startWorker()
    const backAfterStop = await untilWorkerHealth(200)

    console.log(
      `worker health: kill -9 seen ${seconds(staleAfter)} after the kill, healthy ${seconds(backAfterKill)} after a new worker started; after SIGTERM healthy ${seconds(backAfterStop)} after a new worker started; /healthz 200 throughout`,
    )
  }, 120_000)
})

describe("Postgres refusing the web's connections", () => {
  it("makes /healthz 503 naming `database` in the error's own words, and 200 once it is back", async () => {
    expect((await healthz()).status).toBe(200)
    await proxy.cut()
    const refused = `connect ECONNREFUSED 127.0.0.1:${proxy.port}`
    const answers: string[] = []
    await until(
      '/healthz says Postgres refuses connections',
      async () => {
        const response = await healthz()
        const { failing, checks } = await response.json()
        answers.push(
          `${response.status} ${failing} (redis ok: ${checks.redis.ok}): ${checks.database.detail}`,
        )
        return checks.database.detail === refused
      },
      10_000,
      async () => answers,
    )
    const answer = (detail: string) => `503 database (redis ok: true): ${detail}`
    // A pooled connection the cut had not reached yet fails first, in its own words.
    for (const earlier of answers.slice(0, -1))
      expect(earlier).toBe(answer('Connection terminated unexpectedly'))
    expect(answers.at(-1)).toBe(answer(refused))

    await proxy.open()
    const back = await until('/healthz answers 200', async () => (await healthz()).status === 200)
    console.log(
      `/healthz: 503 naming the database while cut, 200 ${seconds(back)} after it was back`,
    )
  })
})

describe('a statement_timeout in DATABASE_URL', () => {
  it('is kept by the web, in options or as a parameter; without one the web limits statements to 5 s', async () => {
    for (const [query, shown] of [
      ['?options=-c%20statement_timeout%3D2000', '2s'],
      ['?statement_timeout=3000', '3s'],
      ['', '5s'],
    ]) {
      const db = createWebDb(`${process.env.DATABASE_URL}${query}`)
      const { rows } = await sql<{ statementTimeout: string }>`show statement_timeout`.execute(db)
      expect(rows[0]!.statementTimeout, query).toBe(shown)
      await db.destroy()
    }
  })
})
