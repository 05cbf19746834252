import { describe, expect, it } from 'vitest'
import {
  MESSAGES,
  cleanCodeInput,
  codeStartedAt,
  loginUrl,
  readCarried,
  resendWaitS,
  shouldAutoSubmit,
} from './login'
import { loginSchemas } from './login-schema'
import { sendCodeSchema, verifyCodeSchema } from './login.server'

function firstError(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message
}

describe('the login forms', () => {
  it('turns the phone number into E.164', () => {
    expect(sendCodeSchema.parse({ phoneNumber: '(201) 555-0123' })).toEqual({
      phoneNumber: '+12015550123',
    })
  })

  it('asks for a phone number when there is none', () => {
    expect(firstError(sendCodeSchema.safeParse({}))).toBe('Please enter a phone number.')
    expect(firstError(sendCodeSchema.safeParse({ phoneNumber: '  ' }))).toBe(
      'Please enter a phone number.',
    )
  })

  it('refuses a phone number that cannot be dialled', () => {
    expect(firstError(sendCodeSchema.safeParse({ phoneNumber: '555' }))).toBe(MESSAGES.phoneInvalid)
    expect(firstError(sendCodeSchema.safeParse({ phoneNumber: 42 }))).toBe(
      'Please enter a phone number.',
    )
  })

  it("leaves the number's validity to the server in the browser, and checks the rest", () => {
    const browser = loginSchemas()
    expect(firstError(browser.sendCode.safeParse({ phoneNumber: '  ' }))).toBe(
      MESSAGES.phoneRequired,
    )
    expect(browser.sendCode.safeParse({ phoneNumber: ' 555 ' }).data).toEqual({
      phoneNumber: '555',
    })
    expect(firstError(browser.verifyCode.safeParse({ phoneNumber: '555', code: '12' }))).toBe(
      MESSAGES.codeFormat,
    )
  })

  it('asks for the code, and exactly six digits of it', () => {
    const phoneNumber = '+12015550123'
    expect(firstError(verifyCodeSchema.safeParse({ phoneNumber }))).toBe(
      'Please enter the verification code.',
    )
    expect(firstError(verifyCodeSchema.safeParse({ phoneNumber, code: '12345' }))).toBe(
      MESSAGES.codeFormat,
    )
    expect(firstError(verifyCodeSchema.safeParse({ phoneNumber, code: '12345a' }))).toBe(
      MESSAGES.codeFormat,
    )
    expect(verifyCodeSchema.parse({ phoneNumber, code: ' 012345 ' }).code).toBe('012345')
  })
})

describe('the code field', () => {
  it('keeps digits only, at most six', () => {
    expect(cleanCodeInput('12a3-45 678')).toBe('123456')
    expect(cleanCodeInput('abc')).toBe('')
  })

  it('submits six pasted digits at once', () => {
    expect(shouldAutoSubmit('123456', { pasted: true, msSinceFirstDigit: null })).toBe(true)
  })

  it('submits six digits typed within 1.2 s of the first, not slower ones', () => {
    expect(shouldAutoSubmit('123456', { pasted: false, msSinceFirstDigit: 1200 })).toBe(true)
    expect(shouldAutoSubmit('123456', { pasted: false, msSinceFirstDigit: 1201 })).toBe(false)
    expect(shouldAutoSubmit('12345', { pasted: true, msSinceFirstDigit: 10 })).toBe(false)
  })
})

describe('codeStartedAt', () => {
  it('starts at the first digit and keeps that start while digits are typed one by one', () => {
    expect(codeStartedAt('', '1', null, 100)).toBe(100)
    expect(codeStartedAt('1', '12', 100, 300)).toBe(100)
    expect(codeStartedAt('12345', '1234', 100, 900)).toBe(100)
  })

  it('starts again when a whole code arrives at once or replaces a wrong one', () => {
    expect(codeStartedAt('', '123456', null, 5000)).toBe(5000)
    expect(codeStartedAt('000000', '123456', 100, 5000)).toBe(5000)
    expect(codeStartedAt('000000', '1', 100, 5000)).toBe(5000)
    expect(codeStartedAt('12', '', 100, 5000)).toBeNull()
  })
})

describe('what the login carries between its steps', () => {
  it('keeps a known intent and paths on this site, and drops the rest', () => {
    expect(
      readCarried(new URLSearchParams('intent=QUICK&next=/dashboard&redirect=https://evil.test')),
    ).toEqual({ intent: 'quick', next: '/dashboard' })
    expect(readCarried(new URLSearchParams('intent=admin&next=//evil.test'))).toEqual({})
  })

  it('builds the page URL of a step with the carried values', () => {
    expect(loginUrl({})).toBe('/login')
    expect(loginUrl({ intent: 'pro', next: '/payment/magic-hour' }, 'code')).toBe(
      '/login?step=code&intent=pro&next=%2Fpayment%2Fmagic-hour',
    )
  })

  it('counts the whole seconds left before another code may be sent', () => {
    expect(resendWaitS(10_000, 10_000)).toBe(30)
    expect(resendWaitS(10_000, 39_001)).toBe(1)
    expect(resendWaitS(10_000, 40_000)).toBe(0)
  })
})
