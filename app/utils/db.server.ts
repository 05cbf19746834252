import { json } from '@remix-run/node'
import { createDb, type DB } from '../../db/client.ts'
import { getEnv } from '~/env.server'
import { getLogger } from '~/utils/logger.server'
import { singleton } from '~/utils/singleton.server'

/** The database error behind each 503 the pool threw, for /healthz to report in its own words. */
const causes = new WeakMap<Response, Error>()

/** The error that made the pool throw this 503, if it is one. */
export function unavailableCause(thrown: unknown): Error | undefined {
  return thrown instanceof Response ? causes.get(thrown) : undefined
}

/**
 * A pool as the web uses it. A page waits at most a few seconds on the database (unless
 * `connectionString` sets its own statement_timeout), then answers 503 in words; text Postgres
 * cannot store is a 400 that changed nothing.
 */
export function createWebDb(connectionString: string): DB {
  return createDb(connectionString, {
    connectionTimeoutMs: 3_000,
    statementTimeoutMs: 5_000,
    // A page asks the same few questions each time: Postgres plans each once per connection.
    preparedStatements: 200,
    onIdleError: (error) => getLogger().warn({ err: error }, 'database connection lost'),
    onUnavailable: (error) => {
      getLogger().warn({ err: error }, 'database unavailable; answered 503')
      const response = json(
        { message: 'The service is busy right now. Please try again in a moment.' },
        { status: 503, headers: { 'Retry-After': '5', 'Cache-Control': 'no-store' } },
      )
      causes.set(response, error)
      return response
    },
    onRefusedText: () =>
      json({ message: 'Text must not contain NUL characters.' }, { status: 400 }),
  })
}

/** The process's one pool. */
export function getDb(): DB {
  return singleton('db', () => createWebDb(getEnv().databaseUrl))
}
