/**
 * Flexible alerts in the JSON API (issue 29): the fields that widen an alert, answered in the
 * simplest shape that says it so a body read may be sent back, and refusals in words that save
 * nothing.
 */
import { describe, expect, it } from 'vitest'
import { catalogueResort, createUser, daysFromToday } from '../../db/factories.ts'
import { action as hotelAction, loader as hotelList } from '~/routes/api.availability-queries'
import { action as diningAction, loader as diningList } from '~/routes/api.dining-alerts'
import { getDb } from '~/utils/db.server'
import { callRoute, getRequest, jsonRequest } from '../support/routes.ts'
import { alertsOf } from '../support/rows.ts'
import { tokenFor } from '../support/session.ts'

const db = () => getDb()

async function subscriber() {
  const user = await createUser(db(), { planId: 'the-club', trialStartUtc: new Date() })
  return { user, token: await tokenFor(user) }
}

const send = (
  fn: typeof hotelAction,
  path: string,
  body: unknown,
  token: string,
  method = 'POST',
) => callRoute(fn, jsonRequest(path, body, { token, method }))

async function flexibleHotel(days: number) {
  const pop = await catalogueResort(db())
  const lodge = await catalogueResort(db(), "Disney's Wilderness Lodge")
  return {
    pop,
    lodge,
    body: {
      resorts: [
        { resortId: pop.resort.id, roomIds: [pop.rooms[0]!.id] },
        { resortId: lodge.resort.id, roomIds: 'any' },
      ],
      checkInDate: daysFromToday(days),
      latestCheckInDate: daysFromToday(days + 6),
      minNights: 5,
      maxNights: 6,
      numberOfAdults: 2,
      agesOfChildren: [],
      splitStays: false,
    },
  }
}

describe('a flexible hotel alert through /api/availability-queries', () => {
  it('is created, listed in its own shape, and sent back unchanged', async () => {
    const { user, token } = await subscriber()
    const { pop, lodge, body } = await flexibleHotel(100)
    const created = await send(hotelAction, '/api/availability-queries', body, token)
    expect(created.status).toBe(201)
    const alert = await created.json()
    expect(alert).toMatchObject({
      resorts: [
        {
          resortId: pop.resort.id,
          resort: { name: pop.resort.name },
          roomIds: [pop.rooms[0]!.id],
          rooms: [{ id: pop.rooms[0]!.id }],
        },
        { resortId: lodge.resort.id, resort: { name: lodge.resort.name }, roomIds: 'any' },
      ],
      checkInDate: daysFromToday(100),
      latestCheckInDate: daysFromToday(106),
      minNights: 5,
      maxNights: 6,
      stays: 14,
      splitStays: false,
    })
    // Neither of the two ways of saying one resort and one stay that would contradict it.
    expect(alert).not.toHaveProperty('resortId')
    expect(alert).not.toHaveProperty('checkOutDate')
    const listed = await (
      await callRoute(hotelList, getRequest('/api/availability-queries', { token }))
    ).json()
    expect(listed[0]).toEqual(alert)
    // 7 check-ins × 2 lengths × 2 resorts.
    const [row] = await alertsOf('hotel', user.id)
    const { count } = await db()
      .selectFrom('alertQuestions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('hotelAlertId', '=', row!.id)
      .executeTakeFirstOrThrow()
    expect(Number(count)).toBe(28)

    const resent = await send(hotelAction, '/api/availability-queries', alert, token, 'PUT')
    expect(resent.status).toBe(200)
    expect(await resent.json()).toMatchObject({ ...alert, lastCheckedAt: null })
  })

  it('answers an exact alert in the fields it has today', async () => {
    const { token } = await subscriber()
    const { pop } = await flexibleHotel(110)
    const created = await send(
      hotelAction,
      '/api/availability-queries',
      {
        resortId: pop.resort.id,
        roomIds: [pop.rooms[0]!.id],
        checkInDate: daysFromToday(110),
        checkOutDate: daysFromToday(113),
        numberOfAdults: 2,
      },
      token,
    )
    const alert = await created.json()
    expect(alert).toMatchObject({
      resortId: pop.resort.id,
      roomIds: [pop.rooms[0]!.id],
      checkInDate: daysFromToday(110),
      checkOutDate: daysFromToday(113),
      stays: 1,
      splitStays: false,
    })
    expect(alert).not.toHaveProperty('resorts')
    expect(alert).not.toHaveProperty('minNights')
  })

  it('refuses, in words and saving nothing, what one alert may not watch', async () => {
    const { user, token } = await subscriber()
    const { body, pop } = await flexibleHotel(120)
    const disneyland = await catalogueResort(db(), "Disney's Grand Californian Hotel & Spa")
    const refusals: [Record<string, unknown>, string][] = [
      [
        { ...body, latestCheckInDate: daysFromToday(134), minNights: 5, maxNights: 7 },
        'This alert covers 45 stays at 2 resorts, 90 in all; the most one alert can watch is 60. Narrow the check-in dates, the nights or the resorts.',
      ],
      [
        { ...body, latestCheckInDate: daysFromToday(135) },
        'Check-in dates can be at most 14 days apart.',
      ],
      [
        {
          ...body,
          resorts: [
            ...body.resorts,
            { resortId: disneyland.resort.id, roomIds: [disneyland.rooms[0]!.id] },
          ],
        },
        'Choose resorts at one destination: Walt Disney World or Disneyland Resort.',
      ],
      [{ ...body, resortId: pop.resort.id }, 'Give resorts, or resortId and roomIds, not both.'],
      [
        { ...body, checkOutDate: daysFromToday(125) },
        'Give a check-out date or a number of nights, not both.',
      ],
      [{ ...body, minNights: '5' }, 'Nights must be between 1 and 30.'],
      [{ ...body, resorts: 'pop' }, 'Select a resort.'],
      [{ ...body, splitStays: 'yes' }, 'splitStays must be true or false.'],
    ]
    for (const [payload, message] of refusals) {
      const response = await send(hotelAction, '/api/availability-queries', payload, token)
      expect(response.status, message).toBe(400)
      expect(JSON.stringify(await response.json()), message).toContain(message)
    }
    expect(await alertsOf('hotel', user.id)).toEqual([])
  })
})

describe('a flexible dining alert through /api/dining-alerts', () => {
  const body = {
    resortLocationIdentifier: 'disney-world',
    diningLocationIds: ['90002464', '80010856'],
    reserveDate: daysFromToday(30),
    latestReserveDate: daysFromToday(32),
    partySize: 4,
    mealPeriods: ['dinner', 'lunch'],
  }

  it('is created with its range as dates, listed in its own shape, and sent back unchanged', async () => {
    const { token } = await subscriber()
    const created = await send(diningAction, '/api/dining-alerts', body, token)
    expect(created.status).toBe(201)
    const alert = await created.json()
    expect(alert).toMatchObject({
      diningLocationIds: ['90002464', '80010856'],
      diningLocations: [
        { id: '90002464', listed: true },
        { id: '80010856', listed: true },
      ],
      reserveDates: [daysFromToday(30), daysFromToday(31), daysFromToday(32)],
      mealPeriods: ['lunch', 'dinner'],
      partySize: 4,
    })
    expect(alert).not.toHaveProperty('diningLocationId')
    expect(alert).not.toHaveProperty('preferredTime')
    const listed = await (
      await callRoute(diningList, getRequest('/api/dining-alerts', { token }))
    ).json()
    expect(listed[0]).toEqual(alert)
    const resent = await send(diningAction, '/api/dining-alerts', alert, token, 'PUT')
    expect(resent.status).toBe(200)
  })

  it('refuses, in words and saving nothing, what it cannot watch', async () => {
    const { user, token } = await subscriber()
    const refusals: [Record<string, unknown>, string][] = [
      [
        { ...body, diningLocationIds: Array.from({ length: 11 }, (_, i) => String(90002464 + i)) },
        'Select at most 10 restaurants.',
      ],
      [
        { ...body, latestReserveDate: daysFromToday(50) },
        'A date range can cover at most 14 days.',
      ],
      [{ ...body, mealPeriods: ['brunch'] }, 'Choose breakfast, lunch or dinner.'],
      [{ ...body, preferredTime: '18:00' }, 'Choose meal periods or a time, not both.'],
      [
        { ...body, diningLocationId: '90002464' },
        'Give diningLocationIds or diningLocationId, not both.',
      ],
      [{ ...body, diningLocationIds: ['90002464', '354099'] }, 'Select a restaurant.'],
    ]
    for (const [payload, message] of refusals) {
      const response = await send(diningAction, '/api/dining-alerts', payload, token)
      expect(response.status, message).toBe(400)
      expect(JSON.stringify(await response.json()), message).toContain(message)
    }
    expect(await alertsOf('dining', user.id)).toEqual([])
  })
})
