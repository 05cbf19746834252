import { createDb, type DB } from '../../db/client.ts'
import { getEnv } from '~/env.server'

// One pool per process; kept on globalThis so a dev rebuild does not open another.
const g = globalThis as typeof globalThis & { __db?: DB }

export function getDb(): DB {
  g.__db ??= createDb(getEnv().databaseUrl)
  return g.__db
}
