import { describe, expect, it } from 'vitest'
import {
  bookedItHref,
  lowestPriceSeries,
  priceHistoryJson,
  priceSteps,
  priceSummary,
  stepPath,
  type PriceChangeRow,
} from './price-history'

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 14, minute))
const row = (
  minute: number,
  roomKey: string,
  nightlyCents: number | null,
  totalCents: number | null = nightlyCents === null ? null : nightlyCents * 4,
  questionKey = 'stay-a',
): PriceChangeRow => ({ questionKey, roomKey, seenAt: at(minute), nightlyCents, totalCents })

describe('lowestPriceSeries', () => {
  it('is the lowest of the rooms each held price, a point only when it changed', () => {
    const series = lowestPriceSeries([
      row(0, 'A', 45_000),
      row(0, 'B', 50_000),
      // B gets dearer: the lowest is still A's, no point.
      row(10, 'B', 52_000),
      // A drops.
      row(20, 'A', 41_000),
      // A stops being bookable: B is the lowest.
      row(30, 'A', null),
      row(40, 'B', null),
      row(50, 'B', 48_000),
    ])
    expect(series).toEqual([
      { at: at(0), nightlyCents: 45_000, totalCents: 180_000 },
      { at: at(20), nightlyCents: 41_000, totalCents: 164_000 },
      { at: at(30), nightlyCents: 52_000, totalCents: 208_000 },
      { at: at(40), nightlyCents: null, totalCents: null },
      { at: at(50), nightlyCents: 48_000, totalCents: 192_000 },
    ])
  })

  it('takes the lowest night and the lowest stay over all its stays, each on its own', () => {
    const series = lowestPriceSeries([
      row(0, 'A', 40_000, 200_000, 'five-nights'),
      row(5, 'A', 45_000, 135_000, 'three-nights'),
    ])
    expect(series.at(-1)).toEqual({ at: at(5), nightlyCents: 40_000, totalCents: 135_000 })
  })

  it('keeps one room of two questions apart', () => {
    const series = lowestPriceSeries([
      row(0, 'A', 45_000, 180_000, 'one'),
      row(0, 'A', 47_000, 188_000, 'two'),
      row(10, 'A', null, null, 'one'),
    ])
    expect(series.map((point) => point.nightlyCents)).toEqual([45_000, 47_000])
  })

  it('is empty without rows', () => {
    expect(lowestPriceSeries([])).toEqual([])
    expect(priceHistoryJson([])).toEqual({ prices: [], currentNightly: null, currentTotal: null })
  })
})

describe('priceHistoryJson', () => {
  it('gives dollars, and the last point as the current price', () => {
    const json = priceHistoryJson(lowestPriceSeries([row(0, 'A', 45_050), row(9, 'A', 41_000)]))
    expect(json).toEqual({
      prices: [
        { at: '2026-11-20T14:00:00.000Z', lowestNightly: 450.5, lowestTotal: 1802 },
        { at: '2026-11-20T14:09:00.000Z', lowestNightly: 410, lowestTotal: 1640 },
      ],
      currentNightly: 410,
      currentTotal: 1640,
    })
  })

  it('has no current price when none of its rooms is bookable now', () => {
    const json = priceHistoryJson(lowestPriceSeries([row(0, 'A', 45_000), row(9, 'A', null)]))
    expect(json.currentNightly).toBeNull()
    expect(json.currentTotal).toBeNull()
    expect(json.prices).toHaveLength(2)
  })
})

describe('the chart', () => {
  const points = priceHistoryJson(
    lowestPriceSeries([row(0, 'A', 45_000), row(10, 'A', null), row(20, 'A', 40_000)]),
  ).prices
  const until = at(30).getTime()

  it('holds each price until the next point, the last until the alert last looked, with gaps', () => {
    expect(priceSteps(points, 'lowestNightly', until)).toEqual([
      { from: at(0).getTime(), to: at(10).getTime(), dollars: 450 },
      { from: at(20).getTime(), to: until, dollars: 400 },
    ])
    expect(priceSteps(points, 'lowestTotal', until).map((step) => step.dollars)).toEqual([
      1800, 1600,
    ])
  })

  it('draws joined steps as one line and a gap as a new one', () => {
    const x = (ms: number) => (ms - at(0).getTime()) / 60_000
    const y = (dollars: number) => dollars / 10
    const joined = [
      { from: at(0).getTime(), to: at(10).getTime(), dollars: 450 },
      { from: at(10).getTime(), to: at(20).getTime(), dollars: 400 },
    ]
    expect(stepPath(joined, x, y)).toBe('M0 45 H10 V40 H20')
    expect(stepPath(priceSteps(points, 'lowestNightly', until), x, y)).toBe('M0 45 H10 M20 40 H30')
  })

  it('says in words what it is now, where it started and its lowest', () => {
    const timeZone = 'America/New_York'
    expect(priceSummary(points, 'lowestNightly', timeZone)).toBe(
      '$400 now. First seen at $450 on Nov 20, 9:00 AM. Lowest: $400 on Nov 20, 9:20 AM.',
    )
    expect(priceSummary(points.slice(0, 2), 'lowestTotal', timeZone)).toBe(
      'None of its rooms is bookable now; the last price was $1,800. First seen at $1,800 on Nov 20, 9:00 AM. Lowest: $1,800 on Nov 20, 9:00 AM.',
    )
    expect(priceSummary(points.slice(1, 2), 'lowestTotal', timeZone)).toBe(
      'None of its rooms has been bookable at a price yet.',
    )
  })
})

describe('bookedItHref', () => {
  it('fills the price watch form with the stay and the party, exactly as it reads them', () => {
    expect(
      bookedItHref({
        resortId: '5b1c9d43-0000-4000-8000-000000000001',
        roomId: '5b1c9d43-0000-4000-8000-000000000002',
        checkInDate: '2027-01-15',
        checkOutDate: '2027-01-19',
        numberOfAdults: 2,
        agesOfChildren: [4, 9],
        accessible: false,
      }),
    ).toBe(
      '/alerts/price-watch?resortId=5b1c9d43-0000-4000-8000-000000000001&roomId=5b1c9d43-0000-4000-8000-000000000002&checkInDate=2027-01-15&checkOutDate=2027-01-19&adults=2&childAges=4,9&accessible=false',
    )
    const alone = bookedItHref({
      resortId: 'r',
      roomId: 't',
      checkInDate: '2027-01-15',
      checkOutDate: '2027-01-16',
      numberOfAdults: 1,
      agesOfChildren: [],
      accessible: true,
    })
    expect(new URL(alone, 'https://x').searchParams.get('childAges')).toBe('')
    expect(alone.endsWith('&adults=1&childAges=&accessible=true')).toBe(true)
  })
})
