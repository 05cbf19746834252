import { DESTINATIONS, type DestinationId } from '~/domain/destinations'
import { hotelPagePath } from '~/domain/hotel-page'
import { faqPage, type QuestionAndAnswer } from '~/domain/structured-data'

/*
 * What the hotel form shows below itself: example alerts, hotel pages by destination and its
 * questions. Words, not code: they come with the page's data rather than in its JavaScript, which
 * has a budget (issue 12).
 */

/** Hotels shown per destination below the form (catalogue §9). */
const EXAMPLES_PER_LOCATION = 8

const ALERT_EXAMPLES = [
  {
    hotel: "Disney's Art of Animation Resort",
    text: 'A family of six watches the Family Suites, which sleep six, for a spring break week and takes the first suite that opens.',
  },
  {
    hotel: "Disney's Grand Californian Hotel & Spa",
    text: 'A couple wants a theme park view for three nights and also selects the woods and pool views as fallbacks.',
  },
  {
    hotel: "Bay Lake Tower at Disney's Contemporary Resort",
    text: 'A family of four watches every studio type for a long weekend, since cash openings at villa resorts come and go with members’ plans.',
  },
] as const

const HOTEL_FORM_FAQ: readonly QuestionAndAnswer[] = [
  {
    question: 'Do I need an account to set an alert?',
    answer:
      'You can fill in the form first. When you start the alert we ask for your phone number, text you a code, and set the alert up once you are in. The free plan needs no credit card.',
  },
  {
    question: 'Which room types should I choose?',
    answer:
      'Every type you would book. Each view and room size is a separate room type on Disney’s site with its own availability, so choosing more gives you more chances.',
  },
  {
    question: 'What happens when a room opens?',
    answer:
      'We text you with the resort, dates and room type. Book it directly with Disney straight away. The alert keeps watching for the next opening, unless you chose to stop it after the first text: then it is marked found, and you can restart it from your dashboard.',
  },
]

interface ResortChoice {
  name: string
  locationIdentifier: DestinationId
}

/** The guide below the hotel form, for the resorts the form offers. */
export function hotelFormGuide(resorts: readonly ResortChoice[]) {
  const link = (resort: ResortChoice) => ({
    name: resort.name,
    path: hotelPagePath(resort.locationIdentifier, resort.name),
  })
  return {
    examples: ALERT_EXAMPLES.flatMap((example) => {
      const resort = resorts.find((item) => item.name === example.hotel)
      return resort ? [{ ...link(resort), detail: example.text }] : []
    }),
    destinations: DESTINATIONS.map((destination) => ({
      title: `${destination.display} hotels`,
      hotels: resorts
        .filter((resort) => resort.locationIdentifier === destination.identifier)
        .slice(0, EXAMPLES_PER_LOCATION)
        .map(link),
    })),
    faq: HOTEL_FORM_FAQ,
  }
}
export type HotelFormGuideData = ReturnType<typeof hotelFormGuide>

/**
 * The questions as schema.org data for the page's meta, made here: the builders stay out of the
 * page's JavaScript too.
 */
export const HOTEL_FORM_FAQ_PAGE = faqPage(HOTEL_FORM_FAQ)
