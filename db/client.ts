import {
  CamelCasePlugin,
  Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
} from 'kysely'
import pg from 'pg'
import type { Database } from './schema.ts'

// BIGINT counts come back as strings by default; ours all fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))
// DATE columns stay 'YYYY-MM-DD' strings: a calendar date has no time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value)

export type DB = Kysely<Database>

export interface DbOptions {
  max?: number
  /** How long a request waits for a connection before it fails (the database is down). */
  connectionTimeoutMs?: number
  /** The longest a statement may run: a locked table fails a request instead of hanging it. */
  statementTimeoutMs?: number
  /**
   * A connection that dies (the server restarts, the network drops it) is reported here; without
   * a listener pg would crash the process. The pool opens a new one on demand.
   */
  onIdleError?: (error: Error) => void
  /**
   * What to throw instead when the database cannot serve a query (no connection in time, a
   * statement cut off by the time limit, a connection lost mid-query). The web throws a 503.
   */
  onUnavailable?: (error: Error) => unknown
  /**
   * What to throw instead when Postgres refuses the text it was given (a NUL character, which no
   * text column can hold): bad input, and nothing was written. The web throws a 400.
   */
  onRefusedText?: (error: Error) => unknown
}

/** Postgres's codes for text it cannot store (0x00 in UTF-8, in text or in JSON). */
const REFUSED_TEXT_CODES = new Set(['22021', '22P05'])

/** pg's codes for a statement cut off by statement_timeout or a server shutting down. */
const UNAVAILABLE_CODES = new Set(['57014', '57P01', '57P02', '57P03', '08006', '08003', '08001'])

export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: string }).code
  return (
    (code !== undefined && UNAVAILABLE_CODES.has(code)) ||
    /Connection terminated|timeout exceeded when trying to connect|ECONNREFUSED|ECONNRESET/.test(
      error.message,
    )
  )
}

/**
 * The pool Kysely sees: pg's, with "the database cannot serve this" turned into `onUnavailable`
 * and "Postgres cannot store this text" into `onRefusedText`.
 */
function guarded(
  pool: pg.Pool,
  onUnavailable: (error: Error) => unknown,
  onRefusedText: ((error: Error) => unknown) | undefined,
): PostgresPool {
  const rethrow = (error: unknown): never => {
    if (isUnavailable(error)) throw onUnavailable(error as Error)
    const code = (error as { code?: string }).code
    if (onRefusedText && code && REFUSED_TEXT_CODES.has(code)) throw onRefusedText(error as Error)
    throw error
  }
  return {
    async connect() {
      const client = await pool.connect().catch(rethrow)
      // Kysely asks with (sql, parameters), or with a cursor when it streams, which is passed on.
      const query = (sqlOrCursor: unknown, parameters?: readonly unknown[]) =>
        typeof sqlOrCursor === 'string'
          ? client.query(sqlOrCursor, parameters as unknown[]).catch(rethrow)
          : client.query(sqlOrCursor as never)
      return {
        query: query as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      }
    },
    end: () => pool.end(),
  }
}

export function createDb(connectionString: string, options: DbOptions = {}): DB {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
    statement_timeout: options.statementTimeoutMs ?? 30_000,
    // A transaction left open by a dead request must not hold its locks for ever.
    idle_in_transaction_session_timeout: 60_000,
    // pg closes a connection idle for 10 s by default; a worker between bursts of checks would
    // then open it again (a Postgres process each time) a few seconds later.
    idleTimeoutMillis: 60_000,
  })
  // An idle client's error reaches both listeners below, and pg-pool hangs the whole client on it
  // (`error.client`) in one of them. A report becomes a log line, so each error is reported once,
  // after both listeners have run, without the client.
  const reported = new WeakSet<Error>()
  const report = (error: Error) => {
    if (reported.has(error)) return
    reported.add(error)
    queueMicrotask(() => {
      delete (error as Error & { client?: unknown }).client
      options.onIdleError?.(error)
    })
  }
  pool.on('error', report)
  // A client whose connection drops while checked out emits on itself, not on the pool.
  pool.on('connect', (client) => client.on('error', report))
  return new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: options.onUnavailable
        ? guarded(pool, options.onUnavailable, options.onRefusedText)
        : pool,
    }),
    plugins: [new CamelCasePlugin()],
  })
}
