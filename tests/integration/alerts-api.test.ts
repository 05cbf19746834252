import { describe, expect, it } from 'vitest'
import { catalogueResort, createAlertRow, createUser, daysFromToday } from '../../db/factories.ts'
import type { User } from '../../db/schema.ts'
import { action as hotelAction, loader as hotelList } from '~/routes/api.availability-queries'
import { action as hotelDelete } from '~/routes/api.availability-queries.$id'
import { action as diningAction, loader as diningList } from '~/routes/api.dining-alerts'
import { action as diningDelete } from '~/routes/api.dining-alerts.$id'
import { getDb } from '~/utils/db.server'
import { diningAlertBody } from '../support/alert-requests.ts'
import { callRoute, getRequest, jsonRequest } from '../support/routes.ts'
import { alertRow, alertsOf } from '../support/rows.ts'
import { tokenFor } from '../support/session.ts'

const db = () => getDb()

async function subscriber(planId = 'magic-hour', overrides: Partial<User> = {}) {
  const user = await createUser(db(), { planId, trialStartUtc: new Date(), ...overrides })
  return { user, token: await tokenFor(user) }
}

async function hotelPayload(overrides: Record<string, unknown> = {}) {
  const { resort, rooms } = await catalogueResort(db())
  return {
    resort: { id: resort.id, name: resort.name },
    resortId: resort.id,
    checkInDate: daysFromToday(40),
    checkOutDate: daysFromToday(44),
    numberOfAdults: 2,
    numberOfChildren: 1,
    agesOfChildren: [6],
    accessible: false,
    rooms: [{ id: rooms[0]!.id }],
    roomIds: [rooms[0]!.id],
    active: true,
    ...overrides,
  }
}

/** The body with the restaurant's name, as the app sends it too. */
const diningPayload = (overrides: Record<string, unknown> = {}) =>
  diningAlertBody({ diningLocationName: "Cinderella's Royal Table", ...overrides })

const post = (fn: typeof hotelAction, path: string, body: unknown, token: string) =>
  callRoute(fn, jsonRequest(path, body, { token }))
const put = (fn: typeof hotelAction, path: string, body: unknown, token: string) =>
  callRoute(fn, jsonRequest(path, body, { token, method: 'PUT' }))

describe('hotel alerts API', () => {
  it('creates a running alert and lists it first, with its resort and rooms', async () => {
    const { token } = await subscriber()
    const older = await post(
      hotelAction,
      '/api/availability-queries',
      await hotelPayload({ checkInDate: daysFromToday(50), checkOutDate: daysFromToday(52) }),
      token,
    )
    expect(older.status).toBe(201)
    const created = await (
      await post(hotelAction, '/api/availability-queries', await hotelPayload(), token)
    ).json()
    expect(created).toMatchObject({
      resort: {
        name: "Disney's Pop Century Resort",
        resortLocation: { identifier: 'disney-world' },
      },
      numberOfAdults: 2,
      numberOfChildren: 1,
      agesOfChildren: [6],
      keepWatching: true,
      active: true,
      status: 1,
      type: 0,
      lastCheckedAt: null,
    })
    expect(created.rooms[0]).toHaveProperty('name')
    const list = await (
      await callRoute(hotelList, getRequest('/api/availability-queries', { token }))
    ).json()
    expect(list.map((alert: { id: string }) => alert.id)[0]).toBe(created.id)
    expect(list).toHaveLength(2)
  })

  it('updates through the capitalised payload and keeps the status unless told', async () => {
    const { token } = await subscriber()
    const created = await (
      await post(hotelAction, '/api/availability-queries', await hotelPayload(), token)
    ).json()
    const { rooms } = await catalogueResort(db())
    const response = await put(
      hotelAction,
      '/api/availability-queries',
      {
        Id: created.id,
        Resort: { Id: created.resortId },
        CheckInDate: daysFromToday(50),
        CheckOutDate: daysFromToday(52),
        NumberOfAdults: 3,
        NumberOfChildren: 0,
        AgesOfChildren: [],
        Accessible: false,
        Rooms: [{ Id: rooms[1]!.id }],
        Created: created.created,
      },
      token,
    )
    expect(response.status).toBe(200)
    const updated = await response.json()
    expect(updated).toMatchObject({
      id: created.id,
      numberOfAdults: 3,
      status: 1,
      checkInDate: daysFromToday(50),
    })
    expect(updated.roomIds).toEqual([rooms[1]!.id])

    const paused = await (
      await put(hotelAction, '/api/availability-queries', { ...updated, Status: 0 }, token)
    ).json()
    expect(paused).toMatchObject({ status: 0, active: false })
  })

  it('keeps watching by default, or stops after a text when told, and edits keep the choice', async () => {
    const { user, token } = await subscriber()
    const created = await post(
      hotelAction,
      '/api/availability-queries',
      await hotelPayload({ keepWatching: false }),
      token,
    )
    expect(created.status).toBe(201)
    const alert = await created.json()
    expect(alert.keepWatching).toBe(false)
    expect((await alertRow('hotel', alert.id)).keepWatching).toBe(false)

    // The capitalised update without the field keeps it; with it, changes it.
    const { rooms } = await catalogueResort(db())
    const update = (changes: Record<string, unknown>) =>
      put(
        hotelAction,
        '/api/availability-queries',
        {
          Id: alert.id,
          Resort: { Id: alert.resortId },
          CheckInDate: alert.checkInDate,
          CheckOutDate: alert.checkOutDate,
          NumberOfAdults: 3,
          AgesOfChildren: [],
          Rooms: [{ Id: rooms[1]!.id }],
          ...changes,
        },
        token,
      )
    const edited = await update({})
    expect(edited.status).toBe(200)
    expect(await edited.json()).toMatchObject({ numberOfAdults: 3, keepWatching: false })
    expect(await (await update({ KeepWatching: true })).json()).toMatchObject({
      keepWatching: true,
    })

    // A bad value is refused and changes nothing, not even the fields sent with it.
    const refused = await update({ KeepWatching: 'false', NumberOfAdults: 1 })
    expect(refused.status).toBe(400)
    expect((await refused.json()).message).toBe('keepWatching must be true or false.')
    expect(await alertRow('hotel', alert.id)).toMatchObject({
      keepWatching: true,
      numberOfAdults: 3,
    })

    const list = await (
      await callRoute(hotelList, getRequest('/api/availability-queries', { token }))
    ).json()
    expect(list).toEqual([expect.objectContaining({ id: alert.id, keepWatching: true })])
    expect(await alertsOf('hotel', user.id)).toHaveLength(1)
  })

  it('refuses to start or create beyond the plan limit with QUOTA_EXCEEDED', async () => {
    const { user, token } = await subscriber('pixie-dust')
    const first = await (
      await post(hotelAction, '/api/availability-queries', await hotelPayload(), token)
    ).json()
    const second = await post(hotelAction, '/api/availability-queries', await hotelPayload(), token)
    expect(second.status).toBe(400)
    expect(await second.json()).toEqual({
      code: 'QUOTA_EXCEEDED',
      message:
        'You have reached your plan limit of 1 active monitoring alert(s). To start monitoring this alert, please stop one of your other alerts or upgrade your plan.',
    })
    const stoppedCreate = await post(
      hotelAction,
      '/api/availability-queries',
      await hotelPayload({ active: false }),
      token,
    )
    expect(stoppedCreate.status).toBe(201)
    const stopped = await stoppedCreate.json()
    const start = await put(
      hotelAction,
      '/api/availability-queries',
      { ...stopped, status: 1 },
      token,
    )
    expect((await start.json()).code).toBe('QUOTA_EXCEEDED')
    // Pausing the running one frees its slot.
    await put(hotelAction, '/api/availability-queries', { ...first, status: 0 }, token)
    expect(
      (await put(hotelAction, '/api/availability-queries', { ...stopped, status: 1 }, token))
        .status,
    ).toBe(200)
    const running = (await alertsOf('hotel', user.id)).filter((row) => row.status === 1)
    expect(running.map((row) => row.id)).toEqual([stopped.id])
  })

  it('counts dining alerts toward the same limit', async () => {
    const { user, token } = await subscriber('pixie-dust')
    await createAlertRow(db(), 'dining', user.id)
    const response = await post(
      hotelAction,
      '/api/availability-queries',
      await hotelPayload(),
      token,
    )
    expect((await response.json()).code).toBe('QUOTA_EXCEEDED')
  })

  it('refuses creation and update once the free trial has ended', async () => {
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000)
    const { user, token } = await subscriber('pixie-dust', { trialStartUtc: eightDaysAgo })
    const response = await post(
      hotelAction,
      '/api/availability-queries',
      await hotelPayload(),
      token,
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      code: 'SUBSCRIPTION_REQUIRED',
      message:
        'Your free trial has ended. Please upgrade your plan in Settings to resume monitoring alerts.',
    })
    const existing = await createAlertRow(db(), 'hotel', user.id, { status: 0 })
    const update = await put(
      hotelAction,
      '/api/availability-queries',
      { ...(await hotelPayload()), id: existing.id },
      token,
    )
    expect((await update.json()).code).toBe('SUBSCRIPTION_REQUIRED')
  })

  it('refuses a user with no plan', async () => {
    const user = await createUser(db())
    const response = await post(
      hotelAction,
      '/api/availability-queries',
      await hotelPayload(),
      await tokenFor(user),
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      code: 'NO_PLAN',
      message: 'Choose a plan to create and run alerts.',
    })
  })

  it("keeps other users' alerts out of reach: 404 for reading, changing and deleting", async () => {
    const owner = await subscriber()
    const stranger = await subscriber()
    const alert = await createAlertRow(db(), 'hotel', owner.user.id)
    const list = await (
      await callRoute(hotelList, getRequest('/api/availability-queries', { token: stranger.token }))
    ).json()
    expect(list).toEqual([])
    const update = await put(
      hotelAction,
      '/api/availability-queries',
      { ...(await hotelPayload()), id: alert.id, status: 0 },
      stranger.token,
    )
    expect(update.status).toBe(404)
    expect(await update.json()).toEqual({ message: 'Alert not found.' })
    const deleted = await callRoute(
      hotelDelete,
      jsonRequest(`/api/availability-queries/${alert.id}`, null, {
        token: stranger.token,
        method: 'DELETE',
        raw: '',
      }),
      { params: { id: alert.id } },
    )
    expect(deleted.status).toBe(404)
    const row = await db()
      .selectFrom('hotelAlerts')
      .select('status')
      .where('id', '=', alert.id)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe(1)
  })

  it('deletes an alert of its owner', async () => {
    const { user, token } = await subscriber()
    const alert = await createAlertRow(db(), 'hotel', user.id)
    const response = await callRoute(
      hotelDelete,
      jsonRequest(`/api/availability-queries/${alert.id}`, null, {
        token,
        method: 'DELETE',
        raw: '',
      }),
      { params: { id: alert.id } },
    )
    expect(await response.json()).toEqual({ success: true })
    expect(await db().selectFrom('hotelAlerts').where('id', '=', alert.id).execute()).toEqual([])
  })

  it('hides entries of type 1', async () => {
    const { user, token } = await subscriber()
    await createAlertRow(db(), 'hotel', user.id, { type: 1 })
    const list = await (
      await callRoute(hotelList, getRequest('/api/availability-queries', { token }))
    ).json()
    expect(list).toEqual([])
  })

  it('drops selected rooms that do not fit the party and refuses when none is left', async () => {
    const { token } = await subscriber()
    const { resort, rooms } = await catalogueResort(db(), "Disney's Art of Animation Resort")
    const suite = rooms.find((room) => room.maxNonInfantOccupancy >= 6)!
    const small = rooms.find((room) => room.maxNonInfantOccupancy === 4)!
    const party = {
      resortId: resort.id,
      resort: undefined,
      numberOfAdults: 4,
      agesOfChildren: [8],
      numberOfChildren: 1,
    }
    const onlySmall = await post(
      hotelAction,
      '/api/availability-queries',
      await hotelPayload({ ...party, roomIds: [small.id] }),
      token,
    )
    expect(onlySmall.status).toBe(400)
    expect((await onlySmall.json()).message).toBe(
      'None of the selected room types fits this party. Please choose another room type.',
    )
    const mixed = await post(
      hotelAction,
      '/api/availability-queries',
      await hotelPayload({ ...party, roomIds: [small.id, suite.id] }),
      token,
    )
    expect(mixed.status).toBe(201)
    expect((await mixed.json()).roomIds).toEqual([suite.id])
  })

  it.each([
    ['no resort', { resortId: undefined, resort: undefined }, 'Select a resort.'],
    [
      'an unknown resort',
      { resortId: '00000000-0000-4000-8000-000000000000', resort: undefined },
      'Select a resort.',
    ],
    ['a past check-in', { checkInDate: '2020-01-01' }, 'Dates cannot be in the past.'],
    [
      'check-out before check-in',
      { checkOutDate: daysFromToday(39) },
      'Check-out must be after check-in.',
    ],
    ['no adults', { numberOfAdults: 0 }, 'Adults must be between 1 and 14.'],
    ['15 adults', { numberOfAdults: 15 }, 'Adults must be between 1 and 14.'],
    ['an age of 18', { agesOfChildren: [18] }, 'Select an age for each child.'],
    ['a child count that disagrees', { numberOfChildren: 2 }, 'Select an age for each child.'],
    ['no rooms', { roomIds: [], rooms: [] }, 'Select at least one room type.'],
    [
      'a room of another resort',
      { roomIds: ['00000000-0000-4000-8000-000000000000'] },
      'Some selected room types do not belong to this resort.',
    ],
    ['text for adults', { numberOfAdults: 'two' }, 'Adults must be between 1 and 14.'],
    // Strict parsing: no coercion of JSON types.
    ['adults as a numeric string', { numberOfAdults: '2' }, 'Adults must be between 1 and 14.'],
    ['adults as true', { numberOfAdults: true }, 'Adults must be between 1 and 14.'],
    ['active as a string', { active: 'true' }, 'active must be true or false.'],
    ['keepWatching as a string', { keepWatching: 'false' }, 'keepWatching must be true or false.'],
    ['keepWatching as null', { keepWatching: null }, 'keepWatching must be true or false.'],
    [
      'a check-in in the year 9999',
      { checkInDate: '9999-01-01', checkOutDate: '9999-01-04' },
      'Dates must be within the next two years.',
    ],
    [
      'a five-year stay',
      { checkOutDate: daysFromToday(40 + 5 * 365) },
      'A stay can be at most 30 nights.',
    ],
  ])('refuses %s with a 400 and changes nothing', async (_case, overrides, message) => {
    const { user, token } = await subscriber()
    const response = await post(
      hotelAction,
      '/api/availability-queries',
      await hotelPayload(overrides),
      token,
    )
    expect(response.status).toBe(400)
    expect((await response.json()).message).toBe(message)
    expect(await alertsOf('hotel', user.id)).toEqual([])
  })

  it('answers 400 for a body that is not a JSON object, 401 without a token, 404 for a bad id', async () => {
    const { token } = await subscriber()
    const raw = await callRoute(
      hotelAction,
      jsonRequest('/api/availability-queries', null, { token, raw: '[1,2]' }),
    )
    expect(raw.status).toBe(400)
    expect((await callRoute(hotelList, getRequest('/api/availability-queries'))).status).toBe(401)
    const badId = await put(
      hotelAction,
      '/api/availability-queries',
      { ...(await hotelPayload()), id: 'nope' },
      token,
    )
    expect(badId.status).toBe(404)
  })
})

describe('dining alerts API', () => {
  it('creates, lists newest first, updates and deletes', async () => {
    const { token } = await subscriber()
    await post(diningAction, '/api/dining-alerts', diningPayload({ partySize: 2 }), token)
    const created = await (
      await post(diningAction, '/api/dining-alerts', diningPayload(), token)
    ).json()
    expect(created).toMatchObject({
      diningLocationName: "Cinderella's Royal Table",
      preferredTime: '18:00:00',
      timeRangeStart: '17:30:00',
      status: 1,
    })
    const list = await (
      await callRoute(diningList, getRequest('/api/dining-alerts', { token }))
    ).json()
    expect(list[0].id).toBe(created.id)

    const updated = await (
      await put(
        diningAction,
        '/api/dining-alerts',
        { ...created, preferredTime: null, timeRangeStart: null, timeRangeEnd: null, status: 0 },
        token,
      )
    ).json()
    expect(updated).toMatchObject({ preferredTime: null, status: 0 })

    const deleted = await callRoute(
      diningDelete,
      jsonRequest(`/api/dining-alerts/${created.id}`, null, { token, method: 'DELETE', raw: '' }),
      { params: { id: created.id } },
    )
    expect(deleted.status).toBe(200)
  })

  it('accepts the form page time HH:MM:00 and HH:MM', async () => {
    const { token } = await subscriber()
    const created = await (
      await post(
        diningAction,
        '/api/dining-alerts',
        diningPayload({ preferredTime: '19:30', timeRangeStart: null, timeRangeEnd: null }),
        token,
      )
    ).json()
    expect(created.preferredTime).toBe('19:30:00')
  })

  it.each([
    ['a party of 21', { partySize: 21 }, 'Party size must be between 1 and 20.'],
    ['a past date', { reserveDate: '2020-05-01' }, 'The date cannot be in the past.'],
    ['an unknown restaurant', { diningLocationId: '1' }, 'Select a restaurant.'],
    [
      'a restaurant at the other destination',
      { resortLocationIdentifier: 'disneyland' },
      'Select a restaurant.',
    ],
    ['a bad time', { preferredTime: '7pm' }, 'Choose a time as HH:MM or HH:MM:SS.'],
    [
      'a backwards range',
      { timeRangeStart: '19:00:00', timeRangeEnd: '18:00:00' },
      'The time range must start before it ends.',
    ],
    // Strict parsing: no coercion of JSON types.
    ['a party of [3]', { partySize: [3] }, 'Party size must be between 1 and 20.'],
    ['a party of "4"', { partySize: '4' }, 'Party size must be between 1 and 20.'],
    ['status as "1"', { status: '1' }, 'status must be a whole number.'],
    [
      'a date in the year 9999',
      { reserveDate: '9999-01-01' },
      'The date must be within the next two years.',
    ],
  ])('refuses %s with a 400 and changes nothing', async (_case, overrides, message) => {
    const { user, token } = await subscriber()
    const response = await post(diningAction, '/api/dining-alerts', diningPayload(overrides), token)
    expect(response.status).toBe(400)
    expect((await response.json()).message).toBe(message)
    expect(await alertsOf('dining', user.id)).toEqual([])
  })

  it('enforces the limit on create and on start', async () => {
    const { token } = await subscriber('pixie-dust')
    await post(diningAction, '/api/dining-alerts', diningPayload(), token)
    const second = await post(diningAction, '/api/dining-alerts', diningPayload(), token)
    expect((await second.json()).code).toBe('QUOTA_EXCEEDED')
    const stopped = await (
      await post(diningAction, '/api/dining-alerts', diningPayload({ status: 0 }), token)
    ).json()
    const start = await put(diningAction, '/api/dining-alerts', { ...stopped, status: 1 }, token)
    expect((await start.json()).code).toBe('QUOTA_EXCEEDED')
  })

  it("never touches another user's dining alert", async () => {
    const owner = await subscriber()
    const stranger = await subscriber()
    const alert = await createAlertRow(db(), 'dining', owner.user.id)
    const response = await put(
      diningAction,
      '/api/dining-alerts',
      { ...diningPayload(), id: alert.id },
      stranger.token,
    )
    expect(response.status).toBe(404)
  })
})
