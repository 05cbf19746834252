/**
 * Texts to travel agents' clients through the worker's checks (issue 31, decision 0035): an
 * alert's text goes to the agent, the client or both as `textTo` and the client's consent say
 * (never to nobody), each copy with its own short link; the agent's copy names the client, the
 * client's names nothing but its own stay or table. One opening spends the day's cap once, the
 * agent's quiet hours hold the agent's copy only, and a deleted client's alert texts the agent.
 */
import { describe, expect, it } from 'vitest'
import type { ClientConsent } from '../../db/schema.ts'
import {
  catalogueResort,
  createAlertRow,
  daysFromToday,
  fakePhoneNumber,
} from '../../db/factories.ts'
import { configureSimulator } from '../../mocks/disney.ts'
import { withClientName } from '~/domain/client-texts'
import { TEXT_TO, type TextTo } from '~/domain/client'
import { todayIn } from '~/domain/dates'
import { TEXTS_PER_ALERT_PER_DAY } from '~/domain/openings'
import { diningOpeningText } from '~/domain/texts'
import { deleteClient } from '~/models/client.server'
import { withTexts } from '~/models/dashboard.server'
import { optOut } from '~/models/outbox.server'
import { releaseHeldTexts } from '~/models/quiet-hours.server'
import { loader as shortLink } from '~/routes/o.$code'
import { callRoute, getRequest } from '../support/routes.ts'
import {
  asJob,
  checkNow,
  db,
  env,
  queues,
  sendText,
  splitStayAlert,
  subscriber,
  textRow,
  textsOf,
} from '../support/worker-harness.ts'
import { quietNow } from '../support/quiet-hours.ts'

const VENUE = '90002464' // Cinderella's Royal Table, the factory's dining alert
const RESTAURANT = "Cinderella's Royal Table"
const HOUR = 60 * 60_000
const CONSENTS: ClientConsent[] = ['none', 'asked', 'agreed', 'stopped']

const agent = (overrides = {}) => subscriber('the-club', overrides)

async function addClient(
  userId: string,
  name: string,
  consent: ClientConsent = 'agreed',
  phoneNumber = fakePhoneNumber(),
) {
  return db
    .insertInto('clients')
    .values({
      userId,
      name,
      phoneNumber,
      consent,
      consentChangedAt: consent === 'none' ? null : new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

// Each test asks a question of its own: the file's tests share one database.
let day = 30
/** A running dining alert for a table on a day of its own, and the simulator showing `times`. */
async function tableAlerts(
  userId: string,
  routes: readonly { clientId: string | null; textTo: TextTo }[],
  { date = daysFromToday(day++), times = ['20:15:00'] } = {},
) {
  const alerts = []
  for (const route of routes)
    alerts.push(
      await createAlertRow(db, 'dining', userId, {
        reserveDate: date,
        timeRangeStart: '07:00:00',
        timeRangeEnd: '22:00:00',
        ...route,
      }),
    )
  const open = (...at: string[]) =>
    configureSimulator({
      script: { dining: at.map((time) => `${VENUE}|${date}|${time}`), rooms: [] },
    })
  open(...times)
  return { alerts, date, open }
}

const textsOfAlert = async (alertId: string) =>
  (await textsOf(alertId)).sort(
    (a, b) =>
      a.createdAt.getTime() - b.createdAt.getTime() || a.recipient.localeCompare(b.recipient),
  )

const linkOf = (code: string) => `${env.appUrl}/o/${code}`

describe('who an alert of a client texts', () => {
  it('is as textTo and the consent say: the client only once agreed, else the agent, never nobody', async () => {
    const user = await agent()
    const cases = TEXT_TO.flatMap((textTo) => CONSENTS.map((consent) => ({ textTo, consent })))
    const clients = await Promise.all(
      cases.map(({ textTo, consent }) => addClient(user.id, `${textTo} ${consent}`, consent)),
    )
    // A client that agreed, at a number that replied STOP to us since: as if it had stopped.
    const optedOut = await addClient(user.id, 'Opted out')
    await optOut(db, optedOut.phoneNumber!)
    const routes = [
      ...cases.map(({ textTo }, index) => ({ clientId: clients[index]!.id, textTo })),
      { clientId: optedOut.id, textTo: 'client' as const },
    ]
    const { alerts } = await tableAlerts(user.id, routes)
    await checkNow(
      'dining',
      alerts.map((alert) => alert.id),
    )

    const sentTo = async (index: number) =>
      (await textsOfAlert(alerts[index]!.id)).map((text) => [text.recipient, text.toNumber])
    const toAgent = ['agent', user.phoneNumber]
    for (const [index, { textTo, consent }] of cases.entries()) {
      const toClient = ['client', clients[index]!.phoneNumber]
      const expected =
        consent !== 'agreed' || textTo === 'agent'
          ? [toAgent]
          : textTo === 'client'
            ? [toClient]
            : [toAgent, toClient]
      expect(await sentTo(index), `${textTo}, ${consent}`).toEqual(expected)
    }
    expect(await sentTo(cases.length)).toEqual([toAgent])
    // Every row names its client, whoever it went to.
    for (const [index, alert] of alerts.entries())
      for (const text of await textsOf(alert.id))
        expect(text.clientId).toBe(index < cases.length ? clients[index]!.id : optedOut.id)
  })

  it("gives each copy its own short link; the agent's names the client, the client's only its table", async () => {
    const user = await agent()
    const smiths = await addClient(user.id, 'Smith family')
    const jones = await addClient(user.id, 'Jones family')
    const { alerts, date } = await tableAlerts(user.id, [
      { clientId: smiths.id, textTo: 'both' },
      { clientId: jones.id, textTo: 'both' },
    ])
    await checkNow(
      'dining',
      alerts.map((alert) => alert.id),
    )
    const table = (link: string) =>
      diningOpeningText({ restaurant: RESTAURANT, date, time: '20:15:00', partySize: 4, link })
    const codes = new Set<string>()
    for (const [index, client] of [smiths, jones].entries()) {
      const [toAgent, toClient] = await textsOfAlert(alerts[index]!.id)
      expect(toAgent).toMatchObject({ recipient: 'agent', status: 'pending', clientId: client.id })
      expect(toClient).toMatchObject({
        recipient: 'client',
        status: 'pending',
        clientId: client.id,
      })
      expect(toAgent!.body).toBe(withClientName(client.name, table(linkOf(toAgent!.shortCode))))
      expect(
        toAgent!.body.startsWith(`Disney Hotel Alerts: For ${client.name}: Table open: `),
      ).toBe(true)
      expect(toClient!.body).toBe(table(linkOf(toClient!.shortCode)))
      for (const name of ['Smith', 'Jones', 'For ']) expect(toClient!.body).not.toContain(name)
      expect(toAgent!.bookingUrl).toBe(toClient!.bookingUrl)
      codes.add(toAgent!.shortCode).add(toClient!.shortCode)
      // Both are queued, and the client's link opens the booking, counted as the client's tap.
      const queued = await queues.sms.getJobs(['waiting'])
      expect(queued.map((job) => job.id)).toEqual(
        expect.arrayContaining([toAgent!.id, toClient!.id]),
      )
      const tapped = await callRoute(shortLink, getRequest(`/o/${toClient!.shortCode}`), {
        params: { code: toClient!.shortCode },
      })
      expect(tapped.headers.get('Location')).toBe(toClient!.bookingUrl)
      expect(await textRow(toClient!.id)).toMatchObject({ clicks: 1 })
      expect(await textRow(toAgent!.id)).toMatchObject({ clicks: 0 })
      // The dashboard's history of the alert lists both copies, the client's said to be so.
      const [listed] = await withTexts(db, [{ kind: 'dining', id: alerts[index]!.id } as never])
      expect(listed!.texts.map((text) => [text.toClient, text.body]).sort()).toEqual(
        [
          [false, toAgent!.body],
          [true, toClient!.body],
        ].sort(),
      )
    }
    expect(codes.size).toBe(4)
  })

  it('goes to the agent, as ever, for an alert of no client', async () => {
    const user = await agent()
    const { alerts } = await tableAlerts(user.id, [{ clientId: null, textTo: 'agent' }])
    await checkNow('dining', [alerts[0]!.id])
    const [text] = await textsOfAlert(alerts[0]!.id)
    expect(text).toMatchObject({ recipient: 'agent', clientId: null, toNumber: user.phoneNumber })
    expect(text!.body).toMatch(/^Disney Hotel Alerts: Table open: /)
  })

  it("goes to the agent once the client is deleted, or the client's number replied STOP", async () => {
    const user = await agent()
    const deleted = await addClient(user.id, 'Deleted through the app')
    const gone = await addClient(user.id, 'Gone from the table')
    const stopping = await addClient(user.id, 'Stopping')
    const { alerts, open } = await tableAlerts(user.id, [
      { clientId: deleted.id, textTo: 'client' },
      { clientId: gone.id, textTo: 'client' },
      { clientId: stopping.id, textTo: 'client' },
    ])
    await deleteClient(db, user.id, deleted.id)
    // Without the app's own reset of textTo, the alert still texts someone: the agent.
    await db.deleteFrom('clients').where('id', '=', gone.id).execute()
    await checkNow(
      'dining',
      alerts.map((alert) => alert.id),
    )
    for (const alert of alerts.slice(0, 2)) {
      const texts = await textsOfAlert(alert.id)
      expect(texts).toMatchObject([
        { recipient: 'agent', clientId: null, toNumber: user.phoneNumber },
      ])
      expect(texts[0]!.body).toMatch(/^Disney Hotel Alerts: /)
    }

    // The client's text, queued, is not sent once its number replied STOP: the outbox skips it.
    const [toClient] = await textsOfAlert(alerts[2]!.id)
    expect(toClient).toMatchObject({ recipient: 'client', toNumber: stopping.phoneNumber })
    await optOut(db, stopping.phoneNumber!)
    expect(await sendText(asJob({ notificationId: toClient!.id }))).toEqual({
      skipped: 'opted out',
    })
    expect(await textRow(toClient!.id)).toMatchObject({
      status: 'skipped',
      error: 'The number replied STOP.',
    })
    // The next opening goes to the agent.
    open('20:15:00', '21:00:00')
    await checkNow('dining', [alerts[2]!.id])
    const [, next] = await textsOfAlert(alerts[2]!.id)
    expect(next).toMatchObject({ recipient: 'agent', toNumber: user.phoneNumber })
    expect(next!.body).toMatch(/^Disney Hotel Alerts: For Stopping: /)
  })
})

describe("a client's texts and the day's cap", () => {
  it(`count each opening once: ${TEXTS_PER_ALERT_PER_DAY} openings, one summary each, the rest held for both`, async () => {
    const user = await agent()
    const client = await addClient(user.id, 'Busy family')
    const times = Array.from(
      { length: TEXTS_PER_ALERT_PER_DAY + 3 },
      (_, index) => `${String(8 + index).padStart(2, '0')}:00:00`,
    )
    const { alerts, date } = await tableAlerts(user.id, [{ clientId: client.id, textTo: 'both' }], {
      times,
    })
    const alertId = alerts[0]!.id
    for (const _ of times) await checkNow('dining', [alertId])
    const texts = await textsOfAlert(alertId)
    expect(texts).toHaveLength(2 * times.length)
    for (const recipient of ['agent', 'client'] as const) {
      const mine = texts.filter((text) => text.recipient === recipient)
      const of = (purpose: string, status: string) =>
        mine.filter((text) => text.purpose === purpose && text.status === status)
      expect(of('opening', 'pending'), recipient).toHaveLength(TEXTS_PER_ALERT_PER_DAY)
      expect(of('summary', 'pending'), recipient).toHaveLength(1)
      expect(of('opening', 'skipped'), recipient).toHaveLength(2)
    }
    const [agentSummary, clientSummary] = texts.filter((text) => text.purpose === 'summary')
    expect(agentSummary).toMatchObject({
      recipient: 'agent',
      bookingUrl: `${env.appUrl}/dashboard/alerts/dining/${alertId}`,
    })
    expect(agentSummary!.body).toMatch(
      /^Disney Hotel Alerts: For Busy family: Your Cinderella's Royal Table alert hit 10 texts in a day/,
    )
    // The client cannot open the agent's page: its summary leads to the booking.
    expect(clientSummary).toMatchObject({
      recipient: 'client',
      bookingUrl: expect.stringContaining(`date=${date}`),
    })
    expect(clientSummary!.body).toBe(
      `Disney Hotel Alerts: Your Cinderella's Royal Table alert hit 10 texts in a day; the rest wait 24 h. See every opening: ${linkOf(clientSummary!.shortCode)}`,
    )
  })
})

describe("the agent's quiet hours", () => {
  it("hold the agent's copy only; the client's goes at once, and the release leaves it be", async () => {
    const user = await agent(quietNow())
    const client = await addClient(user.id, 'Night owls')
    const today = todayIn('America/New_York')
    const date = new Date(Date.parse(today) + 25 * 24 * HOUR).toISOString().slice(0, 10)
    const { alerts } = await tableAlerts(user.id, [{ clientId: client.id, textTo: 'both' }], {
      date,
    })
    await checkNow('dining', [alerts[0]!.id])
    const [toAgent, toClient] = await textsOfAlert(alerts[0]!.id)
    expect(toAgent).toMatchObject({ recipient: 'agent', status: 'held' })
    expect(toClient).toMatchObject({ recipient: 'client', status: 'pending', heldUntil: null })
    expect(await queues.sms.getJob(toAgent!.id)).toBeUndefined()
    expect(await queues.sms.getJob(toClient!.id)).toBeDefined()

    const released = await releaseHeldTexts(db, {
      now: new Date(toAgent!.heldUntil!.getTime() + 1000),
      appUrl: env.appUrl,
    })
    expect(released).toEqual(expect.arrayContaining([toAgent!.id]))
    expect(released).not.toContain(toClient!.id)
    expect(await textRow(toAgent!.id)).toMatchObject({
      status: 'pending',
      toNumber: user.phoneNumber,
    })
    expect(await textRow(toClient!.id)).toMatchObject({
      status: 'pending',
      toNumber: client.phoneNumber,
      updatedAt: toClient!.updatedAt,
    })
  })
})

const pop = await catalogueResort(db)
const room = pop.rooms[0]!
const code = room.disneyRoomCodes[0]!

describe("a hotel alert of a client's", () => {
  it('texts a room, a split stay and a watched price to both, each copy with its own links', async () => {
    const user = await agent()
    const client = await addClient(user.id, 'Alvarez family')
    const both = { clientId: client.id, textTo: 'both' as const }
    const stay = await createAlertRow(db, 'hotel', user.id, {
      resortId: pop.resort.id,
      roomTypeIds: [room.id],
      checkInDate: daysFromToday(210),
      checkOutDate: daysFromToday(214),
      ...both,
    })
    const watch = await createAlertRow(db, 'hotel', user.id, {
      resortId: pop.resort.id,
      roomTypeIds: [room.id],
      checkInDate: daysFromToday(210),
      checkOutDate: daysFromToday(214),
      watch: 'price',
      paidTotalCents: 240_000,
      rateType: 'room-only',
      minSavingCents: 10_000,
      ...both,
    })
    configureSimulator({
      script: { dining: [], rooms: [code], prices: { [code]: { nightly: 570 } } },
    })
    await checkNow('hotel', [stay.id, watch.id])
    await checkNow('hotel', [stay.id, watch.id])

    const opened = await textsOfAlert(stay.id)
    expect(opened.map((text) => [text.recipient, text.purpose])).toEqual([
      ['agent', 'opening'],
      ['client', 'opening'],
    ])
    expect(opened[0]!.body).toMatch(/^Disney Hotel Alerts: For Alvarez family: Room open: /)
    expect(opened[1]!.body).toMatch(/^Disney Hotel Alerts: Room open: /)

    // The watch is moved on once, and texts its drop to both, once.
    const priced = await textsOfAlert(watch.id)
    expect(priced.map((text) => [text.recipient, text.purpose, text.toNumber])).toEqual([
      ['agent', 'price', user.phoneNumber],
      ['client', 'price', client.phoneNumber],
    ])
    expect(priced[0]!.body).toMatch(
      /^Disney Hotel Alerts: For Alvarez family: Price drop for your /,
    )
    expect(priced[1]!.body).toMatch(/^Disney Hotel Alerts: Price drop for your /)
    for (const text of [...opened, ...priced]) expect(text.body).toContain(linkOf(text.shortCode))
    const moved = await db
      .selectFrom('hotelAlerts')
      .select('priceTextedCents')
      .where('id', '=', watch.id)
      .executeTakeFirstOrThrow()
    expect(moved.priceTextedCents).toBe(228_000)

    // A split stay: two bookings behind each copy's own link.
    const { alert: split, openSplit } = await splitStayAlert(user.id, 220, both)
    openSplit(2)
    await checkNow('hotel', [split.id])
    const splits = await textsOfAlert(split.id)
    expect(splits.map((text) => text.recipient)).toEqual(['agent', 'client'])
    for (const text of splits) {
      expect(text.body).toContain(`${linkOf(text.shortCode)}/2`)
      expect(text.secondBookingUrl).toBeTruthy()
    }
    expect(splits[0]!.body).toMatch(/^Disney Hotel Alerts: For Alvarez family: Split stay open: /)
    expect(splits[1]!.body).toMatch(/^Disney Hotel Alerts: Split stay open: /)
  })
})
