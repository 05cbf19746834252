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

  it("carry Disney's own ids where the sources know them", () => {
    const byName = new Map(resorts.map((resort) => [resort.name, resort]))
    expect(byName.get("Disney's Grand Floridian Resort & Spa")?.disneyIdentifier).toBe('80010384')
    expect(byName.get("Disney's Grand Californian Hotel & Spa")?.disneyIdentifier).toBe('334222')
    const ids = new Map(restaurants.map((r) => [r.name, r.id]))
    expect(ids.get("Cinderella's Royal Table")).toBe('90002464')
    expect(ids.get('Blue Bayou Restaurant')).toBe('354099')
  })
})
