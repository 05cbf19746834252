import { sql, type ExpressionBuilder, type Kysely } from 'kysely'
import { jsonArrayFrom } from 'kysely/helpers/postgres'
import type {
  AlertQuestionsTable,
  ClientConsent,
  Database,
  TextRecipient,
} from '../../db/schema.ts'
import { HOTEL_STATUS, type AlertKind } from '~/domain/alerts'
import type { CheckOutcome } from '~/domain/check-history'
import type { PriceChange, QuestionPrices } from '~/domain/prices'
import { TEXTS_PER_ALERT_PER_DAY, textUnderCap } from '~/domain/openings'
import { recordOpenings, type AnsweredQuestion } from '~/models/opening.server'
import type { NewNotification } from '~/models/outbox.server'
import { holdInQuietHours, QUIET_COLUMNS, type TextToRecord } from '~/models/quiet-hours.server'
import { questionsOfAlerts, refreshQuestions } from '~/models/question.server'
import {
  isRunningDiningAlert,
  isRunningHotelAlert,
  mayBeChecked,
} from '~/models/running-alerts.server'

type Executor = Kysely<Database>

/**
 * The queries of one check job: the questions its claim holds, the alerts of those whose answer
 * had openings, and one write of the outcome with the openings' outbox rows.
 */

/** `id = any($1)`: one parameter however many alerts a job holds. */
const anyId = (ids: readonly string[]) => sql<string>`any(${ids}::uuid[])`

/**
 * The questions a job's claim still holds, with what asking them takes. A job retried through a
 * long database outage may find a question claimed again by a later tick (its slot passed
 * meanwhile): that claim's job asks it, and this one leaves it, so no slot is asked twice.
 *
 * The tick queues a claim's jobs before it commits (so a failed enqueue rolls the claim back),
 * and an idle worker starts one within milliseconds: read under that statement's snapshot, the
 * questions would still carry the previous claim and the job would ask nothing. So they are
 * first locked by id alone (`claimed`), which waits for the claim's row locks and yields the
 * rows as the claim left them, and the claim is compared after that.
 */
export function heldQuestions(db: Executor, ids: readonly number[], claimedAt: number) {
  return db
    .with('claimed', (cte) =>
      cte
        .selectFrom('questions')
        .selectAll()
        .where('id', '=', sql<number>`any(${ids}::bigint[])`)
        .forKeyShare(),
    )
    .selectFrom('claimed as q')
    .leftJoin('resorts', 'resorts.id', 'q.resortId')
    .select([
      'q.id',
      'q.key',
      'q.resortId',
      'q.checkInDate',
      'q.checkOutDate',
      'q.numberOfAdults',
      'q.agesOfChildren',
      'q.accessible',
      'q.resortLocationIdentifier',
      'q.partySize',
      'q.reserveDate',
      'q.alertCount',
      'q.lastCheckedAt',
      'q.notBookableSince',
      'q.intervalMinutes',
      'q.openOpenings',
      'q.prices',
      'q.paces',
      'q.checkHistory',
      'resorts.name as resortName',
      'resorts.locationIdentifier',
      'resorts.sold',
      'resorts.disneySlug',
    ])
    .where('q.claimedAt', '=', new Date(claimedAt))
    .execute()
}
export type HeldQuestion = Awaited<ReturnType<typeof heldQuestions>>[number]

/**
 * The alert's client (joined as `clients`), as its texts are routed (textsGoTo in
 * app/domain/client.ts, decision 0035): its name, phone and consent, none when the alert has no
 * client. A phone that replied STOP to us has not agreed, whatever it said before: its texts go
 * to the agent rather than to no one.
 */
const CLIENT_COLUMNS = [
  'clients.id as clientId',
  'clients.name as clientName',
  'clients.phoneNumber as clientPhone',
  sql<ClientConsent | null>`case when exists (select 1 from sms_opt_outs o
    where o.phone_number = clients.phone_number) then 'stopped' else clients.consent end`.as(
    'clientConsent',
  ),
] as const

/**
 * The room types an alert watches at one of its questions (`aq`), with their Disney keys joined
 * with the ones an admin has mapped to them since (applied from the next check): they come with
 * the alert, no second round trip.
 */
const watchedRoomTypes = (eb: ExpressionBuilder<Database & { aq: AlertQuestionsTable }, 'aq'>) =>
  eb
    .selectFrom('roomTypes')
    .select([
      'roomTypes.id',
      'roomTypes.name',
      sql<string[]>`room_types.disney_room_codes || array(
        select m.disney_key from room_key_mappings m
        where m.room_type_id = room_types.id and m.key_kind = 'code')`.as('disneyRoomCodes'),
      sql<string[]>`room_types.disney_room_ids || array(
        select m.disney_key from room_key_mappings m
        where m.room_type_id = room_types.id and m.key_kind = 'id')`.as('disneyRoomIds'),
    ])
    .where(sql<boolean>`room_types.id = any(aq.room_type_ids)`)

/**
 * The alerts an answer with openings may concern, one row for each alert and question of the
 * answer it asks (decision 0033): running, of owners who may have them checked (a plan, a trial
 * not over, a number not STOPped), with their plan's interval and last change for the slot test.
 * An answer with nothing open reads no alert at all; one with bookable rooms reads only the
 * alerts that watch a room type listed under one of their keys at that question's resort.
 */
export function hotelAlertsAnswered(
  db: Executor,
  questionIds: readonly number[],
  open: { codes: readonly string[]; ids: readonly string[] },
) {
  return db
    .selectFrom('alertQuestions as aq')
    .innerJoin('hotelAlerts', 'hotelAlerts.id', 'aq.hotelAlertId')
    .innerJoin('users', 'users.id', 'hotelAlerts.userId')
    .innerJoin('plans', 'plans.id', 'users.planId')
    .leftJoin('clients', 'clients.id', 'hotelAlerts.clientId')
    .select([
      'hotelAlerts.id',
      'aq.questionId',
      'aq.split',
      'hotelAlerts.userId',
      'hotelAlerts.resorts',
      'hotelAlerts.checkInDate',
      'hotelAlerts.latestCheckInDate',
      'hotelAlerts.minNights',
      'hotelAlerts.maxNights',
      'hotelAlerts.splitStays',
      'hotelAlerts.updatedAt',
      'hotelAlerts.textTo',
      'users.phoneNumber',
      ...CLIENT_COLUMNS,
      ...QUIET_COLUMNS,
      'plans.intervalMinutes',
      'hotelAlerts.maxNightlyPriceCents',
      'hotelAlerts.maxTotalPriceCents',
      'hotelAlerts.watch',
      'hotelAlerts.paidTotalCents',
      'hotelAlerts.rateType',
      'hotelAlerts.minSavingCents',
      'hotelAlerts.minSavingPercent',
      'hotelAlerts.priceTextedCents',
      'hotelAlerts.offersTexted',
      (eb) => jsonArrayFrom(watchedRoomTypes(eb)).as('roomTypes'),
    ])
    .where('aq.questionId', '=', sql<number>`any(${questionIds}::bigint[])`)
    .where(
      sql<boolean>`exists (
        select 1 from room_types t where t.id = any(aq.room_type_ids)
          and (t.disney_room_codes && ${open.codes}::text[] or t.disney_room_ids && ${open.ids}::text[]
            or exists (select 1 from room_key_mappings m where m.room_type_id = t.id
              and m.disney_key = any(case m.key_kind when 'code' then ${open.codes}::text[] else ${open.ids}::text[] end))))`,
    )
    .where(
      sql<boolean>`${isRunningHotelAlert('hotel_alerts')} and ${mayBeChecked('users', 'plans')}`,
    )
    .where('hotelAlerts.snoozedUntil', 'is', null)
    .execute()
}

/** The same for dining, narrowed to alerts watching a restaurant that had a table in the answer. */
export function diningAlertsAnswered(
  db: Executor,
  questionIds: readonly number[],
  venueIds: readonly string[],
) {
  return db
    .selectFrom('alertQuestions as aq')
    .innerJoin('diningAlerts', 'diningAlerts.id', 'aq.diningAlertId')
    .innerJoin('users', 'users.id', 'diningAlerts.userId')
    .innerJoin('plans', 'plans.id', 'users.planId')
    .leftJoin('clients', 'clients.id', 'diningAlerts.clientId')
    .select([
      'diningAlerts.id',
      'aq.questionId',
      'diningAlerts.userId',
      'diningAlerts.diningLocationIds',
      'diningAlerts.reserveDates',
      'diningAlerts.mealPeriods',
      'diningAlerts.partySize',
      'diningAlerts.preferredTime',
      'diningAlerts.timeRangeStart',
      'diningAlerts.timeRangeEnd',
      'diningAlerts.updatedAt',
      'diningAlerts.textTo',
      'users.phoneNumber',
      ...CLIENT_COLUMNS,
      ...QUIET_COLUMNS,
      'plans.intervalMinutes',
      (eb) =>
        jsonArrayFrom(
          eb
            .selectFrom('diningLocations')
            .select(['diningLocations.id', 'diningLocations.name'])
            .where(sql<boolean>`dining_locations.id = any(dining_alerts.dining_location_ids)`),
        ).as('restaurants'),
    ])
    .where('aq.questionId', '=', sql<number>`any(${questionIds}::bigint[])`)
    .where(sql<boolean>`dining_alerts.dining_location_ids && ${venueIds}::text[]`)
    .where(
      sql<boolean>`${isRunningDiningAlert('dining_alerts')} and ${mayBeChecked('users', 'plans')}`,
    )
    .where('diningAlerts.snoozedUntil', 'is', null)
    .execute()
}

/**
 * Everything split-stay alerts ask, as the last answers left it: each question's resort and stay,
 * the room types the alert watches there (with their names), and what is open there now (opening
 * key → id). A split is found across questions asked at different moments (split-stays.ts).
 */
export async function splitStayQuestions(db: Executor, alertIds: readonly string[]) {
  if (alertIds.length === 0) return []
  return db
    .selectFrom('alertQuestions as aq')
    .innerJoin('questions as q', 'q.id', 'aq.questionId')
    .innerJoin('resorts as r', 'r.id', 'q.resortId')
    .select([
      'aq.hotelAlertId',
      'aq.questionId',
      'q.resortId',
      'q.checkInDate',
      'q.checkOutDate',
      'q.openOpenings',
      'r.name as resortName',
      'r.disneySlug',
      'r.locationIdentifier',
      'q.prices',
      (eb) => jsonArrayFrom(watchedRoomTypes(eb)).as('rooms'),
    ])
    .where('aq.hotelAlertId', '=', sql<string>`any(${alertIds}::uuid[])`)
    .execute()
}
export type SplitStayQuestion = Awaited<ReturnType<typeof splitStayQuestions>>[number]

/**
 * Whose phone an alert's text goes to, the account's own (the agent's) or the alert's client's,
 * and the alert's client whoever it goes to: none when the alert has none (decision 0035).
 */
export interface Addressee {
  recipient: TextRecipient
  clientId: string | null
}

/**
 * A text an opening may call for, one for each of its recipients, with the question whose answer
 * found it, and what to send instead when the alert has had its day's texts: the summary and
 * where its link leads.
 */
export type FoundOpening = NewNotification &
  Addressee &
  Pick<TextToRecord, 'quiet' | 'startsAt'> & {
    questionId: number
    /** The key of the opening whose life this text is about, when not `openingKey` (a split's). */
    lifeKey?: string
    summaryBody: string
    summaryUrl: string
  }

/** A question whose answer changed its prices: its new prices and the history rows they add. */
export interface PricesSeen {
  questionId: number
  questionKey: string
  resortId: string
  checkInDate: string
  prices: QuestionPrices
  changes: readonly PriceChange[]
}

/**
 * A watch's text about its booked stay's price, one for each of its recipients, and what the
 * watch measures from after it.
 */
export type PriceText = NewNotification &
  Addressee &
  Pick<TextToRecord, 'quiet' | 'startsAt'> & {
    /** The watch moved on once, whichever copy: the price and offers it texted. */
    move: {
      priceTextedCents: number
      offersTexted: string[]
      /** The price it had last texted when the check read it. */
      wasTextedCents: number | null
    }
  }

/** A question a job asked, how it went, and its check history with this check in it. */
export interface AskedQuestion {
  id: number
  outcome: CheckOutcome
  history: Buffer
}

/**
 * The one write of a check job's answers: each question still held by the job's claim gets its
 * check history (decision 0030) and, when Disney answered, its check (and, for hotels, whether
 * Disney said "not bookable yet"); an answer with nothing in it, to a question with nothing open,
 * writes that row alone. Otherwise its openings move along (decision 0029), and each alert whose
 * slot this was gets at most one text: about the first of its openings (in its own order) it was
 * not told of in that opening's life, within the day's cap. Alerts with an opening are marked
 * found; a hotel alert that does not keep watching has then done its job (completed, and its
 * question asked for the others only).
 */
export async function recordChecks(
  db: Executor,
  check: {
    kind: AlertKind
    asked: readonly AskedQuestion[]
    /** Questions whose openings may have moved: they show some now, or had some open. */
    answered: readonly AnsweredQuestion[]
    /** Texts the answers may call for, each alert's in its order of preference. */
    openings: readonly FoundOpening[]
    /** Questions whose answer changed their prices. */
    prices?: readonly PricesSeen[]
    /** Watches whose booked stay's price is news. */
    priceTexts?: readonly PriceText[]
    now: Date
    claimedAt: number
  },
) {
  const { asked, now } = check
  // One statement for every question, whatever its outcome: Disney not answering leaves the
  // last check as it was, and only an answer moves "not bookable yet".
  const recordQuestions = (executor: Executor) =>
    sql<{ id: number }>`
      update questions q set check_history = v.history,
        last_checked_at = case when v.outcome = 'unanswered' then q.last_checked_at else ${now}::timestamptz end,
        not_bookable_since = case
          when q.kind <> 'hotel' or v.outcome = 'unanswered' then q.not_bookable_since
          when v.outcome = 'not-bookable-yet' then coalesce(q.not_bookable_since, ${now}::timestamptz)
        end
      from unnest(${asked.map((row) => row.id)}::bigint[], ${asked.map((row) => row.outcome)}::text[],
        ${asked.map((row) => row.history)}::bytea[]) as v(id, outcome, history)
      where q.id = v.id and q.claimed_at = ${new Date(check.claimedAt)}
      returning q.id
    `
      .execute(executor)
      .then((result) => result.rows)
  const prices = check.prices ?? []
  const priceTexts = check.priceTexts ?? []
  if (
    check.answered.length === 0 &&
    check.openings.length === 0 &&
    prices.length === 0 &&
    priceTexts.length === 0
  ) {
    await recordQuestions(db)
    return []
  }
  return db.transaction().execute(async (trx) => {
    const held = new Set((await recordQuestions(trx)).map((row) => row.id))
    await recordPrices(
      trx,
      prices.filter((seen) => held.has(seen.questionId)),
      now,
    )
    const priced = await recordPriceTexts(trx, priceTexts, now)
    return [...(await recordOpeningTexts(trx, check, held)), ...priced]
  })
}

/** The texts a check's openings call for, written with the openings' lives they are about. */
async function recordOpeningTexts(
  trx: Executor,
  check: Pick<Parameters<typeof recordChecks>[1], 'kind' | 'answered' | 'openings' | 'now'>,
  held: ReadonlySet<number>,
) {
  const { kind, now } = check
  const open = await recordOpenings(
    trx,
    check.answered.filter((question) => held.has(question.id)),
    now,
  )
  // A split's first booking may be open on a question another job asked: as it left it.
  const elsewhere = check.openings.map((row) => row.questionId).filter((id) => !open.has(id))
  for (const row of elsewhere.length
    ? await trx
        .selectFrom('questions')
        .select(['id', 'openOpenings'])
        .where('id', 'in', [...new Set(elsewhere)])
        .execute()
    : [])
    open.set(row.id, row.openOpenings)
  const candidates = check.openings.flatMap(({ lifeKey, ...row }) => {
    const openingId = open.get(row.questionId)?.[lifeKey ?? row.openingKey]
    return openingId === undefined ? [] : [{ ...row, openingId }]
  })
  if (candidates.length === 0) return []
  const told = await alertsTold(trx, kind, candidates)
  const untold = candidates.filter((row) => !told.has(`${row.alertId}|${row.openingId}`))
  // The first opening of each alert, with a text for each of its recipients.
  const first = new Map<string, string>()
  for (const row of untold) if (!first.has(row.alertId)) first.set(row.alertId, row.openingKey)
  const chosen = untold.filter((row) => first.get(row.alertId) === row.openingKey)
  if (chosen.length === 0) return []
  const sent = await textsInLastDay(trx, kind, chosen, now)
  // In its owner's quiet hours a text to the owner is held (decision 0031); past the day's cap,
  // skipped. A client's text goes as the agent's does: one opening spends the cap once.
  const rows = holdInQuietHours(
    chosen.map(({ questionId: _, summaryBody, summaryUrl, ...row }) => {
      const plan = textUnderCap(sent.get(row.alertId) ?? 0)
      if (plan === 'text') return row
      if (plan === 'summary')
        return { ...row, purpose: 'summary' as const, body: summaryBody, bookingUrl: summaryUrl }
      return {
        ...row,
        status: 'skipped' as const,
        error: `Held: ${TEXTS_PER_ALERT_PER_DAY} texts in 24 hours, and the summary, went out already.`,
      }
    }),
    now,
  )
  const created = await trx
    .insertInto('notifications')
    .values(rows)
    .onConflict((oc) => oc.columns(['alertKind', 'alertId', 'openingId', 'recipient']).doNothing())
    .returning(['id', 'alertKind', 'alertId', 'status'])
    .execute()
  const found = [...new Set(created.map((row) => row.alertId!))]
  if (found.length === 0) return []
  if (kind === 'dining') {
    await trx
      .updateTable('diningAlerts')
      .set({ lastFoundAt: now })
      .where('id', '=', anyId(found))
      .execute()
  } else {
    await trx
      .updateTable('hotelAlerts')
      .set({ lastFoundAt: now })
      .where('id', '=', anyId(found))
      .execute()
    const completed = await trx
      .updateTable('hotelAlerts')
      .set({ status: HOTEL_STATUS.completed })
      .where('id', '=', anyId(found))
      .where('status', '=', HOTEL_STATUS.running)
      .where('keepWatching', '=', false)
      .returning('id')
      .execute()
    if (completed.length)
      await refreshQuestions(
        trx,
        {
          ids: await questionsOfAlerts(
            trx,
            'hotel',
            completed.map((row) => row.id),
          ),
        },
        now,
      )
  }
  // Only texts to send now are queued: skipped ones never, held ones when quiet hours end.
  return created.filter((row) => row.status === 'pending')
}

/**
 * Keeps what changed in the questions' prices: each question's new prices, and a history row
 * per room whose price changed (decision 0034). An answer that changed nothing is not here.
 */
async function recordPrices(trx: Executor, seen: readonly PricesSeen[], now: Date) {
  if (seen.length === 0) return
  await sql`
    update questions q set prices = v.prices
    from unnest(${seen.map((row) => row.questionId)}::bigint[],
      ${seen.map((row) => JSON.stringify(row.prices))}::jsonb[]) as v(id, prices)
    where q.id = v.id
  `.execute(trx)
  const rows = seen.flatMap((row) =>
    row.changes.map((change) => ({
      questionKey: row.questionKey,
      resortId: row.resortId,
      checkInDate: row.checkInDate,
      seenAt: now,
      ...change,
    })),
  )
  if (rows.length)
    await trx
      .insertInto('priceChanges')
      .values(rows)
      // Two checks of one question at one moment saw one answer.
      .onConflict((oc) => oc.columns(['questionKey', 'roomKey', 'seenAt']).doNothing())
      .execute()
}

/**
 * Writes the texts of watches whose booked stay's price is news, each once (per alert, price and
 * recipient), and moves each watch on to the price it texted. A watch another check texted since
 * this one read it is left alone: that check's texts are the ones.
 */
async function recordPriceTexts(trx: Executor, texts: readonly PriceText[], now: Date) {
  const created: {
    id: string
    alertKind: AlertKind | null
    alertId: string | null
    status: string
  }[] = []
  for (const alertId of new Set(texts.map((text) => text.alertId))) {
    const copies = texts.filter((text) => text.alertId === alertId)
    const { priceTextedCents, offersTexted, wasTextedCents } = copies[0]!.move
    const moved = await trx
      .updateTable('hotelAlerts')
      .set({ priceTextedCents, offersTexted, lastFoundAt: now })
      .where('id', '=', alertId)
      .where(sql<boolean>`price_texted_cents is not distinct from ${wasTextedCents}::integer`)
      .returning('id')
      .executeTakeFirst()
    if (!moved) continue
    const rows = holdInQuietHours(
      copies.map(({ move: _, ...text }) => ({ ...text, purpose: 'price' as const })),
      now,
    )
    const inserted = await trx
      .insertInto('notifications')
      .values(rows)
      .onConflict((oc) =>
        oc
          .columns(['alertId', 'openingKey', 'recipient'])
          .where('purpose', '=', 'price')
          .doNothing(),
      )
      .returning(['id', 'alertKind', 'alertId', 'status'])
      .execute()
    created.push(...inserted.filter((row) => row.status === 'pending'))
  }
  return created
}

/** Which of these alerts were told of which of these openings' lives: `alertId|openingId`. */
async function alertsTold(
  db: Executor,
  kind: AlertKind,
  candidates: readonly { alertId: string; openingId: number }[],
) {
  const rows = await db
    .selectFrom('notifications')
    .select(['alertId', 'openingId'])
    .where('alertKind', '=', kind)
    .where('alertId', '=', anyId([...new Set(candidates.map((row) => row.alertId))]))
    .where(
      'openingId',
      '=',
      sql<number>`any(${[...new Set(candidates.map((row) => row.openingId))]}::bigint[])`,
    )
    .execute()
  return new Set(rows.map((row) => `${row.alertId}|${row.openingId}`))
}

/**
 * How many openings each alert texted (or is about to) in the 24 hours before `now`: an opening
 * texted to both the agent and the client is one.
 */
async function textsInLastDay(
  db: Executor,
  kind: AlertKind,
  alerts: readonly { alertId: string }[],
  now: Date,
) {
  const rows = await db
    .selectFrom('notifications')
    .select((eb) => ['alertId', eb.fn.count<number>('openingId').distinct().as('texts')])
    .where('alertKind', '=', kind)
    .where('alertId', '=', anyId(alerts.map((row) => row.alertId)))
    .where('purpose', 'in', ['opening', 'summary'])
    // Held texts go out as one when quiet hours end: they do not spend the day's cap.
    .where('status', 'not in', ['skipped', 'held'])
    .where('createdAt', '>', new Date(now.getTime() - 86_400_000))
    .groupBy('alertId')
    .execute()
  return new Map(rows.map((row) => [row.alertId!, Number(row.texts)]))
}

/**
 * A question that cannot be asked (a resort Disney no longer sells): the running alerts asking
 * it are errored (status 3) with the reason, and it is asked no more.
 */
export async function markHotelQuestionErrored(
  db: Executor,
  questionId: number,
  reason: string,
  now: Date,
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('hotelAlerts')
      .set({ status: HOTEL_STATUS.errored, statusReason: reason, updatedAt: now })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('alertQuestions')
          .select('hotelAlertId')
          .where('questionId', '=', questionId)
          .where('hotelAlertId', 'is not', null),
      )
      .where('status', '=', HOTEL_STATUS.running)
      .execute()
    await trx
      .updateTable('questions')
      .set({ lastCheckedAt: now })
      .where('id', '=', questionId)
      .execute()
    await refreshQuestions(trx, { ids: [questionId] }, now)
  })
}
