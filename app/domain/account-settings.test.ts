import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import {
  accountSettingsSchema,
  parseQuietHoursForm,
  QUIET_HOURS_MESSAGES,
} from './account-settings'
import { PROFILE_MESSAGES } from './profile'

const issues = (body: unknown) =>
  z
    .safeParse(accountSettingsSchema, body)
    .error?.issues.map((issue) => [issue.path.join('.'), issue.message])

describe('the account settings', () => {
  it('take quiet hours with their time zone, both times null to turn them off, or neither', () => {
    expect(
      z.parse(accountSettingsSchema, {
        timeZone: 'America/Chicago',
        quietStart: '22:00',
        quietEnd: '07:30',
      }),
    ).toEqual({ timeZone: 'America/Chicago', quietStart: '22:00', quietEnd: '07:30' })
    expect(z.parse(accountSettingsSchema, { quietStart: null, quietEnd: '' })).toEqual({
      quietStart: null,
      quietEnd: null,
    })
    expect(z.parse(accountSettingsSchema, { timeZone: 'Pacific/Honolulu' })).toEqual({
      timeZone: 'Pacific/Honolulu',
    })
    expect(z.parse(accountSettingsSchema, { name: ' Ada ' })).toEqual({ name: 'Ada' })
  })

  it('refuse what is not quiet hours, beside the field it is about', () => {
    expect(issues({ timeZone: 'Europe/Paris' })).toEqual([
      ['timeZone', QUIET_HOURS_MESSAGES.timeZone],
    ])
    expect(issues({ timeZone: 'America/Chicago', quietStart: '10 PM', quietEnd: '07:00' })).toEqual(
      [['quietStart', QUIET_HOURS_MESSAGES.time]],
    )
    expect(issues({ timeZone: 'America/Chicago', quietStart: '24:00', quietEnd: 7 })).toEqual([
      ['quietStart', QUIET_HOURS_MESSAGES.time],
      ['quietEnd', QUIET_HOURS_MESSAGES.time],
    ])
    expect(issues({ timeZone: 'America/Chicago', quietStart: '22:00' })).toEqual([
      ['quietEnd', QUIET_HOURS_MESSAGES.bothTimes],
    ])
    expect(issues({ quietStart: null, quietEnd: '07:00' })).toEqual([
      ['quietStart', QUIET_HOURS_MESSAGES.bothTimes],
    ])
    expect(issues({ timeZone: 'America/Chicago', quietStart: '07:00', quietEnd: '07:00' })).toEqual(
      [['quietEnd', QUIET_HOURS_MESSAGES.sameTimes]],
    )
    expect(issues({ quietStart: '22:00', quietEnd: '07:00' })).toEqual([
      ['timeZone', QUIET_HOURS_MESSAGES.timeZone],
    ])
    expect(issues({ email: 'ada@' })).toEqual([['email', PROFILE_MESSAGES.emailInvalid]])
    expect(issues({ quietHours: true })).toEqual([['', QUIET_HOURS_MESSAGES.onlySettings]])
  })

  it('are posted by Settings’ form, its intent aside and an empty time turning them off', () => {
    const form = (fields: Record<string, string>) => {
      const data = new FormData()
      for (const [name, value] of Object.entries({ intent: 'quiet-hours', ...fields }))
        data.append(name, value)
      return parseQuietHoursForm(data)
    }
    const on = form({ timeZone: 'America/New_York', quietStart: '21:30', quietEnd: '06:00' })
    expect(on.status === 'success' && on.value).toEqual({
      timeZone: 'America/New_York',
      quietStart: '21:30',
      quietEnd: '06:00',
    })
    const off = form({ quietStart: '', quietEnd: '' })
    expect(off.status === 'success' && off.value).toEqual({ quietStart: null, quietEnd: null })
    const noZone = form({ timeZone: '', quietStart: '21:30', quietEnd: '06:00' })
    expect(noZone.status === 'error' && noZone.error).toEqual({
      timeZone: [QUIET_HOURS_MESSAGES.timeZone],
    })
  })

  it('say what was saved', () => {
    expect(
      QUIET_HOURS_MESSAGES.saved({
        timeZone: 'America/Denver',
        quietStart: '22:00:00',
        quietEnd: '06:30:00',
      }),
    ).toBe('Quiet hours are on: 10:00 PM to 6:30 AM, Mountain Time (Denver, Calgary).')
    expect(
      QUIET_HOURS_MESSAGES.saved({ timeZone: 'America/Denver', quietStart: null, quietEnd: null }),
    ).toBe('Quiet hours are off: texts come as soon as we find an opening.')
  })
})
