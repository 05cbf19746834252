/**
 * The dashboard through an account's life: a lapsed subscriber reads, pauses and deletes but
 * cannot start; a number that replied STOP is told texts are off, and its alerts are not checked.
 */
import { describe, expect, it } from 'vitest'
import { createAlertRow, createUser } from '../../db/factories.ts'
import { ALERT_ERRORS } from '~/domain/alerts'
import { formatPhoneNumber } from '~/domain/phone'
import { getEnv } from '~/env.server'
import { optIn, optOut } from '~/models/outbox.server'
import { action as dashboardAction, loader as dashboard } from '~/routes/dashboard'
import { loader as settingsPage } from '~/routes/settings'
import { alertRow, alertsOf } from '../support/rows.ts'
import { callRoute, formRequest, getRequest } from '../support/routes.ts'
import { cookieFor } from '../support/session.ts'
import { checkJobsFor, db, queues, tick } from '../support/worker-harness.ts'

async function dashboardData(cookie: string, path = '/dashboard') {
  const response = await callRoute(dashboard, getRequest(path, { cookie }))
  return { response, data: response.status === 200 ? await response.json() : null }
}

describe('a lapsed subscriber', () => {
  it('sees every alert under "No active subscription", pauses and deletes, and cannot start', async () => {
    const user = await createUser(db, { planId: null })
    const running = await createAlertRow(db, 'dining', user.id)
    const stopped = await createAlertRow(db, 'hotel', user.id, { status: 0 })
    const gone = await createAlertRow(db, 'dining', user.id, { status: 0 })
    const cookie = await cookieFor(user)

    const { response, data } = await dashboardData(cookie)
    expect(response.status).toBe(200)
    expect(data.plan).toBeNull()
    expect(data.alerts.map((alert: { id: string }) => alert.id).sort()).toEqual(
      [running.id, stopped.id, gone.id].sort(),
    )

    const post = (fields: Record<string, string>) =>
      callRoute(dashboardAction, formRequest('/dashboard', fields, { cookie }))
    const start = await post({ kind: 'hotel', id: stopped.id, intent: 'toggle', status: '0' })
    expect(start.status).toBe(400)
    expect(await start.json()).toEqual({ error: ALERT_ERRORS.NO_PLAN, id: stopped.id })
    expect((await alertRow('hotel', stopped.id)).status).toBe(0)

    const pause = await post({ kind: 'dining', id: running.id, intent: 'toggle', status: '1' })
    expect(pause.status).toBe(302)
    expect((await alertRow('dining', running.id)).status).toBe(0)
    expect((await post({ kind: 'dining', id: gone.id, intent: 'delete' })).status).toBe(302)
    expect((await alertsOf('dining', user.id)).map((alert) => alert.id)).toEqual([running.id])
  })

  it('is sent to choose a plan when new, or when arriving to create an alert', async () => {
    const newcomer = await createUser(db, { planId: null })
    const { response } = await dashboardData(await cookieFor(newcomer))
    expect(response.headers.get('Location')).toBe('/pricing')

    const lapsed = await createUser(db, { planId: null })
    await createAlertRow(db, 'dining', lapsed.id, { status: 0 })
    const arriving = await dashboardData(await cookieFor(lapsed), '/dashboard?openAddAlert=true')
    expect(arriving.response.headers.get('Location')).toBe('/pricing?openAddAlert=true')
  })
})

describe('a number that replied STOP', () => {
  it('is told texts are off, since when, and how to turn them on', async () => {
    const user = await createUser(db, { planId: 'magic-hour', trialStartUtc: new Date() })
    await createAlertRow(db, 'dining', user.id)
    const cookie = await cookieFor(user)
    expect((await dashboardData(cookie)).data.textsOff).toBeNull()

    await optOut(db, user.phoneNumber)
    const { data } = await dashboardData(cookie)
    const textsOff = {
      since: expect.stringMatching(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/),
      ourNumber: formatPhoneNumber(getEnv().twilio.fromNumber),
    }
    expect(data.textsOff).toEqual(textsOff)
    // Settings says it too, where "Always on" stood.
    const settings = await callRoute(settingsPage, getRequest('/settings', { cookie }))
    expect((await settings.json()).textsOff).toEqual(textsOff)
  })

  it('has its alerts left unchecked until it texts START, then checked at once', async () => {
    const user = await createUser(db, { planId: 'the-club', trialStartUtc: new Date() })
    const alert = await createAlertRow(db, 'dining', user.id)
    const claimed = async () => (await checkJobsFor('dining', alert.id)).length > 0

    await optOut(db, user.phoneNumber)
    await tick()
    expect(await claimed()).toBe(false)

    await optIn(db, user.phoneNumber)
    await tick()
    expect(await claimed()).toBe(true)
    await queues.check.obliterate({ force: true })
  })
})
