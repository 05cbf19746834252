import { describe, expect, it } from 'vitest'
import { readKeyword } from './sms-keywords.ts'

describe('a reply to our number', () => {
  it("is read from Twilio's OptOutType when Advanced Opt-Out names it", () => {
    expect(readKeyword({ Body: 'stop please', OptOutType: 'STOP' })).toBe('stop')
    expect(readKeyword({ Body: 'arrêt', OptOutType: 'STOP' })).toBe('stop')
    expect(readKeyword({ Body: 'start', OptOutType: 'START' })).toBe('start')
  })

  it("is read from the body otherwise, with Twilio's default keywords, REVOKE and OPTOUT included", () => {
    for (const word of ['stop', ' Revoke ', 'OPTOUT', 'unsubscribe', 'quit'])
      expect(readKeyword({ Body: word })).toBe('stop')
    expect(readKeyword({ Body: 'unstop' })).toBe('start')
    expect(readKeyword({ Body: 'yes' })).toBe('start')
    expect(readKeyword({ Body: 'info' })).toBe('help')
    expect(readKeyword({ Body: 'please stop texting' })).toBeNull()
    expect(readKeyword({})).toBeNull()
  })
})
