/**
 * A user's data as "Download my data" and the account deletion (decision 0027) find it, for the
 * integration tests and the browser journeys alike: the rows, the document expected of them, and
 * every row that references a user.
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { expect } from 'vitest'
import type { DB } from '../../db/client.ts'
import { catalogueResort, createAlertRow, createUser } from '../../db/factories.ts'
import { addSupportReply, addVisitorMessage } from '~/models/chat.server'

const BOOKING_URL = {
  hotel: 'https://disneyworld.disney.go.com/resorts/',
  dining: 'https://disneyworld.disney.go.com/dine-res/availability/',
}

/** A text the worker sent about an alert, as the outbox row it left: delivered. */
export async function textAbout(
  db: DB,
  user: { id: string; phoneNumber: string },
  alert: { kind: 'hotel' | 'dining'; id: string },
  body: string,
  { seenAt = new Date(), sentAt = new Date() } = {},
) {
  await db
    .insertInto('notifications')
    .values({
      shortCode: randomBytes(4).toString('hex'),
      userId: user.id,
      alertKind: alert.kind,
      alertId: alert.id,
      openingKey: `${alert.kind === 'hotel' ? 'room' : 'table'}|${body}`,
      toNumber: user.phoneNumber,
      body,
      bookingUrl: BOOKING_URL[alert.kind],
      status: 'delivered',
      seenAt,
      sentAt,
    })
    .execute()
}

/** A support conversation: the user's question (from the dashboard unless told) and the answer. */
export async function conversation(
  db: DB,
  userId: string,
  question: string,
  answer: string,
  asked: { userName?: string; userEmail?: string; currentPage?: string } = {
    currentPage: '/dashboard',
  },
) {
  const { messageId, sessionId } = await addVisitorMessage(
    db,
    { userId },
    { text: question, ...asked },
  )
  await addSupportReply(db, { replyToMessageId: messageId, text: answer })
  return sessionId
}

/**
 * A user with a profile, a running hotel alert and a stopped dining alert, a text about the
 * dining one, and a support conversation.
 */
export async function userWithData(db: DB) {
  const tag = randomBytes(6).toString('hex')
  const user = await createUser(db, {
    name: `Walt ${tag}`,
    email: `walt.${tag}@example.com`,
    planId: 'magic-hour',
  })
  const hotel = await createAlertRow(db, 'hotel', user.id, { agesOfChildren: [7] })
  const dining = await createAlertRow(db, 'dining', user.id, {
    preferredTime: '18:30',
    status: 0,
  })
  await textAbout(db, user, { kind: 'dining', id: dining.id }, `A table opened ${tag}`, {
    seenAt: new Date('2026-12-01T10:00:00Z'),
    sentAt: new Date('2026-12-01T10:00:02Z'),
  })
  await conversation(db, user.id, `Question ${tag}`, `Answer ${tag}`)
  return { user, tag, hotel, dining }
}

export type UserData = Awaited<ReturnType<typeof userWithData>>

const iso = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)

/** The document "Download my data" gives `userWithData`'s user. */
export async function expectedDocument(db: DB, { user, tag, hotel, dining }: UserData) {
  const { resort, rooms } = await catalogueResort(db)
  const restaurant = await db
    .selectFrom('diningLocations')
    .select('name')
    .where('id', '=', dining.diningLocationId)
    .executeTakeFirstOrThrow()
  // What the document says of an alert of either kind that nobody has snoozed or checked yet.
  const unchecked = {
    snoozedUntil: null,
    clientId: null,
    textTo: 'agent',
    statusReason: null,
    lastCheckedAt: null,
    lastFoundAt: null,
    createdAt: iso,
    updatedAt: iso,
  }
  return {
    exportedAt: iso,
    profile: {
      phoneNumber: user.phoneNumber,
      name: `Walt ${tag}`,
      email: `walt.${tag}@example.com`,
      quietHours: null,
      plan: { id: 'magic-hour', name: 'Magic Hour' },
      trialStartedAt: null,
      createdAt: user.createdAt.toISOString(),
    },
    alerts: {
      hotel: [
        {
          id: hotel.id,
          resorts: [{ resort: resort.name, roomTypes: [rooms[0]!.name] }],
          checkInDate: hotel.checkInDate,
          latestCheckInDate: hotel.checkInDate,
          minNights: 4,
          maxNights: 4,
          splitStays: false,
          numberOfAdults: 2,
          agesOfChildren: [7],
          accessible: false,
          keepWatching: true,
          maxNightlyPriceCents: null,
          maxTotalPriceCents: null,
          watch: 'availability',
          paidTotalCents: null,
          rateType: null,
          minSavingCents: null,
          minSavingPercent: null,
          status: 'Monitoring',
          ...unchecked,
        },
      ],
      dining: [
        {
          id: dining.id,
          restaurants: [restaurant.name],
          destination: 'disney-world',
          reserveDates: [dining.reserveDate],
          mealPeriods: [],
          partySize: 4,
          preferredTime: '18:30:00',
          timeRangeStart: null,
          timeRangeEnd: null,
          status: 'Stopped',
          ...unchecked,
        },
      ],
    },
    clients: [],
    texts: [
      {
        purpose: 'opening',
        alertKind: 'dining',
        alertId: dining.id,
        to: user.phoneNumber,
        body: `A table opened ${tag}`,
        bookingUrl: BOOKING_URL.dining,
        status: 'delivered',
        openingSeenAt: '2026-12-01T10:00:00.000Z',
        createdAt: iso,
        sentAt: '2026-12-01T10:00:02.000Z',
        clicks: 0,
      },
    ],
    chat: {
      startedAt: iso,
      name: null,
      email: null,
      messages: [
        { from: 'you', text: `Question ${tag}`, page: '/dashboard', sentAt: iso },
        { from: 'support', text: `Answer ${tag}`, page: null, sentAt: iso },
      ],
    },
  }
}

/** Every column of every table that references users, as the database itself says. */
export async function userReferences(db: DB) {
  const { rows } = await sql<{ table: string; column: string }>`
    select c.conrelid::regclass::text as table, a.attname as column
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
    where c.contype = 'f' and c.confrelid = 'users'::regclass
    order by 1, 2
  `.execute(db)
  return rows
}

/** How many rows of each table that references users point at `userId`. */
export async function rowsOfUser(db: DB, userId: string) {
  const left: Record<string, number> = {}
  for (const { table, column } of await userReferences(db)) {
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from ${sql.table(table)} where ${sql.ref(column)} = ${userId}
    `.execute(db)
    left[table] = (left[table] ?? 0) + rows[0]!.count
  }
  return left
}
