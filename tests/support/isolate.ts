/**
 * Runs before each integration test file: a database copied from the template, a Redis prefix
 * and an SMS outbox of the file's own, and msw standing in for Twilio.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, inject } from 'vitest'
import { dropDatabase, ensureDatabase } from '../../db/migrator.ts'
import { databaseUrl, uniqueName } from './databases.ts'
import { errorRecorder, takeUnexpectedErrorLogs } from './logs.ts'

const name = uniqueName('test')
const url = databaseUrl(name)
await ensureDatabase(url, inject('templateDatabase'))

Object.assign(process.env, {
  NODE_ENV: 'test',
  DATABASE_URL: url,
  REDIS_PREFIX: name,
  MOCKS: 'true',
  LOG_LEVEL: 'silent',
  SMS_OUTBOX_PATH: path.join(mkdtempSync(path.join(tmpdir(), 'outbox-')), 'sms.jsonl'),
  ADMIN_PHONE_NUMBERS: '+12015550199',
})

const { getEnv } = await import('../../app/env.server.ts')
const { startMocks } = await import('../../mocks/index.ts')
// No test reaches an outside service: a request msw does not answer fails, except to this machine.
const mocks = startMocks(getEnv(), {
  calls: ['disney', 'twilio', 'stripe'],
  onUnhandledRequest: (request, print) => {
    const { hostname } = new URL(request.url)
    if (hostname !== '127.0.0.1' && hostname !== 'localhost') print.error()
  },
})

// The web's logger writes errors to the recorder; one no test expected fails the test.
const { createLogger, WEB_LOGGER } = await import('../../app/utils/logger.server.ts')
const { singleton } = await import('../../app/utils/singleton.server.ts')
singleton(WEB_LOGGER, () => createLogger('web', { level: 'error', destination: errorRecorder }))
afterEach(() => {
  const unexpected = takeUnexpectedErrorLogs()
  if (unexpected.length) throw new Error(`Unexpected error logs: ${unexpected.join(' | ')}`)
})

afterAll(async () => {
  mocks?.close()
  const { getDb } = await import('../../app/utils/db.server.ts')
  const { getRedis } = await import('../../app/utils/redis.server.ts')
  await getDb().destroy()
  const redis = getRedis()
  const keys = await redis.keys(`${name}:*`)
  if (keys.length) await redis.del(...keys)
  await redis.quit()
  await dropDatabase(url)
})
