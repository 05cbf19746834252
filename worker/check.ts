import { statSync, readFileSync } from 'node:fs'
import { UnrecoverableError, type Job } from 'bullmq'
import type { Redis } from 'ioredis'
import { isUnavailable } from '../db/client.ts'
import type { Logger } from 'pino'
import type { DB } from '../db/client.ts'
import { diningOfferMatches } from '../app/domain/flexible-dining.ts'
import { isExactStay, resortAvailabilityKey } from '../app/domain/flexible-stays.ts'
import { listWdwResortKeys } from '../app/models/catalogue.server.ts'
import { splitStayText, stayOpeningText } from '../app/domain/flexible-texts.ts'
import { splitOpenings } from './split-stay-openings.ts'
import { diningOpeningKey, hotelOpeningKey } from '../app/domain/openings.ts'
import { openRoomTypes, type AnswerRoom } from '../app/domain/room-keys.ts'
import {
  aboveCeiling,
  afterNews,
  ceilingPer,
  hasCeiling,
  lastDayToAct,
  offerNamesOf,
  priceChanges,
  priceNews,
  priceOfRoomType,
  pricesOf,
  priceTextKey,
  splitPrice,
  type QuestionPrices,
} from '../app/domain/prices.ts'
import { pricedOpeningText, priceInWords, priceWatchText } from '../app/domain/price-texts.ts'
import { bookingRuleFor } from '../app/domain/booking-rules.ts'
import { todayIn } from '../app/domain/dates.ts'
import { findDestination } from '../app/domain/destinations.ts'
import { startsAt } from '../app/domain/quiet-hours.ts'
import { diningOpeningText, heldTextsText } from '../app/domain/texts.ts'
import { textsGoTo, type TextTo } from '../app/domain/client.ts'
import { withClientName } from '../app/domain/client-texts.ts'
import type { AlertKind } from '../app/domain/alerts.ts'
import type { Env } from '../app/env.server.ts'
import {
  diningAlertsAnswered,
  heldQuestions,
  hotelAlertsAnswered,
  markHotelQuestionErrored,
  recordChecks,
  splitStayQuestions,
  type Addressee,
  type AskedQuestion,
  type FoundOpening,
  type HeldQuestion,
  type PricesSeen,
  type PriceText,
} from '../app/models/check.server.ts'
import type { AnsweredQuestion, SeenOpening } from '../app/models/opening.server.ts'
import { newShortCode } from '../app/models/outbox.server.ts'
import { actsOn, phaseMs } from '../app/domain/schedule.ts'
import { diningBookingUrl, hotelBookingUrl } from '../app/domain/booking-links.ts'
import { alertPageHref } from '../app/domain/alert-history.ts'
import { withCheck, type CheckOutcome } from '../app/domain/check-history.ts'
import { CheckCounter } from '../app/utils/check-counts.server.ts'
import { DriftRecorder } from './drift.ts'
import type { Metrics } from './metrics.ts'
import { CHECK_ATTEMPTS, type CheckJob, type CheckQuestion, type Queues } from './queues.ts'
import { AnswerWatch } from './upstream/answer-watch.ts'
import { CircuitBreaker, type BreakerChange } from './upstream/breaker.ts'
import { fetchDiningAnswer } from './upstream/dining.ts'
import { AlertQuestionError, UpstreamFault, type EndpointFamily } from './upstream/errors.ts'
import { fetchRoomAnswer } from './upstream/hotels.ts'
import { fetchResortAvailability } from './upstream/resort-availability.ts'
import { ResortScreen } from './upstream/resort-screen.ts'

export interface CheckDeps {
  db: DB
  queues: Queues
  /** Walt Disney World's multi-resort answers, kept for an interval (decision 0033). */
  screen: ResortScreen
  breaker: CircuitBreaker
  drift: DriftRecorder
  answers: AnswerWatch
  /** Questions answered, per destination and kind, for /status. */
  checkCounts: CheckCounter
  metrics: Metrics
  logger: Logger
  env: Env
}

/**
 * A check's dependencies around the database, queues, metrics, logger and configuration: what it
 * keeps in Redis (the breakers, the resort screen, what answers said, the counts for /status) and
 * the drift recorder. The worker wires its checks from this, and so do the integration tests.
 */
export function checkDeps(
  base: Pick<CheckDeps, 'db' | 'queues' | 'metrics' | 'logger' | 'env'>,
  redis: Redis,
  onBreakerChange?: (change: BreakerChange) => Promise<void>,
): CheckDeps {
  const prefix = base.env.redisPrefix
  return {
    ...base,
    screen: new ResortScreen(redis, prefix),
    breaker: new CircuitBreaker(redis, prefix, onBreakerChange),
    drift: new DriftRecorder(base.db, base.metrics, base.logger),
    answers: new AnswerWatch(redis, prefix),
    checkCounts: new CheckCounter(redis, prefix),
  }
}

/** The dining token from configuration; a token file is re-read whenever it changes. */
export function diningTokenReader(env: Env) {
  let cached: { mtimeMs: number; token: string } | undefined
  return () => {
    const file = env.disney.diningTokenFile
    if (!file) return env.disney.diningToken ?? ''
    const { mtimeMs } = statSync(file)
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, token: readFileSync(file, 'utf8').trim() }
    return cached.token
  }
}

/** Calls Disney through the family's breaker, counting the outcome by the kind of answer. */
async function throughBreaker<T extends { kind: string }>(
  deps: CheckDeps,
  family: EndpointFamily,
  call: () => Promise<T>,
): Promise<T> {
  await deps.breaker.assertClosed(family)
  try {
    const answer = await call()
    await deps.breaker.success(family)
    deps.metrics.upstreamCalls.inc({ family, outcome: answer.kind })
    return answer
  } catch (error) {
    if (error instanceof UpstreamFault) {
      await deps.breaker.failure(error)
      deps.metrics.upstreamCalls.inc({ family, outcome: error.reason })
    }
    throw error
  }
}

/** Queues the texts of the outbox rows a check just wrote; the job id makes a second add a no-op. */
async function queueTexts(deps: CheckDeps, created: { id: string }[]) {
  if (created.length)
    await deps.queues.sms.addBulk(
      created.map((row) => ({
        name: 'send',
        data: { notificationId: row.id },
        opts: { jobId: row.id },
      })),
    )
}

function link(env: Env, shortCode: string) {
  return `${env.appUrl}/o/${shortCode}`
}

/** What routing an alert's texts takes, read with the alert (hotelAlertsAnswered and the like). */
interface RoutedAlert {
  /** The owner's phone. */
  phoneNumber: string
  textTo: TextTo
  clientId: string | null
  clientName: string | null
  clientPhone: string | null
  clientConsent: string | null
}

/** One copy of a text: where it goes, its own short link, and how its body reads. */
interface Copy extends Addressee {
  toNumber: string
  shortCode: string
  link: string
  /** The copy's body from the text's: the agent's names the client the alert is for. */
  words: (body: string) => string
}

/**
 * Fans a text out to the alert's recipients now (textsGoTo, decision 0035): the agent's copy to
 * the owner's phone, starting with the client's name when the alert is a client's; the client's
 * to the client's phone, as it is. Each copy has its own short code, so a tap is the tapper's and
 * the body is rendered with its own link.
 */
function copiesOf<Text>(env: Env, alert: RoutedAlert, text: (copy: Copy) => Text): Text[] {
  const client =
    alert.clientId === null
      ? null
      : { phoneNumber: alert.clientPhone, consent: alert.clientConsent ?? 'none' }
  const goTo = textsGoTo(alert.textTo, client)
  const copy = (
    recipient: Addressee['recipient'],
    toNumber: string,
    words: (body: string) => string,
  ): Text => {
    const shortCode = newShortCode()
    return text({
      recipient,
      clientId: alert.clientId,
      toNumber,
      shortCode,
      link: link(env, shortCode),
      words,
    })
  }
  const { clientName } = alert
  return [
    ...(goTo.agent
      ? [
          copy('agent', alert.phoneNumber, (body) =>
            clientName === null ? body : withClientName(clientName, body),
          ),
        ]
      : []),
    ...(goTo.client ? [copy('client', alert.clientPhone!, (body) => body)] : []),
  ]
}

/** A question Disney could not answer this time: retried on its own, with backoff. */
interface Faulted {
  question: CheckQuestion
  held: HeldQuestion
  fault: UpstreamFault
}

/**
 * Asks every question the job's claim still holds, at once. A fault is counted and kept aside so
 * the other questions' answers are still written; anything else fails the whole job.
 */
async function askEach<Outcome>(
  deps: CheckDeps,
  job: Job<CheckJob>,
  now: Date,
  ask: (question: HeldQuestion) => Promise<Outcome>,
) {
  const held = new Map(
    (
      await heldQuestions(
        deps.db,
        job.data.questions.map((question) => question.questionId),
        job.data.claimedAt,
      )
    ).map((question) => [question.id, question]),
  )
  const faulted: Faulted[] = []
  const outcomes = await Promise.all(
    job.data.questions.map(async (question) => {
      const row = held.get(question.questionId)
      if (!row) return []
      deps.metrics.lateness.observe(Math.max(0, (now.getTime() - question.scheduledFor) / 1000))
      try {
        return [{ question: row, ...(await ask(row)) }]
      } catch (error) {
        if (!(error instanceof UpstreamFault)) throw error
        deps.logger.warn({ family: error.family, reason: error.reason, job: job.id }, error.message)
        deps.metrics.checks.inc({ kind: job.data.kind, result: 'upstream-fault' }, row.alertCount)
        faulted.push({ question, held: row, fault: error })
        return []
      }
    }),
  )
  return { outcomes: outcomes.flat(), faulted }
}

/** After the answers are written: the job is retried with only the questions that faulted. */
async function retryFaulted(job: Job<CheckJob>, faulted: Faulted[]) {
  const first = faulted[0]
  if (!first) return
  if (faulted.length < job.data.questions.length)
    await job.updateData({ ...job.data, questions: faulted.map((entry) => entry.question) })
  throw first.fault
}

/** An alert's own pace on its question, for the slot test of decision 0028. */
function paceOf(alert: { intervalMinutes: number; updatedAt: Date }, question: HeldQuestion) {
  const intervalMs = alert.intervalMinutes * 60_000
  return {
    intervalMs,
    phase: phaseMs(question.key, intervalMs),
    changedAt: new Date(alert.updatedAt).getTime(),
  }
}

/** Whether the alert acts on this answer of its question: at its own slots only. */
function acts(
  alert: { intervalMinutes: number; updatedAt: Date },
  question: HeldQuestion,
  now: Date,
) {
  const previous = question.lastCheckedAt ? new Date(question.lastCheckedAt).getTime() : null
  return actsOn(paceOf(alert, question), previous, now.getTime())
}

/** The openings each question's answer shows that one of its running alerts watches. */
class SeenOpenings {
  private readonly byQuestion = new Map<number, Map<string, SeenOpening>>()

  add(questionId: number, opening: SeenOpening) {
    const seen = this.byQuestion.get(questionId) ?? new Map<string, SeenOpening>()
    seen.set(opening.key, opening)
    this.byQuestion.set(questionId, seen)
  }

  /** The keys of the openings a question's answer shows (none: nothing anyone watches). */
  keys(questionId: number): string[] {
    return [...(this.byQuestion.get(questionId)?.keys() ?? [])]
  }

  /** The questions whose openings may move: they show some now, or had some open. */
  answered(kind: AlertKind, questions: readonly HeldQuestion[]): AnsweredQuestion[] {
    return questions.flatMap((question) => {
      const seen = [...(this.byQuestion.get(question.id)?.values() ?? [])]
      if (seen.length === 0 && Object.keys(question.openOpenings).length === 0) return []
      return [
        {
          ...question,
          kind,
          lastCheckedAt: question.lastCheckedAt ? new Date(question.lastCheckedAt) : null,
          seen,
        },
      ]
    })
  }
}

/** Writes the answers, queues the new texts, and counts the alert checks they made. */
async function record(
  deps: CheckDeps,
  job: Job<CheckJob>,
  now: Date,
  outcomes: { question: HeldQuestion; notBookableYet?: boolean }[],
  faulted: readonly Faulted[],
  found: {
    seen: SeenOpenings
    openings: FoundOpening[]
    prices?: PricesSeen[]
    priceTexts?: PriceText[]
  },
) {
  if (outcomes.length === 0 && faulted.length === 0) return
  const created = await recordChecks(deps.db, {
    kind: job.data.kind,
    asked: [
      ...outcomes.map((outcome) =>
        askedQuestion(
          outcome.question,
          outcome.notBookableYet ? 'not-bookable-yet' : 'answered',
          now,
        ),
      ),
      ...faulted.map((entry) => askedQuestion(entry.held, 'unanswered', now)),
    ],
    answered: found.seen.answered(
      job.data.kind,
      outcomes.map((outcome) => outcome.question),
    ),
    openings: found.openings,
    prices: found.prices,
    priceTexts: found.priceTexts,
    now,
    claimedAt: job.data.claimedAt,
  })
  await queueTexts(deps, created)
  deps.checkCounts.add(
    job.data.kind,
    outcomes.map((outcome) => outcome.question),
  )
  deps.metrics.checks.inc(
    { kind: job.data.kind, result: 'checked' },
    outcomes.reduce((sum, outcome) => sum + outcome.question.alertCount, 0),
  )
}

/** A question as the job asked it, with its check history moved on (decision 0030). */
function askedQuestion(question: HeldQuestion, outcome: CheckOutcome, now: Date): AskedQuestion {
  return {
    id: question.id,
    outcome,
    history: withCheck(question.checkHistory, {
      paces: question.paces,
      queryKey: question.key,
      previousAnswer: question.lastCheckedAt ? new Date(question.lastCheckedAt).getTime() : null,
      at: now.getTime(),
      outcome,
    }),
  }
}

/** An alert as its texts about an opening need it: routed, with its owner's quiet hours. */
type TextedAlert = RoutedAlert &
  FoundOpening['quiet'] & { id: string; userId: string; questionId: number }

/**
 * The texts an opening may call for, one for each of the alert's recipients with its own short
 * link, and the summary each becomes past the day's cap: the agent's links to the alert's own
 * page (every opening it saw); the client's, who cannot see that page, to the booking itself.
 * The opening is the alert's question's unless it says otherwise (a split stay's first part).
 */
function textAbout(
  env: Env,
  alert: TextedAlert,
  opening: Pick<
    FoundOpening,
    'alertKind' | 'openingKey' | 'bookingUrl' | 'secondBookingUrl' | 'startsAt' | 'lifeKey'
  > & { questionId?: number },
  alertName: string,
  body: (link: string) => string,
  now: Date,
): FoundOpening[] {
  return copiesOf(env, alert, (copy) => ({
    questionId: alert.questionId,
    userId: alert.userId,
    alertId: alert.id,
    quiet: alert,
    ...opening,
    recipient: copy.recipient,
    clientId: copy.clientId,
    toNumber: copy.toNumber,
    shortCode: copy.shortCode,
    seenAt: now,
    body: copy.words(body(copy.link)),
    summaryBody: copy.words(heldTextsText({ alertName, link: copy.link })),
    summaryUrl:
      copy.recipient === 'client'
        ? opening.bookingUrl
        : `${env.appUrl}${alertPageHref(opening.alertKind, alert.id)}`,
  }))
}

async function checkDining(deps: CheckDeps, job: Job<CheckJob>, now: Date, token: () => string) {
  const { outcomes, faulted } = await askEach(deps, job, now, async (question) => {
    const destination = question.resortLocationIdentifier!
    const answer = await throughBreaker(deps, 'dining', () =>
      fetchDiningAnswer(
        { destination, partySize: question.partySize!, date: question.reserveDate! },
        { token: token(), timeoutMs: deps.env.disney.timeoutMs, via: deps.env.disney.via },
      ),
    )
    await deps.answers.saw('dining', answer.kind === 'not-found' ? 'not-found' : 'data')
    if (answer.kind !== 'offers') return { offers: [] }
    await deps.drift.sawVenues(destination, answer.venues)
    return { offers: answer.offers }
  })
  // Alerts are read only for answers with a table in them, and only at those restaurants.
  const open = outcomes.filter((outcome) => outcome.offers.length)
  const alerts = open.length
    ? await diningAlertsAnswered(
        deps.db,
        open.map((outcome) => outcome.question.id),
        [...new Set(open.flatMap((outcome) => outcome.offers.map((offer) => offer.venueId)))],
      )
    : []
  const byQuestion = new Map(open.map((outcome) => [outcome.question.id, outcome]))
  const seen = new SeenOpenings()
  const openings: FoundOpening[] = []
  for (const alert of alerts) {
    const outcome = byQuestion.get(alert.questionId)
    if (!outcome) continue
    const destination = outcome.question.resortLocationIdentifier!
    const names = new Map(alert.restaurants.map((restaurant) => [restaurant.id, restaurant.name]))
    const watched = outcome.offers.filter((offer) => diningOfferMatches(alert, offer))
    for (const offer of watched)
      seen.add(alert.questionId, {
        key: diningOpeningKey(offer.venueId, offer.date, offer.time),
        diningLocationId: offer.venueId,
        reserveTime: offer.time,
      })
    if (!acts(alert, outcome.question, now)) continue
    for (const offer of watched) {
      const restaurant = names.get(offer.venueId)!
      openings.push(
        ...textAbout(
          deps.env,
          alert,
          {
            alertKind: 'dining',
            openingKey: diningOpeningKey(offer.venueId, offer.date, offer.time),
            bookingUrl: diningBookingUrl(destination, alert.partySize, offer.date),
            startsAt: startsAt({ destination, date: offer.date, time: offer.time }),
          },
          restaurant,
          (link) =>
            diningOpeningText({
              restaurant,
              date: offer.date,
              time: offer.time,
              partySize: alert.partySize,
              link,
            }),
          now,
        ),
      )
    }
  }
  await record(deps, job, now, outcomes, faulted, { seen, openings })
  await retryFaulted(job, faulted)
}

/**
 * Whether Disney's multi-resort answer for the question's stay and party says its address has no
 * room (decision 0033): then it is answered, with nothing open, without a room-level call. Asked
 * only of a Walt Disney World question Disney has answered before and not as beyond its booking
 * window, since only the room-level call says "not bookable yet".
 */
async function screenedOut(deps: CheckDeps, question: HeldQuestion): Promise<boolean> {
  if (
    question.locationIdentifier !== 'disney-world' ||
    !question.sold ||
    !question.disneySlug ||
    !question.lastCheckedAt ||
    question.notBookableSince
  )
    return false
  const stay = {
    checkInDate: question.checkInDate!,
    checkOutDate: question.checkOutDate!,
    adults: question.numberOfAdults!,
    childAges: question.agesOfChildren!,
    accessible: question.accessible!,
  }
  const key = resortAvailabilityKey({
    destination: 'disney-world',
    ...stay,
    numberOfAdults: stay.adults,
    agesOfChildren: stay.childAges,
  })
  const addresses = await deps.screen.addresses(
    key,
    (question.intervalMinutes ?? 1) * 60_000,
    async () => {
      const resorts = await listWdwResortKeys(deps.db)
      const { answer } = await throughBreaker(deps, 'wdw-all-resorts', async () => ({
        kind: 'resorts',
        answer: await fetchResortAvailability(stay, {
          timeoutMs: deps.env.disney.timeoutMs,
          via: deps.env.disney.via,
          resorts,
        }),
      }))
      return answer.addressesToAsk
    },
  )
  return addresses !== null && !addresses.has(question.disneySlug)
}

type AnsweredAlert = Awaited<ReturnType<typeof hotelAlertsAnswered>>[number]

/**
 * A watch's texts, one for each of its recipients, when today's price of its booked room is news
 * (decision 0034), up to the last day its booking can be changed for free
 * (content/catalogue/booking-rules.json); after that a saving can no longer be had, so nothing is
 * texted.
 */
function watchText(
  env: Env,
  alert: AnsweredAlert,
  question: HeldQuestion,
  answerRooms: readonly AnswerRoom[],
  now: Date,
): PriceText[] {
  const roomType = openRoomTypes(answerRooms, alert.roomTypes)[0]
  const price = roomType && priceOfRoomType(answerRooms, roomType)
  if (!price) return []
  const destination = question.locationIdentifier!
  const lastDay = lastDayToAct(
    question.checkInDate!,
    bookingRuleFor(destination, alert.rateType!).daysBeforeCheckIn,
  )
  if (todayIn(findDestination(destination)!.timeZone, now) > lastDay) return []
  const watch = {
    paidTotalCents: alert.paidTotalCents!,
    minSavingCents: alert.minSavingCents,
    minSavingPercent: alert.minSavingPercent,
    priceTextedCents: alert.priceTextedCents,
    offersTexted: alert.offersTexted,
  }
  const news = priceNews(watch, price)
  if (!news) return []
  return copiesOf(env, alert, (copy) => ({
    userId: alert.userId,
    alertKind: 'hotel',
    alertId: alert.id,
    openingKey: priceTextKey(news),
    recipient: copy.recipient,
    clientId: copy.clientId,
    toNumber: copy.toNumber,
    bookingUrl: hotelBookingUrl(destination, question.disneySlug!),
    shortCode: copy.shortCode,
    seenAt: now,
    body: copy.words(
      priceWatchText({
        stay: {
          room: roomType.name,
          resort: question.resortName!,
          checkIn: question.checkInDate!,
          checkOut: question.checkOutDate!,
          link: copy.link,
        },
        kind: news.kind,
        offerName: news.offer?.name ?? null,
        priceCents: news.priceCents,
        savingCents: news.savingCents,
        rateType: alert.rateType!,
        lastDay,
      }),
    ),
    quiet: alert,
    startsAt: startsAt({ destination, date: question.checkInDate! }),
    move: { ...afterNews(watch, news), wasTextedCents: alert.priceTextedCents },
  }))
}

/** The questions whose answer changed their prices, with the history rows that adds. */
function pricesSeen(asked: readonly { question: HeldQuestion; rooms: readonly AnswerRoom[] }[]): {
  seen: PricesSeen[]
  now: Map<number, QuestionPrices>
} {
  const now = new Map(asked.map(({ question, rooms }) => [question.id, pricesOf(rooms)]))
  const seen = asked.flatMap(({ question, rooms }) => {
    const prices = now.get(question.id)!
    const changes = priceChanges(question.prices, prices, offerNamesOf(rooms))
    return changes.length
      ? [
          {
            questionId: question.id,
            questionKey: question.key,
            resortId: question.resortId!,
            checkInDate: question.checkInDate!,
            prices,
            changes,
          },
        ]
      : []
  })
  return { seen, now }
}

async function checkHotel(deps: CheckDeps, job: Job<CheckJob>, now: Date) {
  const { outcomes, faulted } = await askEach(deps, job, now, async (question) => {
    if (await screenedOut(deps, question)) {
      deps.metrics.screenedOut.inc()
      return { errored: false, rooms: [], notBookableYet: false }
    }
    const family: EndpointFamily =
      question.locationIdentifier === 'disneyland' ? 'dlr-hotel' : 'wdw-hotel'
    let answer
    try {
      answer = await throughBreaker(deps, family, () =>
        fetchRoomAnswer(
          {
            resort: {
              name: question.resortName!,
              locationIdentifier: question.locationIdentifier!,
              disneySlug: question.sold ? question.disneySlug : null,
            },
            checkInDate: question.checkInDate!,
            checkOutDate: question.checkOutDate!,
            adults: question.numberOfAdults!,
            childAges: question.agesOfChildren!,
            accessible: question.accessible!,
          },
          { timeoutMs: deps.env.disney.timeoutMs, via: deps.env.disney.via },
        ),
      )
    } catch (error) {
      // The question itself cannot be asked: status 3 for its alerts, and nothing else.
      if (!(error instanceof AlertQuestionError)) throw error
      await markHotelQuestionErrored(deps.db, question.id, error.message, now)
      deps.metrics.checks.inc({ kind: 'hotel', result: 'errored' }, question.alertCount)
      return { errored: true, rooms: [], notBookableYet: false }
    }
    const slug = question.disneySlug!
    if (answer.kind === 'rooms') {
      await deps.drift.sawRooms(question.locationIdentifier!, slug, answer.rooms)
      if (answer.reasonsUnavailable.length) {
        // Date-wide reasons do not override the rooms: Disney may still price every room.
        deps.logger.debug(
          { family, slug, reasons: answer.reasonsUnavailable, question: question.key },
          'answer gave date-wide reasons unavailable',
        )
        for (const reason of answer.reasonsUnavailable)
          deps.metrics.reasonsUnavailable.inc({ family, reason })
      }
    }
    return {
      errored: false,
      rooms: answer.kind === 'rooms' ? answer.rooms : [],
      notBookableYet: answer.kind === 'not-bookable-yet',
    }
  })
  const asked = outcomes.filter((outcome) => !outcome.errored)
  const prices = pricesSeen(asked)
  // Alerts are read only for answers with a bookable room, and only those that chose one.
  const open = asked.filter((outcome) => outcome.rooms.some((room) => room.bookable))
  const openRooms = open.flatMap((outcome) => outcome.rooms.filter((room) => room.bookable))
  const alerts = open.length
    ? await hotelAlertsAnswered(
        deps.db,
        open.map((outcome) => outcome.question.id),
        {
          codes: [...new Set(openRooms.flatMap((room) => (room.code === null ? [] : [room.code])))],
          ids: [...new Set(openRooms.map((room) => room.roomId))],
        },
      )
    : []
  const byQuestion = new Map(open.map((outcome) => [outcome.question.id, outcome]))
  const seen = new SeenOpenings()
  const openings: FoundOpening[] = []
  const priceTexts: PriceText[] = []
  for (const alert of alerts) {
    const outcome = byQuestion.get(alert.questionId)
    if (!outcome) continue
    const { question } = outcome
    const rooms = openRoomTypes(outcome.rooms, alert.roomTypes)
    const key = (room: { id: string }) =>
      hotelOpeningKey(room.id, question.checkInDate!, question.checkOutDate!)
    for (const room of rooms) seen.add(alert.questionId, { key: key(room), roomTypeId: room.id })
    // A split stay's part is not one of the alert's stays: only a split of two may be (below).
    if (alert.split || !acts(alert, question, now)) continue
    if (alert.watch === 'price') {
      priceTexts.push(...watchText(deps.env, alert, question, outcome.rooms, now))
      continue
    }
    for (const room of rooms) {
      const price = priceOfRoomType(outcome.rooms, room)
      // Above the ceiling it is still an opening of the question, only not one to text.
      if (aboveCeiling(price, alert)) continue
      openings.push(
        ...textAbout(
          deps.env,
          alert,
          {
            alertKind: 'hotel',
            openingKey: key(room),
            bookingUrl: hotelBookingUrl(question.locationIdentifier!, question.disneySlug!),
            startsAt: startsAt({
              destination: question.locationIdentifier!,
              date: question.checkInDate!,
            }),
          },
          question.resortName!,
          (link) => {
            const stay = {
              room: room.name,
              resort: question.resortName!,
              checkIn: question.checkInDate!,
              checkOut: question.checkOutDate!,
              link,
            }
            return price && hasCeiling(alert)
              ? pricedOpeningText({ ...stay, price: priceInWords(price, ceilingPer(alert)) })
              : stayOpeningText(stay, { exact: isExactStay(alert) })
          },
          now,
        ),
      )
    }
  }
  // Split stays, after the alerts' own stays: once for each alert that may split and acts now.
  const splitting = [
    ...new Map(
      alerts
        .filter((alert) => {
          const outcome = byQuestion.get(alert.questionId)
          return alert.splitStays && outcome && acts(alert, outcome.question, now)
        })
        .map((alert) => [alert.id, alert]),
    ).values(),
  ]
  const states = await splitStayQuestions(
    deps.db,
    splitting.map((alert) => alert.id),
  )
  const seenNow = new Map(
    asked.map((outcome) => [outcome.question.id, seen.keys(outcome.question.id)]),
  )
  for (const alert of splitting) {
    const questions = states.flatMap((state) =>
      state.hotelAlertId === alert.id
        ? [
            {
              ...state,
              resortId: state.resortId!,
              checkInDate: state.checkInDate!,
              checkOutDate: state.checkOutDate!,
            },
          ]
        : [],
    )
    for (const split of splitOpenings(alert, questions, seenNow, prices.now)) {
      const { first, second } = split
      const price = splitPrice([first.price, second.price])
      if (aboveCeiling(price, alert)) continue
      const booking = (part: typeof first) => hotelBookingUrl(part.destination, part.disneySlug!)
      openings.push(
        ...textAbout(
          deps.env,
          alert,
          {
            questionId: first.questionId,
            lifeKey: first.openingKey,
            alertKind: 'hotel',
            openingKey: split.key,
            bookingUrl: booking(first),
            secondBookingUrl: booking(second),
            startsAt: startsAt({ destination: first.destination, date: first.checkIn }),
          },
          first.resort,
          (link) =>
            splitStayText({
              first: { ...first, link },
              second: { ...second, link: `${link}/2` },
              price: price && hasCeiling(alert) ? priceInWords(price, ceilingPer(alert)) : null,
            }),
          now,
        ),
      )
    }
  }
  await record(deps, job, now, asked, faulted, {
    seen,
    openings,
    prices: prices.seen,
    priceTexts,
  })
  await retryFaulted(job, faulted)
}

/** A job of this release: a claim's moment and question ids (older jobs carried alert ids). */
function isQuestionJob(data: CheckJob) {
  return (
    typeof data.claimedAt === 'number' &&
    data.questions.every((question) => typeof question.questionId === 'number')
  )
}

/**
 * One check job: every question asked of Disney once, at once; an answer with nothing open is
 * one row written, and one with openings reads the alerts it may concern (decisions 0015, 0028).
 */
export function checkProcessor(deps: CheckDeps) {
  const readToken = diningTokenReader(deps.env)
  return async (job: Job<CheckJob>) => {
    if (!isQuestionJob(job.data)) {
      // Queued by a worker from before questions (migration 0017 made its questions due again).
      deps.logger.warn({ job: job.id }, 'check job from before questions skipped')
      return
    }
    const now = new Date()
    try {
      if (job.data.kind === 'dining') await checkDining(deps, job, now, readToken)
      else await checkHotel(deps, job, now)
    } catch (error) {
      // The database away: retried until it is back (the backoff caps at CHECK_DATABASE_RETRY_MS),
      // since the claim has moved these alerts' next check on. Anything else gives up as before.
      if (isUnavailable(error) || job.attemptsMade + 1 < CHECK_ATTEMPTS) throw error
      throw new UnrecoverableError(error instanceof Error ? error.message : String(error))
    }
  }
}
