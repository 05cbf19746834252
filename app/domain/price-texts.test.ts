import { describe, expect, it } from 'vitest'
import { pricedOpeningText, priceInWords, priceWatchText } from './price-texts'
import { gsmLength, isGsm7, SEGMENT_LENGTH } from './texts'
import { TWO_SEGMENTS_LENGTH } from './flexible-texts'

const link = 'https://disneyhotelalerts.example/o/AbCdEfGh'
const stay = {
  room: 'Deluxe Studio with Shower',
  resort: "Copper Creek Villas & Cabins at Disney's Wilderness Lodge",
  checkIn: '2027-01-15',
  checkOut: '2027-01-19',
  link,
}

describe('pricedOpeningText', () => {
  it('names the price the ceiling is about, in one segment', () => {
    const text = pricedOpeningText({
      ...stay,
      price: priceInWords({ nightlyCents: 59_600, totalCents: 238_400 }, 'night'),
    })
    expect(text).toMatch(
      /^Disney Hotel Alerts: Room open: .* Jan 15-Jan 19, \$596\/night before tax\. Book fast: https/,
    )
    expect(text.endsWith(link)).toBe(true)
    expect(gsmLength(text)).toBeLessThanOrEqual(SEGMENT_LENGTH)
    expect(priceInWords({ nightlyCents: 59_600, totalCents: 238_450 }, 'stay')).toBe(
      '$2,384.50 total',
    )
  })
})

describe('priceWatchText', () => {
  const news = {
    stay,
    kind: 'drop' as const,
    offerName: null,
    priceCents: 218_400,
    savingCents: 20_000,
    rateType: 'room-only' as const,
    lastDay: '2027-01-10',
  }

  it('tells the price, the saving, and the last day to change the booking', () => {
    const text = priceWatchText(news)
    expect(text).toContain('Price drop for your Deluxe Studio with Shower at Copper Creek')
    expect(text).toContain('now $2,184 before tax, $200 less than you paid')
    expect(text).toContain('reprice your room-only booking by Jan 10: ' + link)
    expect(isGsm7(text)).toBe(true)
    expect(gsmLength(text)).toBeLessThanOrEqual(TWO_SEGMENTS_LENGTH)
  })

  it('names a new offer, and cuts long names rather than the link', () => {
    const text = priceWatchText({
      ...news,
      kind: 'offer',
      offerName: 'Save up to 30% on Select Rooms at Select Disney Resort Hotels this Winter',
      rateType: 'package',
    })
    expect(text).toMatch(/^Disney Hotel Alerts: New offer "Save up to 30%/)
    expect(text.endsWith(link)).toBe(true)
    expect(gsmLength(text)).toBeLessThanOrEqual(TWO_SEGMENTS_LENGTH)
    expect(priceWatchText({ ...news, offerName: 'Save 20%' })).toMatch(
      /Price drop "Save 20%" for your/,
    )
  })
})
