import { describe, expect, it } from 'vitest'
import {
  alertDetails,
  alertName,
  alertNotice,
  alertSummary,
  alertWhen,
  alertWhere,
  type AlertInWords,
} from './alert-words'
import { EXACT_HOTEL_JSON, PARTY, resortChoice } from '../../tests/support/alert-json.ts'

const year = 2027
/** Today's hotel alert, in today's JSON. */
const exactHotel: AlertInWords = { kind: 'hotel', ...EXACT_HOTEL_JSON }

const flexibleHotel: AlertInWords = {
  kind: 'hotel',
  resorts: [resortChoice('poly', 'any'), resortChoice('bc', 'any')],
  checkInDate: '2027-06-08',
  latestCheckInDate: '2027-06-14',
  minNights: 5,
  maxNights: 6,
  splitStays: true,
  ...PARTY,
}

describe('a hotel alert in words', () => {
  it("reads today's alert as today's dashboard does", () => {
    expect(alertName(exactHotel)).toBe("Disney's Pop Century Resort")
    expect(alertWhere(exactHotel)).toBe('Walt Disney World')
    expect(alertWhen(exactHotel, year)).toBe('Jun 8 - Jun 12')
    expect(alertDetails(exactHotel)).toBe('2 adults, 1 child · Standard Room')
  })

  it('reads a flexible alert at a glance', () => {
    expect(alertName(flexibleHotel)).toBe('Polynesian Village Resort or Beach Club Resort')
    expect(alertWhen(flexibleHotel, year)).toBe('5–6 nights, check in Jun 8–14')
    expect(alertDetails(flexibleHotel)).toBe('2 adults, 1 child · any room · Split stays')
    expect(alertSummary(flexibleHotel, year)).toBe(
      '5–6 nights, check in Jun 8–14, Polynesian Village Resort or Beach Club Resort, any room, or a split stay',
    )
  })

  it('says the price ceiling its JSON gives in dollars', () => {
    expect(alertDetails({ ...exactHotel, maxNightlyPrice: 450 })).toBe(
      '2 adults, 1 child · Standard Room · At most $450 a night',
    )
    expect(alertSummary({ ...exactHotel, maxTotalPrice: 2400.5 }, year)).toBe(
      'Jun 8 - Jun 12, Pop Century Resort, Standard Room, at most $2,400.50 for the stay',
    )
  })

  it('says what a price watch its JSON gives in dollars watches', () => {
    const watch: AlertInWords = {
      ...exactHotel,
      watch: 'price',
      paidTotal: 2384.5,
      rateType: 'room-only',
      minSaving: 100,
    }
    expect(alertName(watch)).toBe("Disney's Pop Century Resort")
    expect(alertWhen(watch, year)).toBe('Jun 8 - Jun 12')
    expect(alertDetails(watch)).toBe(
      'Price watch · Standard Room · paid $2,384.50 room-only · texts a saving of $100 or more',
    )
    const byPercent: AlertInWords = { ...watch, minSaving: undefined, minSavingPercent: 5 }
    expect(alertDetails(byPercent)).toBe(
      'Price watch · Standard Room · paid $2,384.50 room-only · texts a saving of 5% or more',
    )
    expect(alertSummary({ ...byPercent, rateType: 'package' }, year)).toBe(
      'Jun 8 - Jun 12, Pop Century Resort, Standard Room, a price watch: paid $2,384.50 for a package, texts a saving of 5% or more',
    )
    // An alert for an opening says so, whether or not its JSON names its watch.
    expect(alertDetails({ ...exactHotel, watch: 'availability' })).toBe(alertDetails(exactHotel))
  })

  it('reads one resort with any room, or one stay of several resorts, as what it is', () => {
    const anyRoom: AlertInWords = {
      ...flexibleHotel,
      resorts: flexibleHotel.resorts!.slice(0, 1),
      splitStays: false,
    }
    expect(alertName(anyRoom)).toBe("Disney's Polynesian Village Resort")
    expect(alertDetails(anyRoom)).toBe('2 adults, 1 child · any room')
    const oneStay: AlertInWords = {
      ...flexibleHotel,
      latestCheckInDate: '2027-06-08',
      minNights: 4,
      maxNights: 4,
    }
    expect(alertWhen(oneStay, year)).toBe('Jun 8 - Jun 12')
  })
})

const exactDining = (listed?: boolean): AlertInWords => ({
  kind: 'dining',
  diningLocationId: 'mama',
  diningLocationName: "Mama Melrose's Ristorante Italiano",
  ...(listed !== undefined && { diningLocationListed: listed }),
  resortLocationIdentifier: 'disney-world',
  reserveDate: '2027-06-11',
  partySize: 4,
  preferredTime: '18:00:00',
  timeRangeStart: '17:30:00',
  timeRangeEnd: '18:30:00',
})

const flexibleDining = (listed: [boolean, boolean, boolean]): AlertInWords => ({
  kind: 'dining',
  diningLocationIds: ['bog', 'crt', 'ohana'],
  diningLocations: [
    { id: 'bog', name: 'Be Our Guest Restaurant', listed: listed[0] },
    { id: 'crt', name: "Cinderella's Royal Table", listed: listed[1] },
    { id: 'ohana', name: "'Ohana", listed: listed[2] },
  ],
  resortLocationIdentifier: 'disney-world',
  reserveDates: ['2027-06-08', '2027-06-09', '2027-06-10'],
  partySize: 4,
  mealPeriods: ['lunch', 'dinner'],
})

describe('a dining alert in words', () => {
  it("reads today's alert as today's dashboard does", () => {
    const alert = exactDining(true)
    expect(alertName(alert)).toBe("Mama Melrose's Ristorante Italiano")
    expect(alertWhere(alert)).toBe('Walt Disney World')
    expect(alertWhen(alert, year)).toBe('Fri, Jun 11, 2027')
    expect(alertDetails(alert)).toBe('Party of 4 · 6:00 PM ±30 min')
  })

  it('reads a flexible alert at a glance', () => {
    const alert = flexibleDining([true, true, true])
    expect(alertName(alert)).toBe("Be Our Guest Restaurant, Cinderella's Royal Table or 'Ohana")
    expect(alertWhen(alert, year)).toBe('Jun 8–10')
    expect(alertDetails(alert)).toBe('Party of 4 · Lunch or dinner')
    expect(alertSummary(alert, year)).toBe(
      "Lunch or dinner for 4 at Be Our Guest Restaurant, Cinderella's Royal Table or 'Ohana, Jun 8–10",
    )
  })
})

describe('alertNotice', () => {
  it('says so when Disney no longer lists the restaurant, naming it', () => {
    expect(alertNotice(exactDining(false))).toBe(
      "Disney no longer lists Mama Melrose's Ristorante Italiano for reservations. We still check it, but a table may never open.",
    )
  })

  it('names every restaurant of a flexible alert Disney no longer lists', () => {
    expect(alertNotice(flexibleDining([true, false, true]))).toBe(
      "Disney no longer lists Cinderella's Royal Table for reservations. We still check it, but a table may never open.",
    )
    expect(alertNotice(flexibleDining([false, true, false]))).toBe(
      "Disney no longer lists Be Our Guest Restaurant and 'Ohana for reservations. We still check them, but a table may never open.",
    )
  })

  it('says nothing of listed restaurants, of a draft that does not know, or of a hotel', () => {
    expect(alertNotice(exactDining(true))).toBeNull()
    expect(alertNotice(exactDining())).toBeNull()
    expect(alertNotice(flexibleDining([true, true, true]))).toBeNull()
    expect(alertNotice(exactHotel)).toBeNull()
  })
})
