import { describe, expect, it } from 'vitest'
import { consentText, segmentsOf, withClientName } from './client-texts'
import { BRAND, hotelOpeningText, isGsm7 } from './texts'

describe('consentText', () => {
  it('names the agent and the service, says what comes, how to answer, and that we are not Disney', () => {
    const text = consentText({ agentName: 'Jane Doe' })
    expect(text).toBe(
      `${BRAND}: Your travel agent Jane Doe would like us to text you when a Disney hotel room or dining reservation they watch for you opens. Reply YES to agree, STOP to stop. Msg&data rates may apply. Not affiliated with Disney.`,
    )
    expect(isGsm7(text)).toBe(true)
    expect(segmentsOf(text)).toBe(2)
  })

  it('keeps to GSM-7 and two segments whatever the name', () => {
    const typographic = consentText({ agentName: 'Zoë O’Brien' })
    expect(typographic).toContain("Your travel agent Zoe O'Brien would like")
    expect(isGsm7(typographic)).toBe(true)

    const long = consentText({ agentName: 'Bartholomew '.repeat(7).trim() })
    expect(segmentsOf(long)).toBe(2)
    expect(long).toContain(`${'Bartholomew '.repeat(6)}Bartho.. would like us to text you`)
  })

  it('names an agent whose name has no GSM-7 letter as written', () => {
    expect(consentText({ agentName: '王芳' })).toContain('Your travel agent 王芳 would like')
  })
})

describe('withClientName', () => {
  const body = hotelOpeningText({
    room: 'Standard Room',
    resort: "Disney's Pop Century Resort",
    checkIn: '2027-01-03',
    checkOut: '2027-01-07',
    link: 'https://example.com/o/AbCdEf12',
  })

  const words = body.slice('Disney Hotel Alerts: '.length)

  it("puts the client's name right after the sender's, in GSM-7", () => {
    expect(body.startsWith('Disney Hotel Alerts: Room open: ')).toBe(true)
    expect(withClientName('Smith family', body)).toBe(
      `Disney Hotel Alerts: For Smith family: ${words}`,
    )
    expect(withClientName(' François Roy ', body)).toBe(
      `Disney Hotel Alerts: For Francois Roy: ${words}`,
    )
    expect(isGsm7(withClientName('The “Lucky” Ones', body))).toBe(true)
  })

  it('keeps a one-segment text within two with the longest name a client has', () => {
    const full = `${body} ${'x'.repeat(160 - body.length - 1)}`
    expect(segmentsOf(full)).toBe(1)
    expect(segmentsOf(withClientName('N'.repeat(80), full))).toBe(2)
  })
})

describe('segmentsOf', () => {
  it('counts 160 septets as one segment, and 153 a segment beyond', () => {
    expect(segmentsOf('a'.repeat(160))).toBe(1)
    expect(segmentsOf('a'.repeat(161))).toBe(2)
    expect(segmentsOf('a'.repeat(306))).toBe(2)
    expect(segmentsOf('a'.repeat(307))).toBe(3)
    expect(segmentsOf('€'.repeat(80))).toBe(1)
  })
})
