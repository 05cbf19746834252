import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  describeQuietHours,
  holdUntil,
  isQuiet,
  quietUntil,
  startsAt,
  startsSoon,
  TIME_ZONE_IDS,
  zonedInstant,
} from './quiet-hours'
import { gsmLength, isGsm7, quietHoursOverText } from './texts'

const at = (iso: string) => new Date(iso)
const NEW_YORK = 'America/New_York'
const nights = { timeZone: NEW_YORK, quietStart: '22:00:00', quietEnd: '07:00:00' }

describe('a local time as an instant', () => {
  it('reads the zone’s offset on that date, daylight saving or not', () => {
    expect(zonedInstant('2026-01-15', '22:00', NEW_YORK)).toEqual(at('2026-01-16T03:00:00Z'))
    expect(zonedInstant('2026-07-15', '22:00', NEW_YORK)).toEqual(at('2026-07-16T02:00:00Z'))
    expect(zonedInstant('2026-07-15', '22:00', 'America/Phoenix')).toEqual(
      at('2026-07-16T05:00:00Z'),
    )
    // Newfoundland is half an hour off the others.
    expect(zonedInstant('2026-01-15', '07:00:00', 'America/St_Johns')).toEqual(
      at('2026-01-15T10:30:00Z'),
    )
  })

  it('takes a time the clocks skip as after the change, and a repeated one at its first', () => {
    // 8 March 2026: 2:00 EST becomes 3:00 EDT; 1 November 2026: 2:00 EDT becomes 1:00 EST.
    expect(zonedInstant('2026-03-08', '02:30', NEW_YORK)).toEqual(at('2026-03-08T07:30:00Z'))
    expect(zonedInstant('2026-11-01', '01:30', NEW_YORK)).toEqual(at('2026-11-01T05:30:00Z'))
  })
})

describe('quiet hours', () => {
  it('are off until a time zone and both times are set', () => {
    const now = at('2026-01-16T05:00:00Z')
    expect(quietUntil({ timeZone: null, quietStart: null, quietEnd: null }, now)).toBeNull()
    expect(quietUntil({ timeZone: NEW_YORK, quietStart: null, quietEnd: null }, now)).toBeNull()
    expect(isQuiet(nights, now)).toBe(true)
  })

  it('cross midnight: from the start, inclusive, to the next morning’s end, exclusive', () => {
    const end = at('2026-01-16T12:00:00Z') // 7:00 AM EST
    expect(quietUntil(nights, at('2026-01-16T02:59:59Z'))).toBeNull() // 9:59 PM
    expect(quietUntil(nights, at('2026-01-16T03:00:00Z'))).toEqual(end) // 10:00 PM
    expect(quietUntil(nights, at('2026-01-16T05:00:00Z'))).toEqual(end) // midnight
    expect(quietUntil(nights, at('2026-01-16T11:59:59Z'))).toEqual(end)
    expect(quietUntil(nights, end)).toBeNull()
    expect(quietUntil(nights, at('2026-01-16T18:00:00Z'))).toBeNull() // 1 PM
  })

  it('within a day: an afternoon nap', () => {
    const nap = { timeZone: 'America/Los_Angeles', quietStart: '13:00', quietEnd: '15:30' }
    expect(quietUntil(nap, at('2026-07-15T20:00:00Z'))).toEqual(at('2026-07-15T22:30:00Z'))
    expect(quietUntil(nap, at('2026-07-15T19:59:00Z'))).toBeNull()
    expect(quietUntil(nap, at('2026-07-15T22:30:00Z'))).toBeNull()
  })

  it('end at the right hour on the nights the clocks change', () => {
    // Spring forward: 10 PM EST to 7 AM EDT is eight hours.
    expect(quietUntil(nights, at('2026-03-08T03:00:00Z'))).toEqual(at('2026-03-08T11:00:00Z'))
    // Fall back: 10 PM EDT to 7 AM EST is ten.
    expect(quietUntil(nights, at('2026-11-01T02:00:00Z'))).toEqual(at('2026-11-01T12:00:00Z'))
    // An end the clocks skip comes right after the change.
    const skipped = { ...nights, quietEnd: '02:30' }
    expect(quietUntil(skipped, at('2026-03-08T06:00:00Z'))).toEqual(at('2026-03-08T07:30:00Z'))
    // An end the clocks repeat is the first: the hour again is not quiet.
    const repeated = { ...nights, quietEnd: '01:30' }
    expect(quietUntil(repeated, at('2026-11-01T05:00:00Z'))).toEqual(at('2026-11-01T05:30:00Z'))
    expect(quietUntil(repeated, at('2026-11-01T06:15:00Z'))).toBeNull() // 1:15 AM EST
  })

  it('hold, on any day in any offered zone, exactly while the wall clock is in the range', () => {
    const minute = fc.integer({ min: 0, max: 24 * 60 - 1 })
    const clock = (minutes: number) =>
      `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
    fc.assert(
      fc.property(
        fc.date({
          min: at('2026-01-01T00:00:00Z'),
          max: at('2028-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(...TIME_ZONE_IDS),
        minute,
        minute,
        (now, timeZone, start, end) => {
          fc.pre(start !== end)
          const quiet = { timeZone, quietStart: clock(start), quietEnd: clock(end) }
          const until = quietUntil(quiet, now)
          const parts = new Intl.DateTimeFormat('en-US', {
            timeZone,
            hourCycle: 'h23',
            hour: 'numeric',
            minute: 'numeric',
            timeZoneName: 'longOffset',
          }).formatToParts(now)
          const wall =
            Number(parts.find((part) => part.type === 'hour')!.value) * 60 +
            Number(parts.find((part) => part.type === 'minute')!.value)
          const inRange = start < end ? wall >= start && wall < end : wall >= start || wall < end
          // A day the clocks change may stretch or shorten a night: checked above, skipped here.
          const offset = (instant: number) =>
            new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
              .formatToParts(instant)
              .find((part) => part.type === 'timeZoneName')!.value
          fc.pre(offset(now.getTime() - 86_400_000) === offset(now.getTime() + 86_400_000))
          expect(until !== null).toBe(inRange)
          if (until) {
            expect(until.getTime()).toBeGreaterThan(now.getTime())
            expect(until.getTime() - now.getTime()).toBeLessThanOrEqual(86_400_000)
            expect(isQuiet(quiet, until)).toBe(false)
          }
        },
      ),
      { numRuns: 500 },
    )
  })
})

describe('what waits for the end of quiet hours', () => {
  const midnight = at('2026-01-16T05:00:00Z') // 12:00 AM in New York, 9:00 PM in Anaheim
  const morning = at('2026-01-16T12:00:00Z')

  it('starts a stay at 3 PM on check-in and a meal at its time, on the destination’s clock', () => {
    expect(startsAt({ destination: 'disney-world', date: '2026-01-17' })).toEqual(
      at('2026-01-17T20:00:00Z'),
    )
    expect(startsAt({ destination: 'disneyland', date: '2026-01-17', time: '18:15:00' })).toEqual(
      at('2026-01-18T02:15:00Z'),
    )
  })

  it('waits until the end of quiet hours unless the stay or meal is within 48 hours', () => {
    const stay = (date: string) => startsAt({ destination: 'disney-world', date })
    expect(holdUntil(nights, stay('2026-02-01'), midnight)).toEqual(morning)
    // 3 PM on 17 January is 39 hours after midnight on the 16th; on the 18th, 63.
    expect(startsSoon(stay('2026-01-17'), midnight)).toBe(true)
    expect(holdUntil(nights, stay('2026-01-17'), midnight)).toBeNull()
    expect(holdUntil(nights, stay('2026-01-18'), midnight)).toEqual(morning)
    // 8 PM in Anaheim on the 17th is 47 hours away; 9:30 PM, 48 and a half.
    const dinner = (time: string) =>
      startsAt({ destination: 'disneyland', date: '2026-01-17', time })
    expect(holdUntil(nights, dinner('20:00:00'), midnight)).toBeNull()
    expect(holdUntil(nights, dinner('21:30:00'), midnight)).toEqual(morning)
    // Out of quiet hours nothing waits.
    expect(holdUntil(nights, stay('2026-02-01'), morning)).toBeNull()
  })

  it('are described in Settings’ words', () => {
    expect(describeQuietHours(nights)).toBe(
      '10:00 PM to 7:00 AM, Eastern Time (New York, Toronto, Orlando)',
    )
    expect(describeQuietHours({ timeZone: NEW_YORK, quietStart: null, quietEnd: null })).toBeNull()
  })
})

describe('the text at the end of quiet hours', () => {
  const link = 'https://disneyhotelalerts.com/dashboard'

  it('counts the openings still open and names their alerts once each', () => {
    expect(
      quietHoursOverText({
        openings: 3,
        alertNames: ["Disney's Pop Century Resort", "Chef Mickey's", "Disney's Pop Century Resort"],
        link,
      }),
    ).toBe(
      `Disney Hotel Alerts: 3 openings from your quiet hours are still open: Pop Century Resort, Chef Mickey's. See them: ${link}`,
    )
  })

  it('names as many as one segment holds, then how many more, then none', () => {
    const names = [
      'Grand Floridian Resort & Spa',
      'Polynesian Village Resort',
      'Cinderella’s Royal Table',
    ]
    const some = quietHoursOverText({ openings: 4, alertNames: names, link })
    expect(some).toBe(
      `Disney Hotel Alerts: 4 openings from your quiet hours are still open: Grand Floridian Resort & Spa and 2 more. See them: ${link}`,
    )
    const none = quietHoursOverText({ openings: 2, alertNames: ['X'.repeat(90), 'Y'], link })
    expect(none).toBe(
      `Disney Hotel Alerts: 2 openings from your quiet hours are still open. See them: ${link}`,
    )
    for (const text of [some, none]) {
      expect(gsmLength(text)).toBeLessThanOrEqual(160)
      expect(isGsm7(text)).toBe(true)
    }
  })
})
