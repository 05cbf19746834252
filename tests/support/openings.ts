import type { DB } from '../../db/client.ts'
import { createAlertRow, createUser, daysFromToday } from '../../db/factories.ts'
import { hotelOpeningKey } from '../../app/domain/openings.ts'
import { wallClockMs } from '~/domain/quiet-hours'

/** A hotel question: one stay at one resort, as its alerts ask it. */
export interface StayQuestion {
  id: number
  resortId: string
  checkInDate: string
  checkOutDate: string
}

/** A resort of the catalogue by name, with its room types' ids by category (catalogue order). */
export async function resortRooms(db: DB, name: string) {
  const resort = await db
    .selectFrom('resorts')
    .select(['id', 'name', 'slug', 'locationIdentifier'])
    .where('name', '=', name)
    .executeTakeFirstOrThrow()
  const rooms = await db
    .selectFrom('roomTypes')
    .select(['id', 'categoryName'])
    .where('resortId', '=', resort.id)
    .orderBy('sortOrder')
    .execute()
  const byCategory = (category: string) =>
    rooms.filter((room) => room.categoryName === category).map((room) => room.id)
  return { resort, byCategory }
}

/**
 * `count` different stays at a resort (different check-in dates), each asked by its own alert of
 * a user without a plan: no check is due on them, so a worker beside a test records nothing more.
 */
export async function stayQuestions(
  db: DB,
  resortId: string,
  roomTypeIds: string[],
  count: number,
): Promise<StayQuestion[]> {
  const user = await createUser(db)
  const questions: StayQuestion[] = []
  for (let index = 0; index < count; index++) {
    const stay = {
      resortId,
      checkInDate: daysFromToday(40 + index * 7),
      checkOutDate: daysFromToday(43 + index * 7),
    }
    const alert = await createAlertRow(db, 'hotel', user.id, { ...stay, roomTypeIds })
    questions.push({ id: alert.questionId, ...stay })
  }
  return questions
}

/** An opening's life as the worker leaves it: first seen, and closed `minutesOpen` later or open. */
export interface OpeningLife {
  question: StayQuestion
  roomTypeId: string
  firstSeenAt: Date
  minutesOpen: number | null
}

/**
 * Writes openings' rows as the worker would have (app/models/opening.server.ts): each closed one
 * last seen a minute before the check that found it gone. A question may have one life of a key
 * open at a time.
 */
export async function insertOpenings(db: DB, lives: readonly OpeningLife[]) {
  if (!lives.length) return
  await db
    .insertInto('openings')
    .values(
      lives.map(({ question, roomTypeId, firstSeenAt, minutesOpen }) => {
        const closedAt =
          minutesOpen === null ? null : new Date(firstSeenAt.getTime() + minutesOpen * 60_000)
        return {
          questionId: question.id,
          kind: 'hotel' as const,
          openingKey: hotelOpeningKey(roomTypeId, question.checkInDate, question.checkOutDate),
          resortId: question.resortId,
          roomTypeId,
          startsOn: question.checkInDate,
          checkOutDate: question.checkOutDate,
          firstSeenAt,
          closedAt,
          lastSeenAt:
            closedAt && new Date(Math.max(firstSeenAt.getTime(), closedAt.getTime() - 60_000)),
        }
      }),
    )
    .execute()
}

/** `at`'s wall-clock time in `timeZone` minus `at` itself: the zone's offset then. */
function zoneOffsetMs(at: Date, timeZone: string) {
  return wallClockMs(at.getTime(), timeZone) - at.getTime()
}

/** The moment `daysAgo` days before `now` when it is `hour`:`minute` on the clocks of `timeZone`. */
export function localTime(now: Date, daysAgo: number, hour: number, timeZone: string, minute = 10) {
  const day = new Date(now.getTime() - daysAgo * 86_400_000).toLocaleDateString('en-CA', {
    timeZone,
  })
  const [year, month, date] = day.split('-').map(Number)
  const asUtc = new Date(Date.UTC(year!, month! - 1, date!, hour, minute))
  return new Date(asUtc.getTime() - zoneOffsetMs(asUtc, timeZone))
}

/**
 * Lives of `roomTypeId` for `questions` in turn, one per entry of `spec`, each first seen at its
 * hour (in `timeZone`) a day earlier than the one before (or `daysAgo` days before `now`), so
 * no two lives of one question and room are open at once.
 */
export function openingLives(
  now: Date,
  questions: readonly StayQuestion[],
  roomTypeId: string,
  timeZone: string,
  spec: readonly { hour: number; minutesOpen: number | null; daysAgo?: number }[],
): OpeningLife[] {
  return spec.map((entry, index) => ({
    question: questions[index % questions.length]!,
    roomTypeId,
    firstSeenAt: localTime(now, entry.daysAgo ?? 1 + index, entry.hour, timeZone),
    minutesOpen: entry.minutesOpen,
  }))
}
