import { describe, expect, it } from 'vitest'
import {
  articleCount,
  formatArticleDate,
  isBlogListPath,
  readingMinutes,
  socialImage,
  tagSlug,
  tagTitle,
} from './blog'

const words = (count: number) => Array.from({ length: count }, () => 'word').join(' ')

describe('readingMinutes (catalogue §9: (words in description + 120) / 230, rounded, at least 2)', () => {
  it.each([
    [0, 2],
    [25, 2],
    [454, 2], // 574 / 230 = 2.496
    [455, 3], // 575 / 230 = 2.5 → 3
    [570, 3],
    [685, 4], // 805 / 230 = 3.5 → 4
    [1000, 5], // 1120 / 230 = 4.87 → 5
  ])('%i words → %i minutes', (count, minutes) => {
    expect(readingMinutes(words(count))).toBe(minutes)
  })

  it('counts words, not spaces', () => {
    expect(readingMinutes(`  ${words(455).replace(/ /g, ' \n\t ')}  `)).toBe(3)
  })
})

describe('tagSlug (catalogue §9: lower-case, every non-alphanumeric a hyphen)', () => {
  it.each([
    ['Dining Alerts', 'dining-alerts'],
    ['reservations', 'reservations'],
    ['Disney Hotel Alerts', 'disney-hotel-alerts'],
    ['Walt Disney World®', 'walt-disney-world-'],
    ['a & b', 'a---b'],
    ['Café', 'caf-'],
  ])('%j → %j', (tag, slug) => {
    expect(tagSlug(tag)).toBe(slug)
  })

  it('is idempotent', () => {
    for (const tag of ['Dining Alerts', 'a & b', 'Café']) {
      expect(tagSlug(tagSlug(tag))).toBe(tagSlug(tag))
    }
  })
})

describe('tag headings and counts', () => {
  it('title-cases a tag slug', () => {
    expect(tagTitle('dining-alerts')).toBe('Dining Alerts')
    expect(tagTitle('disney-hotel-alerts')).toBe('Disney Hotel Alerts')
    expect(tagTitle('reservations')).toBe('Reservations')
  })

  it("counts in the catalogue's words", () => {
    expect(articleCount(1, 'Reservations')).toBe('1 article(s) about Reservations')
    expect(articleCount(7, 'Dining Alerts')).toBe('7 article(s) about Dining Alerts')
  })
})

describe('socialImage', () => {
  it("is the PNG rendering of the article's SVG, or none (the page's default then)", () => {
    expect(socialImage('/images/blog/disney-room-alerts.svg')).toBe(
      '/images/blog/disney-room-alerts.png',
    )
    expect(socialImage(undefined)).toBeUndefined()
  })
})

describe('isBlogListPath', () => {
  it.each([
    ['/blog', true],
    ['/blog/tags/reservations', true],
    ['/blog/disney-room-alerts', false],
    ['/blogger', false],
    ['/', false],
  ])('%s → %s', (pathname, expected) => {
    expect(isBlogListPath(pathname)).toBe(expected)
  })
})

describe('formatArticleDate', () => {
  it('writes the date in full, whatever the time zone', () => {
    expect(formatArticleDate('2026-11-02')).toBe('November 2, 2026')
    expect(formatArticleDate('2026-01-31')).toBe('January 31, 2026')
  })
})
