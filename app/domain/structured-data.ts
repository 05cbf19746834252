/**
 * schema.org objects for JSON-LD (written by pageMeta), each with the properties schema.org
 * and search engines require of its type. Addresses are absolute, on the site's origin.
 */
const CONTEXT = 'https://schema.org'

export interface Crumb {
  name: string
  path: string
}

export interface QuestionAndAnswer {
  question: string
  answer: string
}

export function breadcrumbList(origin: string, crumbs: readonly Crumb[]) {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: `${origin}${crumb.path}`,
    })),
  }
}

export function faqPage(questions: readonly QuestionAndAnswer[]) {
  return {
    '@context': CONTEXT,
    '@type': 'FAQPage',
    mainEntity: questions.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  }
}

export function itemList(name: string, items: readonly string[]) {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    name,
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item,
    })),
  }
}

/** Where each destination's hotels are, as far as an address says without a street. */
const DESTINATION_ADDRESS = {
  'disney-world': { addressRegion: 'FL', addressCountry: 'US' },
  disneyland: { addressLocality: 'Anaheim', addressRegion: 'CA', addressCountry: 'US' },
} as const

export function hotelPlace(hotel: {
  name: string
  description: string
  url: string
  image: string
  locationIdentifier: keyof typeof DESTINATION_ADDRESS
  destination: string
}) {
  return {
    '@context': CONTEXT,
    '@type': 'Hotel',
    name: hotel.name,
    description: hotel.description,
    url: hotel.url,
    image: hotel.image,
    address: { '@type': 'PostalAddress', ...DESTINATION_ADDRESS[hotel.locationIdentifier] },
    containedInPlace: { '@type': 'TouristDestination', name: hotel.destination },
  }
}
