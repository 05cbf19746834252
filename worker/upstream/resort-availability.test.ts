/**
 * Contract tests of the all-resorts search: the fixture (built from the shapes other projects
 * read, tests/fixtures/disney/README.md) is served over HTTP to the real adapter, and its reading
 * is matched against the real catalogue.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readCatalogue } from '../../db/catalogue.ts'
import { disneyOverHttp } from '../../tests/support/disney-over-http.ts'
import { UpstreamFault } from './errors.ts'
import { fetchResortAvailability } from './resort-availability.ts'

const FIXTURE = 'wdw-resort-availability.assumed.2027-01-15.party2.200.json'
const fixture = () =>
  readFileSync(new URL(`../../tests/fixtures/disney/${FIXTURE}`, import.meta.url), 'utf8')

let next: { status: number; body: string; type?: string; location?: string } = {
  status: 500,
  body: '',
}
const disney = disneyOverHttp((response) => {
  response.writeHead(next.status, {
    'Content-Type': next.type ?? 'application/json',
    ...(next.location && { Location: next.location }),
  })
  response.end(next.body)
})

const { resorts } = await readCatalogue()
const wdw = resorts.filter((resort) => resort.locationIdentifier === 'disney-world')
const named = (name: string) => {
  const found = wdw.find((resort) => resort.name === name)
  if (!found) throw new Error(`no resort ${name}`)
  return found
}

const STAY = { checkInDate: '2027-01-15', checkOutDate: '2027-01-19', adults: 2, childAges: [] }
const ask = (question: Parameters<typeof fetchResortAvailability>[0] = STAY) =>
  fetchResortAvailability(question, { timeoutMs: 5000, via: disney.via, resorts: wdw })

const answering = (status: number, body: unknown) => {
  next = { status, body: typeof body === 'string' ? body : JSON.stringify(body) }
}
const fixtureWith = (change: (answer: { resorts: Record<string, unknown> }) => void) => {
  const answer = JSON.parse(fixture()) as { resorts: Record<string, unknown> }
  change(answer)
  return answer
}

describe('the all-resorts search', () => {
  it("is asked anonymously at Disney's address, with ages as objects and a personalization id", async () => {
    answering(200, fixture())
    await ask({ ...STAY, adults: 2, childAges: [5, 11], accessible: true })
    const { method, url, body } = disney.asked.at(-1)!
    expect(method).toBe('POST')
    expect(url).toBe('/disneyworld.disney.go.com/wdpr-resorts-list-api/api/v1/resort-availability')
    expect(JSON.parse(body)).toEqual({
      storeId: 'wdw',
      checkInDate: '2027-01-15',
      checkOutDate: '2027-01-19',
      partyMix: { adultCount: 2, childCount: 2, nonAdultAges: [{ age: 5 }, { age: 11 }] },
      accessible: true,
      region: 'us',
      resortGroup: 'CORE',
      affiliations: ['STD_GST'],
      marketingOfferId: 'room-only',
      personalizationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    })
  })

  it('reads the fixture exactly: each resort in display order, whether it has a room, and its "from" price', async () => {
    answering(200, fixture())
    const answer = await ask()
    expect(answer.resorts).toHaveLength(31)
    expect(answer.resorts.map((r) => r.facilityId).slice(0, 4)).toEqual([
      '80010402',
      '80010400',
      '80010401',
      '80010403',
    ])
    const open = answer.resorts
      .filter((reading) => reading.available)
      .map((reading) => `${reading.facilityId} ${reading.fromPrice}`)
    expect(open).toEqual([
      '80010402 158',
      '80010401 162',
      '80010403 189',
      '80010399 246',
      '80010396 262',
      '80010397 271',
      '80010392 121',
      '80010395 512',
      '80010386 598',
      '80010385 655',
      '80010394 600',
      '80010390 611',
      '5 704',
      '80010391 688',
      '80010393 600',
      '18390992 596',
      '80010387 562',
      '17797842 968',
    ])
    // A sold-out resort gives its reason; one with no offer and no reason is sold out too.
    expect(answer.resorts.find((r) => r.facilityId === '80010384')).toEqual({
      facilityId: '80010384',
      resortIds: [named("Disney's Grand Floridian Resort & Spa").id],
      available: false,
      fromPrice: null,
      reasons: ['UNAVAILABLEROOMS'],
    })
    expect(answer.resorts.find((r) => r.facilityId === '411930769')).toMatchObject({
      available: false,
      reasons: [],
    })
  })

  it('maps each listed id to its catalogue resort and reports the ids the catalogue does not know', async () => {
    answering(200, fixture())
    const answer = await ask()
    // Jambo House (5) is one of Disney's resorts, not one of ours: drift, not a crash.
    expect(answer.unknownFacilityIds).toEqual(['5'])
    expect(answer.resorts.find((r) => r.facilityId === '18390992')?.resortIds).toEqual([
      named("Copper Creek Villas & Cabins at Disney's Wilderness Lodge").id,
    ])
    // The Treehouse Villas have no Disney id: the answer says nothing of them.
    expect(answer.unlistedResortIds).toEqual([
      named("Treehouse Villas at Disney's Saratoga Springs Resort & Spa").id,
    ])
  })

  it('names the addresses worth a room-level call: one resort open there, or one the answer does not list', async () => {
    answering(200, fixture())
    const answer = await ask()
    const skipped = [...new Set(wdw.map((r) => r.disneySlug!))].filter(
      (slug) => !answer.addressesToAsk.includes(slug),
    )
    expect(skipped.sort()).toEqual([
      'all-star-music-resort',
      'art-of-animation-resort',
      'bay-lake-tower-at-contemporary',
      'beach-club-resort',
      'beach-club-villas',
      'dvc-cabins-at-fort-wilderness-resort',
      'grand-floridian-resort-and-spa',
      'port-orleans-resort-french-quarter',
      'riviera-resort',
      'villas-at-grand-floridian-resort-and-spa',
    ])
    // Kidani is sold out but the Lodge at its address is not; the Polynesian Village is sold
    // out but its villas are not; Saratoga Springs is sold out, its Treehouse Villas unknown.
    expect(answer.addressesToAsk).toEqual(
      expect.arrayContaining([
        'animal-kingdom-lodge',
        'polynesian-villas-bungalows',
        'saratoga-springs-resort-and-spa',
      ]),
    )
  })

  it('reads an offer under any bucket name, and the cheapest of several', async () => {
    answering(
      200,
      fixtureWith(({ resorts }) => {
        resorts['80010384'] = {
          offers: {
            best: { displayPrice: { basePrice: { subtotal: 720 } } },
            specialOffer: { displayPrice: { basePrice: { subtotal: 640.5 } } },
          },
        }
      }),
    )
    const answer = await ask()
    expect(answer.resorts.find((r) => r.facilityId === '80010384')).toMatchObject({
      available: true,
      fromPrice: 640.5,
    })
    expect(answer.addressesToAsk).toContain('grand-floridian-resort-and-spa')
  })

  it('reports an answer of resorts all unknown to the catalogue, and asks every address', async () => {
    answering(200, { resorts: { '80069789': { displaySequence: 1 }, '80069788': {} } })
    const answer = await ask()
    expect(answer.unknownFacilityIds).toEqual(['80069789', '80069788'])
    expect(answer.unlistedResortIds).toHaveLength(wdw.length)
    expect(answer.addressesToAsk).toHaveLength(new Set(wdw.map((r) => r.disneySlug)).size)
  })
})

describe('faults, never "nothing open"', () => {
  it.each<[string, unknown]>([
    ['no resorts map', { errors: [{ message: 'Bad Request' }] }],
    ['an empty resorts map', { resorts: {} }],
    [
      'a price as a string',
      fixtureWith(({ resorts }) => {
        resorts['80010403'] = {
          offers: { annual: { displayPrice: { basePrice: { subtotal: '189.00' } } } },
        }
      }),
    ],
    [
      'an offer without a price',
      fixtureWith(({ resorts }) => {
        resorts['80010403'] = { offers: { annual: { resortPackageName: 'Room Only' } } }
      }),
    ],
    [
      'a key with its entity type',
      fixtureWith(({ resorts }) => {
        resorts['80010403;entityType=resort'] = resorts['80010403']
      }),
    ],
    [
      'reasons as plain strings',
      fixtureWith(({ resorts }) => {
        resorts['80010400'] = { reasonsUnavailable: ['UNAVAILABLEROOMS'] }
      }),
    ],
    ['null', null],
  ])('takes %s for a shape fault', async (_, body) => {
    answering(200, body === null ? '' : body)
    const error = await ask().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UpstreamFault)
    expect(error).toMatchObject({ family: 'wdw-all-resorts', reason: 'shape' })
  })

  it.each([400, 403, 404, 406, 500, 503])('takes HTTP %i for an http fault', async (status) => {
    // Disney's 500 for bare-number ages and 400 for missing ones (parkfi) are ours to fix.
    answering(status, { errors: [{ message: 'JSON parse error' }] })
    await expect(ask()).rejects.toMatchObject({
      family: 'wdw-all-resorts',
      reason: 'http',
      message: `wdw-all-resorts: answered ${status}`,
    })
  })

  it("takes Akamai's 428 for a bot challenge", async () => {
    answering(428, { 'sec-cp-challenge': 'true', provider: 'crypto', chlg_duration: 30 })
    await expect(ask()).rejects.toMatchObject({ family: 'wdw-all-resorts', reason: 'challenge' })
  })

  it('takes a page where JSON was asked for, or a redirect, for a fault', async () => {
    next = { status: 200, type: 'text/html', body: '<!DOCTYPE html><html></html>' }
    await expect(ask()).rejects.toMatchObject({ family: 'wdw-all-resorts', reason: 'shape' })
    next = { status: 302, body: '', location: 'https://www.disneyworld.eu/' }
    await expect(ask()).rejects.toMatchObject({ family: 'wdw-all-resorts', reason: 'auth' })
  })
})
