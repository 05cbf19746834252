/**
 * A restaurant Disney no longer lists (content/catalogue/SOURCES.md, `listedByDisney: false`):
 * the seed keeps its row, unlisted, so no new alert may choose it, while an alert set before
 * keeps being checked and says so on the dashboard, on its own page and in the JSON API.
 */
import { describe, expect, it } from 'vitest'
import { createAlertRow, createUser, daysFromToday } from '../../db/factories.ts'
import { alertNotice } from '~/domain/alert-words'
import { diningAlertsAnswered } from '~/models/check.server'
import { action as diningAction, loader as diningList } from '~/routes/api.dining-alerts'
import { loader as diningLocations } from '~/routes/api.resorts.$group.dining-locations'
import { loader as dashboard } from '~/routes/dashboard'
import { loader as alertPage } from '~/routes/dashboard_.alerts.$kind.$id'
import { getDb } from '~/utils/db.server'
import { callRoute, getRequest, jsonRequest } from '../support/routes.ts'
import { cookieFor, tokenFor } from '../support/session.ts'

const db = () => getDb()
/** Mama Melrose's Ristorante Italiano: not in Disney's facilities list of 2026-05-01. */
const RETIRED = '90001865'
/** Maya Grill: in Disney's list, added from it. */
const ADDED = '90001879'

async function offered() {
  const response = await callRoute(
    diningLocations,
    getRequest('/api/resorts/disney-world/dining-locations'),
    { params: { group: 'disney-world' } },
  )
  return ((await response.json()) as { id: string }[]).map((restaurant) => restaurant.id)
}

describe('a restaurant Disney no longer lists', () => {
  it('is kept, unlisted, and offered to no one; one Disney lists now is offered', async () => {
    const row = await db()
      .selectFrom('diningLocations')
      .select(['name', 'listed'])
      .where('id', '=', RETIRED)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ name: "Mama Melrose's Ristorante Italiano", listed: false })
    const ids = await offered()
    expect(ids).not.toContain(RETIRED)
    expect(ids).toContain(ADDED)
  })

  it('cannot be chosen for a new alert', async () => {
    const user = await createUser(db(), { planId: 'magic-hour' })
    const response = await callRoute(
      diningAction,
      jsonRequest(
        '/api/dining-alerts',
        {
          resortLocationIdentifier: 'disney-world',
          diningLocationId: RETIRED,
          reserveDate: daysFromToday(20),
          partySize: 4,
          preferredTime: null,
          timeRangeStart: null,
          timeRangeEnd: null,
          status: 1,
        },
        { token: await tokenFor(user) },
      ),
    )
    expect(response.status).toBe(400)
  })

  it('keeps an alert set on it before: still checked, and saying so wherever it is shown', async () => {
    const user = await createUser(db(), { planId: 'magic-hour' })
    const alert = await createAlertRow(db(), 'dining', user.id, { diningLocationId: RETIRED })
    const listed = await createAlertRow(db(), 'dining', user.id)

    // An answer with a table there still reaches it.
    const answered = await diningAlertsAnswered(db(), [alert.questionId], [RETIRED])
    expect(answered.map((row) => row.id)).toEqual([alert.id])

    const api = (await (
      await callRoute(diningList, getRequest('/api/dining-alerts', { token: await tokenFor(user) }))
    ).json()) as { id: string; diningLocationListed: boolean }[]
    expect(api.map((row) => [row.id, row.diningLocationListed])).toEqual(
      expect.arrayContaining([
        [alert.id, false],
        [listed.id, true],
      ]),
    )

    const cookie = await cookieFor(user)
    const page = await (await callRoute(dashboard, getRequest('/dashboard', { cookie }))).json()
    const notices = new Map(
      page.alerts.map((shown: Parameters<typeof alertNotice>[0] & { id: string }) => [
        shown.id,
        alertNotice(shown),
      ]),
    )
    expect(notices.get(alert.id)).toBe(
      "Disney no longer lists Mama Melrose's Ristorante Italiano for reservations. We still check it, but a table may never open.",
    )
    expect(notices.get(listed.id)).toBeNull()

    const own = await (
      await callRoute(alertPage, getRequest(`/dashboard/alerts/dining/${alert.id}`, { cookie }), {
        params: { kind: 'dining', id: alert.id },
      })
    ).json()
    expect(alertNotice(own.alert)).toMatch(/^Disney no longer lists Mama Melrose's/)
  })

  it('lets an alert set on it be edited without choosing another restaurant, and no other onto it', async () => {
    const user = await createUser(db(), { planId: 'magic-hour' })
    const token = await tokenFor(user)
    const alert = await createAlertRow(db(), 'dining', user.id, { diningLocationId: RETIRED })
    const other = await createAlertRow(db(), 'dining', user.id)
    const put = (id: string) =>
      callRoute(
        diningAction,
        jsonRequest(
          '/api/dining-alerts',
          {
            id,
            resortLocationIdentifier: 'disney-world',
            diningLocationId: RETIRED,
            reserveDate: daysFromToday(25),
            partySize: 2,
            preferredTime: null,
            timeRangeStart: null,
            timeRangeEnd: null,
          },
          { token, method: 'PUT' },
        ),
      )
    expect((await put(alert.id)).status).toBe(200)
    const edited = await db()
      .selectFrom('diningAlerts')
      .select(['partySize', 'diningLocationId'])
      .where('id', '=', alert.id)
      .executeTakeFirstOrThrow()
    expect(edited).toEqual({ partySize: 2, diningLocationId: RETIRED })
    expect((await put(other.id)).status).toBe(400)
  })
})
