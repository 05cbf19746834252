/**
 * Prices through the worker and the simulator (issue 30, decision 0034): each question keeps the
 * prices its answers show as they change, a ceiling keeps an opening above it from being texted
 * and names the price below it, and a watch on a booked stay texts a drop, a further drop and a
 * new offer, each once, up to the last day the booking can be changed for free.
 */
import { describe, expect, it } from 'vitest'
import { catalogueResort, createAlertRow, daysFromToday } from '../../db/factories.ts'
import { configureSimulator } from '../../mocks/disney.ts'
import type { ScriptedOpenings } from '../../mocks/disney.ts'
import { checkNow, db, splitStayAlert, subscriber, textsOf } from '../support/worker-harness.ts'

const pop = await catalogueResort(db)
const room = pop.rooms[0]!
const code = room.disneyRoomCodes[0]!

/** The simulator with the room open at `nightly` dollars, priced by `offer` when given. */
function openAt(nightly: number, offer?: { id: string; name: string }) {
  const script: ScriptedOpenings = {
    dining: [],
    rooms: [code],
    prices: { [code]: { nightly, ...(offer && { offer }) } },
  }
  configureSimulator({ script })
}

const historyOf = (questionKey: string) =>
  db
    .selectFrom('priceChanges')
    .select(['roomKey', 'nightlyCents', 'totalCents', 'offerId', 'offerName'])
    .where('questionKey', '=', questionKey)
    .where('roomKey', '=', code)
    .orderBy('seenAt')
    .execute()

const questionKeyOf = async (questionId: number) =>
  (
    await db
      .selectFrom('questions')
      .select('key')
      .where('id', '=', questionId)
      .executeTakeFirstOrThrow()
  ).key

/** A running alert on Pop Century's first room for `nights` nights from `inDays` days out. */
async function stayAlert(inDays: number, nights: number, fields: Record<string, unknown> = {}) {
  return createAlertRow(db, 'hotel', (await subscriber()).id, {
    resortId: pop.resort.id,
    roomTypeIds: [room.id],
    checkInDate: daysFromToday(inDays),
    checkOutDate: daysFromToday(inDays + nights),
    ...fields,
  })
}

/** A watch on a booked stay, paid $2,400 room-only, texting a saving of $100 or more. */
const watchFields = (fields: Record<string, unknown> = {}) => ({
  watch: 'price' as const,
  paidTotalCents: 240_000,
  rateType: 'room-only' as const,
  minSavingCents: 10_000,
  ...fields,
})

const bodies = async (alertId: string) =>
  (await textsOf(alertId))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((text) => text.body)

describe("a question's prices", () => {
  it('are kept as they change: a first price, a new one, an offer, and the room gone', async () => {
    const alert = await stayAlert(200, 4)
    const key = await questionKeyOf(alert.questionId)
    openAt(600)
    await checkNow('hotel', [alert.id])
    // The same price again writes nothing.
    await checkNow('hotel', [alert.id])
    openAt(550, { id: '11296', name: 'Save up to 20% on Rooms' })
    await checkNow('hotel', [alert.id])
    configureSimulator({ script: { dining: [], rooms: [] } })
    await checkNow('hotel', [alert.id])
    await checkNow('hotel', [alert.id])
    expect(await historyOf(key)).toEqual([
      { roomKey: code, nightlyCents: 60_000, totalCents: 240_000, offerId: null, offerName: null },
      {
        roomKey: code,
        nightlyCents: 55_000,
        totalCents: 220_000,
        offerId: '11296',
        offerName: 'Save up to 20% on Rooms',
      },
      { roomKey: code, nightlyCents: null, totalCents: null, offerId: null, offerName: null },
    ])
    const question = await db
      .selectFrom('questions')
      .select('prices')
      .where('id', '=', alert.questionId)
      .executeTakeFirstOrThrow()
    expect(question.prices).toEqual({})
  })
})

describe('a price ceiling', () => {
  it('keeps an opening above it from being texted, and names the price of one under it', async () => {
    const nightly = await stayAlert(201, 4, { maxNightlyPriceCents: 50_000 })
    const total = await stayAlert(201, 4, { maxTotalPriceCents: 250_000 })
    const none = await stayAlert(201, 4)
    openAt(600)
    await checkNow('hotel', [nightly.id, total.id, none.id])
    expect(await bodies(nightly.id)).toEqual([])
    expect(await bodies(total.id)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Disney Hotel Alerts: Room open: ${room.name} at Pop Century Resort, .*, \\$2,400 total before tax\\. Book fast: `,
        ),
      ),
    ])
    // An alert without a ceiling keeps today's text.
    expect((await bodies(none.id))[0]).not.toContain('$')

    // The same opening, cheaper: still the same opening's life, so the total alert is not told
    // again; the nightly one, held back before, is told now with its price.
    openAt(450)
    await checkNow('hotel', [nightly.id, total.id])
    expect(await bodies(nightly.id)).toEqual([
      expect.stringContaining(', $450/night before tax. Book fast: '),
    ])
    expect(await bodies(total.id)).toHaveLength(1)
  })
})

describe('a split stay under a ceiling', () => {
  it("adds both bookings' totals against the ceiling, and names the split's price", async () => {
    const user = (await subscriber()).id
    const split = (maxTotalPriceCents: number) => splitStayAlert(user, 204, { maxTotalPriceCents })
    const { alert: under, first, second, stay } = await split(200_000)
    const { alert: over } = await split(150_000)
    const firstKey = `${first.disneyRoomCodes[0]}@${stay(0, 2)}`
    const secondKey = `${second.disneyRoomCodes[0]}@${stay(2, 4)}`
    // Two nights at $400, then two at $450: $1,700 for the stay.
    configureSimulator({
      script: {
        dining: [],
        rooms: [firstKey, secondKey],
        prices: { [firstKey]: { nightly: 400 }, [secondKey]: { nightly: 450 } },
      },
    })
    await checkNow('hotel', [under.id, over.id])
    expect(await bodies(under.id)).toEqual([
      expect.stringMatching(
        /^Disney Hotel Alerts: Split stay open: .*\(move .*\), \$1,700 total before tax\. Book both fast: /,
      ),
    ])
    expect(await bodies(over.id)).toEqual([])
  })
})

describe('a watch on a booked stay', () => {
  it('texts a drop of the threshold, then only a further drop, each once, with the saving and the last day', async () => {
    const watch = await stayAlert(202, 4, watchFields())
    // $595 a night is $2,380: $20 saved, under the $100 threshold.
    openAt(595)
    await checkNow('hotel', [watch.id])
    expect(await bodies(watch.id)).toEqual([])
    openAt(570)
    await checkNow('hotel', [watch.id])
    await checkNow('hotel', [watch.id])
    // Room-only at Walt Disney World: free changes up to 5 days before check-in.
    const lastDay = new Date(`${daysFromToday(197)}T12:00:00Z`).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    })
    expect(await bodies(watch.id)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Disney Hotel Alerts: Price drop for your ${room.name} at Pop Century Resort, .*: now \\$2,280 before tax, \\$120 less than you paid\\. Ask Disney to reprice your room-only booking by ${lastDay}: `,
        ),
      ),
    ])
    // $40 lower again is not $100 lower than what was texted; $100 lower is.
    openAt(560)
    await checkNow('hotel', [watch.id])
    expect(await bodies(watch.id)).toHaveLength(1)
    openAt(545)
    await checkNow('hotel', [watch.id])
    expect((await bodies(watch.id))[1]).toContain('now $2,180 before tax, $220 less than you paid')
    const row = await db
      .selectFrom('hotelAlerts')
      .select(['priceTextedCents', 'status'])
      .where('id', '=', watch.id)
      .executeTakeFirstOrThrow()
    // It keeps watching: a watch is never "found" and done.
    expect(row).toEqual({ priceTextedCents: 218_000, status: 1 })
    const texts = await textsOf(watch.id)
    expect(texts.map((text) => text.purpose)).toEqual(['price', 'price'])
  })

  it('texts a new discount once, naming it, even under the threshold', async () => {
    const watch = await stayAlert(
      203,
      4,
      watchFields({ minSavingPercent: 10, minSavingCents: null }),
    )
    openAt(590, { id: '11313', name: 'Save up to 15% on Rooms' })
    await checkNow('hotel', [watch.id])
    await checkNow('hotel', [watch.id])
    expect(await bodies(watch.id)).toEqual([
      expect.stringMatching(
        /^Disney Hotel Alerts: New offer "Save up to 15% on Rooms" for your .*: now \$2,360 before tax, \$40 less than you paid\./,
      ),
    ])
    // Another offer at a price no lower than what was paid saves nothing: no text.
    openAt(600, { id: '11316', name: 'Another offer' })
    await checkNow('hotel', [watch.id])
    expect(await bodies(watch.id)).toHaveLength(1)
  })

  it('texts nothing once the last day to change the booking for free has passed', async () => {
    // Room-only, 4 days out: the last free day (5 days before) is behind us.
    const roomOnly = await stayAlert(4, 2, watchFields({ paidTotalCents: 200_000 }))
    // A package 20 days out is past its 30 days; room-only 20 days out is not.
    const packaged = await stayAlert(
      20,
      2,
      watchFields({ paidTotalCents: 200_000, rateType: 'package' }),
    )
    const inTime = await stayAlert(
      20,
      2,
      watchFields({ paidTotalCents: 200_000, minSavingCents: 5_000 }),
    )
    openAt(400)
    await checkNow('hotel', [roomOnly.id, packaged.id, inTime.id])
    expect(await bodies(roomOnly.id)).toEqual([])
    expect(await bodies(packaged.id)).toEqual([])
    expect(await bodies(inTime.id)).toEqual([expect.stringContaining('$1,200 less than you paid')])
  })
})
