/**
 * Dinner shows and dining events as dine-res lays out their times. Public parsers disagree: one
 * reads them nested under the restaurant hosting them (`eventTimes[].restaurant`), another laid
 * out like a restaurant of their own (the entry's `offers`). The fixtures and where each shape
 * comes from are in tests/fixtures/disney/README.md.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readDiningAnswer } from './dining.ts'

const DATE = '2026-06-11'

const fixture = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../../tests/fixtures/disney/${name}`, import.meta.url), 'utf8'),
  ) as Answer

interface Answer {
  restaurant?: Record<string, Entry>
  dinnerShow?: Record<string, Entry>
  diningEvent?: Record<string, Entry>
}
interface Entry {
  offers?: Record<string, unknown[]>
  eventTimes?: { restaurant?: Record<string, Entry> }[]
}

function read(body: unknown) {
  const answer = readDiningAnswer(body, DATE)
  if (answer.kind !== 'offers') throw new Error(`read as ${answer.kind}`)
  return {
    offers: answer.offers.map((o) => `${o.venueId}|${o.date}|${o.time} ${o.mealPeriod}`).sort(),
    venues: answer.venues.map((v) => `${v.venueId} ${v.group} ${v.offers}`).sort(),
  }
}

/** The same answer with every show's and event's hosted times moved onto the entry itself. */
function laidOutFlat(answer: Answer, keepNested: boolean): Answer {
  const flat = structuredClone(answer)
  for (const group of [flat.dinnerShow, flat.diningEvent]) {
    for (const entry of Object.values(group ?? {})) {
      const hosted = (entry.eventTimes ?? []).flatMap((time) =>
        Object.values(time.restaurant ?? {}).flatMap((host) => host.offers?.[DATE] ?? []),
      )
      entry.offers = { [DATE]: [...(entry.offers?.[DATE] ?? []), ...hosted] }
      if (!keepNested) delete entry.eventTimes
    }
  }
  return flat
}

describe('dine-res dinner shows and dining events', () => {
  it.each([
    [
      'reads times nested under the hosting restaurant as the show’s own',
      'event-groups',
      {
        offers: ['80010856|2026-06-11|16:00:00 Dinner'],
        venues: ['140873 diningEvent 0', '80010856 dinnerShow 1', '90002606 restaurant 0'],
      },
    ],
    [
      'reads times laid out like a restaurant’s on the show or event itself',
      'event-flat',
      {
        offers: [
          '17736028|2026-06-11|13:30:00 Lunch',
          '80010856|2026-06-11|16:00:00 Dinner',
          '80010856|2026-06-11|18:15:00 Dinner',
        ],
        venues: ['17736028 diningEvent 1', '80010856 dinnerShow 2', '90002084 restaurant 0'],
      },
    ],
    [
      'counts a time listed in both places once, and the host restaurant’s own table apart',
      'event-both',
      {
        offers: [
          '19316134|2026-06-11|20:00:00 Dinner',
          '19316134|2026-06-11|20:20:00 Dinner',
          '90002084|2026-06-11|20:00:00 Dinner',
        ],
        venues: ['19316134 diningEvent 2', '90002084 restaurant 1'],
      },
    ],
  ])('%s', (_title, layout, reading) => {
    expect(read(fixture(`dine-res-all-restaurants.wdw.${layout}.200.json`))).toEqual(reading)
  })

  it.each([
    'dine-res-all-restaurants.wdw.event-groups.200.json',
    'dine-res-all-restaurants.wdw.event-both.200.json',
  ])('reads %s the same however the times are laid out', (name) => {
    const nested = fixture(name)
    const reading = read(nested)
    expect(read(laidOutFlat(nested, false))).toEqual(reading)
    expect(read(laidOutFlat(nested, true))).toEqual(reading)
  })

  it('counts one time offered by two hosts of an event once', () => {
    const slot = (time: string) => ({
      mealPeriodType: 'Dinner',
      offersByAccessibility: [{ accessibilityLevel: 'GENERAL', offers: [{ time }] }],
    })
    const host = (time: string) => ({ offers: { [DATE]: [slot(time)] } })
    const answer = {
      diningEvent: {
        '17736028;entityType=dining-event': {
          name: 'Fantasmic! Dining Packages',
          eventTimes: [
            { restaurant: { '90001744': host('16:00:00') } },
            { restaurant: { '90002245': host('16:00:00'), '90002114': host('16:30:00') } },
          ],
        },
      },
    }
    expect(read(answer)).toEqual({
      offers: ['17736028|2026-06-11|16:00:00 Dinner', '17736028|2026-06-11|16:30:00 Dinner'],
      venues: ['17736028 diningEvent 2'],
    })
  })
})
