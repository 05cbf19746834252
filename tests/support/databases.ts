import { randomBytes } from 'node:crypto'

const BASE_URL = process.env.TEST_DATABASE_BASE_URL ?? 'postgres://postgres@127.0.0.1:5432'

export function databaseUrl(name: string) {
  return `${BASE_URL}/${name}`
}

/** A short random name for a test run's database or Redis prefix. */
export function uniqueName(kind: string) {
  return `${kind}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`
}
