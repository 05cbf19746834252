import { describe, expect, it } from 'vitest'
import {
  aboveCeiling,
  afterNews,
  centsOf,
  formatPrice,
  keptPriceOf,
  lastDayToAct,
  priceChanges,
  priceNews,
  priceOfRoomType,
  pricesOf,
  priceTextKey,
  savingThreshold,
  splitPrice,
  type PriceWatch,
  type RoomPrice,
} from './prices'
import type { AnswerRoom } from './room-keys'

const price = (totalCents: number, offer: RoomPrice['offer'] = null): RoomPrice => ({
  currency: 'USD',
  nightlyCents: totalCents / 4,
  totalCents,
  taxCents: null,
  taxIncluded: false,
  nights: [],
  offer,
})
const room = (code: string, bookable: boolean, total: number | null): AnswerRoom => ({
  roomId: `id-${code}`,
  code,
  bookable,
  reason: bookable ? null : 'INVENTORY_UNAVAILABLE',
  price: total === null ? null : price(total),
})

describe('centsOf', () => {
  it("reads Disney's strings and numbers exactly, and nothing else", () => {
    expect(centsOf('1033.00')).toBe(103_300)
    expect(centsOf('901.5')).toBe(90_150)
    expect(centsOf('298.02')).toBe(29_802)
    expect(centsOf('189')).toBe(18_900)
    expect(centsOf(189)).toBe(18_900)
    expect(centsOf(0.1 + 0.2)).toBe(30)
    for (const bad of ['$900', '900.005', '-1.00', '1,033.00', '', ' 900', 'NaN'])
      expect(centsOf(bad), bad).toBeNull()
    expect(centsOf(-1)).toBeNull()
    expect(centsOf(Number.NaN)).toBeNull()
  })
})

describe('formatPrice', () => {
  it('names whole dollars without cents, and cents when there are some', () => {
    expect(formatPrice(238_400)).toBe('$2,384')
    expect(formatPrice(90_150)).toBe('$901.50')
    expect(formatPrice(5)).toBe('$0.05')
  })
})

describe("a question's prices", () => {
  it('keeps bookable rooms only, by key, and writes only what changed', () => {
    const now = pricesOf([
      room('2D', true, 238_400),
      room('2F', false, 500_000),
      room('JB', true, 240_000),
    ])
    expect(now).toEqual({ '2D': [59_600, 238_400, null], JB: [60_000, 240_000, null] })
    expect(priceChanges(now, now, new Map())).toEqual([])
    const later = {
      '2D': [55_000, 220_000, '11296'] as [number, number, string],
      XA: [1, 4, null] as [number, number, null],
    }
    expect(priceChanges(now, later, new Map([['11296', 'Save 20%']]))).toEqual([
      {
        roomKey: '2D',
        nightlyCents: 55_000,
        totalCents: 220_000,
        offerId: '11296',
        offerName: 'Save 20%',
      },
      { roomKey: 'XA', nightlyCents: 1, totalCents: 4, offerId: null, offerName: null },
      // JB is no longer bookable: its row says so.
      { roomKey: 'JB', nightlyCents: null, totalCents: null, offerId: null, offerName: null },
    ])
  })

  it("finds a room type's cheapest bookable price under any of its keys", () => {
    const rooms = [room('2D', true, 300_000), room('2A', true, 240_000), room('2E', false, 100_000)]
    const keys = { disneyRoomCodes: ['2D', '2A', '2E'], disneyRoomIds: [] }
    expect(priceOfRoomType(rooms, keys)?.totalCents).toBe(240_000)
    expect(priceOfRoomType(rooms, { disneyRoomCodes: ['2E'], disneyRoomIds: [] })).toBeNull()
    expect(keptPriceOf(pricesOf(rooms), keys)).toEqual({
      nightlyCents: 60_000,
      totalCents: 240_000,
    })
    expect(keptPriceOf({}, keys)).toBeNull()
  })
})

describe('aboveCeiling', () => {
  const stay = { nightlyCents: 59_600, totalCents: 238_400 }
  it('compares per night or for the stay, and never holds back a room without a price', () => {
    expect(aboveCeiling(stay, { maxNightlyPriceCents: 60_000, maxTotalPriceCents: null })).toBe(
      false,
    )
    expect(aboveCeiling(stay, { maxNightlyPriceCents: 59_599, maxTotalPriceCents: null })).toBe(
      true,
    )
    expect(aboveCeiling(stay, { maxNightlyPriceCents: null, maxTotalPriceCents: 238_400 })).toBe(
      false,
    )
    expect(aboveCeiling(stay, { maxNightlyPriceCents: null, maxTotalPriceCents: 200_000 })).toBe(
      true,
    )
    expect(aboveCeiling(null, { maxNightlyPriceCents: 1, maxTotalPriceCents: null })).toBe(false)
    expect(aboveCeiling(stay, { maxNightlyPriceCents: null, maxTotalPriceCents: null })).toBe(false)
  })

  it("prices a split stay as both bookings' totals and its dearest nights", () => {
    const first = { nightlyCents: 20_000, totalCents: 60_000 }
    const second = { nightlyCents: 30_000, totalCents: 60_000 }
    expect(splitPrice([first, second])).toEqual({ nightlyCents: 30_000, totalCents: 120_000 })
    expect(splitPrice([first, null])).toBeNull()
  })
})

describe('a watch on a booked stay', () => {
  const watch: PriceWatch = {
    paidTotalCents: 240_000,
    minSavingCents: 10_000,
    minSavingPercent: null,
    priceTextedCents: null,
    offersTexted: [],
  }

  it('texts a drop of at least the threshold, then only a further drop by the threshold again', () => {
    expect(priceNews(watch, price(230_001))).toBeNull()
    const first = priceNews(watch, price(230_000))
    expect(first).toEqual({ kind: 'drop', priceCents: 230_000, savingCents: 10_000, offer: null })
    const after = { ...watch, ...afterNews(watch, first!) }
    expect(after.priceTextedCents).toBe(230_000)
    expect(priceNews(after, price(230_000))).toBeNull()
    expect(priceNews(after, price(220_001))).toBeNull()
    expect(priceNews(after, price(220_000))).toMatchObject({ kind: 'drop', savingCents: 20_000 })
    // A price that rose back and fell again to what was texted is no news.
    expect(priceNews(after, price(235_000))).toBeNull()
  })

  it('reads a percentage of what was paid as the threshold', () => {
    const percent = { ...watch, minSavingCents: null, minSavingPercent: 5 }
    expect(savingThreshold(percent)).toBe(12_000)
    expect(priceNews(percent, price(228_001))).toBeNull()
    expect(priceNews(percent, price(228_000))?.kind).toBe('drop')
  })

  it('texts a new discount once, when it prices the room below what was paid and texted', () => {
    const offer = { id: '11296', name: 'Save up to 20% on Rooms' }
    const news = priceNews(watch, price(239_000, offer))
    expect(news).toEqual({ kind: 'offer', priceCents: 239_000, savingCents: 1_000, offer })
    const after = { ...watch, ...afterNews(watch, news!) }
    expect(after.offersTexted).toEqual(['11296'])
    expect(priceNews(after, price(238_500, offer))).toBeNull()
    // A discount dearer than what was paid saves nothing.
    expect(priceNews(watch, price(250_000, { id: '11313', name: null }))).toBeNull()
    // A drop that comes with an offer is a drop, naming the offer.
    expect(priceNews(watch, price(200_000, offer))).toMatchObject({ kind: 'drop', offer })
  })

  it('keys each text by price and offer, and counts the last day back from check-in', () => {
    expect(priceTextKey({ kind: 'drop', priceCents: 230_000, savingCents: 1, offer: null })).toBe(
      'price|230000|',
    )
    expect(lastDayToAct('2027-01-15', 5)).toBe('2027-01-10')
    expect(lastDayToAct('2027-03-01', 30)).toBe('2027-01-30')
  })
})
