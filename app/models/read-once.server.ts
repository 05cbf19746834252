import type { Kysely, Selectable } from 'kysely'
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

/** The tables read once whose rows are looked up by id. */
type SeededTable = 'plans' | 'resorts' | 'roomTypes'
type RowOf<T extends SeededTable> = Selectable<Database[T]> & { id: string }

/**
 * Rows of `table` by id, from a copy of the whole table read once; ids the copy lacks, rows added
 * since it was read (a test's, or a plan made by hand), are read from the database, never
 * remembered as missing.
 */
export async function rowsById<T extends SeededTable>(
  db: Executor,
  table: T,
  ids: readonly string[],
): Promise<Map<string, RowOf<T>>> {
  // Kysely cannot type a query over a table named by a type parameter, hence the casts.
  const rows = (where?: string[]) => {
    const query = db.selectFrom(table as SeededTable).selectAll()
    return (where ? query.where('id', 'in', where) : query).execute() as Promise<RowOf<T>[]>
  }
  const all = await once(
    db,
    `${table}-by-id`,
    async () => new Map((await rows()).map((row) => [row.id, row])),
  )
  const found = new Map<string, RowOf<T>>()
  const missing: string[] = []
  for (const id of new Set(ids)) {
    const row = all.get(id)
    if (row) found.set(id, row)
    else missing.push(id)
  }
  if (missing.length > 0) for (const row of await rows(missing)) found.set(row.id, row)
  return found
}
