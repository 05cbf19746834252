import { describe, expect, it } from 'vitest'
import { diningDetails, diningWhen, hotelDetails, hotelWhen } from './dashboard'
import { toDiningTimes, type DiningTimes } from './dining-alert'
import { hotelAlertCost } from './flexible-cost'
import { datesBetween } from './flexible-dining'
import { exactStayFields } from './flexible-stays'
import {
  anyOf,
  ceilingInWords,
  coverageInWords,
  dayRange,
  diningAlertDetails,
  diningAlertName,
  diningAlertSummary,
  diningAlertWhen,
  hotelAlertDetails,
  hotelAlertName,
  hotelAlertSummary,
  hotelAlertWhen,
  mealsInWords,
  nightsInWords,
  priceWatchInWords,
  roomsInWords,
  tooWideMessage,
  type DiningAlertInWords,
  type HotelAlertInWords,
} from './flexible-words'

const year = 2027
const polynesian = "Disney's Polynesian Village Resort"
const beachClub = "Disney's Beach Club Resort"

describe('words of lists and dates', () => {
  it('offers a choice of names, shortening long lists', () => {
    expect(anyOf(['A'])).toBe('A')
    expect(anyOf(['A', 'B'])).toBe('A or B')
    expect(anyOf(['A', 'B', 'C'])).toBe('A, B or C')
    expect(anyOf(['A', 'B', 'C', 'D', 'E'])).toBe('A, B or 3 more')
  })

  it('says a run of days short, with the year only when it is not this one', () => {
    expect(dayRange('2027-06-08', '2027-06-08', year)).toBe('Jun 8')
    expect(dayRange('2027-06-08', '2027-06-14', year)).toBe('Jun 8–14')
    expect(dayRange('2027-06-28', '2027-07-04', year)).toBe('Jun 28–Jul 4')
    expect(dayRange('2027-06-08', '2027-06-14', 2026)).toBe('Jun 8–14, 2027')
    expect(dayRange('2026-12-28', '2027-01-03', year)).toBe('Dec 28, 2026–Jan 3')
  })

  it('says nights as one number or a range', () => {
    expect(nightsInWords(1, 1)).toBe('1 night')
    expect(nightsInWords(5, 5)).toBe('5 nights')
    expect(nightsInWords(5, 6)).toBe('5–6 nights')
  })
})

const party = { numberOfAdults: 2, agesOfChildren: [7], accessible: false, keepWatching: true }

/** Today's hotel alert: one resort, one stay, its room types. */
const exactHotel: HotelAlertInWords = {
  resorts: [{ name: "Disney's Pop Century Resort", rooms: [{ name: 'Standard Room' }] }],
  ...exactStayFields('2027-06-08', '2027-06-12'),
  ...party,
  splitStays: false,
}

describe('a hotel alert in words', () => {
  it("reads an exact alert exactly as today's dashboard does", () => {
    expect(hotelAlertName(exactHotel)).toBe("Disney's Pop Century Resort")
    expect(hotelAlertWhen(exactHotel, year)).toBe(hotelWhen('2027-06-08', '2027-06-12', year))
    for (const rooms of [[{ name: 'Standard Room' }], [{ name: 'A' }, { name: 'B' }]]) {
      const alert = { ...exactHotel, resorts: [{ ...exactHotel.resorts[0]!, rooms }] }
      expect(hotelAlertDetails(alert)).toBe(hotelDetails({ ...alert, rooms }))
    }
    const stopping = { ...exactHotel, accessible: true, keepWatching: false }
    expect(hotelAlertDetails(stopping)).toBe(
      hotelDetails({ ...stopping, rooms: [{ name: 'Standard Room' }] }),
    )
  })

  const flexible: HotelAlertInWords = {
    ...exactHotel,
    resorts: [
      { name: polynesian, rooms: 'any' },
      { name: beachClub, rooms: 'any' },
    ],
    latestCheckInDate: '2027-06-14',
    minNights: 5,
    maxNights: 6,
  }

  it('reads a flexible alert at a glance', () => {
    expect(hotelAlertName(flexible)).toBe('Polynesian Village Resort or Beach Club Resort')
    expect(hotelAlertWhen(flexible, year)).toBe('5–6 nights, check in Jun 8–14')
    expect(hotelAlertWhen({ ...flexible, maxNights: 5 }, year)).toBe('5 nights, check in Jun 8–14')
    expect(hotelAlertWhen({ ...flexible, latestCheckInDate: '2027-06-08' }, year)).toBe(
      '5–6 nights, check in Jun 8',
    )
    expect(hotelAlertSummary(flexible, year)).toBe(
      '5–6 nights, check in Jun 8–14, Polynesian Village Resort or Beach Club Resort, any room',
    )
    expect(hotelAlertDetails({ ...flexible, splitStays: true })).toBe(
      '2 adults, 1 child · any room · Split stays',
    )
    expect(hotelAlertSummary({ ...flexible, accessible: true, splitStays: true }, year)).toBe(
      '5–6 nights, check in Jun 8–14, Polynesian Village Resort or Beach Club Resort, any room, accessible, or a split stay',
    )
  })

  it('says the price ceiling, a night or for the stay, in the details and the summary', () => {
    expect(ceilingInWords({ maxNightlyPriceCents: 45_000, maxTotalPriceCents: null })).toBe(
      'at most $450 a night',
    )
    expect(ceilingInWords({ maxTotalPriceCents: 240_050 })).toBe('at most $2,400.50 for the stay')
    expect(ceilingInWords({ maxNightlyPriceCents: null, maxTotalPriceCents: null })).toBeNull()
    expect(ceilingInWords({})).toBeNull()
    const nightly = { ...flexible, splitStays: true, maxNightlyPriceCents: 45_000 }
    expect(hotelAlertDetails(nightly)).toBe(
      '2 adults, 1 child · any room · Split stays · At most $450 a night',
    )
    expect(hotelAlertSummary({ ...flexible, maxTotalPriceCents: 240_000 }, year)).toBe(
      '5–6 nights, check in Jun 8–14, Polynesian Village Resort or Beach Club Resort, any room, at most $2,400 for the stay',
    )
    expect(hotelAlertDetails({ ...exactHotel, maxNightlyPriceCents: null })).toBe(
      hotelAlertDetails(exactHotel),
    )
  })

  it('says what a price watch watches instead of the party and the opening', () => {
    const paid = { paidTotalCents: 238_450, rateType: 'room-only' as const }
    const byAmount = { ...paid, minSavingCents: 10_000, minSavingPercent: null }
    const byPercent = {
      ...paid,
      rateType: 'package' as const,
      minSavingCents: null,
      minSavingPercent: 5,
    }
    expect(priceWatchInWords(byAmount)).toEqual({
      paid: 'paid $2,384.50 room-only',
      saving: 'texts a saving of $100 or more',
    })
    expect(priceWatchInWords(byPercent)).toEqual({
      paid: 'paid $2,384.50 for a package',
      saving: 'texts a saving of 5% or more',
    })
    const watch = { ...exactHotel, keepWatching: false, priceWatch: byAmount }
    expect(hotelAlertDetails(watch)).toBe(
      'Price watch · Standard Room · paid $2,384.50 room-only · texts a saving of $100 or more',
    )
    expect(hotelAlertSummary({ ...watch, priceWatch: byPercent }, year)).toBe(
      `${hotelWhen('2027-06-08', '2027-06-12', year)}, Pop Century Resort, Standard Room, a price watch: paid $2,384.50 for a package, texts a saving of 5% or more`,
    )
    // Its name and its stay read as any hotel alert's.
    expect(hotelAlertName(watch)).toBe(hotelAlertName(exactHotel))
    expect(hotelAlertWhen(watch, year)).toBe(hotelAlertWhen(exactHotel, year))
  })

  it('names the room types watched, chosen or any', () => {
    expect(roomsInWords([{ name: beachClub, rooms: [{ name: 'Water View' }] }])).toBe('Water View')
    expect(
      roomsInWords([
        { name: beachClub, rooms: [{ name: 'Water View' }] },
        { name: polynesian, rooms: [{ name: 'Garden View' }, { name: 'Lagoon View' }] },
      ]),
    ).toBe('3 room types')
    expect(
      roomsInWords([
        { name: beachClub, rooms: [{ name: 'Water View' }] },
        { name: polynesian, rooms: 'any' },
      ]),
    ).toBe('Water View or any room at Polynesian Village Resort')
  })
})

describe('what an alert covers, and the refusal of one too wide', () => {
  const alert = {
    resorts: ['a', 'b', 'c'].map((resortId) => ({ resortId, roomIds: 'any' as const })),
    checkInDate: '2027-06-08',
    latestCheckInDate: '2027-06-21',
    minNights: 5,
    maxNights: 6,
    splitStays: false,
  }

  it('counts the stays, the resorts and the questions in all', () => {
    expect(
      coverageInWords(
        hotelAlertCost({
          ...alert,
          ...exactStayFields('2027-06-08', '2027-06-13'),
          resorts: alert.resorts.slice(0, 1),
        }),
      ),
    ).toBe('1 stay')
    expect(coverageInWords(hotelAlertCost({ ...alert, resorts: alert.resorts.slice(0, 1) }))).toBe(
      '28 stays',
    )
    expect(coverageInWords(hotelAlertCost(alert))).toBe('28 stays at 3 resorts, 84 in all')
    const split = { ...alert, ...exactStayFields('2027-06-08', '2027-06-13'), splitStays: true }
    expect(coverageInWords(hotelAlertCost(split))).toBe(
      '1 stay and 8 shorter stays for split stays at 3 resorts, 27 in all',
    )
    expect(coverageInWords(hotelAlertCost({ ...split, resorts: alert.resorts.slice(0, 1) }))).toBe(
      '1 stay and 8 shorter stays for split stays, 9 in all',
    )
  })

  it('says what is too wide and what to narrow', () => {
    expect(tooWideMessage(hotelAlertCost(alert))).toBe(
      'This alert covers 28 stays at 3 resorts, 84 in all; the most one alert can watch is 60. Narrow the check-in dates, the nights or the resorts.',
    )
    const oneResort = { ...alert, resorts: alert.resorts.slice(0, 1), minNights: 3, maxNights: 7 }
    expect(tooWideMessage(hotelAlertCost(oneResort))).toBe(
      'This alert covers 70 stays; the most one alert can watch is 60. Narrow the check-in dates or the nights.',
    )
    const split = { ...alert, ...exactStayFields('2027-06-08', '2027-06-20'), splitStays: true }
    expect(tooWideMessage(hotelAlertCost(split))).toBe(
      'This alert covers 1 stay and 22 shorter stays for split stays at 3 resorts, 69 in all; the most one alert can watch is 60. Narrow the check-in dates, the nights or the resorts, or turn off split stays.',
    )
  })
})

const noTime: DiningTimes = { preferredTime: null, timeRangeStart: null, timeRangeEnd: null }

/** Today's dining alert: one restaurant, one date. */
const exactDining: DiningAlertInWords = {
  restaurants: ['Be Our Guest Restaurant'],
  reserveDates: ['2027-06-08'],
  partySize: 4,
  mealPeriods: [],
  ...toDiningTimes({ kind: 'meal', meal: 'dinner' }),
}

describe('a dining alert in words', () => {
  it("reads an exact alert exactly as today's dashboard does", () => {
    expect(diningAlertName(exactDining)).toBe('Be Our Guest Restaurant')
    expect(diningAlertWhen(exactDining, year)).toBe(diningWhen('2027-06-08'))
    for (const times of [
      noTime,
      toDiningTimes({ kind: 'meal', meal: 'dinner' }),
      toDiningTimes({ kind: 'time', time: '18:00', toleranceMinutes: 30 }),
    ])
      expect(diningAlertDetails({ ...exactDining, ...times })).toBe(
        diningDetails({ partySize: 4, ...times }),
      )
  })

  const flexible: DiningAlertInWords = {
    ...exactDining,
    restaurants: ['Be Our Guest', "Cinderella's Royal Table", "'Ohana"],
    reserveDates: datesBetween('2027-06-08', '2027-06-14'),
  }

  it('reads a flexible alert at a glance', () => {
    expect(diningAlertSummary(flexible, year)).toBe(
      "Dinner for 4 at Be Our Guest, Cinderella's Royal Table or 'Ohana, Jun 8–14",
    )
    expect(
      diningAlertSummary({ ...flexible, ...noTime, mealPeriods: ['lunch', 'dinner'] }, year),
    ).toBe("Lunch or dinner for 4 at Be Our Guest, Cinderella's Royal Table or 'Ohana, Jun 8–14")
    expect(diningAlertSummary({ ...flexible, ...noTime }, year)).toBe(
      "Table for 4 at Be Our Guest, Cinderella's Royal Table or 'Ohana, Jun 8–14",
    )
    const at = toDiningTimes({ kind: 'time', time: '18:00', toleranceMinutes: 30 })
    expect(diningAlertSummary({ ...exactDining, ...at }, year)).toBe(
      'Table for 4 at Be Our Guest Restaurant, Tue, Jun 8, 2027, 6:00 PM ±30 min',
    )
    expect(
      diningAlertDetails({ ...flexible, ...noTime, mealPeriods: ['breakfast', 'lunch'] }),
    ).toBe('Party of 4 · Breakfast or lunch')
    expect(diningAlertName({ restaurants: ['A', 'B', 'C', 'D'] })).toBe('A, B or 2 more')
  })

  it('says dates as a run, a few, or how many', () => {
    const when = (reserveDates: string[]) => diningAlertWhen({ reserveDates }, year)
    expect(when(datesBetween('2027-06-28', '2027-07-02'))).toBe('Jun 28–Jul 2')
    expect(when(['2027-06-08', '2027-06-10'])).toBe('Jun 8 or Jun 10')
    expect(when(['2027-06-08', '2027-06-10', '2027-07-01'])).toBe('Jun 8, Jun 10 or Jul 1')
    expect(when(['2027-06-08', '2027-06-10', '2027-06-12', '2027-06-20'])).toBe('4 dates, Jun 8–20')
  })

  it('says meal periods in the day’s words', () => {
    expect(mealsInWords(['dinner'])).toBe('Dinner')
    expect(mealsInWords(['breakfast', 'lunch', 'dinner'])).toBe('Breakfast, lunch or dinner')
  })
})
