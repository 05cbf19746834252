/** Where a person books what we found: Disney's own pages, the links in our texts and pages. */

export const DESTINATION_HOSTS = {
  'disney-world': 'https://disneyworld.disney.go.com',
  disneyland: 'https://disneyland.disney.go.com',
} as const

export type BookingDestination = keyof typeof DESTINATION_HOSTS

/** The page where a person books the resort. */
export function hotelBookingUrl(destination: BookingDestination, slug: string) {
  return destination === 'disneyland'
    ? `${DESTINATION_HOSTS.disneyland}/hotels/${slug}/rates-rooms/`
    : `${DESTINATION_HOSTS['disney-world']}/resorts/${slug}/rates-rooms/`
}

/** Disney's dining search for the party and date. */
export function diningBookingUrl(destination: BookingDestination, partySize: number, date: string) {
  return `${DESTINATION_HOSTS[destination]}/dine-res/availability/?partySize=${partySize}&date=${date}`
}
