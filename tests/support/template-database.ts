import type { TestProject } from 'vitest/node'
import { createDb } from '../../db/client.ts'
import { dropDatabase, ensureDatabase, migrateToLatest } from '../../db/migrator.ts'
import { seed } from '../../db/seed.ts'
import { databaseUrl, uniqueName } from './databases.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string
  }
}

/**
 * Migrates and seeds one template database per run; every test file then copies it
 * (CREATE DATABASE … TEMPLATE), which takes a fraction of a second.
 */
export default async function setup(project: TestProject) {
  const name = uniqueName('tmpl')
  const url = databaseUrl(name)
  await ensureDatabase(url)
  await migrateToLatest(url)
  const db = createDb(url, { max: 1 })
  await seed(db)
  await db.destroy()
  project.provide('templateDatabase', name)
  return async () => {
    await dropDatabase(url)
  }
}
