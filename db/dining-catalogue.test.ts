/**
 * The Walt Disney World dining catalogue against Disney's own list of what dine-res books: its
 * facilities call as captured on 2026-05-01 (tests/fixtures/disney/README.md; every choice made
 * from it is in content/catalogue/SOURCES.md, "Against Disney's facilities list").
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readCatalogue } from './catalogue.ts'

type Group = 'restaurant' | 'dinnerShow' | 'diningEvent'
const ENTITY_TYPE = {
  restaurant: 'restaurant',
  dinnerShow: 'dinner-show',
  diningEvent: 'dining-event',
} as const

const facilities = JSON.parse(
  readFileSync(
    new URL('../tests/fixtures/disney/dine-res-facilities.wdw.2026-05-01.json', import.meta.url),
    'utf8',
  ),
) as Record<Group, Record<string, { name: string }>>
const disney = new Map(
  (Object.keys(ENTITY_TYPE) as Group[]).flatMap((group) =>
    Object.entries(facilities[group]).map(([id, entry]) => [id, { group, name: entry.name }]),
  ),
)
const { restaurants } = await readCatalogue()
const ours = restaurants.filter((r) => r.locationIdentifier === 'disney-world')

// Each list below may only shrink: a new gap must be a decision written in SOURCES.md.
/** In Disney's list, but nothing anyone books: a placeholder entity ("New F&B1234567"). */
const NOT_A_VENUE = ['412000303']
/** Not in this list, but in Disney's later finder list (2026-06-10): added to Disney's since. */
const LISTED_LATER = ['140873', '412051034', '412105543']

describe("the Walt Disney World dining catalogue against Disney's facilities list", () => {
  it('holds every venue Disney books, as the kind of entity Disney lists it as', () => {
    const byId = new Map(ours.map((r) => [r.id, r]))
    const missing = [...disney]
      .filter(([id]) => !byId.has(id) && !NOT_A_VENUE.includes(id))
      .map(([id, venue]) => `${id} ${venue.name}`)
    expect(missing).toEqual([])
    const mistyped = [...disney]
      .filter(
        ([id, venue]) => byId.has(id) && byId.get(id)!.entityType !== ENTITY_TYPE[venue.group],
      )
      .map(([id, venue]) => `${id} ${venue.name} is a ${venue.group}`)
    expect(mistyped).toEqual([])
  })

  it('marks every venue Disney no longer lists, and no other', () => {
    const gone = (id: string) => !disney.has(id) && !LISTED_LATER.includes(id)
    expect(ours.filter((r) => gone(r.id) && r.listedByDisney).map((r) => r.name)).toEqual([])
    expect(ours.filter((r) => !gone(r.id) && !r.listedByDisney).map((r) => r.name)).toEqual([])
    // The ones SOURCES.md names, so a retired venue cannot come back unnoticed.
    expect(
      ours
        .filter((r) => !r.listedByDisney)
        .map((r) => r.id)
        .sort(),
    ).toEqual(['16526362', '17736021', '19309016', '90001294', '90001728', '90001784', '90001865'])
  })

  it('keeps its exceptions true: each is absent from, or present in, Disney’s list as it says', () => {
    for (const id of LISTED_LATER) {
      expect(disney.has(id), id).toBe(false)
      expect(ours.find((r) => r.id === id)?.listedByDisney, id).toBe(true)
    }
    for (const id of NOT_A_VENUE) expect(disney.has(id), id).toBe(true)
  })
})
