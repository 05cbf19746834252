import { afterAll, inject } from 'vitest'
import { createDb } from '../../db/client.ts'

/** The built app's database, for a test file to set up and read rows: closed after the file. */
export function appDatabase() {
  const db = createDb(inject('databaseUrl'), { max: 2 })
  afterAll(() => db.destroy())
  return db
}
