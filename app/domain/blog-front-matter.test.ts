import { describe, expect, it } from 'vitest'
import { articleFrontMatter } from './blog-front-matter'

const valid = {
  slug: 'disney-room-alerts',
  title: 'Disney room alerts: how to set one',
  description:
    'A step-by-step guide to a Disney hotel room alert: dates, party, room types and how fast to hear.',
  date: '2026-10-12',
  updated: '2026-10-14',
  image: '/images/blog/disney-room-alerts.svg',
  tags: ['disney-hotel-alerts', 'reservations'],
}

describe('articleFrontMatter', () => {
  it('accepts a complete article, and one without author and image', () => {
    expect(articleFrontMatter.parse(valid)).toEqual(valid)
    const { image: _image, ...bare } = valid
    expect(articleFrontMatter.parse(bare)).toEqual(bare)
    expect(articleFrontMatter.parse({ ...valid, author: 'Sam' }).author).toBe('Sam')
  })

  it.each([
    ['a slug with capitals', { slug: 'Disney-Room-Alerts' }],
    ['a missing title', { title: undefined }],
    ['a short description', { description: 'Too short.' }],
    ['a date YAML read as a Date', { date: new Date('2026-10-12') }],
    ['a date in another format', { date: '12/10/2026' }],
    ['an impossible date', { date: '2026-02-31' }],
    ['an update before the date', { updated: '2026-10-01' }],
    ['an image that is not our SVG', { image: 'https://example.com/a.png' }],
    ['no tags', { tags: [] }],
    ['a tag that is not a slug', { tags: ['Dining Alerts'] }],
    ['a tag twice', { tags: ['reservations', 'reservations'] }],
    ['an unknown field', { summary: 'extra' }],
    ['an empty author', { author: ' ' }],
  ])('refuses %s', (_case, change) => {
    expect(articleFrontMatter.safeParse({ ...valid, ...change }).success).toBe(false)
  })
})
