/**
 * Dining drift against the catalogue's listing: a venue Disney answers that we do not list is
 * drift, whether we never had it or marked it as no longer listed by Disney (content/catalogue,
 * `listedByDisney: false`). The second is how an admin learns a restaurant came back. Read
 * through the simulator and the real dine-res adapter, counted by the worker's recorder.
 */
import { pino } from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { daysFromToday } from '../../db/factories.ts'
import { configureSimulator, resetSimulator } from '../../mocks/disney.ts'
import { DriftRecorder } from '../../worker/drift.ts'
import { createMetrics } from '../../worker/metrics.ts'
import { fetchDiningAnswer } from '../../worker/upstream/dining.ts'
import { getDb } from '~/utils/db.server'

const db = getDb()
/** Mama Melrose's Ristorante Italiano: not in Disney's facilities list of 2026-05-01. */
const RETIRED = '90001865'
/** Cinderella's Royal Table, listed. */
const LISTED = '90002464'
const NEW_VENUE = '19999002'

afterEach(async () => {
  resetSimulator()
  await db.deleteFrom('unmatchedAnswerKeys').execute()
})

/** One dine-res answer for Walt Disney World, counted by a recorder of its own, then written. */
async function countDrift() {
  const date = daysFromToday(20)
  const answer = await fetchDiningAnswer(
    { destination: 'disney-world', partySize: 2, date },
    { token: 'simulator-dining-token', timeoutMs: 5000 },
  )
  if (answer.kind !== 'offers') throw new Error(`read as ${answer.kind}`)
  const drift = new DriftRecorder(db, createMetrics(), pino({ level: 'silent' }))
  await drift.sawVenues('disney-world', answer.venues)
  await drift.flush()
  return db
    .selectFrom('unmatchedAnswerKeys')
    .select(['address', 'keyKind', 'disneyKey', 'description', 'timesSeen'])
    .orderBy('disneyKey')
    .execute()
}

describe('dining drift', () => {
  it('finds none in an answer of the venues Disney lists', async () => {
    expect(await countDrift()).toEqual([])
  })

  it('reports a venue we mark unlisted that Disney answers again, and a new one, but no listed one', async () => {
    configureSimulator({
      script: {
        dining: [`${LISTED}|${daysFromToday(20)}|18:00:00`],
        rooms: [],
        unknownVenues: [
          `disney-world|${RETIRED}|Mama Melrose's Ristorante Italiano`,
          `disney-world|${NEW_VENUE}|New Lounge`,
        ],
      },
    })
    expect(await countDrift()).toEqual([
      {
        address: 'dining',
        keyKind: 'venue',
        disneyKey: NEW_VENUE,
        description: 'New Lounge (restaurant), 0 bookable times',
        timesSeen: 1,
      },
      {
        address: 'dining',
        keyKind: 'venue',
        disneyKey: RETIRED,
        description:
          "Mama Melrose's Ristorante Italiano (restaurant), 0 bookable times; unlisted in our catalogue: relist it",
        timesSeen: 1,
      },
    ])
  })

  it('knows a venue again once it is relisted', async () => {
    configureSimulator({
      script: {
        dining: [],
        rooms: [],
        unknownVenues: [`disney-world|${RETIRED}|Mama Melrose's Ristorante Italiano`],
      },
    })
    await db
      .updateTable('diningLocations')
      .set({ listed: true })
      .where('id', '=', RETIRED)
      .execute()
    try {
      expect(await countDrift()).toEqual([])
    } finally {
      await db
        .updateTable('diningLocations')
        .set({ listed: false })
        .where('id', '=', RETIRED)
        .execute()
    }
  })
})
