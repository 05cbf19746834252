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

/**
 * A hotel's public opening statistics (app/domain/opening-stats.ts) as a Dataset: what it
 * measured, each figure a PropertyValue. Only for figures above the minimum the page shows.
 */
export function openingStatsDataset(stats: {
  hotel: string
  url: string
  from: string
  to: string
  openings: number
  categories: readonly { name: string; openings: number; medianMinutes: number | null }[]
  busiest: string
  timeZone: string
}) {
  const count = (name: string, value: number) => ({
    '@type': 'PropertyValue',
    name,
    value,
    unitText: 'openings',
  })
  return {
    '@context': CONTEXT,
    '@type': 'Dataset',
    name: `Room openings seen at ${stats.hotel}, ${stats.from} to ${stats.to}`,
    description: `Sold-out rooms that opened up again at ${stats.hotel} as our alerts saw them: how many by room category, how long they typically stayed open, and the hours of the day (${stats.timeZone}) they appeared. It covers the rooms and stays our alerts watch, not all of Disney's availability.`,
    url: stats.url,
    isAccessibleForFree: true,
    temporalCoverage: `${stats.from}/${stats.to}`,
    spatialCoverage: { '@type': 'Place', name: stats.hotel },
    variableMeasured: [
      count('Openings seen', stats.openings),
      ...stats.categories.flatMap((category) => [
        count(`Openings seen: ${category.name}`, category.openings),
        ...(category.medianMinutes === null
          ? []
          : [
              {
                '@type': 'PropertyValue',
                name: `Median time open: ${category.name}`,
                value: category.medianMinutes,
                unitCode: 'MIN',
                unitText: 'minutes',
              },
            ]),
      ]),
      {
        '@type': 'PropertyValue',
        name: 'Busiest hours',
        value: `${stats.busiest} (${stats.timeZone})`,
      },
    ],
  }
}
