import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { Database } from './schema.ts'

// BIGINT counts come back as strings by default; ours all fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))
// DATE columns stay 'YYYY-MM-DD' strings: a calendar date has no time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value)

export type DB = Kysely<Database>

export function createDb(connectionString: string, options: { max?: number } = {}): DB {
  return new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString, max: options.max ?? 10 }),
    }),
    plugins: [new CamelCasePlugin()],
  })
}
