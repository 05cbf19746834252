import { matchRequestUrl } from 'msw'
import { describe, expect, it } from 'vitest'
import { disneyEndpoints } from './disney.ts'
import { routerFor, type Endpoint } from './endpoints.ts'
import { twilioEndpoints } from './twilio.ts'

const endpoints = [
  ...disneyEndpoints(),
  ...twilioEndpoints('/nonexistent/outbox.jsonl', { print: false, authToken: 'token' }),
]

/** Which endpoint answered, and with what parameters: each answer echoes both. */
function echoing(list: Endpoint[]) {
  return routerFor(
    list.map((endpoint, index) => ({
      ...endpoint,
      answer: ({ params }) => Response.json({ index, params }),
    })),
  )
}

const ACCOUNT = 'AC0123456789abcdef0123456789abcdef'
const CALLS: [method: 'GET' | 'POST', url: string][] = [
  [
    'GET',
    'https://disneyworld.disney.go.com/dine-res/api/availability/4/2026-12-03,2026-12-04/00:00:00,23:59:59',
  ],
  ['GET', 'https://disneyland.disney.go.com/dine-res/api/availability/2/2026-12-03/07%3A00%3A00'],
  [
    'POST',
    'https://disneyworld.disney.go.com/wdw-resorts-details-api/api/v1/resort/80010390/availability-and-prices',
  ],
  [
    'POST',
    'https://disneyland.disney.go.com/dlr-resort-details-api/api/v1/availability-and-prices/grand-californian?x=1',
  ],
  ['POST', 'https://disneyworld.disney.go.com/wdpr-resorts-list-api/api/v1/resort-availability'],
  ['GET', `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT}/Messages.json?PageSize=20`],
  [
    'GET',
    `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT}/Messages/SM0123456789abcdef0123456789abcdef.json`,
  ],
  ['POST', `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT}/Messages.json`],
]

describe('routerFor', () => {
  it.each(CALLS)('matches %s %s as msw does', async (method, url) => {
    const expected = endpoints.findIndex(
      (endpoint) =>
        endpoint.method === method && matchRequestUrl(new URL(url), endpoint.path).matches,
    )
    expect(expected).toBeGreaterThanOrEqual(0)
    const response = await echoing(endpoints)(new Request(url, { method }))
    expect(await response?.json()).toEqual({
      index: expected,
      params: matchRequestUrl(new URL(url), endpoints[expected]!.path).params,
    })
  })

  it('answers nothing for another method, host or path', () => {
    const route = echoing(endpoints)
    for (const [method, url] of [
      ['DELETE', `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT}/Messages.json`],
      [
        'POST',
        'https://example.com/wdw-resorts-details-api/api/v1/resort/x/availability-and-prices',
      ],
      ['GET', `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT}/Calls.json`],
      ['GET', 'https://disneyworld.disney.go.com/dine-res/api/availability/4/2026-12-03'],
    ] as const) {
      expect(route(new Request(url, { method }))).toBeNull()
      expect(
        endpoints.some(
          (endpoint) =>
            endpoint.method === method && matchRequestUrl(new URL(url), endpoint.path).matches,
        ),
      ).toBe(false)
    }
  })
})
