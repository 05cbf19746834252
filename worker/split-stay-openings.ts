import type { DestinationId } from '../app/domain/destinations.ts'
import type { AlertResort } from '../db/schema.ts'
import { hotelOpeningKey } from '../app/domain/openings.ts'
import { keptPriceOf, type KeptPrice, type QuestionPrices } from '../app/domain/prices.ts'
import type { RoomKeys } from '../app/domain/room-keys.ts'
import { findSplitStays, splitOpeningKey, type StayAnswer } from '../app/domain/split-stays.ts'

/*
 * Split stays at a check (issue 29, decisions 0032 and 0033). The two bookings of a split are
 * answers to different questions, asked at different moments (each question has its own phase),
 * so a split is found across what the alert's questions show now: the answers of this check for
 * the questions it asked, and for the others what their last answers left open. A split found is
 * told once in the life of its first booking's opening.
 */

/** What one question of a split-stay alert shows: as split-stay questions are read. */
export interface QuestionState {
  questionId: number
  resortId: string
  checkInDate: string
  checkOutDate: string
  /** Opening key → id, as its last answer left it. */
  openOpenings: Readonly<Record<string, number>>
  resortName: string
  disneySlug: string | null
  locationIdentifier: DestinationId
  /** The room types the alert watches there, with their Disney keys. */
  rooms: readonly ({ id: string; name: string } & RoomKeys)[]
  /** The prices its last answer showed (room key → price). */
  prices: Readonly<QuestionPrices>
}

/** A split-stay alert as the check reads it. */
export interface SplitStayAlert {
  resorts: readonly AlertResort[]
  checkInDate: string
  latestCheckInDate: string
  minNights: number
  maxNights: number
  splitStays: boolean
}

/** One booking of a split, with what its text and link need. */
export interface SplitBooking {
  questionId: number
  openingKey: string
  room: string
  resort: string
  checkIn: string
  checkOut: string
  destination: DestinationId
  disneySlug: string | null
  /** Its room's price as the answer that showed it open gave it; null when not known. */
  price: KeptPrice | null
}

export interface SplitOpening {
  /** The split's own key (both bookings' opening keys). */
  key: string
  first: SplitBooking
  second: SplitBooking
}

/**
 * The alert's splits, best first (findSplitStays): each question's open rooms are the ones this
 * check saw if it asked it (`seenNow`: question id → opening keys seen, empty when nothing was
 * open), else the ones its last answer left open, in either case among the room types the alert
 * watches there; and so are their prices (`pricesNow`, for the questions this check asked).
 */
export function splitOpenings(
  alert: SplitStayAlert,
  questions: readonly QuestionState[],
  seenNow: ReadonlyMap<number, readonly string[]>,
  pricesNow: ReadonlyMap<number, QuestionPrices> = new Map(),
): SplitOpening[] {
  const byStay = new Map(
    questions.map((question) => [
      `${question.resortId}|${question.checkInDate}|${question.checkOutDate}`,
      question,
    ]),
  )
  const answers: StayAnswer[] = questions.map((question) => {
    const open = new Set(seenNow.get(question.questionId) ?? Object.keys(question.openOpenings))
    return {
      resortId: question.resortId,
      checkInDate: question.checkInDate,
      checkOutDate: question.checkOutDate,
      openRoomIds: question.rooms
        .filter((room) =>
          open.has(hotelOpeningKey(room.id, question.checkInDate, question.checkOutDate)),
        )
        .map((room) => room.id),
    }
  })
  return findSplitStays(alert, answers).map((split) => {
    const booking = (part: typeof split.first): SplitBooking => {
      const question = byStay.get(`${part.resortId}|${part.checkInDate}|${part.checkOutDate}`)!
      const room = question.rooms.find((candidate) => candidate.id === part.roomId)!
      return {
        questionId: question.questionId,
        openingKey: hotelOpeningKey(part.roomId, part.checkInDate, part.checkOutDate),
        room: room.name,
        price: keptPriceOf(pricesNow.get(question.questionId) ?? question.prices, room),
        resort: question.resortName,
        checkIn: part.checkInDate,
        checkOut: part.checkOutDate,
        destination: question.locationIdentifier,
        disneySlug: question.disneySlug,
      }
    }
    return {
      key: splitOpeningKey(split),
      first: booking(split.first),
      second: booking(split.second),
    }
  })
}
