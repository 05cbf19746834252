import { json } from '@remix-run/node'
import { createDb, type DB } from '../../db/client.ts'
import { getEnv } from '~/env.server'
import { getLogger } from '~/utils/logger.server'
import { singleton } from '~/utils/singleton.server'

/**
 * The process's one pool. A page waits at most a few seconds on the database, then answers 503
 * in words; text Postgres cannot store is a 400 that changed nothing.
 */
export function getDb(): DB {
  return singleton('db', () =>
    createDb(getEnv().databaseUrl, {
      connectionTimeoutMs: 3_000,
      statementTimeoutMs: 5_000,
      // A page asks the same few questions each time: Postgres plans each once per connection.
      preparedStatements: 200,
      onIdleError: (error) => getLogger().warn({ err: error }, 'database connection lost'),
      onUnavailable: (error) => {
        getLogger().warn({ err: error }, 'database unavailable; answered 503')
        return json(
          { message: 'The service is busy right now. Please try again in a moment.' },
          { status: 503, headers: { 'Retry-After': '5', 'Cache-Control': 'no-store' } },
        )
      },
      onRefusedText: () =>
        json({ message: 'Text must not contain NUL characters.' }, { status: 400 }),
    }),
  )
}
