import type { KyselyPlugin } from 'kysely'
import { describe, expect, it } from 'vitest'
import { resortsById, roomTypesById } from '~/models/catalogue.server'
import { findPlan } from '~/models/plan.server'
import { getDb } from '~/utils/db.server'
import { catalogueResort, legacyPlan } from '../../db/factories.ts'

/** A database handle of its own (so its own read-once copies) that counts the queries it sends. */
function countingDb() {
  let queries = 0
  const counter: KyselyPlugin = {
    transformQuery: (args) => {
      queries++
      return args.node
    },
    transformResult: async (args) => args.result,
  }
  return { db: getDb().withPlugin(counter), queries: () => queries }
}

describe('tables read once per process', () => {
  it('answers plans by id from one read, legacy plans included', async () => {
    const { db, queries } = countingDb()
    expect((await findPlan(db, 'the-club'))?.name).toBe('The Club')
    expect((await findPlan(db, 'pixie-dust'))?.free).toBe(true)
    expect(queries()).toBe(1)
  })

  it('reads a plan added since the copy was made, and never remembers an unknown id', async () => {
    const { db, queries } = countingDb()
    await findPlan(db, 'the-club')
    await legacyPlan(getDb())
    expect((await findPlan(db, 'castle-classic'))?.legacy).toBe(true)
    expect(await findPlan(db, 'no-such-plan')).toBeUndefined()
    expect(await findPlan(db, 'no-such-plan')).toBeUndefined()
    expect(queries()).toBe(4)
  })

  it('answers resorts and room types by id, listed or not, from one read each', async () => {
    const { db, queries } = countingDb()
    const { resort, rooms } = await catalogueResort(getDb())
    await getDb()
      .updateTable('resorts')
      .set({ listed: false })
      .where('id', '=', resort.id)
      .execute()
    const ids = rooms.map((room) => room.id)

    const [resorts, roomTypes] = await Promise.all([
      resortsById(db, [resort.id, resort.id]),
      roomTypesById(db, ids),
    ])
    await resortsById(db, [resort.id])

    expect(resorts.get(resort.id)?.name).toBe(resort.name)
    expect([...roomTypes.keys()].sort()).toEqual([...ids].sort())
    expect(queries()).toBe(2)
  })
})
