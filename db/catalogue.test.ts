import { describe, expect, it } from 'vitest'
import { resortSlug } from '../app/domain/slug.ts'
import { readCatalogue } from './catalogue.ts'

const { resorts, restaurants } = await readCatalogue()
const at = (identifier: string) =>
  resorts.filter((resort) => resort.locationIdentifier === identifier)

function duplicates(values: string[]) {
  return values.filter((value, index) => values.indexOf(value) !== index)
}

describe('the catalogue files', () => {
  it('hold the 37 hotels of the specification: 31 at Walt Disney World and 6 at Disneyland Resort', () => {
    expect(resorts).toHaveLength(37)
    expect(at('disney-world')).toHaveLength(31)
    expect(at('disneyland')).toHaveLength(6)
  })

  it('include every hotel the issue names', () => {
    const names = resorts.map((resort) => resort.name)
    for (const name of [
      "Disney's Pop Century Resort",
      "Disney's Art of Animation Resort",
      "The Campsites at Disney's Fort Wilderness Resort",
      "The Cabins at Disney's Fort Wilderness Resort",
      "Disney's Riviera Resort",
      'Disneyland Hotel',
      'The Villas at Disneyland Hotel',
      "Disney's Grand Californian Hotel & Spa",
      "The Villas at Disney's Grand Californian Hotel & Spa",
      'Pixar Place Hotel',
      "Disney's Paradise Pier Hotel",
    ]) {
      expect(names).toContain(name)
    }
  })

  it('give room types to at least 35 hotels, with every category of room', () => {
    expect(resorts.filter((resort) => resort.roomTypes.length > 0).length).toBeGreaterThanOrEqual(
      35,
    )
    const categories = new Set(
      resorts.flatMap((resort) => resort.roomTypes.map((room) => room.categoryName)),
    )
    expect([...categories].sort()).toEqual([
      'Cabins',
      'Campsites',
      'Rooms',
      'Studios',
      'Suites',
      'Villas',
    ])
    expect(resorts.flatMap((resort) => resort.roomTypes).some((room) => room.accessible)).toBe(true)
  })

  it('list well over a hundred reservable restaurants at Walt Disney World and a few dozen at Disneyland Resort', () => {
    expect(
      restaurants.filter((r) => r.locationIdentifier === 'disney-world').length,
    ).toBeGreaterThan(100)
    expect(
      restaurants.filter((r) => r.locationIdentifier === 'disneyland').length,
    ).toBeGreaterThanOrEqual(24)
  })

  it('use every id once', () => {
    expect(duplicates(resorts.map((resort) => resort.id))).toEqual([])
    expect(
      duplicates(resorts.flatMap((resort) => resort.roomTypes.map((room) => room.id))),
    ).toEqual([])
    expect(duplicates(restaurants.map((restaurant) => restaurant.id))).toEqual([])
    expect(duplicates(restaurants.map((r) => `${r.locationIdentifier}:${r.name}`))).toEqual([])
  })

  it('give each hotel a slug that is unique at its destination', () => {
    for (const identifier of ['disney-world', 'disneyland']) {
      expect(duplicates(at(identifier).map((resort) => resortSlug(resort.name)))).toEqual([])
    }
  })

  it("give every hotel Disney sells Disney's own address for it", () => {
    for (const resort of resorts.filter((r) => r.sold)) {
      expect(resort.disneySlug, resort.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    }
    // The addresses the public code calls, where the old name formula went wrong.
    const slug = new Map(resorts.map((resort) => [resort.name, resort.disneySlug]))
    expect(slug.get("Copper Creek Villas & Cabins at Disney's Wilderness Lodge")).toBe(
      'copper-creek-villas-and-cabins',
    )
    expect(slug.get("The Campsites at Disney's Fort Wilderness Resort")).toBe(
      'campsites-at-fort-wilderness-resort',
    )
    expect(slug.get("Bay Lake Tower at Disney's Contemporary Resort")).toBe(
      'bay-lake-tower-at-contemporary',
    )
    expect(slug.get("Disney's Polynesian Village Resort")).toBe('polynesian-villas-bungalows')
    expect(slug.get("Disney's Paradise Pier Hotel")).toBeNull()
  })

  it('key every room type of every hotel Disney sells the way its answers list rooms, but the one named gap', () => {
    // SOURCES.md, "Not yet matched": no public source lists these rooms; an admin maps them from
    // real answers at /admin/catalogue. The list must shrink, never hide a new gap.
    const NOT_YET_MATCHED = ["The Villas at Disney's Grand Californian Hotel & Spa"]
    const unmatched = new Set<string>()
    for (const resort of resorts.filter((r) => r.sold)) {
      for (const room of resort.roomTypes) {
        // WDW answers list a room under its code (campsites also by Disney's room id);
        // Disneyland answers only by numeric room id.
        const keyed =
          resort.locationIdentifier === 'disneyland'
            ? room.disneyRoomIds.length > 0
            : room.disneyRoomCodes.length > 0 || room.disneyRoomIds.length > 0
        if (!keyed) unmatched.add(resort.name)
      }
    }
    expect([...unmatched]).toEqual(NOT_YET_MATCHED)
  })

  it('never give one Disney key to two room types of one address, accessible twins aside', () => {
    const owners = new Map<string, string>()
    for (const resort of resorts.filter((r) => r.sold)) {
      for (const room of resort.roomTypes.filter((r) => !r.accessible)) {
        for (const key of [...room.disneyRoomCodes, ...room.disneyRoomIds]) {
          const where = `${resort.locationIdentifier}|${resort.disneySlug}|${key}`
          expect(owners.get(where), `${key} at ${resort.disneySlug}`).toBeUndefined()
          owners.set(where, room.id)
        }
      }
    }
  })

  it("carry Disney's own ids where the sources know them", () => {
    const byName = new Map(resorts.map((resort) => [resort.name, resort]))
    expect(byName.get("Disney's Grand Floridian Resort & Spa")?.disneyIdentifier).toBe('80010384')
    expect(byName.get("Disney's Grand Californian Hotel & Spa")?.disneyIdentifier).toBe('334222')
    const ids = new Map(restaurants.map((r) => [r.name, r.id]))
    expect(ids.get("Cinderella's Royal Table")).toBe('90002464')
    expect(ids.get('Blue Bayou Restaurant')).toBe('354099')
  })
})
