import { describe, expect, it } from 'vitest'
import { BROWSER_EVENTS } from './analytics'
import { browserEventSchema } from './analytics-events'

describe('browserEventSchema', () => {
  it('has one schema for each browser event, and none for the server events', () => {
    expect(browserEventSchema.options.map((option) => option.shape.name.value)).toEqual([
      ...BROWSER_EVENTS,
    ])
  })

  it.each([
    { name: 'page_view', path: '/' },
    { name: 'page_view', path: '/blog/disney-room-alerts' },
    { name: 'cta_click', path: '/', props: { cta: 'hero-start-free' } },
    { name: 'view_pricing_intent_pro', path: '/pricing' },
    { name: 'checkout_initiated', path: '/payment/magic-hour', props: { plan: 'magic-hour' } },
    { name: 'checkout_invalid_plan', path: '/payment/nope' },
    { name: 'conversion', path: '/complete-checkout', props: { plan: 'the-club' } },
  ])('accepts $name', (event) => {
    expect(browserEventSchema.parse(event)).toEqual(event)
  })

  it.each([
    ['an unknown name', { name: 'purchase', path: '/' }],
    ['a server event', { name: 'alert_created', path: '/dashboard' }],
    ['a missing path', { name: 'page_view' }],
    ['a path with its query', { name: 'page_view', path: '/complete-checkout?session_id=cs_1' }],
    ['a path that is a URL', { name: 'page_view', path: 'https://evil.example/' }],
    ['a path with a space', { name: 'page_view', path: '/a b' }],
    ['a path too long', { name: 'page_view', path: `/${'a'.repeat(200)}` }],
    ['an extra field', { name: 'page_view', path: '/', ip: '203.0.113.7' }],
    ['props where none are taken', { name: 'page_view', path: '/', props: {} }],
    ['missing props', { name: 'cta_click', path: '/' }],
    ['an extra prop', { name: 'cta_click', path: '/', props: { cta: 'a', phone: '+12015550123' } }],
    ['free text as a name', { name: 'cta_click', path: '/', props: { cta: 'Call me at 555' } }],
    ['a name too long', { name: 'cta_click', path: '/', props: { cta: 'a'.repeat(41) } }],
    ['a number as a plan', { name: 'conversion', path: '/', props: { plan: 7 } }],
  ])('refuses %s', (_, event) => {
    expect(browserEventSchema.safeParse(event).success).toBe(false)
  })
})
