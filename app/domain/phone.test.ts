import { describe, expect, it } from 'vitest'
import { cleanPhoneInput, formatAsYouType, formatPhoneNumber, normalizePhoneNumber } from './phone'

describe('cleanPhoneInput', () => {
  it('keeps a leading plus and the digits of pasted text', () => {
    expect(cleanPhoneInput(' +1 (201) 555-0123 ')).toBe('+12015550123')
    expect(cleanPhoneInput('201.555.0123')).toBe('2015550123')
    expect(cleanPhoneInput('tel: 201-555-0123')).toBe('2015550123')
  })
})

describe('normalizePhoneNumber', () => {
  it('reads a national number as a US number by default', () => {
    expect(normalizePhoneNumber('(201) 555-0123')).toBe('+12015550123')
    expect(normalizePhoneNumber('201 555 0123')).toBe('+12015550123')
  })

  it('prepends +1 to a plus followed by ten digits without a leading 1', () => {
    expect(normalizePhoneNumber('+2015550123')).toBe('+12015550123')
  })

  it('keeps a number that already has its country code', () => {
    expect(normalizePhoneNumber('+1 201 555 0123')).toBe('+12015550123')
    expect(normalizePhoneNumber('12015550123')).toBe('+12015550123')
    expect(normalizePhoneNumber('+44 20 7946 0958')).toBe('+442079460958')
  })

  it('refuses what is not a phone number', () => {
    expect(normalizePhoneNumber('')).toBeNull()
    expect(normalizePhoneNumber('+')).toBeNull()
    expect(normalizePhoneNumber('12345')).toBeNull()
    expect(normalizePhoneNumber('not a number')).toBeNull()
    expect(normalizePhoneNumber('+1 000 000 0000')).toBeNull()
  })
})

describe('formatting', () => {
  it('shows a US number in national format and others internationally', () => {
    expect(formatPhoneNumber('+12015550123')).toBe('(201) 555-0123')
    expect(formatPhoneNumber('+442079460958')).toBe('+44 20 7946 0958')
  })

  it('formats as the person types', () => {
    expect(formatAsYouType('201555')).toBe('(201) 555')
  })
})
