import { describe, expect, it } from 'vitest'
import { resortChoicesFrom, restaurantChoicesFrom } from './catalogue-choices'

describe('resortChoicesFrom', () => {
  it('keeps the sold resorts of GET /api/resorts, in its order, as the picker lists them', () => {
    const choices = resortChoicesFrom([
      {
        id: 'r1',
        name: "Disney's Pop Century Resort",
        area: 'ESPN Wide World of Sports Resort Area',
        sold: true,
        resortLocation: { identifier: 'disney-world' },
      },
      {
        id: 'r2',
        name: 'A hotel Disney no longer sells',
        area: 'Epcot Resort Area',
        sold: false,
        resortLocation: { identifier: 'disney-world' },
      },
      {
        id: 'r3',
        name: 'Disneyland Hotel',
        area: 'Disneyland Resort',
        sold: true,
        resortLocation: { identifier: 'disneyland' },
      },
    ])
    expect(choices).toEqual([
      {
        id: 'r1',
        name: "Disney's Pop Century Resort",
        detail: 'Walt Disney World · ESPN Wide World of Sports Resort Area',
        locationIdentifier: 'disney-world',
      },
      {
        id: 'r3',
        name: 'Disneyland Hotel',
        detail: 'Disneyland Resort · Disneyland Resort',
        locationIdentifier: 'disneyland',
      },
    ])
  })
})

describe('restaurantChoicesFrom', () => {
  const world = [
    {
      id: 'w1',
      name: 'Chef Mickey’s',
      area: 'Contemporary',
      resortLocationIdentifier: 'disney-world',
    },
    {
      id: 'w2',
      name: 'Be Our Guest',
      area: 'Magic Kingdom',
      resortLocationIdentifier: 'disney-world',
    },
  ] as const
  const land = [
    {
      id: 'l1',
      name: 'Blue Bayou',
      area: 'Disneyland Park',
      resortLocationIdentifier: 'disneyland',
    },
  ] as const

  it('merges both destinations by name', () => {
    expect(restaurantChoicesFrom([world, land]).map((choice) => choice.name)).toEqual([
      'Be Our Guest',
      'Blue Bayou',
      'Chef Mickey’s',
    ])
    expect(restaurantChoicesFrom([world, land])[1]).toEqual({
      id: 'l1',
      name: 'Blue Bayou',
      detail: 'Disneyland Resort · Disneyland Park',
      locationIdentifier: 'disneyland',
    })
  })

  it('counts a destination whose call failed as none', () => {
    expect(restaurantChoicesFrom([undefined, land]).map((choice) => choice.id)).toEqual(['l1'])
    expect(restaurantChoicesFrom([undefined, undefined])).toEqual([])
  })
})
