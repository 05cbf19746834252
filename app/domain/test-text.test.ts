import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { parseTestTextForm, TEST_TEXT_MESSAGES, testTextBodySchema } from './test-text'

const form = (fields: Record<string, string>) =>
  parseTestTextForm(new URLSearchParams(fields) as unknown as FormData)

describe('the test text form and body', () => {
  it('take the intent alone, and a JSON body of nothing', () => {
    expect(form({ intent: 'test-text' }).status).toBe('success')
    expect(z.safeParse(testTextBodySchema, {}).success).toBe(true)
  })

  it('refuse anything more or else, in words', () => {
    const refused: Record<string, string>[] = [
      { intent: 'test-text', phoneNumber: '+12015550123' },
      { intent: 'x' },
      {},
    ]
    for (const fields of refused)
      expect(Object.values(form(fields).reply().error ?? {}).flat()).toEqual([
        TEST_TEXT_MESSAGES.invalid,
      ])
    const body = z.safeParse(testTextBodySchema, { to: '+12015550123' })
    expect(body.error?.issues[0]?.message).toBe(TEST_TEXT_MESSAGES.invalid)
  })
})

describe('TEST_TEXT_MESSAGES.tooMany', () => {
  it('says the limit and when to try again, in whole minutes', () => {
    expect(TEST_TEXT_MESSAGES.tooMany(3599)).toBe(
      'You can send 3 test texts an hour, and have sent them all. Please try again in 60 minutes.',
    )
    expect(TEST_TEXT_MESSAGES.tooMany(5)).toMatch(/try again in 1 minute\.$/)
  })
})
