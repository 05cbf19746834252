import { describe, expect, it } from 'vitest'
import { readKeyword } from './sms-keywords.ts'

describe('a reply to our number', () => {
  it("is read from Twilio's OptOutType when Twilio's opt-out handling answered it", () => {
    expect(readKeyword({ Body: 'stop please', OptOutType: 'STOP' })).toEqual({
      keyword: 'stop',
      twilioReplied: true,
    })
    expect(readKeyword({ Body: 'start', OptOutType: 'START' })?.twilioReplied).toBe(true)
  })

  it('is ours to recognise otherwise, REVOKE and OPTOUT included', () => {
    for (const word of ['stop', ' Revoke ', 'OPTOUT', 'unsubscribe', 'quit'])
      expect(readKeyword({ Body: word })).toEqual({ keyword: 'stop', twilioReplied: false })
    expect(readKeyword({ Body: 'unstop' })?.keyword).toBe('start')
    expect(readKeyword({ Body: 'info' })?.keyword).toBe('help')
    expect(readKeyword({ Body: 'please stop texting' })).toBeNull()
    expect(readKeyword({})).toBeNull()
  })
})
