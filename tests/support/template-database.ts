import type { TestProject } from 'vitest/node'
import { dropDatabase } from '../../db/migrator.ts'
import { setUpDatabase } from '../../db/seed.ts'
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
  await setUpDatabase(url)
  project.provide('templateDatabase', name)
  return async () => {
    await dropDatabase(url)
  }
}
