import { describe, expect, it } from 'vitest'
import { CLIENT_MESSAGES, clientSchema, textsGoTo } from './client'
import { normalizePhoneNumber } from './phone'

const schema = clientSchema(normalizePhoneNumber)
const problems = (input: unknown) => {
  const result = schema.safeParse(input)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

describe('clientSchema', () => {
  it('trims the name, reads a phone as typed, and takes blank optional fields as none', () => {
    expect(
      schema.parse({ name: ' The Smiths ', note: '  ', phoneNumber: '(201) 555-0123', email: '' }),
    ).toEqual({ name: 'The Smiths', note: null, phoneNumber: '+12015550123', email: null })
    expect(schema.parse({ name: 'A', note: null, phoneNumber: null, email: null })).toEqual({
      name: 'A',
      note: null,
      phoneNumber: null,
      email: null,
    })
  })

  it('refuses without coercion, each problem in words', () => {
    expect(problems({})).toEqual([CLIENT_MESSAGES.name])
    expect(problems({ name: 12 })).toEqual([CLIENT_MESSAGES.name])
    expect(problems({ name: 'A', phoneNumber: 2015550123 })).toEqual([CLIENT_MESSAGES.phone])
    expect(problems({ name: 'A', phoneNumber: '555' })).toEqual([CLIENT_MESSAGES.phone])
    expect(problems({ name: 'A', email: 'smiths' })).toEqual([CLIENT_MESSAGES.email])
    expect(problems({ name: 'A', note: 'n'.repeat(501) })).toEqual([CLIENT_MESSAGES.note])
  })
})

describe('textsGoTo', () => {
  const agreed = { phoneNumber: '+12015550123', consent: 'agreed' }
  it('texts the client only once it agreed, and never leaves a text with nobody', () => {
    expect(textsGoTo('agent', agreed)).toEqual({ agent: true, client: false })
    expect(textsGoTo('both', agreed)).toEqual({ agent: true, client: true })
    expect(textsGoTo('client', agreed)).toEqual({ agent: false, client: true })
    for (const consent of ['none', 'asked', 'stopped'])
      expect(textsGoTo('client', { ...agreed, consent })).toEqual({ agent: true, client: false })
    expect(textsGoTo('client', null)).toEqual({ agent: true, client: false })
    expect(textsGoTo('both', { phoneNumber: null, consent: 'agreed' })).toEqual({
      agent: true,
      client: false,
    })
  })
})
