import { describe, expect, it } from 'vitest'
import { awaitingConsent, clientPayload } from './alert-client'

const SMITHS = { id: 'c1', name: 'The Smiths', consent: 'asked' }
const LEES = { id: 'c2', name: 'The Lees', consent: 'agreed' }

describe("an alert form's client fields", () => {
  it('say what was sent, an empty client being none', () => {
    expect(clientPayload({ clientId: '', textTo: 'agent', newClientName: '' })).toEqual({
      clientId: null,
      textTo: 'agent',
      newClientName: '',
    })
    expect(clientPayload({ clientId: 'c1', textTo: 'both' })).toEqual({
      clientId: 'c1',
      textTo: 'both',
    })
  })

  it('say nothing of fields not sent, so an edit keeps the alert’s client', () => {
    expect(clientPayload({})).toEqual({})
    expect(clientPayload({ textTo: 'client' })).toEqual({ textTo: 'client' })
  })
})

describe('the note under "Texts go to"', () => {
  const choice = { clients: [SMITHS, LEES] }
  it('names the client whose texts come to the agent until it replies YES', () => {
    expect(awaitingConsent(choice, { clientId: 'c1', textTo: 'client' })).toBe(SMITHS)
    expect(awaitingConsent(choice, { clientId: 'c1', textTo: 'both' })).toBe(SMITHS)
  })

  it('says nothing when the texts go to the agent, to a client who agreed, or to no client', () => {
    expect(awaitingConsent(choice, { clientId: 'c1', textTo: 'agent' })).toBeNull()
    expect(awaitingConsent(choice, { clientId: 'c2', textTo: 'client' })).toBeNull()
    expect(awaitingConsent(choice, { clientId: '', textTo: 'both' })).toBeNull()
  })
})
