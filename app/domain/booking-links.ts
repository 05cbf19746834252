/** Where a person books what we found: Disney's own pages, the links in our texts and pages. */

export const DESTINATION_HOSTS = {
  'disney-world': 'https://disneyworld.disney.go.com',
  disneyland: 'https://disneyland.disney.go.com',
} as const

export type BookingDestination = keyof typeof DESTINATION_HOSTS

/**
 * The page where a person books the resort: its rooms and rates.
 *
 * Verified: the paths, WDW `/resorts/{slug}/rates-rooms/` (upstream-disney.md §1.E, the page of
 * the room-level answer; the Fort Wilderness monitor's booking link) and Disneyland
 * `/hotels/{slug}/rates-rooms/` (§1.F, the Grand Californian watcher's Referer).
 *
 * The link carries no stay. Disney's page reads the stay from its `roomForm_jar` cookie
 * (`checkInDate`, `checkOutDate`, `numberOfAdults`, `numberOfChildren`, `kid1`… ages), seen in a
 * captured 2014 request, a 2014 load test of Disney's staging site and room-level clients to this day,
 * and a link cannot set a cookie on Disney's site. One public script (code only, never shown
 * working, WDW only) appends `?checkIn=&checkOut=&adults=`; no source shows Disney reading those
 * or names a parameter for children's ages, so none is sent. The opening's text says the stay.
 */
export function hotelBookingUrl(destination: BookingDestination, slug: string) {
  return destination === 'disneyland'
    ? `${DESTINATION_HOSTS.disneyland}/hotels/${slug}/rates-rooms/`
    : `${DESTINATION_HOSTS['disney-world']}/resorts/${slug}/rates-rooms/`
}

/**
 * Disney's dining search for the party and date. The page is Disney's (upstream-disney.md §1.C);
 * its `partySize` and `date` parameters are assumed: no source shows them.
 */
export function diningBookingUrl(destination: BookingDestination, partySize: number, date: string) {
  return `${DESTINATION_HOSTS[destination]}/dine-res/availability/?partySize=${partySize}&date=${date}`
}
