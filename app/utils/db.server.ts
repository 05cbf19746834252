import { json } from '@remix-run/node'
import { createDb, type DB } from '../../db/client.ts'
import { getEnv } from '~/env.server'
import { getLogger } from '~/utils/logger.server'

// One pool per process; kept on globalThis so a dev rebuild does not open another.
const g = globalThis as typeof globalThis & { __db?: DB }

export function getDb(): DB {
  // A page waits at most a few seconds on the database, then answers 503 (entry.server.tsx).
  g.__db ??= createDb(getEnv().databaseUrl, {
    connectionTimeoutMs: 3_000,
    statementTimeoutMs: 5_000,
    onIdleError: (error) => getLogger().warn({ err: error }, 'database connection lost'),
    onUnavailable: (error) => {
      getLogger().warn({ err: error }, 'database unavailable; answered 503')
      return json(
        { message: 'The service is busy right now. Please try again in a moment.' },
        { status: 503, headers: { 'Retry-After': '5', 'Cache-Control': 'no-store' } },
      )
    },
  })
  return g.__db
}
