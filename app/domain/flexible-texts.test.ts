import { describe, expect, it } from 'vitest'
import { splitStayText, stayOpeningText, TWO_SEGMENTS_LENGTH } from './flexible-texts'
import { gsmLength, hotelOpeningText, isGsm7, SEGMENT_LENGTH } from './texts'

const link = 'https://disneyhotelalerts.com/o/Ab3dE9xZ'
const other = 'https://disneyhotelalerts.com/o/Zx9Ed3bA'

const opening = {
  room: 'Water View',
  resort: "Disney's Beach Club Resort",
  checkIn: '2027-06-09',
  checkOut: '2027-06-14',
  link,
}

describe('stayOpeningText', () => {
  it("is today's text for an exact alert", () => {
    expect(stayOpeningText(opening, { exact: true })).toBe(hotelOpeningText(opening))
  })

  it('says the nights for a flexible alert, whose stay is one of many', () => {
    expect(stayOpeningText(opening, { exact: false })).toBe(
      `Disney Hotel Alerts: Room open: Water View at Beach Club Resort, Jun 9-Jun 14, 5 nights. Book fast: ${link}`,
    )
    const oneNight = { ...opening, checkOut: '2027-06-10' }
    expect(stayOpeningText(oneNight, { exact: false })).toContain('Jun 9-Jun 10, 1 night.')
  })

  it('fits one GSM-7 segment, however long the names', () => {
    const text = stayOpeningText(
      {
        ...opening,
        room: 'Deluxe Studio – Lake View with a very long description indeed, Club Level Access',
        resort: "Copper Creek Villas & Cabins at Disney's Wilderness Lodge",
      },
      { exact: false },
    )
    expect(gsmLength(text)).toBeLessThanOrEqual(SEGMENT_LENGTH)
    expect(isGsm7(text)).toBe(true)
    expect(text).toContain('Jun 9-Jun 14, 5 nights. Book fast: ')
    expect(text.endsWith(link)).toBe(true)
  })
})

describe('splitStayText', () => {
  const first = { ...opening, checkOut: '2027-06-12' }
  const second = {
    room: 'Garden View',
    resort: "Disney's Polynesian Village Resort",
    checkIn: '2027-06-12',
    checkOut: '2027-06-14',
    link: other,
  }

  it('names both bookings, the day of the move and both links', () => {
    expect(splitStayText({ first, second })).toBe(
      `Disney Hotel Alerts: Split stay open: Water View at Beach Club Resort Jun 9-Jun 12, then Garden View at Polynesian Village Resort Jun 12-Jun 14 (move Jun 12). Book both fast: ${link} and ${other}`,
    )
    expect(splitStayText({ first, second: { ...second, resort: first.resort } })).toContain(
      'then Garden View at the same resort Jun 12-Jun 14 (move Jun 12).',
    )
  })

  it('fits two segments, however long the names', () => {
    const long = 'Two-Bedroom Villa with a view of the lake, the fireworks and the monorail'
    const text = splitStayText({
      first: {
        ...first,
        room: long,
        resort: "Copper Creek Villas & Cabins at Disney's Wilderness Lodge",
      },
      second: {
        ...second,
        room: long,
        resort: "The Villas at Disney's Grand Floridian Resort & Spa",
      },
    })
    expect(gsmLength(text)).toBeLessThanOrEqual(TWO_SEGMENTS_LENGTH)
    expect(isGsm7(text)).toBe(true)
    expect(text).toContain('(move Jun 12). Book both fast: ')
    expect(text.endsWith(`${link} and ${other}`)).toBe(true)
  })
})
