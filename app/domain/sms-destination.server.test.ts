import { describe, expect, it } from 'vitest'
import { smsDestinationProblem } from './sms-destination.server.ts'

const SERVED = ['US', 'CA']

describe('where a login code may be texted', () => {
  it('is a US or Canadian number that is not premium-rate or non-geographic', () => {
    expect(smsDestinationProblem('+12015550123', SERVED)).toBeNull()
    expect(smsDestinationProblem('+14165550123', SERVED)).toBeNull()
  })

  it('is never another country, a Caribbean +1 number among them', () => {
    for (const number of ['+79161234567', '+2348031234567', '+18765551234', '+442079460958'])
      expect(smsDestinationProblem(number, SERVED)).toBe(
        'We can only text numbers in United States and Canada.',
      )
  })

  it('is never premium-rate or toll-free, at home or abroad', () => {
    expect(smsDestinationProblem('+19005550123', SERVED)).toBe(
      'We cannot text this kind of number. Please use a mobile number.',
    )
    expect(smsDestinationProblem('+18005550123', SERVED)).toBe(
      'We cannot text this kind of number. Please use a mobile number.',
    )
    expect(smsDestinationProblem('+449091234567', ['GB'])).toBe(
      'We cannot text this kind of number. Please use a mobile number.',
    )
  })
})
