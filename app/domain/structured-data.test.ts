import { describe, expect, it } from 'vitest'
import { openingStatsDataset } from './structured-data'

describe('openingStatsDataset', () => {
  const stats = {
    hotel: "Disney's Contemporary Resort",
    url: 'https://alerts.example/alerts/disney-world/disney-s-contemporary-resort#opening-stats',
    from: '2026-10-27',
    to: '2026-11-26',
    openings: 43,
    categories: [
      { name: 'Rooms', openings: 31, medianMinutes: 12 },
      { name: 'Suites', openings: 12, medianMinutes: null },
    ],
    busiest: '6 a.m. to 8 a.m.',
    timeZone: 'Eastern Time',
  }

  it('describes the figures as a Dataset of PropertyValues over its period', () => {
    const dataset = openingStatsDataset(stats)
    expect(dataset).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Dataset',
      name: "Room openings seen at Disney's Contemporary Resort, 2026-10-27 to 2026-11-26",
      url: stats.url,
      isAccessibleForFree: true,
      temporalCoverage: '2026-10-27/2026-11-26',
      spatialCoverage: { '@type': 'Place', name: "Disney's Contemporary Resort" },
    })
    // Search engines ask a Dataset for a description of 50 to 5,000 characters.
    expect(dataset.description.length).toBeGreaterThanOrEqual(50)
    expect(dataset.description.length).toBeLessThanOrEqual(5000)
    expect(dataset.description).toContain('Eastern Time')
    expect(dataset.variableMeasured).toEqual([
      { '@type': 'PropertyValue', name: 'Openings seen', value: 43, unitText: 'openings' },
      { '@type': 'PropertyValue', name: 'Openings seen: Rooms', value: 31, unitText: 'openings' },
      {
        '@type': 'PropertyValue',
        name: 'Median time open: Rooms',
        value: 12,
        unitCode: 'MIN',
        unitText: 'minutes',
      },
      // Too few Suites have closed to give a median: none is claimed.
      { '@type': 'PropertyValue', name: 'Openings seen: Suites', value: 12, unitText: 'openings' },
      {
        '@type': 'PropertyValue',
        name: 'Busiest hours',
        value: '6 a.m. to 8 a.m. (Eastern Time)',
      },
    ])
  })

  it('is plain JSON', () => {
    const dataset = openingStatsDataset(stats)
    expect(JSON.parse(JSON.stringify(dataset))).toEqual(dataset)
  })
})
