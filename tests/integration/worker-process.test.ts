import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { createAlertRow, createUser, daysFromToday } from '../../db/factories.ts'
import { maintenanceProcessor } from '../../worker/maintenance.ts'
import { linkQuestions } from '~/models/question.server'
import { createSession } from '~/models/session.server'
import { issueCode } from '~/models/verification.server'
import { getEnv } from '~/env.server'
import { getDb } from '~/utils/db.server'
import { liveWorkers } from '~/utils/heartbeat.server'
import { getLogger } from '~/utils/logger.server'
import { getRedis } from '~/utils/redis.server'
import { getSmsQueue } from '~/utils/sms-queue.server'
import { alertRow } from '../support/rows.ts'

async function until(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const started = Date.now()
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('the worker process', () => {
  it('beats a heartbeat while it runs and shuts down cleanly on SIGTERM', async () => {
    const env = getEnv()
    // As `npm run worker` starts it: node itself receives the signal, no launcher in between.
    const child = spawn(process.execPath, ['--import', 'tsx', 'worker/index.ts'], {
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
      stdio: 'ignore',
    })
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    )
    await until(async () => (await liveWorkers(getRedis(), env.redisPrefix)) === 1)
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    // A clean stop takes its heartbeat with it, so /healthz/worker notices at once.
    expect(await liveWorkers(getRedis(), env.redisPrefix)).toBe(0)
  })
})

describe('the maintenance sweep', () => {
  it('deletes expired and long-revoked sessions and stale codes, keeps the rest, and brings the questions up to date', async () => {
    const db = getDb()
    const user = await createUser(db)
    const longAgo = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000)
    await createSession(db, user.id, 'web', longAgo)
    await createSession(db, user.id, 'web')
    await issueCode(
      db,
      user.phoneNumber,
      getEnv().sessionSecret,
      new Date(Date.now() - 2 * 60 * 60 * 1000),
    )

    // A trial that ended with time alone, and a question its only alert was edited away from.
    const trial = await createUser(db, { planId: 'pixie-dust', trialStartUtc: new Date() })
    const ended = await createAlertRow(db, 'dining', trial.id, { reserveDate: daysFromToday(44) })
    const moved = await createAlertRow(db, 'dining', trial.id, { reserveDate: daysFromToday(45) })
    expect((await alertRow('dining', ended.id)).intervalMinutes).toBe(1440)
    await db
      .updateTable('users')
      .set({ trialStartUtc: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) })
      .where('id', '=', trial.id)
      .execute()
    await db
      .updateTable('diningAlerts')
      .set({ reserveDates: [daysFromToday(46)] })
      .where('id', '=', moved.id)
      .execute()
    await linkQuestions(db, 'dining', moved.id)

    const sweep = maintenanceProcessor(db, getLogger(), {
      analyticsRetentionDays: 395,
      queues: { sms: getSmsQueue() },
      appUrl: getEnv().appUrl,
    })
    const result = await sweep({ id: 'test' } as Parameters<typeof sweep>[0])
    expect(result).toEqual({
      sessions: 1,
      codes: 1,
      drafts: 0,
      analyticsEvents: 0,
      questions: 2,
      oldOpenings: 0,
      unasked: 1,
      oldIncidents: 0,
      oldPrices: 0,
      reminders: { texted: 0, skipped: 0 },
    })
    expect(await alertRow('dining', ended.id)).toMatchObject({
      intervalMinutes: null,
      nextCheckAt: null,
    })
    const gone = await db
      .selectFrom('questions')
      .where('id', '=', moved.questionId)
      .executeTakeFirst()
    expect(gone).toBeUndefined()
    const left = await db.selectFrom('sessions').where('userId', '=', user.id).execute()
    expect(left).toHaveLength(1)
  })
})
