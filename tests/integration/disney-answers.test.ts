/**
 * What each of Disney's answers does to alerts, through the real check processor and the
 * simulator: complex-wide answers, date-wide reasons, stays beyond the booking window, dinner
 * shows, dine-res's "not found", and catalogue drift mapped by an admin from the next check on.
 */
import { describe, expect, it } from 'vitest'
import { catalogueResort, createAlertRow, createUser, daysFromToday } from '../../db/factories.ts'
import { configureSimulator } from '../../mocks/disney.ts'
import { linkQuestions } from '~/models/question.server'
import { checkProcessor } from '../../worker/check.ts'
import { AnswerWatch } from '../../worker/upstream/answer-watch.ts'
import { UpstreamFault } from '../../worker/upstream/errors.ts'
import { createSession } from '~/models/session.server'
import { loader as dashboardLoader } from '~/routes/dashboard'
import { action as catalogueAction, loader as catalogueLoader } from '~/routes/admin.catalogue'
import { loader as healthz } from '~/routes/healthz'
import { NOT_FOUND_ALARM_MS, upstreamKey } from '~/utils/upstream-health.server'
import { callRoute, formRequest, getRequest, jsonRequest } from '../support/routes.ts'
import {
  alertRow,
  check,
  questionJob,
  checkNow,
  connection,
  deps,
  db,
  drift,
  env,
  subscriber,
  textsOf,
  tickAndCheck,
} from '../support/worker-harness.ts'

const hotelRow = (id: string) => alertRow('hotel', id)

async function hotelAlertAt(resortName: string, roomNames: string[], overrides = {}) {
  const user = await subscriber()
  const { resort, rooms } = await catalogueResort(db, resortName)
  const chosen = roomNames.map((name) => rooms.find((room) => room.name === name)!)
  const alert = await createAlertRow(db, 'hotel', user.id, {
    resortId: resort.id,
    roomTypeIds: chosen.map((room) => room.id),
    ...overrides,
  })
  return { user, resort, rooms: chosen, alert }
}

const COPPER_CREEK = "Copper Creek Villas & Cabins at Disney's Wilderness Lodge"

describe('a hotel answer', () => {
  it("is asked at Disney's address and opens only the alert's own resort's rooms of a complex", async () => {
    const { alert } = await hotelAlertAt(COPPER_CREEK, ['Deluxe Studio'])
    const lodge = await hotelAlertAt("Disney's Wilderness Lodge", ['Resort View'])
    // Copper Creek's answer lists Wilderness Lodge rooms; JB is open, 2A is not.
    configureSimulator({ script: { dining: [], rooms: ['JB'] } })
    await checkNow('hotel', [alert.id])
    expect(await textsOf(alert.id)).toEqual([])
    await checkNow('hotel', [lodge.alert.id])
    const [text] = await textsOf(lodge.alert.id)
    expect(text?.body).toContain('Room open: Resort View at Wilderness Lodge')
    expect(text?.bookingUrl).toBe(
      'https://disneyworld.disney.go.com/resorts/wilderness-lodge-resort/rates-rooms/',
    )
  })

  it('opens nothing while Disney gives a date-wide reason, though rooms are priced', async () => {
    const { alert } = await hotelAlertAt(COPPER_CREEK, ['Deluxe Studio'])
    configureSimulator({
      script: { dining: [], rooms: ['2A'], reasonsUnavailable: ['INVENTORY_UNAVAILABLE'] },
    })
    await checkNow('hotel', [alert.id])
    expect(await textsOf(alert.id)).toEqual([])
    expect(await hotelRow(alert.id)).toMatchObject({ status: 1, lastFoundAt: null })
  })

  it('matches a Disneyland room by any of its ids', async () => {
    const { alert } = await hotelAlertAt("Disney's Grand Californian Hotel & Spa", [
      'Premium View - Club Level',
    ])
    configureSimulator({ script: { dining: [], rooms: ['19172024'] } })
    await checkNow('hotel', [alert.id])
    expect((await textsOf(alert.id))[0]?.body).toContain('Room open: Premium View - Club Level')
    // Found, and still watching (the default) for the next opening.
    expect(await hotelRow(alert.id)).toMatchObject({ status: 1, lastFoundAt: expect.any(Date) })
  })

  it('reads a Disneyland sold-out as an answer and any other Disneyland 404 as a fault', async () => {
    const { alert } = await hotelAlertAt("Disney's Grand Californian Hotel & Spa", [
      'Standard View',
    ])
    configureSimulator({ script: { dining: [], rooms: [] } })
    await checkNow('hotel', [alert.id])
    expect((await hotelRow(alert.id)).lastCheckedAt).not.toBeNull()
    configureSimulator({ fault: 'dlr-not-found' })
    await expect(checkNow('hotel', [alert.id])).rejects.toMatchObject({
      family: 'dlr-hotel',
      reason: 'http',
    })
  })

  it("answers a job's questions apart: one fault retries only its own question, the rest are written", async () => {
    const lodge = await hotelAlertAt("Disney's Wilderness Lodge", ['Resort View'])
    const later = await hotelAlertAt(COPPER_CREEK, ['Deluxe Studio'], {
      checkInDate: daysFromToday(420),
      checkOutDate: daysFromToday(424),
    })
    const californian = await hotelAlertAt("Disney's Grand Californian Hotel & Spa", [
      'Standard View',
    ])
    configureSimulator({ fault: 'dlr-not-found', script: { dining: [], rooms: ['JB'] } })
    const job = await questionJob('hotel', [lodge.alert.id, californian.alert.id, later.alert.id])
    const unanswered = (await hotelRow(californian.alert.id)).lastCheckedAt
    expect(job.data.questions).toHaveLength(3)
    await expect(check(job)).rejects.toMatchObject({ family: 'dlr-hotel', reason: 'http' })
    expect(job.data.questions.map((asked) => asked.questionId)).toEqual([
      californian.alert.questionId,
    ])
    expect(await hotelRow(lodge.alert.id)).toMatchObject({
      lastFoundAt: expect.any(Date),
      notBookableSince: null,
    })
    expect(await textsOf(lodge.alert.id)).toHaveLength(1)
    const waiting = await hotelRow(later.alert.id)
    expect(waiting).toMatchObject({ status: 1, lastFoundAt: null })
    expect(waiting.notBookableSince).not.toBeNull()
    expect(await hotelRow(californian.alert.id)).toMatchObject({
      status: 1,
      lastCheckedAt: unanswered,
    })
  })

  it('leaves a stay beyond the booking window waiting, says so on the dashboard, and clears it when dates are sold', async () => {
    const { user, alert } = await hotelAlertAt(COPPER_CREEK, ['Deluxe Studio'], {
      checkInDate: daysFromToday(420),
      checkOutDate: daysFromToday(424),
    })
    await tickAndCheck()
    const waiting = await hotelRow(alert.id)
    expect(waiting).toMatchObject({ status: 1, statusReason: null })
    expect(waiting.notBookableSince).not.toBeNull()
    expect(await textsOf(alert.id)).toEqual([])
    const health = await (await healthz()).json()
    expect(health.upstream).toEqual({})

    const { token } = await createSession(db, user.id, 'api')
    const page = await callRoute(dashboardLoader, getRequest('/dashboard', { token }))
    const data = await page.json()
    expect(
      data.alerts.find((listed: { id: string }) => listed.id === alert.id)?.notBookableYet,
    ).toBe(true)

    // New dates are a new question, with its own answer from Disney.
    await db
      .updateTable('hotelAlerts')
      .set({ checkInDate: daysFromToday(40), latestCheckInDate: daysFromToday(40) })
      .where('id', '=', alert.id)
      .execute()
    await linkQuestions(db, 'hotel', alert.id)
    configureSimulator({ script: { dining: [], rooms: [] } })
    await checkNow('hotel', [alert.id])
    expect((await hotelRow(alert.id)).notBookableSince).toBeNull()
  })
})

describe('a dining answer', () => {
  it('texts an opening of a dinner show, listed in its own group', async () => {
    const user = await subscriber()
    const date = daysFromToday(9)
    const alert = await createAlertRow(db, 'dining', user.id, {
      diningLocationId: '80010856',
      reserveDate: date,
      preferredTime: null,
      timeRangeStart: '16:30:00',
      timeRangeEnd: '22:00:00',
    })
    configureSimulator({ script: { dining: [`80010856|${date}|17:15:00`], rooms: [] } })
    await checkNow('dining', [alert.id])
    const [text] = await textsOf(alert.id)
    expect(text?.body).toMatch(
      /^Disney Hotel Alerts: Table open: Hoop-Dee-Doo Musical Revue, .* at 5:15 PM for 4\./,
    )
    expect(text?.openingKey).toBe(`80010856|${date}|17:15:00`)
  })

  it('takes dine-res\'s 200 "not found" as no news, not a fault, and warns on /healthz when it never ends', async () => {
    const user = await subscriber()
    const alert = await createAlertRow(db, 'dining', user.id)
    // A watch of its own: each process writes the mark at most every few seconds.
    const check = checkProcessor({ ...deps, answers: new AnswerWatch(connection, env.redisPrefix) })
    const job = await questionJob('dining', [alert.id])
    configureSimulator({ fault: 'not-found' })
    await check(job)
    expect(
      Number(await connection.get(upstreamKey(env.redisPrefix, 'dining', 'not-found-since'))),
    ).toBeGreaterThan(Date.now() - 60_000)
    expect(await textsOf(alert.id)).toEqual([])
    let health = await (await healthz()).json()
    expect(health.upstream).toEqual({})
    // The same answer for ten minutes running: the session is probably not logged in.
    await connection.set(
      upstreamKey(env.redisPrefix, 'dining', 'not-found-since'),
      String(Date.now() - NOT_FOUND_ALARM_MS - 1000),
    )
    health = await (await healthz()).json()
    expect(health.upstream.dining?.reason).toBe('not-found')
    // Any answer with data ends it.
    configureSimulator({ fault: null, script: { dining: [], rooms: [] } })
    await check(job)
    expect((await (await healthz()).json()).upstream).toEqual({})
  })

  it("reads the site's HTML page as an expired session", async () => {
    const user = await subscriber()
    const alert = await createAlertRow(db, 'dining', user.id)
    configureSimulator({ fault: 'html' })
    const error = await checkNow('dining', [alert.id]).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UpstreamFault)
    expect(error).toMatchObject({ family: 'dining', reason: 'auth' })
  })
})

describe('catalogue drift', () => {
  async function admin() {
    const user = await createUser(db, { role: 'admin' })
    return { user, token: (await createSession(db, user.id, 'api')).token }
  }

  it('counts unknown rooms and venues per address, and an admin maps a room so alerts match it from the next check', async () => {
    const { alert, rooms } = await hotelAlertAt("Disney's Pop Century Resort", ['Standard Room'])
    configureSimulator({
      script: {
        dining: [],
        rooms: ['QQ7'],
        unknownRooms: ['pop-century-resort|QQ7'],
        unknownVenues: ['disney-world|19999001|New Lounge'],
      },
    })
    await checkNow('hotel', [alert.id])
    await checkNow('hotel', [alert.id])
    const dining = await createAlertRow(db, 'dining', (await subscriber()).id)
    await checkNow('dining', [dining.id])
    await drift.flush()
    expect(await textsOf(alert.id)).toEqual([])

    const { user, token } = await admin()
    const page = await (
      await callRoute(catalogueLoader, getRequest('/admin/catalogue', { token }))
    ).json()
    expect(page.unmatched).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          address: 'pop-century-resort',
          keyKind: 'code',
          disneyKey: 'QQ7',
          timesSeen: 2,
          description: expect.stringMatching(/^room id \d+, bookable$/),
        }),
        expect.objectContaining({
          address: 'dining',
          keyKind: 'venue',
          disneyKey: '19999001',
          description: 'New Lounge (restaurant), 0 bookable times',
        }),
      ]),
    )

    const mapped = await postCatalogue(
      mapPopCentury({ disneyKey: 'QQ7', roomTypeId: rooms[0]!.id }),
      token,
    )
    expect(mapped.status).toBe(302)
    const after = await (
      await callRoute(catalogueLoader, getRequest('/admin/catalogue', { token }))
    ).json()
    expect(after.unmatched.map((row: { disneyKey: string }) => row.disneyKey)).not.toContain('QQ7')
    expect(after.mappings).toEqual([
      expect.objectContaining({ disneyKey: 'QQ7', roomTypeName: rooms[0]!.name }),
    ])
    expect(after.audit).toEqual([
      expect.objectContaining({ action: 'map-room-key', actorPhone: user.phoneNumber }),
    ])

    // The next check matches the mapped key: one text, and the alert completes.
    await checkNow('hotel', [alert.id])
    expect((await textsOf(alert.id))[0]?.body).toContain(`Room open: ${rooms[0]!.name}`)
    await drift.flush()
    const rows = await db
      .selectFrom('unmatchedAnswerKeys')
      .selectAll()
      .where('disneyKey', '=', 'QQ7')
      .execute()
    expect(rows).toEqual([])
  })

  it('lets only admins see or change it, and refuses bad input without a change', async () => {
    const visitor = await callRoute(catalogueLoader, getRequest('/admin/catalogue'))
    expect(visitor.headers.get('Location')).toBe('/')
    const user = await createUser(db)
    const { token: userToken } = await createSession(db, user.id, 'api')
    const notAdmin = await callRoute(
      catalogueLoader,
      getRequest('/admin/catalogue', { token: userToken }),
    )
    expect(notAdmin.headers.get('Location')).toBe('/')
    const refused = await postCatalogue(
      { intent: 'unmap', mappingId: crypto.randomUUID() },
      userToken,
    )
    expect(refused.headers.get('Location')).toBe('/')

    const { token } = await admin()
    const { rooms } = await catalogueResort(db, "Disney's Grand Californian Hotel & Spa")
    const auditBefore = (await db.selectFrom('catalogueAudit').selectAll().execute()).length
    for (const fields of <Record<string, string>[]>[
      mapPopCentury({ disneyKey: 'Q\u0000', roomTypeId: rooms[0]!.id }),
      mapPopCentury({ disneyKey: 'QQ8', roomTypeId: 'not-a-uuid' }),
      mapPopCentury({ locationIdentifier: 'mars', disneyKey: 'QQ8', roomTypeId: rooms[0]!.id }),
      { intent: 'drop-table' },
    ]) {
      const answer = await postCatalogue(fields, token)
      expect(answer.status).toBe(400)
    }
    // A room type of the other destination is refused in words, beside the key.
    const wrongPlace = await postCatalogue(
      mapPopCentury({ disneyKey: 'QQ8', roomTypeId: rooms[0]!.id }),
      token,
    )
    expect(wrongPlace.status).toBe(400)
    expect(await wrongPlace.json()).toEqual({
      key: 'QQ8',
      message: 'Choose a room type of a resort at this destination.',
    })
    const json = await callRoute(
      catalogueAction,
      jsonRequest('/admin/catalogue', { intent: 'unmap' }, { token }),
    )
    expect(json.status).toBe(400)
    expect(
      await db.selectFrom('roomKeyMappings').selectAll().where('disneyKey', '=', 'QQ8').execute(),
    ).toEqual([])
    expect(await db.selectFrom('catalogueAudit').selectAll().execute()).toHaveLength(auditBefore)
  })
})

/** The drift page's map form for a key seen at Pop Century's address. */
function mapPopCentury(fields: Record<string, string>) {
  return {
    intent: 'map',
    locationIdentifier: 'disney-world',
    disneySlug: 'pop-century-resort',
    keyKind: 'code',
    ...fields,
  }
}

/** The drift page's form posted by the holder of `token`. */
function postCatalogue(fields: Record<string, string>, token: string) {
  return callRoute(catalogueAction, formRequest('/admin/catalogue', fields, { token }))
}
