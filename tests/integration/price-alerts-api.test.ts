/**
 * Prices in the JSON API (issue 30): a hotel alert's ceiling (`maxNightlyPrice` or
 * `maxTotalPrice`) and a watch on a booked stay (`watch: "price"`, `paidTotal`, `rateType`,
 * `minSaving` or `minSavingPercent`), in US dollars, answered back as sent, refused in words
 * beside the field without saving anything.
 */
import { describe, expect, it } from 'vitest'
import { catalogueResort, createUser, daysFromToday } from '../../db/factories.ts'
import { action as hotelAction } from '~/routes/api.availability-queries'
import { PRICE_MESSAGES } from '~/domain/price-terms'
import { getDb } from '~/utils/db.server'
import { editAlert } from '../support/alert-requests.ts'
import { callRoute, jsonRequest } from '../support/routes.ts'
import { alertsOf } from '../support/rows.ts'
import { tokenFor } from '../support/session.ts'

const db = () => getDb()
const pop = await catalogueResort(db())

async function subscriber() {
  const user = await createUser(db(), { planId: 'the-club', trialStartUtc: new Date() })
  return { user, token: await tokenFor(user) }
}

const stay = (days: number) => ({
  resortId: pop.resort.id,
  roomIds: [pop.rooms[0]!.id],
  checkInDate: daysFromToday(days),
  checkOutDate: daysFromToday(days + 4),
  numberOfAdults: 2,
  agesOfChildren: [],
})

const create = (body: unknown, token: string) =>
  callRoute(hotelAction, jsonRequest('/api/availability-queries', body, { token }))

describe('a price ceiling through /api/availability-queries', () => {
  it('is kept in cents and answered in dollars, and an edit can change or drop it', async () => {
    const { user, token } = await subscriber()
    const created = await create({ ...stay(40), maxNightlyPrice: 450.5 }, token)
    expect(created.status).toBe(201)
    const alert = await created.json()
    expect(alert).toMatchObject({ maxNightlyPrice: 450.5 })
    expect(alert).not.toHaveProperty('maxTotalPrice')
    expect(alert).not.toHaveProperty('watch')
    const [row] = await alertsOf('hotel', user.id)
    expect(row).toMatchObject({
      maxNightlyPriceCents: 45_050,
      maxTotalPriceCents: null,
      watch: 'availability',
    })

    const put = (body: Record<string, unknown>) => editAlert('hotel', alert.id, body, token)
    const edited = await put({ ...stay(40), maxTotalPrice: 2000 })
    expect(edited.status).toBe(200)
    expect(await edited.json()).toMatchObject({ maxTotalPrice: 2000 })
    const read = await (await put(stay(40))).json()
    expect(read).not.toHaveProperty('maxTotalPrice')
    expect(read).not.toHaveProperty('maxNightlyPrice')
  })
})

describe('a watch on a booked stay through /api/availability-queries', () => {
  const watch = { watch: 'price', paidTotal: 2384.5, rateType: 'room-only', minSaving: 100 }

  it('is created as a hotel alert, answered back as sent, and is no twin of an alert for an opening', async () => {
    const { user, token } = await subscriber()
    const opening = await create(stay(41), token)
    expect(opening.status).toBe(201)
    const created = await create({ ...stay(41), ...watch }, token)
    expect(created.status).toBe(201)
    const alert = await created.json()
    expect(alert).toMatchObject({ ...watch, priceTexted: null, keepWatching: true })
    const percent = await create(
      { ...stay(42), ...watch, minSaving: undefined, minSavingPercent: 5 },
      token,
    )
    expect(await percent.json()).toMatchObject({ minSavingPercent: 5, rateType: 'room-only' })
    expect((await alertsOf('hotel', user.id)).map((row) => row.watch)).toEqual([
      'availability',
      'price',
      'price',
    ])
    // The same watch twice is a twin.
    expect((await create({ ...stay(41), ...watch }, token)).status).toBe(409)
  })

  it('refuses what a watch cannot be, in words beside the field, saving nothing', async () => {
    const { user, token } = await subscriber()
    // The API answers the first problem's words (the page forms show each beside its field).
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ ...stay(43), ...watch, paidTotal: '2384' }, 'paidTotal', PRICE_MESSAGES.paidTotal],
      [{ ...stay(43), ...watch, paidTotal: 2384.555 }, 'paidTotal', PRICE_MESSAGES.paidTotal],
      [{ ...stay(43), ...watch, rateType: 'deluxe' }, 'rateType', PRICE_MESSAGES.rateType],
      [
        { ...stay(43), ...watch, minSavingPercent: 5 },
        'minSavingPercent',
        PRICE_MESSAGES.savingOrPercent,
      ],
      [{ ...stay(43), ...watch, minSaving: undefined }, 'minSaving', PRICE_MESSAGES.saving],
      [
        { ...stay(43), ...watch, maxNightlyPrice: 400 },
        'maxNightlyPrice',
        PRICE_MESSAGES.watchNoCeiling,
      ],
      [
        { ...stay(43), ...watch, roomIds: pop.rooms.slice(0, 2).map((room) => room.id) },
        'roomIds',
        PRICE_MESSAGES.watchOneRoom,
      ],
      [
        { ...stay(43), ...watch, checkOutDate: undefined, minNights: 3, maxNights: 4 },
        'checkOutDate',
        PRICE_MESSAGES.watchExactStay,
      ],
      [{ ...stay(43), paidTotal: 2384 }, 'paidTotal', PRICE_MESSAGES.notAWatch],
      [
        { ...stay(43), maxNightlyPrice: 400, maxTotalPrice: 2000 },
        'maxTotalPrice',
        PRICE_MESSAGES.oneCeiling,
      ],
      [{ ...stay(43), maxNightlyPrice: 0 }, 'maxNightlyPrice', PRICE_MESSAGES.price],
      [{ ...stay(43), watch: true }, 'watch', PRICE_MESSAGES.watch],
    ]
    for (const [payload, field, message] of refusals) {
      const response = await create(payload, token)
      expect(response.status, message).toBe(400)
      expect(await response.json(), field).toEqual({ message })
    }
    expect(await alertsOf('hotel', user.id)).toEqual([])
  })
})
