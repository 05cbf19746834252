import { sql, type Selectable } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { Database } from '../../db/schema.ts'
import { getDb } from '~/utils/db.server'

/*
 * db/schema.ts is written by hand next to the SQL migrations. DECLARED says, for every table
 * and column of the Database interface, the PostgreSQL type and whether it may be null; the
 * compiler holds it to the interface (no column missing or extra, nullability as the interface
 * says, a PostgreSQL type that fits the TypeScript one) and this test holds it to the migrated
 * database. A migration without its types, or types without their migration, fails one or the
 * other.
 */

type Row<T extends keyof Database> = Selectable<Database[T]>

/** The PostgreSQL types a TypeScript column type may be stored as. */
type PgTypeOf<V> = V extends Date
  ? 'timestamp with time zone'
  : V extends boolean
    ? 'boolean'
    : V extends number
      ? 'integer' | 'smallint' | 'bigint'
      : V extends string
        ? 'text' | 'uuid' | 'date' | 'time without time zone'
        : V extends readonly (string | number)[]
          ? 'ARRAY'
          : V extends Uint8Array
            ? 'bytea'
            : 'jsonb'

/** Whether a column type admits null; `unknown` (a jsonb payload) says nothing either way. */
type Nullable<V> = unknown extends V ? false : null extends V ? true : false

type Columns<T extends keyof Database> = {
  [C in keyof Row<T>]-?: readonly [PgTypeOf<NonNullable<Row<T>[C]>>, Nullable<Row<T>[C]>]
}

const DECLARED: { [T in keyof Database]: Columns<T> } = {
  alertQuestions: {
    questionId: ['bigint', false],
    hotelAlertId: ['uuid', true],
    diningAlertId: ['uuid', true],
    roomTypeIds: ['ARRAY', true],
    split: ['boolean', false],
  },
  analyticsEvents: {
    id: ['bigint', false],
    name: ['text', false],
    source: ['text', false],
    path: ['text', true],
    props: ['jsonb', false],
    visitorHash: ['text', true],
    dedupeKey: ['text', true],
    occurredAt: ['timestamp with time zone', false],
  },
  chatSessions: {
    id: ['uuid', false],
    userId: ['uuid', true],
    visitorId: ['uuid', true],
    userName: ['text', true],
    userEmail: ['text', true],
    createdAt: ['timestamp with time zone', false],
    lastMessageAt: ['timestamp with time zone', false],
  },
  chatMessages: {
    id: ['uuid', false],
    sessionId: ['uuid', false],
    sender: ['text', false],
    text: ['text', false],
    currentPage: ['text', true],
    replyToMessageId: ['uuid', true],
    isRead: ['boolean', false],
    createdAt: ['timestamp with time zone', false],
  },
  clients: {
    id: ['uuid', false],
    userId: ['uuid', false],
    name: ['text', false],
    note: ['text', true],
    phoneNumber: ['text', true],
    email: ['text', true],
    consent: ['text', false],
    consentChangedAt: ['timestamp with time zone', true],
    createdAt: ['timestamp with time zone', false],
    updatedAt: ['timestamp with time zone', false],
  },
  deletedAccounts: {
    id: ['uuid', false],
    deletedAt: ['timestamp with time zone', false],
    stripeCustomerId: ['text', true],
    subscriptionCancelled: ['boolean', false],
    planId: ['text', true],
  },
  diningAlerts: {
    id: ['uuid', false],
    userId: ['uuid', false],
    resortLocationIdentifier: ['text', false],
    diningLocationIds: ['ARRAY', false],
    diningLocationId: ['text', false],
    reserveDates: ['ARRAY', false],
    reserveDate: ['date', false],
    lastReserveDate: ['date', false],
    mealPeriods: ['ARRAY', false],
    partySize: ['integer', false],
    preferredTime: ['time without time zone', true],
    timeRangeStart: ['time without time zone', true],
    timeRangeEnd: ['time without time zone', true],
    status: ['smallint', false],
    statusReason: ['text', true],
    startedAt: ['timestamp with time zone', true],
    lastFoundAt: ['timestamp with time zone', true],
    snoozedUntil: ['date', true],
    clientId: ['uuid', true],
    textTo: ['text', false],
    createdAt: ['timestamp with time zone', false],
    updatedAt: ['timestamp with time zone', false],
  },
  diningLocations: {
    id: ['text', false],
    name: ['text', false],
    resortLocationIdentifier: ['text', false],
    area: ['text', false],
    areaType: ['text', false],
    cuisine: ['text', false],
    serviceType: ['text', false],
    mealPeriods: ['ARRAY', false],
    listed: ['boolean', false],
  },
  hotelAlerts: {
    id: ['uuid', false],
    userId: ['uuid', false],
    resorts: ['jsonb', false],
    resortId: ['uuid', false],
    checkInDate: ['date', false],
    latestCheckInDate: ['date', false],
    minNights: ['smallint', false],
    maxNights: ['smallint', false],
    checkOutDate: ['date', false],
    splitStays: ['boolean', false],
    numberOfAdults: ['integer', false],
    agesOfChildren: ['ARRAY', false],
    accessible: ['boolean', false],
    keepWatching: ['boolean', false],
    status: ['smallint', false],
    type: ['smallint', false],
    statusReason: ['text', true],
    startedAt: ['timestamp with time zone', true],
    lastFoundAt: ['timestamp with time zone', true],
    snoozedUntil: ['date', true],
    maxNightlyPriceCents: ['integer', true],
    maxTotalPriceCents: ['integer', true],
    watch: ['text', false],
    paidTotalCents: ['integer', true],
    rateType: ['text', true],
    minSavingCents: ['integer', true],
    minSavingPercent: ['integer', true],
    priceTextedCents: ['integer', true],
    offersTexted: ['ARRAY', false],
    clientId: ['uuid', true],
    textTo: ['text', false],
    createdAt: ['timestamp with time zone', false],
    updatedAt: ['timestamp with time zone', false],
  },
  questions: {
    id: ['bigint', false],
    key: ['text', false],
    kind: ['text', false],
    resortId: ['uuid', true],
    checkInDate: ['date', true],
    checkOutDate: ['date', true],
    numberOfAdults: ['integer', true],
    agesOfChildren: ['ARRAY', true],
    accessible: ['boolean', true],
    resortLocationIdentifier: ['text', true],
    partySize: ['integer', true],
    reserveDate: ['date', true],
    intervalMinutes: ['integer', true],
    alertCount: ['integer', false],
    nextCheckAt: ['timestamp with time zone', true],
    claimedAt: ['timestamp with time zone', true],
    lastCheckedAt: ['timestamp with time zone', true],
    notBookableSince: ['timestamp with time zone', true],
    openOpenings: ['jsonb', false],
    prices: ['jsonb', false],
    paces: ['ARRAY', false],
    checkHistory: ['bytea', true],
  },
  openings: {
    id: ['bigint', false],
    questionId: ['bigint', true],
    kind: ['text', false],
    openingKey: ['text', false],
    resortId: ['uuid', true],
    roomTypeId: ['uuid', true],
    diningLocationId: ['text', true],
    startsOn: ['date', false],
    checkOutDate: ['date', true],
    reserveTime: ['time without time zone', true],
    firstSeenAt: ['timestamp with time zone', false],
    lastSeenAt: ['timestamp with time zone', true],
    closedAt: ['timestamp with time zone', true],
  },
  priceChanges: {
    questionKey: ['text', false],
    resortId: ['uuid', false],
    checkInDate: ['date', false],
    roomKey: ['text', false],
    seenAt: ['timestamp with time zone', false],
    nightlyCents: ['integer', true],
    totalCents: ['integer', true],
    offerId: ['text', true],
    offerName: ['text', true],
  },
  incidents: {
    id: ['bigint', false],
    kind: ['text', false],
    family: ['text', true],
    startedAt: ['timestamp with time zone', false],
    endedAt: ['timestamp with time zone', true],
    detail: ['text', true],
  },
  notifications: {
    id: ['uuid', false],
    shortCode: ['text', false],
    userId: ['uuid', false],
    purpose: ['text', false],
    alertKind: ['text', true],
    alertId: ['uuid', true],
    openingKey: ['text', true],
    openingId: ['bigint', true],
    toNumber: ['text', false],
    body: ['text', false],
    bookingUrl: ['text', true],
    secondBookingUrl: ['text', true],
    status: ['text', false],
    twilioSid: ['text', true],
    error: ['text', true],
    errorCode: ['integer', true],
    attempts: ['integer', false],
    clicks: ['integer', false],
    lastClickedAt: ['timestamp with time zone', true],
    seenAt: ['timestamp with time zone', true],
    sentAt: ['timestamp with time zone', true],
    heldUntil: ['timestamp with time zone', true],
    gatheredIn: ['uuid', true],
    recipient: ['text', false],
    clientId: ['uuid', true],
    createdAt: ['timestamp with time zone', false],
    updatedAt: ['timestamp with time zone', false],
  },
  planEndReminders: {
    userId: ['uuid', false],
    endsAt: ['timestamp with time zone', false],
    kind: ['text', false],
    notificationId: ['uuid', true],
    createdAt: ['timestamp with time zone', false],
  },
  pendingAlerts: {
    id: ['uuid', false],
    kind: ['text', false],
    payload: ['jsonb', false],
    createdAt: ['timestamp with time zone', false],
  },
  plans: {
    id: ['text', false],
    name: ['text', false],
    tagline: ['text', false],
    priceCents: ['integer', false],
    currency: ['text', false],
    alertLimit: ['integer', false],
    intervalMinutes: ['integer', false],
    clientLimit: ['integer', false],
    free: ['boolean', false],
    legacy: ['boolean', false],
    legacyPrice: ['text', true],
    sortOrder: ['integer', false],
    stripePriceId: ['text', true],
  },
  resorts: {
    id: ['uuid', false],
    name: ['text', false],
    slug: ['text', false],
    disneyIdentifier: ['text', true],
    disneySlug: ['text', true],
    locationIdentifier: ['text', false],
    tier: ['text', false],
    area: ['text', false],
    description: ['text', false],
    sold: ['boolean', false],
    listed: ['boolean', false],
  },
  roomTypes: {
    id: ['uuid', false],
    resortId: ['uuid', false],
    name: ['text', false],
    categoryName: ['text', false],
    maxOccupancy: ['integer', false],
    maxAdultOccupancy: ['integer', false],
    maxNonAdultOccupancy: ['integer', false],
    maxNonInfantOccupancy: ['integer', false],
    numberOfBedrooms: ['integer', false],
    accessible: ['boolean', false],
    disneyRoomCodes: ['ARRAY', false],
    disneyRoomIds: ['ARRAY', false],
    sortOrder: ['integer', false],
    listed: ['boolean', false],
  },
  sessions: {
    id: ['uuid', false],
    userId: ['uuid', false],
    tokenHash: ['text', false],
    kind: ['text', false],
    expiresAt: ['timestamp with time zone', false],
    lastSeenAt: ['timestamp with time zone', false],
    revokedAt: ['timestamp with time zone', true],
    createdAt: ['timestamp with time zone', false],
  },
  roomKeyMappings: {
    id: ['uuid', false],
    locationIdentifier: ['text', false],
    disneySlug: ['text', false],
    keyKind: ['text', false],
    disneyKey: ['text', false],
    roomTypeId: ['uuid', false],
    createdBy: ['uuid', false],
    createdAt: ['timestamp with time zone', false],
  },
  catalogueAudit: {
    id: ['bigint', false],
    actorId: ['uuid', false],
    action: ['text', false],
    details: ['jsonb', false],
    at: ['timestamp with time zone', false],
  },
  unmatchedAnswerKeys: {
    locationIdentifier: ['text', false],
    address: ['text', false],
    keyKind: ['text', false],
    disneyKey: ['text', false],
    description: ['text', false],
    timesSeen: ['bigint', false],
    firstSeenAt: ['timestamp with time zone', false],
    lastSeenAt: ['timestamp with time zone', false],
  },
  smsOptOuts: {
    phoneNumber: ['text', false],
    optedOutAt: ['timestamp with time zone', false],
  },
  stripeEvents: {
    id: ['text', false],
    type: ['text', false],
    createdAt: ['timestamp with time zone', false],
    receivedAt: ['timestamp with time zone', false],
  },
  subscriptions: {
    id: ['text', false],
    userId: ['uuid', false],
    priceId: ['text', false],
    status: ['text', false],
    currentPeriodEnd: ['timestamp with time zone', true],
    cancelAtPeriodEnd: ['boolean', false],
    paymentFailedAt: ['timestamp with time zone', true],
    paymentFixUrl: ['text', true],
    paymentStateAt: ['timestamp with time zone', true],
    stateAt: ['timestamp with time zone', false],
    createdAt: ['timestamp with time zone', false],
    updatedAt: ['timestamp with time zone', false],
  },
  users: {
    id: ['uuid', false],
    phoneNumber: ['text', false],
    planId: ['text', true],
    stripeSubscriptionPlanId: ['text', true],
    trialStartUtc: ['timestamp with time zone', true],
    role: ['text', false],
    createdAt: ['timestamp with time zone', false],
    stripeCustomerId: ['text', true],
    name: ['text', true],
    email: ['text', true],
    subscriptionId: ['text', true],
    timeZone: ['text', true],
    quietStart: ['time without time zone', true],
    quietEnd: ['time without time zone', true],
  },
  verificationCodes: {
    phoneNumber: ['text', false],
    codeHash: ['text', false],
    expiresAt: ['timestamp with time zone', false],
    failures: ['integer', false],
    sends: ['integer', false],
    windowStartedAt: ['timestamp with time zone', false],
    consumedAt: ['timestamp with time zone', true],
    lockedUntil: ['timestamp with time zone', true],
  },
}

const camel = (name: string) =>
  name.replace(/_([a-z0-9])/g, (_, char: string) => char.toUpperCase())

describe('db/schema.ts', () => {
  it('matches the migrated database: tables, columns, types and nullability', async () => {
    // The CamelCasePlugin hands the rows back in camelCase.
    const { rows } = await sql<{
      tableName: string
      columnName: string
      dataType: string
      isNullable: 'YES' | 'NO'
    }>`
      select table_name, column_name, data_type, is_nullable
      from information_schema.columns
      where table_schema = 'public' and table_name not like 'kysely_%'
    `.execute(getDb())
    const actual: Record<string, Record<string, readonly [string, boolean]>> = {}
    for (const row of rows) {
      actual[camel(row.tableName)] ??= {}
      actual[camel(row.tableName)]![camel(row.columnName)] = [
        row.dataType,
        row.isNullable === 'YES',
      ]
    }
    expect(actual).toEqual(DECLARED)
  })
})
