import { describe, expect, it } from 'vitest'
import { diningBookingUrl, hotelBookingUrl } from './booking-links.ts'

describe('hotelBookingUrl', () => {
  it("links Walt Disney World's rooms-and-rates page of the resort", () => {
    expect(hotelBookingUrl('disney-world', 'pop-century-resort')).toBe(
      'https://disneyworld.disney.go.com/resorts/pop-century-resort/rates-rooms/',
    )
  })

  it("links Disneyland's, under /hotels/", () => {
    expect(hotelBookingUrl('disneyland', 'grand-californian-hotel')).toBe(
      'https://disneyland.disney.go.com/hotels/grand-californian-hotel/rates-rooms/',
    )
  })

  it('carries no stay: Disney takes it from a cookie, which no link sets', () => {
    for (const destination of ['disney-world', 'disneyland'] as const) {
      expect(new URL(hotelBookingUrl(destination, 'disneyland-hotel')).search).toBe('')
    }
  })
})

describe('diningBookingUrl', () => {
  it("links the destination's dining search for the party and date", () => {
    expect(diningBookingUrl('disney-world', 4, '2027-01-15')).toBe(
      'https://disneyworld.disney.go.com/dine-res/availability/?partySize=4&date=2027-01-15',
    )
    expect(diningBookingUrl('disneyland', 2, '2027-01-16')).toBe(
      'https://disneyland.disney.go.com/dine-res/availability/?partySize=2&date=2027-01-16',
    )
  })
})
