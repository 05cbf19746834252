import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'

type Executor = Kysely<Database>

const readOnce = new WeakMap<Executor, Map<string, Promise<unknown>>>()

/**
 * Tables that change only when the seed runs (a deploy, then a restart): the catalogue and the
 * plans. Each list is read once per process and database (decision records 0016 and 0023); a
 * failed read is forgotten, so the next call tries again.
 */
export function once<T>(db: Executor, key: string, read: () => Promise<T>): Promise<T> {
  let lists = readOnce.get(db)
  if (!lists) readOnce.set(db, (lists = new Map()))
  const known = lists.get(key) as Promise<T> | undefined
  if (known) return known
  const reading = read()
  lists.set(key, reading)
  reading.catch(() => lists.delete(key))
  return reading
}

/**
 * Rows by id from a copy read once (`readAll`); ids the copy lacks, rows added since it was read
 * (a test's, or a plan made by hand), are read from the database (`readSome`), never remembered
 * as missing.
 */
export async function rowsById<T extends { id: string }>(
  db: Executor,
  key: string,
  ids: readonly string[],
  readAll: () => Promise<T[]>,
  readSome: (ids: string[]) => Promise<T[]>,
): Promise<Map<string, T>> {
  const all = await once(
    db,
    key,
    async () => new Map((await readAll()).map((row) => [row.id, row])),
  )
  const found = new Map<string, T>()
  const missing: string[] = []
  for (const id of new Set(ids)) {
    const row = all.get(id)
    if (row) found.set(id, row)
    else missing.push(id)
  }
  if (missing.length > 0) for (const row of await readSome(missing)) found.set(row.id, row)
  return found
}
