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
// And so do DATE[] ones (a dining alert's dates): read as the text arrays they print as. The
// typings list the builtin scalar types only; these are their arrays' oids (pg_type.typarray).
type TypeId = Parameters<typeof pg.types.getTypeParser>[0]
const DATE_ARRAY = 1182 as TypeId
const TEXT_ARRAY = 1009 as TypeId
pg.types.setTypeParser(DATE_ARRAY, pg.types.getTypeParser(TEXT_ARRAY))

export type DB = Kysely<Database>

export interface DbOptions {
  max?: number
  /** How long a request waits for a connection before it fails (the database is down). */
  connectionTimeoutMs?: number
  /**
   * The longest a statement may run: a locked table fails a request instead of hanging it. A
   * statement_timeout in the connection string is kept instead.
   */
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
  /**
   * How many distinct statements to prepare on each connection (none by default). A prepared
   * statement skips Postgres's parse and plan after its first run on a connection.
   */
  preparedStatements?: number
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
 * Names for the statements a process sends: Postgres parses and plans a named statement once per
 * connection rather than on every query (docs/decisions/0024). Only the first `limit` texts get a
 * name, so a process that builds many shapes of query holds a bounded number on each connection.
 */
function statementNames(limit: number) {
  const names = new Map<string, string>()
  return (text: string) => {
    let name = names.get(text)
    if (name === undefined && names.size < limit) {
      name = `s${names.size}`
      names.set(text, name)
    }
    return name
  }
}

/**
 * Postgres refuses a prepared statement whose rows a migration has changed (a column added to a
 * table it selects `*` from); the same text, unprepared, runs.
 */
function isStalePlan(error: unknown) {
  return (
    (error as { code?: string }).code === '0A000' &&
    /cached plan must not change result type/.test((error as Error).message)
  )
}

interface Guards {
  onUnavailable?: (error: Error) => unknown
  onRefusedText?: (error: Error) => unknown
  nameOf?: (text: string) => string | undefined
}

/**
 * The pool Kysely sees: pg's, with "the database cannot serve this" turned into `onUnavailable`,
 * "Postgres cannot store this text" into `onRefusedText`, and statements named by `nameOf`.
 */
function guarded(pool: pg.Pool, { onUnavailable, onRefusedText, nameOf }: Guards): PostgresPool {
  const rethrow = (error: unknown): never => {
    if (onUnavailable && isUnavailable(error)) throw onUnavailable(error as Error)
    const code = (error as { code?: string }).code
    if (onRefusedText && code && REFUSED_TEXT_CODES.has(code)) throw onRefusedText(error as Error)
    throw error
  }
  return {
    async connect() {
      const client = await pool.connect().catch(rethrow)
      let stale = false
      const run = async (text: string, values: unknown[]) => {
        const name = stale ? undefined : nameOf?.(text)
        try {
          return await client.query({ name, text, values })
        } catch (error) {
          if (!name || !isStalePlan(error)) return rethrow(error)
          // Every statement this connection prepared may be stale: it is closed when released.
          stale = true
          // Outside a transaction nothing ran, so the statement runs again, unprepared; inside
          // one the transaction has failed, and the caller tries again as after a lost connection.
          if (client.getTransactionStatus() === 'I')
            return client.query(text, values).catch(rethrow)
          throw onUnavailable ? onUnavailable(error as Error) : error
        }
      }
      // Kysely asks with (sql, parameters), or with a cursor when it streams, which is passed on.
      const query = (sqlOrCursor: unknown, parameters?: readonly unknown[]) =>
        typeof sqlOrCursor === 'string'
          ? run(sqlOrCursor, (parameters ?? []) as unknown[])
          : client.query(sqlOrCursor as never)
      return {
        query: query as unknown as PostgresPoolClient['query'],
        release: () => client.release(stale),
      }
    },
    end: () => pool.end(),
  }
}

/**
 * Whether the connection string sets statement_timeout itself, as a parameter or in `options`
 * (`?options=-c%20statement_timeout%3D2000`). pg sends the pool's limit as a startup parameter of
 * its own, which Postgres applies after `options`, so the pool sets none then.
 */
function setsStatementTimeout(connectionString: string) {
  if (!URL.canParse(connectionString)) return false
  const params = new URL(connectionString).searchParams
  return (
    params.has('statement_timeout') ||
    /(^|\s)(-c\s*|--)statement[_-]timeout=/i.test(params.get('options') ?? '')
  )
}

export function createDb(connectionString: string, options: DbOptions = {}): DB {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
    statement_timeout: setsStatementTimeout(connectionString)
      ? undefined
      : (options.statementTimeoutMs ?? 30_000),
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
      pool: guarded(pool, {
        onUnavailable: options.onUnavailable,
        onRefusedText: options.onRefusedText,
        nameOf: options.preparedStatements ? statementNames(options.preparedStatements) : undefined,
      }),
    }),
    plugins: [new CamelCasePlugin()],
  })
}
