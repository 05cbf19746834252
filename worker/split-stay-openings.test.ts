import { describe, expect, it } from 'vitest'
import { hotelOpeningKey } from '../app/domain/openings.ts'
import type { QuestionPrices } from '../app/domain/prices.ts'
import { splitOpenings, type QuestionState } from './split-stay-openings.ts'

const alert = {
  resorts: [{ resortId: 'pop', roomIds: ['standard', 'preferred'] }],
  checkInDate: '2027-06-08',
  latestCheckInDate: '2027-06-08',
  minNights: 2,
  maxNights: 2,
  splitStays: true,
}
const rooms = [
  { id: 'standard', name: 'Standard Room', disneyRoomCodes: ['PC'], disneyRoomIds: [] },
  { id: 'preferred', name: 'Preferred Room', disneyRoomCodes: ['PP'], disneyRoomIds: [] },
]

/** The alert's three questions: the stay, and its two one-night halves. */
function question(
  questionId: number,
  checkInDate: string,
  checkOutDate: string,
  open: string[] = [],
  prices: QuestionPrices = {},
) {
  return {
    questionId,
    resortId: 'pop',
    checkInDate,
    checkOutDate,
    openOpenings: Object.fromEntries(
      open.map((room, index) => [hotelOpeningKey(room, checkInDate, checkOutDate), 100 + index]),
    ),
    resortName: "Disney's Pop Century Resort",
    disneySlug: 'pop-century-resort',
    locationIdentifier: 'disney-world' as const,
    rooms,
    prices,
  } satisfies QuestionState
}

describe('splitOpenings', () => {
  it('joins what this check saw with what the last answers left open', () => {
    const questions = [
      question(1, '2027-06-08', '2027-06-10'),
      question(2, '2027-06-08', '2027-06-09', ['standard']),
      question(3, '2027-06-09', '2027-06-10'),
    ]
    // Question 3 is asked now and shows the preferred room; question 2 keeps its last answer.
    const seenNow = new Map([[3, [hotelOpeningKey('preferred', '2027-06-09', '2027-06-10')]]])
    expect(splitOpenings(alert, questions, seenNow)).toEqual([
      {
        key: `${hotelOpeningKey('standard', '2027-06-08', '2027-06-09')}+${hotelOpeningKey('preferred', '2027-06-09', '2027-06-10')}`,
        first: expect.objectContaining({
          questionId: 2,
          openingKey: hotelOpeningKey('standard', '2027-06-08', '2027-06-09'),
          room: 'Standard Room',
          checkIn: '2027-06-08',
          checkOut: '2027-06-09',
        }),
        second: expect.objectContaining({ questionId: 3, room: 'Preferred Room' }),
      },
    ])
  })

  it('takes a question asked now with nothing open as closed, whatever it had open before', () => {
    const questions = [
      question(1, '2027-06-08', '2027-06-10'),
      question(2, '2027-06-08', '2027-06-09', ['standard']),
      question(3, '2027-06-09', '2027-06-10', ['preferred']),
    ]
    expect(splitOpenings(alert, questions, new Map([[3, []]]))).toEqual([])
    expect(splitOpenings(alert, questions, new Map())).toHaveLength(1)
  })

  it('finds none when one room covers the whole stay, or only rooms the alert does not watch', () => {
    const whole = [
      question(1, '2027-06-08', '2027-06-10', ['standard']),
      question(2, '2027-06-08', '2027-06-09', ['standard']),
      question(3, '2027-06-09', '2027-06-10', ['preferred']),
    ]
    expect(splitOpenings(alert, whole, new Map())).toEqual([])
    const unwatched = [
      question(1, '2027-06-08', '2027-06-10'),
      question(2, '2027-06-08', '2027-06-09', ['deluxe']),
      question(3, '2027-06-09', '2027-06-10', ['preferred']),
    ]
    expect(splitOpenings(alert, unwatched, new Map())).toEqual([])
  })

  it("prices each booking from its room's keys: this check's prices where it asked, else the last answer's", () => {
    const questions = [
      question(1, '2027-06-08', '2027-06-10'),
      question(2, '2027-06-08', '2027-06-09', ['standard'], { PC: [20_000, 20_000, null] }),
      question(3, '2027-06-09', '2027-06-10', [], { PP: [99_900, 99_900, null] }),
    ]
    const seenNow = new Map([[3, [hotelOpeningKey('preferred', '2027-06-09', '2027-06-10')]]])
    const pricesNow = new Map<number, QuestionPrices>([[3, { PP: [25_000, 25_000, '11296'] }]])
    const [split] = splitOpenings(alert, questions, seenNow, pricesNow)
    expect(split!.first.price).toEqual({ nightlyCents: 20_000, totalCents: 20_000 })
    expect(split!.second.price).toEqual({ nightlyCents: 25_000, totalCents: 25_000 })
    // A booking whose answer kept no price for its room has none.
    expect(splitOpenings(alert, questions, seenNow, new Map([[3, {}]]))[0]!.second.price).toBeNull()
  })
})
