import { describe, expect, it } from 'vitest'
import { analyticsAllowed, eventPath, MAX_PATH_LENGTH } from './analytics'

const visitor = { hostname: 'disneyhotelalerts.com', doNotTrack: null, globalPrivacyControl: false }

describe('analyticsAllowed', () => {
  it('is on for a visitor of the real site who has not opted out', () => {
    expect(analyticsAllowed(visitor)).toBe(true)
    expect(analyticsAllowed({ ...visitor, hostname: 'app.test' })).toBe(true)
    expect(analyticsAllowed({ ...visitor, doNotTrack: '0', globalPrivacyControl: undefined })).toBe(
      true,
    )
  })

  it.each([
    'localhost',
    'LOCALHOST',
    'localhost.',
    'app.localhost',
    '127.0.0.1',
    '127.1.2.3',
    '::1',
    '[::1]',
  ])('is off on the loopback host %s', (hostname) => {
    expect(analyticsAllowed({ ...visitor, hostname })).toBe(false)
  })

  it('is not fooled by host names that only contain a loopback name', () => {
    expect(analyticsAllowed({ ...visitor, hostname: 'localhost.example.com' })).toBe(true)
    expect(analyticsAllowed({ ...visitor, hostname: '127.0.0.1.example.com' })).toBe(true)
  })

  it('honours Do Not Track and Global Privacy Control', () => {
    expect(analyticsAllowed({ ...visitor, doNotTrack: '1' })).toBe(false)
    expect(analyticsAllowed({ ...visitor, globalPrivacyControl: true })).toBe(false)
  })
})

describe('eventPath', () => {
  it('keeps a path within the bound', () => {
    expect(eventPath('/pricing')).toBe('/pricing')
    expect(eventPath(`/${'a'.repeat(500)}`)).toHaveLength(MAX_PATH_LENGTH)
  })
})
