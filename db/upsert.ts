import { sql } from 'kysely'

/**
 * The SET list of an upsert by id that takes every other column of `row` from the row that was
 * proposed (`excluded`), so that loading the same files again updates rows in place. The
 * CamelCasePlugin turns the camelCase names into the table's snake_case ones.
 */
export function fromExcluded(row: Record<string, unknown>) {
  return Object.fromEntries(
    Object.keys(row)
      .filter((column) => column !== 'id')
      .map((column) => [column, sql.ref<never>(`excluded.${column}`)]),
  )
}
