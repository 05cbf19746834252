import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { createDb, type DB } from '../../db/client.ts'

const opened: DB[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()))
})

/** One connection, so every statement below meets the same Postgres session. */
function oneConnection(preparedStatements: number, onUnavailable?: (error: Error) => unknown) {
  const db = createDb(process.env.DATABASE_URL!, { max: 1, preparedStatements, onUnavailable })
  opened.push(db)
  return db
}

/** What this session has prepared, as Postgres lists it (this question included once named). */
async function prepared(db: DB) {
  const { rows } = await sql<{ statement: string }>`
    select statement from pg_prepared_statements order by prepare_time
  `.execute(db)
  return rows.map((row) => row.statement)
}

const backendPid = async (db: DB) =>
  (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid

describe('prepared statements', () => {
  it('parses a text once per connection and runs it again by name', async () => {
    const db = oneConnection(10)
    for (const id of ['the-club', 'pixie-dust', 'the-club'])
      await db.selectFrom('plans').select('name').where('id', '=', id).execute()
    const statements = await prepared(db)
    expect(statements.filter((text) => text.startsWith('select "name" from "plans"'))).toHaveLength(
      1,
    )
    expect(statements).toHaveLength(2)
  })

  it('names no more texts than its limit; the rest run unprepared', async () => {
    const db = oneConnection(2)
    await sql`select 1`.execute(db)
    await sql`select 2`.execute(db)
    await sql`select 3`.execute(db)
    expect(await prepared(db)).toEqual(['select 1', 'select 2'])
  })

  it('prepares nothing unless asked to', async () => {
    const db = createDb(process.env.DATABASE_URL!, { max: 1 })
    opened.push(db)
    await sql`select 1`.execute(db)
    expect(await prepared(db)).toEqual([])
  })

  describe('after a migration changes the rows a statement returns', () => {
    it('runs it again unprepared, and the stale connection is closed', async () => {
      const db = oneConnection(10)
      const migrator = createDb(process.env.DATABASE_URL!, { max: 1 })
      opened.push(migrator)
      await sql`create table stale_outside (a int)`.execute(migrator)
      await sql`insert into stale_outside values (1)`.execute(migrator)
      const read = () => sql<Record<string, number>>`select * from stale_outside`.execute(db)
      expect((await read()).rows).toEqual([{ a: 1 }])
      const before = await backendPid(db)

      await sql`alter table stale_outside add column b int default 2`.execute(migrator)

      expect((await read()).rows).toEqual([{ a: 1, b: 2 }])
      expect(await backendPid(db)).not.toBe(before)
      expect((await read()).rows).toEqual([{ a: 1, b: 2 }])
    })

    it('inside a transaction fails it as unavailable, and the next try succeeds', async () => {
      const unavailable = new Error('try again')
      const db = oneConnection(10, () => unavailable)
      const migrator = createDb(process.env.DATABASE_URL!, { max: 1 })
      opened.push(migrator)
      await sql`create table stale_inside (a int)`.execute(migrator)
      const read = () =>
        db.transaction().execute((trx) => sql`select * from stale_inside`.execute(trx))
      await read()

      await sql`alter table stale_inside add column b int`.execute(migrator)

      await expect(read()).rejects.toBe(unavailable)
      expect((await read()).rows).toEqual([])
    })
  })
})
