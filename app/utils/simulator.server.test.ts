import { describe, expect, it } from 'vitest'
import { throughSimulator } from './simulator.server'

describe('throughSimulator', () => {
  it('sends a call to the simulator with the host as the first path segment', () => {
    expect(
      throughSimulator(
        'https://api.twilio.com/2010-04-01/Accounts/AC1/Messages.json?To=%2B1555&PageSize=50',
        'http://127.0.0.1:9600',
      ).href,
    ).toBe(
      'http://127.0.0.1:9600/api.twilio.com/2010-04-01/Accounts/AC1/Messages.json?To=%2B1555&PageSize=50',
    )
  })

  it('leaves the address alone when no simulator is set', () => {
    expect(throughSimulator('https://disneyland.disney.go.com/a?b=1', undefined).href).toBe(
      'https://disneyland.disney.go.com/a?b=1',
    )
  })
})
