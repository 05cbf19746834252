import { describe, expect, it } from 'vitest'
import {
  diningOpeningText,
  gsmLength,
  heldTextsText,
  hotelOpeningText,
  isGsm7,
  planEndText,
  testText,
  toGsm7,
} from './texts'

const link = 'https://disneyhotelalerts.com/o/Ab3dE9xZ'

describe('toGsm7', () => {
  it('keeps plain text and swaps typographic characters', () => {
    expect(toGsm7('Disney’s “Be Our Guest” — Restaurant…')).toBe(
      'Disney\'s "Be Our Guest" - Restaurant...',
    )
    expect(toGsm7('Café Crème Brûlée™')).toBe('Café Crème Brulée')
    expect(isGsm7(toGsm7('Tiffins 🍛 Restaurant'))).toBe(true)
  })
})

describe('opening texts', () => {
  it('say what opened, when, and link to it', () => {
    const text = diningOpeningText({
      restaurant: "Cinderella's Royal Table",
      date: '2026-12-03',
      time: '18:15:00',
      partySize: 4,
      link,
    })
    expect(text).toBe(
      `Disney Hotel Alerts: Table open: Cinderella's Royal Table, Dec 3 at 6:15 PM for 4. Book fast: ${link}`,
    )
    const room = hotelOpeningText({
      room: 'Standard Room - Pool View',
      resort: "Disney's Pop Century Resort",
      checkIn: '2026-12-03',
      checkOut: '2026-12-07',
      link,
    })
    expect(room).toBe(
      `Disney Hotel Alerts: Room open: Standard Room - Pool View at Pop Century Resort, Dec 3-Dec 7. Book fast: ${link}`,
    )
  })

  it('say once that an alert’s texts are held, in one segment', () => {
    expect(heldTextsText({ alertName: "Disney's Pop Century Resort", link })).toBe(
      `Disney Hotel Alerts: Your Pop Century Resort alert hit 10 texts in a day; the rest wait 24 h. See every opening: ${link}`,
    )
    const long = heldTextsText({ alertName: 'B'.repeat(80), link })
    expect(gsmLength(long)).toBeLessThanOrEqual(160)
    expect(long.endsWith(link)).toBe(true)
  })

  it('fit one GSM-7 segment even for very long names', () => {
    const text = diningOpeningText({
      restaurant: 'A'.repeat(200),
      date: '2026-12-03',
      time: '18:15:00',
      partySize: 12,
      link,
    })
    expect(gsmLength(text)).toBeLessThanOrEqual(160)
    expect(isGsm7(text)).toBe(true)
    expect(text.endsWith(link)).toBe(true)
    expect(text.startsWith('Disney Hotel Alerts: Table open: AAA')).toBe(true)
  })
})

describe('account texts', () => {
  const appUrl = 'https://disneyhotelalerts.com'

  it('the test text says who sends it, that it is a test, and that alerts come like it', () => {
    const text = testText()
    expect(text).toBe(
      'Disney Hotel Alerts: This is your test text. When an opening matches one of your alerts, the alert will arrive just like this.',
    )
    expect(isGsm7(text)).toBe(true)
    expect(gsmLength(text)).toBeLessThanOrEqual(160)
  })

  it('the reminder says when the trial ends, that checks stop, and where to choose a plan', () => {
    expect(planEndText({ kind: 'trial', endsOn: 'May 12, 2026', appUrl })).toBe(
      'Disney Hotel Alerts: Your free trial ends on May 12, 2026; alerts stop being checked then. Choose a plan: https://disneyhotelalerts.com/pricing',
    )
    expect(planEndText({ kind: 'plan', endsOn: 'May 12, 2026', appUrl })).toBe(
      'Disney Hotel Alerts: Your plan ends on May 12, 2026; alerts stop being checked then. Resume or choose a plan: https://disneyhotelalerts.com/settings',
    )
  })

  it('the reminder fits one segment with the longest date', () => {
    for (const kind of ['trial', 'plan'] as const) {
      const text = planEndText({ kind, endsOn: 'September 30, 2026', appUrl })
      expect(isGsm7(text)).toBe(true)
      expect(gsmLength(text)).toBeLessThanOrEqual(160)
    }
  })
})
