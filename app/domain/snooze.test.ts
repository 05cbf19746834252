import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { lastSnoozeDate, SNOOZE_MESSAGES, snoozeProblem, snoozeSchema } from './snooze'

const hotel = { kind: 'hotel' as const, startsOn: '2026-12-10', today: '2026-12-01' }

describe('a snooze date', () => {
  it('is today or later at the destination, and before the stay or meal', () => {
    expect(snoozeProblem('2026-12-01', hotel)).toBeNull()
    expect(snoozeProblem('2026-12-09', hotel)).toBeNull()
    expect(snoozeProblem('2026-11-30', hotel)).toBe(SNOOZE_MESSAGES.past)
    expect(snoozeProblem('2026-12-10', hotel)).toBe(SNOOZE_MESSAGES.notBefore.hotel)
    expect(snoozeProblem('2026-12-10', { ...hotel, kind: 'dining' })).toBe(
      SNOOZE_MESSAGES.notBefore.dining,
    )
    // No date is no snooze: nothing to refuse.
    expect(snoozeProblem(null, hotel)).toBeNull()
    expect(lastSnoozeDate('2026-03-01')).toBe('2026-02-28')
  })

  it('is posted as a date, or empty to wake the alert, and refused beside its field', () => {
    const schema = snoozeSchema(hotel)
    expect(z.parse(schema, { snoozedUntil: '2026-12-05' })).toEqual({ snoozedUntil: '2026-12-05' })
    expect(z.parse(schema, { snoozedUntil: '' })).toEqual({ snoozedUntil: null })
    expect(z.parse(schema, { snoozedUntil: null })).toEqual({ snoozedUntil: null })
    for (const [value, message] of [
      ['2026-02-30', SNOOZE_MESSAGES.date],
      ['12/05/2026', SNOOZE_MESSAGES.date],
      [20261205, SNOOZE_MESSAGES.date],
      [undefined, SNOOZE_MESSAGES.date],
      ['2026-11-01', SNOOZE_MESSAGES.past],
      ['2026-12-11', SNOOZE_MESSAGES.notBefore.hotel],
    ] as const) {
      const result = z.safeParse(schema, { snoozedUntil: value })
      expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
        [['snoozedUntil'], message],
      ])
    }
    expect(z.safeParse(schema, { snoozedUntil: '', id: 'x' }).success).toBe(false)
  })
})
