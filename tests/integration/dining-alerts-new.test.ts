import { describe, expect, it } from 'vitest'
import { createUser, daysFromToday } from '../../db/factories.ts'
import { action as newDining, loader as newDiningLoader } from '~/routes/dining-alerts.new'
import { action as diningPage } from '~/routes/alerts.dining'
import { ALERT_ERRORS } from '~/domain/alerts'
import { getDb } from '~/utils/db.server'
import { callRoute, formRequest, getRequest } from '../support/routes.ts'
import { restoreDiningDraft } from '../support/drafts.ts'
import { alertsOf } from '../support/rows.ts'
import { cookieFor } from '../support/session.ts'

const db = () => getDb()

const fields = (overrides: Record<string, string> = {}) => ({
  resortLocationIdentifier: 'disneyland',
  diningLocationId: '354099',
  reserveDate: daysFromToday(12),
  partySize: '4',
  specificTime: '11:00',
  flexibility: '2',
  ...overrides,
})

async function post(body: Record<string, string>, cookie?: string) {
  return callRoute(newDining, formRequest('/dining-alerts/new', body, { cookie }))
}

async function subscriberCookie() {
  const user = await createUser(db(), { planId: 'magic-hour' })
  return { user, cookie: await cookieFor(user) }
}

describe('/dining-alerts/new', () => {
  it('lists Disneyland Resort restaurants unless told otherwise', async () => {
    const data = await (await callRoute(newDiningLoader, getRequest('/dining-alerts/new'))).json()
    expect(data.location).toBe('disneyland')
    expect(data.restaurants.length).toBeGreaterThan(20)
    const world = await (
      await callRoute(newDiningLoader, getRequest('/dining-alerts/new?location=disney-world'))
    ).json()
    expect(world.location).toBe('disney-world')
  })

  it.each([
    ['2', { preferredTime: '11:00:00', timeRangeStart: '09:00:00', timeRangeEnd: '13:00:00' }],
    ['1', { preferredTime: '11:00:00', timeRangeStart: '10:00:00', timeRangeEnd: '12:00:00' }],
    ['none', { preferredTime: '11:00:00', timeRangeStart: null, timeRangeEnd: null }],
    ['morning', { preferredTime: null, timeRangeStart: '07:00:00', timeRangeEnd: '11:30:00' }],
    ['afternoon', { preferredTime: null, timeRangeStart: '11:30:00', timeRangeEnd: '16:30:00' }],
    ['evening', { preferredTime: null, timeRangeStart: '16:30:00', timeRangeEnd: '22:00:00' }],
  ])('saves flexibility %s as the dining form would', async (flexibility, times) => {
    const { user, cookie } = await subscriberCookie()
    const response = await post(fields({ flexibility }), cookie)
    expect(response.headers.get('Location')).toBe('/dashboard?newAlert=dining&success=1')
    const [row] = await alertsOf('dining', user.id)
    expect(row).toMatchObject({ ...times, partySize: 4, diningLocationId: '354099', status: 1 })
  })

  it('refuses what the dining form refuses, with its messages, and saves nothing', async () => {
    const { user, cookie } = await subscriberCookie()
    // Two days back in UTC: already the past in Disneyland's time zone at any hour of the day.
    const cases: [Record<string, string>, string, string][] = [
      [{ diningLocationId: '' }, '', 'Please select a restaurant, date, and party size.'],
      [{ reserveDate: '' }, '', 'Please select a restaurant, date, and party size.'],
      [{ partySize: '21' }, 'partySize', 'Party size must be between 1 and 20.'],
      [{ reserveDate: daysFromToday(-2) }, 'reserveDate', 'The date cannot be in the past.'],
      [{ flexibility: 'sometime' }, 'flexibility', 'Choose how flexible your time is.'],
      [{ specificTime: '25:00' }, 'specificTime', 'Choose a time.'],
    ]
    for (const [overrides, field, message] of cases) {
      const response = await post(fields(overrides), cookie)
      expect(response.status, JSON.stringify(overrides)).toBe(400)
      expect((await response.json()).result.error[field]).toEqual([message])
      // The same input on the dining form gets the same answer (flexibility aside).
      if (field !== 'flexibility' && field !== 'specificTime') {
        const { flexibility: _, ...rest } = fields(overrides)
        const form = await callRoute(
          diningPage,
          formRequest(
            '/alerts/dining',
            { ...rest, timeChoice: 'time', tolerance: '120' },
            { cookie },
          ),
        )
        expect((await form.json()).result.error[field]).toEqual([message])
      }
    }
    expect(await alertsOf('dining', user.id)).toHaveLength(0)
  })

  it('refuses a copy of a running alert in words, naming that alert, and saves nothing', async () => {
    const { user, cookie } = await subscriberCookie()
    expect((await post(fields(), cookie)).status).toBe(302)
    const [running] = await alertsOf('dining', user.id)
    const again = await post(fields(), cookie)
    expect(again.status).toBe(409)
    const body = await again.json()
    expect(body.result.error['']).toEqual([ALERT_ERRORS.DUPLICATE])
    expect(body).toMatchObject({ code: 'DUPLICATE_ALERT', alertId: running!.id })
    expect(await alertsOf('dining', user.id)).toHaveLength(1)
  })

  it('keeps a visitor’s alert as a draft, sends them to log in, and restores it on the dining form', async () => {
    const posted = await post(fields({ flexibility: 'evening' }))
    const { restored } = await restoreDiningDraft(posted, (await subscriberCookie()).cookie)
    expect(restored.draft).toMatchObject({
      diningLocationIds: ['354099'],
      mealPeriods: ['dinner'],
      partySize: 4,
    })
  })
})
