import { createDb, type DB } from '../../db/client.ts'
import { getEnv } from '~/env.server'
import { singleton } from '~/utils/singleton.server'

/** The process's one pool. */
export function getDb(): DB {
  return singleton('db', () => createDb(getEnv().databaseUrl))
}
