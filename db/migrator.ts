import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  Kysely,
  Migrator,
  PostgresDialect,
  sql,
  type Migration,
  type MigrationProvider,
} from 'kysely'
import pg from 'pg'

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url))

/** Each `migrations/NNNN_name.sql` file is one forward-only migration, run in a transaction. */
class SqlFileMigrationProvider implements MigrationProvider {
  constructor(private readonly dir: string) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(this.dir)).filter((file) => file.endsWith('.sql')).sort()
    const migrations: Record<string, Migration> = {}
    for (const file of files) {
      const text = await readFile(path.join(this.dir, file), 'utf8')
      migrations[file.replace(/\.sql$/, '')] = {
        up: async (db) => {
          await sql.raw(text).execute(db)
        },
      }
    }
    return migrations
  }
}

/**
 * Runs the migrations not yet run, up to `through` when given (a test of one migration starts
 * from the schema before it). Without the camel-case plugin, so the SQL files are taken literally.
 */
export async function migrateToLatest(connectionString: string, through?: string) {
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString, max: 1 }),
    }),
  })
  try {
    const migrator = new Migrator({ db, provider: new SqlFileMigrationProvider(MIGRATIONS_DIR) })
    const { error, results } = await (through
      ? migrator.migrateTo(through)
      : migrator.migrateToLatest())
    if (error) {
      const failed = results?.find((result) => result.status === 'Error')
      throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, {
        cause: error,
      })
    }
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
  } finally {
    await db.destroy()
  }
}

function splitDatabaseUrl(connectionString: string) {
  const url = new URL(connectionString)
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''))
  if (!/^[a-z0-9_]+$/i.test(name)) throw new Error(`Unsupported database name "${name}"`)
  url.pathname = '/postgres'
  return { name, adminUrl: url.toString() }
}

async function withAdmin<T>(
  connectionString: string,
  run: (client: pg.Client, name: string) => Promise<T>,
) {
  const { name, adminUrl } = splitDatabaseUrl(connectionString)
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    return await run(client, name)
  } finally {
    await client.end()
  }
}

/** Creates the database named in the URL when it does not exist yet (optionally from a template). */
export async function ensureDatabase(connectionString: string, template?: string) {
  return withAdmin(connectionString, async (client, name) => {
    const existing = await client.query('select 1 from pg_database where datname = $1', [name])
    if (existing.rowCount) return false
    await client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`)
    return true
  })
}

export async function dropDatabase(connectionString: string) {
  await withAdmin(connectionString, async (client, name) => {
    await client.query(`drop database if exists "${name}" with (force)`)
  })
}
