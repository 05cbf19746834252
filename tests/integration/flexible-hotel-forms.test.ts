import { describe, expect, it } from 'vitest'
import { catalogueResort, createUser, daysFromToday } from '../../db/factories.ts'
import { hotelEditHref } from '~/domain/hotel-drafts'
import { FLEXIBLE_HOTEL_MESSAGES } from '~/domain/flexible-alert-schema'
import { HOTEL_MESSAGES } from '~/domain/hotel-alert'
import { tooWideMessage } from '~/domain/flexible-words'
import { action as hotelPage, loader as hotelPageLoader } from '~/routes/alerts.hotels'
import { loader as dashboard } from '~/routes/dashboard'
import { getDb } from '~/utils/db.server'
import { alertsOf } from '../support/rows.ts'
import { callRoute, cookiesFrom, formPairs, formRequest, getRequest } from '../support/routes.ts'
import { cookieFor } from '../support/session.ts'

const db = () => getDb()

type Fields = Record<string, string | string[]>

function post(fields: Fields, cookie?: string) {
  return callRoute(hotelPage, formRequest('/alerts/hotels', fields, { cookie }))
}

/** The page as a GET submission of the form shows it (without JavaScript). */
async function pageFor(fields: Fields, cookie?: string) {
  const response = await callRoute(
    hotelPageLoader,
    getRequest(`/alerts/hotels?${formPairs(fields)}`, { cookie }),
  )
  expect(response.status).toBe(200)
  return response.json()
}

async function resorts() {
  const [pop, animation, caribbean, grandCalifornian] = await Promise.all(
    [
      "Disney's Pop Century Resort",
      "Disney's Art of Animation Resort",
      "Disney's Caribbean Beach Resort",
      "Disney's Grand Californian Hotel & Spa",
    ].map((name) => catalogueResort(db(), name)),
  )
  return {
    pop: pop!,
    animation: animation!,
    caribbean: caribbean!,
    grandCalifornian: grandCalifornian!,
  }
}

/** Today's exact form, at Pop Century, far enough out for any window. */
async function exactFields(overrides: Fields = {}): Promise<Fields> {
  const { pop } = await resorts()
  return {
    resortId: pop.resort.id,
    checkInDate: daysFromToday(60),
    checkOutDate: daysFromToday(64),
    numberOfAdults: '2',
    numberOfChildren: '0',
    roomIds: pop.rooms[0]!.id,
    ...overrides,
  }
}

async function subscriber() {
  const user = await createUser(db(), { planId: 'magic-hour' })
  return { user, cookie: await cookieFor(user) }
}

describe('a flexible hotel alert from the page form', () => {
  it('watches a window of check-ins for a range of nights', async () => {
    const { user, cookie } = await subscriber()
    const response = await post(
      await exactFields({
        latestCheckInDate: daysFromToday(66),
        lengthOfStay: 'nights',
        minNights: '5',
        maxNights: '6',
      }),
      cookie,
    )
    expect(response.headers.get('Location')).toBe('/dashboard?newAlert=hotel&success=1')
    expect(await alertsOf('hotel', user.id)).toEqual([
      expect.objectContaining({
        checkInDate: daysFromToday(60),
        latestCheckInDate: daysFromToday(66),
        minNights: 5,
        maxNights: 6,
        splitStays: false,
      }),
    ])
  })

  it('watches other resorts of the destination, any room type at one', async () => {
    const { user, cookie } = await subscriber()
    const { pop, animation, caribbean } = await resorts()
    const response = await post(
      await exactFields({
        'otherResorts[0].resortId': animation.resort.id,
        'otherResorts[0].roomIds': 'any',
        'otherResorts[1].resortId': caribbean.resort.id,
        'otherResorts[1].roomIds': [caribbean.rooms[0]!.id],
      }),
      cookie,
    )
    expect(response.headers.get('Location')).toBe('/dashboard?newAlert=hotel&success=1')
    const [row] = await alertsOf('hotel', user.id)
    expect(row!.resorts).toEqual([
      { resortId: pop.resort.id, roomIds: [pop.rooms[0]!.id] },
      { resortId: animation.resort.id, roomIds: 'any' },
      { resortId: caribbean.resort.id, roomIds: [caribbean.rooms[0]!.id] },
    ])
  })

  it('watches split stays when the box is ticked', async () => {
    const { user, cookie } = await subscriber()
    await post(await exactFields({ splitStays: 'on', roomIds: 'any' }), cookie)
    expect(await alertsOf('hotel', user.id)).toEqual([
      expect.objectContaining({ splitStays: true, minNights: 4, maxNights: 4 }),
    ])
  })

  it('keeps a visitor’s flexible alert through login, every field of it', async () => {
    const { animation } = await resorts()
    const response = await post(
      await exactFields({
        latestCheckInDate: daysFromToday(62),
        'otherResorts[0].resortId': animation.resort.id,
        'otherResorts[0].roomIds': 'any',
        splitStays: 'on',
      }),
    )
    expect(response.headers.get('Location')).toMatch(/^\/login\?intent=quick/)
    const { user, cookie } = await subscriber()
    const arrival = await callRoute(
      dashboard,
      getRequest('/dashboard?newAlert=hotel', { cookie: `${cookie}; ${cookiesFrom(response)}` }),
    )
    expect(arrival.headers.get('Location')).toBe('/dashboard?newAlert=hotel&success=1')
    const [row] = await alertsOf('hotel', user.id)
    expect(row).toMatchObject({
      latestCheckInDate: daysFromToday(62),
      minNights: 4,
      maxNights: 4,
      splitStays: true,
    })
    expect(row!.resorts).toHaveLength(2)
  })
})

describe('the page without JavaScript', () => {
  it('adds a resort row keeping what was entered, shows its rooms once chosen, and removes it', async () => {
    const { animation } = await resorts()
    const entered = await exactFields({ numberOfAdults: '3', latestCheckInDate: daysFromToday(61) })
    const added = await pageFor({ ...entered, intent: 'add-resort' })
    expect(added.draft).toMatchObject({
      checkInDate: entered.checkInDate,
      checkOutDate: entered.checkOutDate,
      latestCheckInDate: daysFromToday(61),
      adults: 3,
      roomIds: [entered.roomIds],
      otherResorts: [{ resortId: null, roomIds: [], anyRoom: true }],
    })
    expect(added.coverage).toEqual({ text: 'This alert covers 2 stays.', tooWide: false })

    const chosen = await pageFor({
      ...entered,
      'otherResorts[0].resortId': animation.resort.id,
      'otherResorts[0].roomIds': 'any',
    })
    expect(chosen.draft.otherResorts).toEqual([
      { resortId: animation.resort.id, roomIds: [], anyRoom: true },
    ])
    expect(chosen.otherRooms[animation.resort.id].length).toBeGreaterThan(0)
    expect(chosen.coverage.text).toBe('This alert covers 2 stays at 2 resorts, 4 in all.')

    const removed = await pageFor({
      ...entered,
      'otherResorts[0].resortId': animation.resort.id,
      intent: 'remove-resort-0',
    })
    expect(removed.draft.otherResorts).toEqual([])
  })

  it('drops other resorts the form may not watch: another destination, or its own resort', async () => {
    const { pop, grandCalifornian } = await resorts()
    const page = await pageFor(
      await exactFields({
        'otherResorts[0].resortId': grandCalifornian.resort.id,
        'otherResorts[1].resortId': pop.resort.id,
      }),
    )
    expect(page.draft.otherResorts).toEqual([])
  })
})

describe('what the form refuses', () => {
  it('refuses an alert too wide to watch, in words, and saves nothing', async () => {
    const { user, cookie } = await subscriber()
    const { animation, caribbean } = await resorts()
    const wide = await exactFields({
      latestCheckInDate: daysFromToday(74),
      lengthOfStay: 'nights',
      minNights: '5',
      maxNights: '6',
      'otherResorts[0].resortId': animation.resort.id,
      'otherResorts[0].roomIds': 'any',
      'otherResorts[1].resortId': caribbean.resort.id,
      'otherResorts[1].roomIds': 'any',
    })
    const message = tooWideMessage({ stays: 30, resorts: 3, splitStays: 0, questions: 90 })
    expect((await pageFor(wide)).coverage).toEqual({ text: message, tooWide: true })

    const response = await post(wide, cookie)
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.result.error['']).toEqual([message])
    // The form comes back as it was sent, with what it covers.
    expect(body.draft.otherResorts).toHaveLength(2)
    expect(body.coverage).toEqual({ text: message, tooWide: true })
    expect(await alertsOf('hotel', user.id)).toEqual([])
  })

  it('says bad input beside its field with a 400, and saves nothing', async () => {
    const { user, cookie } = await subscriber()
    const { animation } = await resorts()
    const refusals: [Fields, Record<string, string[]>][] = [
      [
        { lengthOfStay: 'nights', minNights: 'five' },
        { minNights: [FLEXIBLE_HOTEL_MESSAGES.nights] },
      ],
      [
        { lengthOfStay: 'nights', minNights: '6', maxNights: '4' },
        { maxNights: [FLEXIBLE_HOTEL_MESSAGES.nightsOrder] },
      ],
      [
        { latestCheckInDate: daysFromToday(75) },
        { latestCheckInDate: [FLEXIBLE_HOTEL_MESSAGES.spread] },
      ],
      [
        { latestCheckInDate: daysFromToday(59) },
        { latestCheckInDate: [FLEXIBLE_HOTEL_MESSAGES.latestBeforeEarliest] },
      ],
      [{ splitStays: 'maybe' }, { splitStays: [FLEXIBLE_HOTEL_MESSAGES.splitStays] }],
      [
        { 'otherResorts[0].resortId': animation.resort.id },
        { 'otherResorts[0].roomIds': [FLEXIBLE_HOTEL_MESSAGES.rooms] },
      ],
    ]
    for (const [fields, errors] of refusals) {
      const response = await post(await exactFields(fields), cookie)
      expect(response.status, JSON.stringify(fields)).toBe(400)
      expect((await response.json()).result.error, JSON.stringify(fields)).toEqual(errors)
    }
    expect(await alertsOf('hotel', user.id)).toEqual([])
  })

  it('refuses what only the catalogue can tell beside the row: another destination, another resort’s room', async () => {
    const { user, cookie } = await subscriber()
    const { animation, grandCalifornian } = await resorts()
    const refusals: [Fields, Record<string, string[]>][] = [
      [
        {
          'otherResorts[0].resortId': grandCalifornian.resort.id,
          'otherResorts[0].roomIds': 'any',
        },
        { 'otherResorts[0].resortId': [FLEXIBLE_HOTEL_MESSAGES.oneDestination] },
      ],
      [
        {
          'otherResorts[0].resortId': animation.resort.id,
          'otherResorts[0].roomIds': grandCalifornian.rooms[0]!.id,
        },
        { 'otherResorts[0].roomIds': [HOTEL_MESSAGES.unknownRooms] },
      ],
    ]
    for (const [fields, errors] of refusals) {
      const response = await post(await exactFields(fields), cookie)
      expect(response.status).toBe(400)
      expect((await response.json()).result.error).toEqual(errors)
    }
    expect(await alertsOf('hotel', user.id)).toEqual([])
  })
})

describe('editing a flexible alert without JavaScript', () => {
  it('opens the form with every flexible field and saves the change', async () => {
    const { user, cookie } = await subscriber()
    const { pop, animation } = await resorts()
    await post(
      await exactFields({
        latestCheckInDate: daysFromToday(63),
        lengthOfStay: 'nights',
        minNights: '3',
        maxNights: '4',
        'otherResorts[0].resortId': animation.resort.id,
        'otherResorts[0].roomIds': 'any',
      }),
      cookie,
    )
    const [alert] = await alertsOf('hotel', user.id)
    const listed = (await (await callRoute(dashboard, getRequest('/dashboard', { cookie }))).json())
      .alerts[0]
    const page = await (
      await callRoute(hotelPageLoader, getRequest(hotelEditHref(listed), { cookie }))
    ).json()
    expect(page.editing).toBe(alert!.id)
    expect(page.draft).toMatchObject({
      resortId: pop.resort.id,
      roomIds: [pop.rooms[0]!.id],
      latestCheckInDate: daysFromToday(63),
      lengthOfStay: 'nights',
      minNights: 3,
      maxNights: 4,
      otherResorts: [{ resortId: animation.resort.id, roomIds: [], anyRoom: true }],
    })

    const saved = await post(
      await exactFields({
        edit: alert!.id,
        'otherResorts[0].resortId': animation.resort.id,
        'otherResorts[0].roomIds': 'any',
        splitStays: 'on',
      }),
      cookie,
    )
    expect(saved.headers.get('Location')).toBe('/dashboard')
    expect(await alertsOf('hotel', user.id)).toEqual([
      expect.objectContaining({
        latestCheckInDate: daysFromToday(60),
        minNights: 4,
        maxNights: 4,
        splitStays: true,
      }),
    ])
  })
})
