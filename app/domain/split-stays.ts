/**
 * Split stays (issue 29, decision 0032): when no room of the alert is open for a whole stay,
 * two back-to-back bookings may be, at the same resort in another room type (or the same type
 * booked twice) or at another resort of the alert, with one move between them.
 *
 * To see them an alert asks, besides its own stays, every shorter stay a split is made of: for a
 * stay of n nights, the first k nights and the last n − k nights, for k = 1 … n − 1, at each of
 * its resorts. That is 2(n − 1) extra stays for an exact stay; for a window of D check-ins and
 * m to M nights, at most (2D + M − m)(M − 1) (the first parts start on one of the D check-ins
 * and last 1 … M − 1 nights; the last parts end on one of the D + M − m check-outs and last
 * 1 … M − 1 nights), fewer where they coincide with each other or with the alert's own stays.
 * Each is asked at every resort, and all of them count toward the alert's cap (flexible-cost.ts).
 *
 * Only one move is looked for: two moves would triple the questions again, and a stay in three
 * rooms is one few families would book.
 */
import {
  hotelQuestionsOf,
  questionsOfStays,
  stayBetween,
  stayOf,
  staysOf,
  type FlexibleHotelAlert,
  type Stay,
  type StayQuestion,
} from './flexible-stays'
import { hotelOpeningKey } from './openings'

/**
 * The shorter stays a split of these stays is made of, that are not among them: earliest
 * check-in first, then shortest stay first. Stays of one night cannot be split.
 */
export function splitSubStays(stays: readonly Stay[]): Stay[] {
  const key = (stay: Stay) => `${stay.checkInDate}|${stay.checkOutDate}`
  const own = new Set(stays.map(key))
  const parts = new Map<string, Stay>()
  for (const stay of stays) {
    for (let first = 1; first < stay.nights; first++) {
      const head = stayOf(stay.checkInDate, first)
      const tail = stayBetween(head.checkOutDate, stay.checkOutDate)
      for (const part of [head, tail]) if (!own.has(key(part))) parts.set(key(part), part)
    }
  }
  return [...parts.values()].sort(
    (a, b) => a.checkInDate.localeCompare(b.checkInDate) || a.nights - b.nights,
  )
}

/** The extra questions a split-stay alert asks (none without split stays), in stay order. */
export function splitStayQuestions(alert: FlexibleHotelAlert): StayQuestion[] {
  return alert.splitStays ? questionsOfStays(alert, splitSubStays(staysOf(alert))) : []
}

/**
 * Every question a hotel alert asks (decision 0033): its own stays, then the shorter stays of
 * split stays it does not ask already, marked `split` (asked only to find a split).
 */
export function hotelAlertQuestionsOf(
  alert: FlexibleHotelAlert,
): { question: StayQuestion; split: boolean }[] {
  const own = hotelQuestionsOf(alert)
  const keys = new Set(own.map((question) => question.key))
  return [
    ...own.map((question) => ({ question, split: false })),
    ...splitStayQuestions(alert)
      .filter((question) => !keys.has(question.key))
      .map((question) => ({ question, split: true })),
  ]
}

/** What one question of the alert found: the alert's room types open there, in its order. */
export interface StayAnswer {
  resortId: string
  checkInDate: string
  checkOutDate: string
  openRoomIds: readonly string[]
}

/** One booking of a split stay. */
export interface Booking {
  resortId: string
  roomId: string
  checkInDate: string
  checkOutDate: string
}

/** Two back-to-back bookings that together cover one of the alert's stays. */
export interface SplitStay {
  stay: Stay
  /** The date the family moves: the first booking's check-out and the second's check-in. */
  moveOn: string
  first: Booking
  second: Booking
}

/** How many splits are offered for one stay: enough to choose, few enough to read. */
export const SPLITS_PER_STAY = 3

/**
 * The best splits of each of the alert's stays that no single room covers, stay by stay in the
 * alert's order, at most `perStay` each. An answer missing from `answers` counts as nothing
 * open (the multi-resort answer saying a resort has no room is such an answer), so the caller
 * passes the answers of one check.
 *
 * Best first, by rules a person can check:
 * 1. one resort before two: a move within a resort keeps the bags there; and first of all the
 *    same room type booked twice, at whichever resort (the desk can often keep the family in
 *    the room, so there may be no move at all);
 * 2. then the alert's order of resorts (of the first booking, then of the second), and of room
 *    types as the answers list them;
 * 3. for each pair of rooms, one move night only: the one that splits the stay most evenly
 *    (the earlier on a tie), so neither booking is a one-night stub when it need not be; a
 *    one-night booking spends its day checking in and out.
 */
export function findSplitStays(
  alert: Pick<
    FlexibleHotelAlert,
    'resorts' | 'checkInDate' | 'latestCheckInDate' | 'minNights' | 'maxNights' | 'splitStays'
  >,
  answers: readonly StayAnswer[],
  perStay: number = SPLITS_PER_STAY,
): SplitStay[] {
  if (!alert.splitStays) return []
  const open = new Map(
    answers.map((answer) => [
      `${answer.resortId}|${answer.checkInDate}|${answer.checkOutDate}`,
      answer.openRoomIds,
    ]),
  )
  const resortIds = alert.resorts.map((resort) => resort.resortId)
  const openAt = (resortId: string, stay: Stay) =>
    open.get(`${resortId}|${stay.checkInDate}|${stay.checkOutDate}`) ?? []
  return staysOf(alert).flatMap((stay) => {
    if (resortIds.some((resortId) => openAt(resortId, stay).length > 0)) return []
    return splitsOfStay(stay, resortIds, openAt).slice(0, perStay)
  })
}

interface Candidate {
  split: SplitStay
  /** Rules 1 and 2 of `findSplitStays`, then rule 3's distance from an even split. */
  rank: number[]
}

/** Every pair of rooms that covers the stay with one move, each at its best night, best first. */
function splitsOfStay(
  stay: Stay,
  resortIds: readonly string[],
  openAt: (resortId: string, stay: Stay) => readonly string[],
): SplitStay[] {
  const best = new Map<string, Candidate>()
  // Earlier moves first, so an even tie keeps the earlier night.
  for (let firstNights = 1; firstNights < stay.nights; firstNights++) {
    const head = stayOf(stay.checkInDate, firstNights)
    const tail = stayBetween(head.checkOutDate, stay.checkOutDate)
    const unevenness = Math.abs(2 * firstNights - stay.nights)
    resortIds.forEach((firstResort, firstResortIndex) => {
      openAt(firstResort, head).forEach((firstRoom, firstRoomIndex) => {
        resortIds.forEach((secondResort, secondResortIndex) => {
          openAt(secondResort, tail).forEach((secondRoom, secondRoomIndex) => {
            const pair = `${firstResort}|${firstRoom}|${secondResort}|${secondRoom}`
            const held = best.get(pair)
            if (held && held.rank.at(-1)! <= unevenness) return
            const sameResort = firstResort === secondResort
            best.set(pair, {
              rank: [
                sameResort ? 0 : 1,
                sameResort && firstRoom === secondRoom ? 0 : 1,
                firstResortIndex,
                secondResortIndex,
                firstRoomIndex,
                secondRoomIndex,
                unevenness,
              ],
              split: {
                stay,
                moveOn: head.checkOutDate,
                first: { resortId: firstResort, roomId: firstRoom, ...dates(head) },
                second: { resortId: secondResort, roomId: secondRoom, ...dates(tail) },
              },
            })
          })
        })
      })
    })
  }
  return [...best.values()]
    .sort((a, b) => compareRanks(a.rank, b.rank))
    .map((candidate) => candidate.split)
}

function compareRanks(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!
  return 0
}

const dates = (stay: Stay) => ({ checkInDate: stay.checkInDate, checkOutDate: stay.checkOutDate })

/**
 * The opening key of a split: both bookings' hotel opening keys, so the split lives while both
 * are open (decision 0029) and is told once in that life.
 */
export function splitOpeningKey(split: SplitStay): string {
  const { first, second } = split
  return `${hotelOpeningKey(first.roomId, first.checkInDate, first.checkOutDate)}+${hotelOpeningKey(second.roomId, second.checkInDate, second.checkOutDate)}`
}
