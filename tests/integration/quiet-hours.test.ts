/**
 * Quiet hours and snooze (issue 28, decision 0031): Settings and PUT /api/account/settings take
 * quiet hours; the dashboard and the alerts API snooze an alert; the tick releases the texts
 * held in quiet hours as one text, once, and wakes snoozed alerts when their date is over.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { createAlertRow, daysFromToday } from '../../db/factories.ts'
import type { SmsJob } from '../../worker/queues.ts'
import { QUIET_HOURS_MESSAGES } from '~/domain/account-settings'
import { todayIn } from '~/domain/dates'
import { SNOOZE_MESSAGES } from '~/domain/snooze'
import { newShortCode } from '~/models/outbox.server'
import { holdInQuietHours, NOT_RELEASED, releaseHeldTexts } from '~/models/quiet-hours.server'
import { wakeSnoozedAlerts } from '~/models/snooze.server'
import { action as hotelAction, loader as hotelList } from '~/routes/api.availability-queries'
import { action as diningAction, loader as diningList } from '~/routes/api.dining-alerts'
import { loader as dashboardPage } from '~/routes/dashboard'
import { action as snoozeAction, loader as snoozePage } from '~/routes/dashboard_.snooze.$kind.$id'
import { readOutbox } from '../support/outbox.ts'
import {
  callRoute,
  followRedirect,
  formRequest,
  getRequest,
  jsonRequest,
} from '../support/routes.ts'
import { textRow, userRow } from '../support/rows.ts'
import { cookieFor, tokenFor } from '../support/session.ts'
import { openSettings, postSettings, putSettings, settingsAfter } from '../support/settings.ts'
import { asJob, db, queues, sendText, subscriber, tick } from '../support/worker-harness.ts'

const APP_URL = 'http://localhost:3000'
const HOUR = 60 * 60_000
const nights = { timeZone: 'America/New_York', quietStart: '22:00', quietEnd: '07:00' }

async function signedIn(overrides = {}) {
  const user = await subscriber('magic-hour', overrides)
  return { user, cookie: await cookieFor(user), token: await tokenFor(user) }
}

describe('quiet hours in Settings, without JavaScript', () => {
  it('saves them, back on Settings saying what they are, and turns them off', async () => {
    const { user, cookie } = await signedIn()
    const before = await openSettings(cookie)
    expect((await before.json()).quiet).toEqual({
      timeZone: null,
      quietStart: null,
      quietEnd: null,
      described: null,
    })

    const saved = await postSettings({ intent: 'quiet-hours', ...nights }, cookie)
    expect(saved.status).toBe(302)
    expect(saved.headers.get('Location')).toBe('/settings#quiet-hours')
    const settings = await settingsAfter(saved, cookie)
    const described = '10:00 PM to 7:00 AM, Eastern Time (New York, Toronto, Orlando)'
    expect(settings.notice).toEqual({
      tone: 'success',
      message: `Quiet hours are on: ${described}.`,
      section: 'quiet-hours',
    })
    expect(settings.quiet).toEqual({ ...nights, described })
    expect(await userRow(user.id)).toMatchObject({
      timeZone: 'America/New_York',
      quietStart: '22:00:00',
      quietEnd: '07:00:00',
    })

    const off = await postSettings(
      { intent: 'quiet-hours-off', quietStart: '', quietEnd: '' },
      cookie,
    )
    expect(off.status).toBe(302)
    expect((await settingsAfter(off, cookie)).notice.message).toBe(
      'Quiet hours are off: texts come as soon as we find an opening.',
    )
    // The time zone stays for the next time.
    expect(await userRow(user.id)).toMatchObject({
      timeZone: 'America/New_York',
      quietStart: null,
      quietEnd: null,
    })
  })

  it.each([
    [
      { timeZone: '', quietStart: '22:00', quietEnd: '07:00' },
      'timeZone',
      QUIET_HOURS_MESSAGES.timeZone,
    ],
    [
      { timeZone: 'Europe/Paris', quietStart: '22:00', quietEnd: '07:00' },
      'timeZone',
      QUIET_HOURS_MESSAGES.timeZone,
    ],
    [{ ...nights, quietStart: '25:00' }, 'quietStart', QUIET_HOURS_MESSAGES.time],
    [{ ...nights, quietEnd: '' }, 'quietEnd', QUIET_HOURS_MESSAGES.bothTimes],
    [{ ...nights, quietEnd: '22:00' }, 'quietEnd', QUIET_HOURS_MESSAGES.sameTimes],
  ])('refuses %j beside its field and changes nothing', async (fields, field, message) => {
    const { user, cookie } = await signedIn()
    const response = await postSettings({ intent: 'quiet-hours', ...fields }, cookie)
    expect(response.status).toBe(400)
    expect((await response.json()).quietHours.error).toEqual({ [field]: [message] })
    expect(await userRow(user.id)).toMatchObject({ timeZone: null, quietStart: null })
  })
})

describe('PUT /api/account/settings with quiet hours', () => {
  it('saves them with the profile, answers them, and turns them off with nulls', async () => {
    const { user, token } = await signedIn()
    const saved = await putSettings({ name: 'Ada', ...nights }, token)
    expect(saved.status).toBe(200)
    expect(await saved.json()).toMatchObject({ id: user.id, name: 'Ada', ...nights })

    const zone = await putSettings({ timeZone: 'America/Chicago' }, token)
    expect(await zone.json()).toMatchObject({ timeZone: 'America/Chicago', quietStart: '22:00' })
    const off = await putSettings({ quietStart: null, quietEnd: null }, token)
    expect(await off.json()).toMatchObject({
      timeZone: 'America/Chicago',
      quietStart: null,
      quietEnd: null,
    })
  })

  it.each([
    [{ quietStart: '22:00', quietEnd: '07:00' }, `timeZone: ${QUIET_HOURS_MESSAGES.timeZone}`],
    [{ ...nights, quietEnd: undefined }, `quietEnd: ${QUIET_HOURS_MESSAGES.bothTimes}`],
    [{ ...nights, quietStart: '7:00' }, `quietStart: ${QUIET_HOURS_MESSAGES.time}`],
    [{ ...nights, quietStart: 2200 }, `quietStart: ${QUIET_HOURS_MESSAGES.time}`],
    [{ timeZone: 'UTC' }, `timeZone: ${QUIET_HOURS_MESSAGES.timeZone}`],
    [{ ...nights, quietHours: true }, QUIET_HOURS_MESSAGES.onlySettings],
  ])('refuses %j in words and changes nothing', async (body, message) => {
    const { user, token } = await signedIn()
    const response = await putSettings(body, token)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message })
    expect(await userRow(user.id)).toMatchObject({ timeZone: null, quietStart: null })
  })

  it('moves the texts waiting for the end of quiet hours to the end of the new ones, or now', async () => {
    const { user, token } = await signedIn({ ...nights })
    const alert = await createAlertRow(db, 'dining', user.id)
    const held = await heldText(alert, { heldUntil: new Date(Date.now() + 5 * HOUR) })
    await putSettings({ quietStart: null, quietEnd: null }, token)
    expect((await textRow(held.id)).heldUntil!.getTime()).toBeLessThanOrEqual(Date.now())
  })
})

/** An opening of an alert's question, open or closed, and a text about it held until `heldUntil`. */
async function heldText(
  alert: Awaited<ReturnType<typeof createAlertRow>>,
  options: { heldUntil: Date; closed?: boolean },
) {
  const key = randomUUID()
  const closed = options.closed ? new Date() : null
  const hotel = 'roomTypeIds' in alert
  const opening = await db
    .insertInto('openings')
    .values({
      questionId: alert.questionId,
      kind: hotel ? 'hotel' : 'dining',
      openingKey: key,
      ...(hotel
        ? {
            resortId: alert.resortId,
            roomTypeId: alert.roomTypeIds[0]!,
            startsOn: alert.checkInDate,
            checkOutDate: alert.checkOutDate,
          }
        : {
            diningLocationId: alert.diningLocationId,
            startsOn: alert.reserveDate,
            reserveTime: '18:15:00',
          }),
      firstSeenAt: new Date(Date.now() - 2 * HOUR),
      lastSeenAt: closed,
      closedAt: closed,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const { phoneNumber } = await userRow(alert.userId)
  return db
    .insertInto('notifications')
    .values({
      userId: alert.userId,
      alertKind: hotel ? 'hotel' : 'dining',
      alertId: alert.id,
      openingKey: key,
      openingId: opening.id,
      toNumber: phoneNumber,
      bookingUrl: 'https://disneyworld.disney.go.com/',
      shortCode: newShortCode(),
      body: `Disney Hotel Alerts: Room open: ${key}`,
      seenAt: new Date(Date.now() - 2 * HOUR),
      status: 'held',
      heldUntil: options.heldUntil,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

const textsTo = (userId: string) =>
  db
    .selectFrom('notifications')
    .selectAll()
    .where('userId', '=', userId)
    .where('purpose', '=', 'quiet-hours')
    .execute()

describe('holding a check’s texts', () => {
  const now = new Date('2026-01-16T05:00:00Z') // midnight in New York
  const quiet = { ...nights, quietStart: '22:00:00', quietEnd: '07:00:00' }
  const far = new Date('2026-03-01T20:00:00Z')

  it('holds until the end of quiet hours, texts through them within 48 hours, and leaves capped texts be', () => {
    const texts = holdInQuietHours(
      [
        { userId: 'a', body: 'far', quiet, startsAt: far },
        { userId: 'a', body: 'soon', quiet, startsAt: new Date(now.getTime() + 47 * HOUR) },
        { userId: 'a', body: 'capped', status: 'skipped' as const, quiet, startsAt: far },
        {
          userId: 'b',
          body: 'awake',
          quiet: { ...quiet, quietStart: null, quietEnd: null },
          startsAt: far,
        },
      ],
      now,
    )
    expect(texts).toEqual([
      { userId: 'a', body: 'far', status: 'held', heldUntil: new Date('2026-01-16T12:00:00Z') },
      { userId: 'a', body: 'soon' },
      { userId: 'a', body: 'capped', status: 'skipped' },
      { userId: 'b', body: 'awake' },
    ])
  })
})

describe('releasing held texts when quiet hours end', () => {
  /** Releases what is due, answering the texts queued for this user (the file shares a database). */
  async function release(userId: string, now = new Date()) {
    const queued = await releaseHeldTexts(db, { now, appUrl: APP_URL })
    const mine = await db
      .selectFrom('notifications')
      .select('id')
      .where('userId', '=', userId)
      .execute()
    return queued.filter((id) => mine.some((row) => row.id === id))
  }

  /** A user in quiet hours whose hotel alert and dining alert each hold a text due now. */
  async function dueToBeReleased() {
    const user = await subscriber('magic-hour', nights)
    const past = new Date(Date.now() - 1000)
    for (const kind of ['hotel', 'dining'] as const)
      await heldText(await createAlertRow(db, kind, user.id), { heldUntil: past })
    return user
  }

  it('waits until they end, then sends the openings still open as one text, once', async () => {
    const user = await subscriber('magic-hour', nights)
    const hotel = await createAlertRow(db, 'hotel', user.id)
    const dining = await createAlertRow(db, 'dining', user.id)
    const end = new Date(Date.now() + HOUR)
    const texts = [
      await heldText(hotel, { heldUntil: end }),
      await heldText(dining, { heldUntil: end }),
      await heldText(dining, { heldUntil: end, closed: true }),
    ]
    expect(await release(user.id)).toEqual([])
    expect(await textsTo(user.id)).toEqual([])

    const after = new Date(end.getTime() + 1000)
    const queued = await release(user.id, after)
    const [gathered] = await textsTo(user.id)
    expect(queued).toEqual([gathered!.id])
    expect(gathered).toMatchObject({
      status: 'pending',
      toNumber: user.phoneNumber,
      alertId: null,
      body: `Disney Hotel Alerts: 2 openings from your quiet hours are still open: Pop Century Resort, Cinderella's Royal Table. See them: ${APP_URL}/dashboard`,
    })
    const [first, second, closed] = await Promise.all(texts.map((text) => textRow(text.id)))
    for (const text of [first, second])
      expect(text).toMatchObject({ status: 'held', heldUntil: null, gatheredIn: gathered!.id })
    expect(closed).toMatchObject({
      status: 'held',
      heldUntil: null,
      gatheredIn: null,
      error: NOT_RELEASED.closed,
    })

    // Run again, nothing more.
    expect(await release(user.id, after)).toEqual([])
    expect(await textsTo(user.id)).toHaveLength(1)
  })

  it('sends a lone opening as its own text, and nothing for openings that closed or alerts gone', async () => {
    const user = await subscriber('magic-hour', nights)
    const [kept, deleted, snoozed] = await Promise.all([
      createAlertRow(db, 'hotel', user.id),
      createAlertRow(db, 'dining', user.id, { reserveDate: daysFromToday(21) }),
      createAlertRow(db, 'dining', user.id, { reserveDate: daysFromToday(22) }),
    ])
    const past = new Date(Date.now() - 1000)
    const lone = await heldText(kept, { heldUntil: past })
    const closed = await heldText(kept, { heldUntil: past, closed: true })
    const ofDeleted = await heldText(deleted, { heldUntil: past })
    const ofSnoozed = await heldText(snoozed, { heldUntil: past })
    await db.deleteFrom('diningAlerts').where('id', '=', deleted.id).execute()
    await db
      .updateTable('diningAlerts')
      .set({ snoozedUntil: daysFromToday(10) })
      .where('id', '=', snoozed.id)
      .execute()

    expect(await release(user.id)).toEqual([lone.id])
    expect(await textsTo(user.id)).toEqual([])
    expect(await textRow(lone.id)).toMatchObject({ status: 'pending', heldUntil: null })
    expect(await textRow(closed.id)).toMatchObject({ error: NOT_RELEASED.closed })
    expect(await textRow(ofDeleted.id)).toMatchObject({ error: NOT_RELEASED.deleted })
    expect(await textRow(ofSnoozed.id)).toMatchObject({ error: NOT_RELEASED.snoozed })

    // Every opening closed: nothing at all.
    const quiet = await subscriber('magic-hour', nights)
    const alert = await createAlertRow(db, 'hotel', quiet.id)
    const gone = await heldText(alert, { heldUntil: past, closed: true })
    expect(await release(quiet.id)).toEqual([])
    expect(await textRow(gone.id)).toMatchObject({ status: 'held', heldUntil: null })
  })

  it('sends once when two workers release at the same moment', async () => {
    const user = await dueToBeReleased()
    // A worker in the middle of releasing this user's texts holds their row: another skips them.
    await db.transaction().execute(async (trx) => {
      await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', user.id)
        .forNoKeyUpdate()
        .execute()
      expect(await release(user.id)).toEqual([])
    })
    expect(await textsTo(user.id)).toEqual([])
    // Two at once, each on a connection of its own.
    await Promise.all(Array.from({ length: 4 }, () => sql`select pg_sleep(0.05)`.execute(db)))
    const [one, other] = await Promise.all([release(user.id), release(user.id)])
    expect([...one, ...other]).toHaveLength(1)
    expect(await textsTo(user.id)).toHaveLength(1)
  })

  it('is the tick’s: the released text is queued and reaches the phone', async () => {
    const user = await dueToBeReleased()
    await tick()
    const [gathered] = await textsTo(user.id)
    expect(await queues.sms.getJob(gathered!.id)).toBeDefined()
    await sendText(asJob<SmsJob>({ notificationId: gathered!.id }))
    expect(
      readOutbox()
        .filter((text) => text.to === user.phoneNumber)
        .map((text) => text.body),
    ).toEqual([gathered!.body])
    await tick()
    expect(await textsTo(user.id)).toHaveLength(1)
  })
})

describe('snoozing from the dashboard, without JavaScript', () => {
  const post = (
    kind: string,
    id: string,
    fields: Record<string, string>,
    cookie: string,
    search = '',
  ) =>
    callRoute(
      snoozeAction,
      formRequest(`/dashboard/snooze/${kind}/${id}${search}`, fields, { cookie }),
      {
        params: { kind, id },
      },
    )

  it('snoozes until a date and back to the same view, keeps the status, and unsnoozes', async () => {
    const { user, cookie } = await signedIn()
    const alert = await createAlertRow(db, 'hotel', user.id)
    const until = daysFromToday(10)
    const snoozed = await post('hotel', alert.id, { snoozedUntil: until }, cookie, '?type=hotel')
    expect(snoozed.status).toBe(302)
    expect(snoozed.headers.get('Location')).toBe('/dashboard?type=hotel')
    const dashboard = await followRedirect(dashboardPage, snoozed, cookie)
    expect(dashboard.notice.message).toBe(
      `Disney's Pop Century Resort: ${SNOOZE_MESSAGES.snoozed(until)}`,
    )
    expect(dashboard.alerts).toEqual([
      expect.objectContaining({ id: alert.id, snoozedUntil: until, status: 1 }),
    ])
    expect(dashboard.running).toBe(1)

    const woken = await post('hotel', alert.id, { snoozedUntil: '' }, cookie)
    expect(woken.headers.get('Location')).toBe('/dashboard')
    expect(await snoozedUntil('hotel', alert.id)).toBeNull()
  })

  it('refuses a date in the past or not before the meal beside the field, and changes nothing', async () => {
    const { user, cookie } = await signedIn()
    const alert = await createAlertRow(db, 'dining', user.id, { reserveDate: daysFromToday(20) })
    for (const [date, message] of [
      [daysFromToday(-2), SNOOZE_MESSAGES.past],
      [daysFromToday(20), SNOOZE_MESSAGES.notBefore.dining],
      ['2026-02-30', SNOOZE_MESSAGES.date],
    ] as const) {
      const refused = await post('dining', alert.id, { snoozedUntil: date }, cookie)
      expect(refused.status).toBe(400)
      expect((await refused.json()).result.error).toEqual({ snoozedUntil: [message] })
    }
    expect(await snoozedUntil('dining', alert.id)).toBeNull()
    // Today at the destination is the earliest date.
    const today = todayIn('America/New_York')
    expect((await post('dining', alert.id, { snoozedUntil: today }, cookie)).status).toBe(302)
    expect(await snoozedUntil('dining', alert.id)).toBe(today)
  })

  it('shows its page, and 404s another account’s alert, a made-up one and an unknown kind', async () => {
    const { user, cookie } = await signedIn()
    const mine = await createAlertRow(db, 'hotel', user.id)
    const page = await callRoute(
      snoozePage,
      getRequest(`/dashboard/snooze/hotel/${mine.id}`, { cookie }),
      {
        params: { kind: 'hotel', id: mine.id },
      },
    )
    expect(await page.json()).toMatchObject({
      target: { id: mine.id, name: "Disney's Pop Century Resort", startsOn: mine.checkInDate },
    })

    const other = await signedIn()
    const theirs = await createAlertRow(db, 'dining', other.user.id)
    for (const [kind, id] of [
      ['dining', theirs.id],
      ['hotel', theirs.id],
      ['dining', randomUUID()],
      ['dining', 'not-an-id'],
      ['spa', mine.id],
    ]) {
      expect((await post(kind!, id!, { snoozedUntil: daysFromToday(3) }, cookie)).status).toBe(404)
      const read = await callRoute(
        snoozePage,
        getRequest(`/dashboard/snooze/${kind}/${id}`, { cookie }),
        {
          params: { kind: kind!, id: id! },
        },
      )
      expect(read.status).toBe(404)
    }
    expect(await snoozedUntil('dining', theirs.id)).toBeNull()
  })
})

const snoozedUntil = async (kind: 'hotel' | 'dining', id: string) =>
  (
    await db
      .selectFrom(kind === 'hotel' ? 'hotelAlerts' : 'diningAlerts')
      .select('snoozedUntil')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).snoozedUntil

describe('snoozedUntil in the alerts API', () => {
  const put = (fn: typeof hotelAction, path: string, body: unknown, token: string) =>
    callRoute(fn, jsonRequest(path, body, { token, method: 'PUT' }))

  it('snoozes a hotel alert on update, keeps it when not sent, ends it when the stay moves before it, and clears it with null', async () => {
    const { user, token } = await signedIn()
    const alert = await createAlertRow(db, 'hotel', user.id)
    const body = {
      Id: alert.id,
      ResortId: alert.resortId,
      CheckInDate: alert.checkInDate,
      CheckOutDate: alert.checkOutDate,
      NumberOfAdults: 2,
      RoomIds: alert.roomTypeIds,
    }
    const update = (changes: Record<string, unknown>) =>
      put(hotelAction, '/api/availability-queries', { ...body, ...changes }, token)
    const until = daysFromToday(10)
    const snoozed = await update({ SnoozedUntil: until })
    expect(snoozed.status).toBe(200)
    expect(await snoozed.json()).toMatchObject({ snoozedUntil: until, status: 1 })
    const listed = await (
      await callRoute(hotelList, getRequest('/api/availability-queries', { token }))
    ).json()
    expect(listed).toEqual([expect.objectContaining({ id: alert.id, snoozedUntil: until })])

    expect(await (await update({ NumberOfAdults: 3 })).json()).toMatchObject({
      snoozedUntil: until,
    })
    expect(
      await (
        await update({ CheckInDate: daysFromToday(11), CheckOutDate: daysFromToday(14) })
      ).json(),
    ).toMatchObject({ snoozedUntil: until })
    expect(
      await (
        await update({ CheckInDate: daysFromToday(10), CheckOutDate: daysFromToday(14) })
      ).json(),
    ).toMatchObject({ snoozedUntil: null })

    await update({
      SnoozedUntil: daysFromToday(3),
      CheckInDate: daysFromToday(8),
      CheckOutDate: daysFromToday(12),
    })
    expect(await snoozedUntil('hotel', alert.id)).toBe(daysFromToday(3))
    expect(await (await update({ SnoozedUntil: null })).json()).toMatchObject({
      snoozedUntil: null,
    })
  })

  it.each([
    [daysFromToday(-2), SNOOZE_MESSAGES.past],
    [daysFromToday(25), SNOOZE_MESSAGES.notBefore.dining],
    ['tomorrow', SNOOZE_MESSAGES.date],
    [20261205, SNOOZE_MESSAGES.date],
  ])(
    'refuses a dining alert snoozed until %j in words, changing nothing',
    async (until, message) => {
      const { user, token } = await signedIn()
      const alert = await createAlertRow(db, 'dining', user.id, { reserveDate: daysFromToday(25) })
      const response = await put(
        diningAction,
        '/api/dining-alerts',
        {
          id: alert.id,
          resortLocationIdentifier: 'disney-world',
          diningLocationId: alert.diningLocationId,
          reserveDate: alert.reserveDate,
          partySize: 2,
          snoozedUntil: until,
        },
        token,
      )
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ message })
      expect(
        await db
          .selectFrom('diningAlerts')
          .select(['snoozedUntil', 'partySize'])
          .where('id', '=', alert.id)
          .executeTakeFirstOrThrow(),
      ).toEqual({
        snoozedUntil: null,
        partySize: 4,
      })
    },
  )

  it('snoozes a dining alert and lists it so; another account’s alert is a 404', async () => {
    const { user, token } = await signedIn()
    const alert = await createAlertRow(db, 'dining', user.id)
    const body = {
      id: alert.id,
      resortLocationIdentifier: 'disney-world',
      diningLocationId: alert.diningLocationId,
      reserveDate: alert.reserveDate,
      partySize: 4,
      snoozedUntil: daysFromToday(5),
    }
    expect((await put(diningAction, '/api/dining-alerts', body, token)).status).toBe(200)
    const listed = await (
      await callRoute(diningList, getRequest('/api/dining-alerts', { token }))
    ).json()
    expect(listed).toEqual([
      expect.objectContaining({ id: alert.id, snoozedUntil: daysFromToday(5) }),
    ])

    const other = await signedIn()
    const theirs = await put(diningAction, '/api/dining-alerts', body, other.token)
    expect(theirs.status).toBe(404)

    // A new alert may start snoozed.
    const { id: _, ...fields } = body
    const created = await callRoute(
      diningAction,
      jsonRequest('/api/dining-alerts', { ...fields, reserveDate: daysFromToday(26) }, { token }),
    )
    expect(created.status).toBe(201)
    expect(await created.json()).toMatchObject({ snoozedUntil: daysFromToday(5), status: 1 })
  })
})

describe('waking snoozed alerts', () => {
  it('clears a snooze once its date is over at the destination, not before', async () => {
    const user = await subscriber()
    const alert = await createAlertRow(db, 'hotel', user.id)
    const today = todayIn('America/New_York')
    await db
      .updateTable('hotelAlerts')
      .set({ snoozedUntil: today })
      .where('id', '=', alert.id)
      .execute()
    await wakeSnoozedAlerts(db)
    expect(await snoozedUntil('hotel', alert.id)).toBe(today)
    // A day later it is over everywhere.
    expect(await wakeSnoozedAlerts(db, new Date(Date.now() + 24 * HOUR))).toBeGreaterThanOrEqual(1)
    expect(await snoozedUntil('hotel', alert.id)).toBeNull()
  })
})
