import type { DestinationId } from './destinations'
import { resortSlug } from './slug'
import type { QuestionAndAnswer } from './structured-data'

/** Room types on a hotel page: listed, in structured data, in description and keywords (§9). */
export const HOTEL_PAGE_ROOMS = { listed: 40, structured: 20, keywords: 6 } as const

/** Disneyland's Paradise Pier Hotel was reimagined as Pixar Place Hotel (catalogue §2). */
export const PARADISE_PIER = "Disney's Paradise Pier Hotel"
export const PIXAR_PLACE = 'Pixar Place Hotel'

export function hotelPagePath(locationIdentifier: DestinationId, name: string): string {
  return `/alerts/${locationIdentifier}/${resortSlug(name)}`
}

/** "Start alert for {hotel}": the hotel form with the resort picked (catalogue §2). */
export function startAlertPath(resort: {
  id: string
  name: string
  disneyIdentifier: string | null
  locationIdentifier: DestinationId
}): string {
  const query = new URLSearchParams({
    hotel: resort.name,
    hotelId: resort.id,
    disneyId: resort.disneyIdentifier ?? '',
    location: resort.locationIdentifier,
  })
  return `/alerts/hotels?${query}`
}

/** The page's mini-FAQ: how often rooms open, and what to do on an alert. */
export function hotelFaq(hotel: string): QuestionAndAnswer[] {
  return [
    {
      question: `How often do rooms open up at ${hotel}?`,
      answer: `There is no schedule. Rooms come back when other guests cancel or shorten a stay, when unpaid reservations are released at their payment deadline, and when Disney changes what it offers. An opening can last hours or be rebooked within minutes, so the plans that check most often give you the best chance.`,
    },
    {
      question: 'What should I do when I get an alert?',
      answer: `Book with Disney straight away, on its website or app or by phone: we never hold or book rooms. Check that the dates, party size and room type match what you need before you pay, because Disney's answer can change by the minute.`,
    },
  ]
}

/** Used when a hotel has no text of its own in content/hotels/about-alerts.json. */
export function genericAbout(hotel: string): string {
  return `Pick your dates, your party and the room types you would accept at ${hotel}, and we check Disney's availability for that stay through the day. When a matching room opens we text you, and you book it directly with Disney.`
}
