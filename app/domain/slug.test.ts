import { describe, expect, it } from 'vitest'
import { resortSlug } from './slug'

describe('resortSlug', () => {
  it.each([
    ["Disney's Grand Floridian Resort & Spa", 'disney-s-grand-floridian-resort-and-spa'],
    ['Disneyland Hotel', 'disneyland-hotel'],
    [
      "Disney's Animal Kingdom Villas - Kidani Village",
      'disney-s-animal-kingdom-villas-kidani-village',
    ],
    [
      "Copper Creek Villas & Cabins at Disney's Wilderness Lodge",
      'copper-creek-villas-and-cabins-at-disney-s-wilderness-lodge',
    ],
    ['  Pixar Place Hotel!  ', 'pixar-place-hotel'],
  ])('%s → %s', (name, slug) => {
    expect(resortSlug(name)).toBe(slug)
  })
})
