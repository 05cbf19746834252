/** The account settings call and the /settings page. */
import { describe, expect, it } from 'vitest'
import { createAlertRow } from '../../db/factories.ts'
import { loader as accountSettingsLoader } from '~/routes/api.account.settings'
import {
  alertRow,
  changePlan,
  db,
  minutesAgo,
  PRICE,
  resetStripeBetweenTests,
  runningCount,
  signedIn,
  subscribed,
  subscriptionRows,
  userRow,
} from '../support/billing.ts'
import { callRoute, getRequest } from '../support/routes.ts'
import { cookieFor } from '../support/session.ts'
import { openSettings, postSettings, putSettings, settingsAfter } from '../support/settings.ts'

resetStripeBetweenTests()

describe('PUT /api/account/settings', () => {
  it('saves the name and the email, lowercased', async () => {
    const { user, token } = await signedIn()
    const response = await putSettings(
      { name: '  Ada Lovelace ', email: ' Ada.Lovelace@Example.COM ' },
      token,
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      id: user.id,
      name: 'Ada Lovelace',
      email: 'ada.lovelace@example.com',
    })
    const row = await userRow(user.id)
    expect(row.name).toBe('Ada Lovelace')
    expect(row.email).toBe('ada.lovelace@example.com')
  })

  it('clears a field given as empty text and keeps one left out', async () => {
    const { user, token } = await signedIn({ name: 'Walt', email: 'walt@example.com' })
    const response = await putSettings({ name: '' }, token)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ name: null, email: 'walt@example.com' })
    const row = await userRow(user.id)
    expect(row.name).toBeNull()
    expect(row.email).toBe('walt@example.com')

    expect((await putSettings({ email: '' }, token)).status).toBe(200)
    expect((await userRow(user.id)).email).toBeNull()
  })

  it('refuses any other key', async () => {
    const { user, token } = await signedIn({ name: 'Walt' })
    const response = await putSettings({ name: 'Roy', phoneNumber: '+12015550100' }, token)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      message: 'Only name, email, timeZone, quietStart and quietEnd can be changed.',
    })
    const row = await userRow(user.id)
    expect(row.name).toBe('Walt')
    expect(row.phoneNumber).toBe(user.phoneNumber)
  })

  it.each(['not-an-email', 'walt@', 42])('refuses the email %j', async (email) => {
    const { user, token } = await signedIn({ email: 'walt@example.com' })
    const response = await putSettings({ email }, token)
    expect(response.status).toBe(400)
    expect((await response.json()).message).toMatch(/email/)
    expect((await userRow(user.id)).email).toBe('walt@example.com')
  })

  it('answers 405 to anything but PUT', async () => {
    const { user, token } = await signedIn()
    const posted = await putSettings({ name: 'Roy' }, token, 'POST')
    expect(posted.status).toBe(405)
    expect(posted.headers.get('Allow')).toBe('PUT')
    const got = await callRoute(
      accountSettingsLoader,
      getRequest('/api/account/settings', { token }),
    )
    expect(got.status).toBe(405)
    expect((await userRow(user.id)).name).toBeNull()
  })

  it('answers 401 without a token', async () => {
    const response = await putSettings({ name: 'Roy' })
    expect(response.status).toBe(401)
  })
})

describe('/settings', () => {
  it('sends a visitor to login with settings as the redirect', async () => {
    const response = await openSettings()
    expect(response.headers.get('Location')).toBe('/login?redirect=%2Fsettings')
  })

  it('labels each plan card for a user on Lightning Lane', async () => {
    const { user, token } = await subscribed(PRICE.magicHour)
    expect((await changePlan(PRICE.lightningLane, token)).status).toBe(200)
    const cookie = await cookieFor(await userRow(user.id))
    const page = await (await openSettings(cookie)).json()
    expect(
      page.cards.map((card: { plan: { id: string }; label: string }) => [card.plan.id, card.label]),
    ).toEqual([
      ['pixie-dust', 'Downgrade'],
      ['magic-hour', 'Downgrade'],
      ['lightning-lane', 'Current Plan'],
      ['the-club', 'Upgrade'],
    ])
    expect(page.currentPlanId).toBe('lightning-lane')
  })

  it('asks for a downgrade on a page of its own without JavaScript, then stops the excess', async () => {
    const { user } = await subscribed(PRICE.lightningLane)
    const alerts = []
    for (let minutes = 60; minutes > 0; minutes -= 10)
      alerts.push(await createAlertRow(db(), 'dining', user.id, { startedAt: minutesAgo(minutes) }))
    const cookie = await cookieFor(await userRow(user.id))

    const asked = await postSettings({ intent: 'change', planId: 'magic-hour' }, cookie)
    expect(asked.headers.get('Location')).toBe('/settings?confirm=magic-hour')
    expect(await runningCount(user.id)).toBe(6)
    const confirmPage = await (await openSettings(cookie, '?confirm=magic-hour')).json()
    expect(confirmPage.confirm).toEqual({
      kind: 'downgrade',
      planId: 'magic-hour',
      text: 'You are downgrading from 15 to 5 alerts. Any running alerts above your new limit will be automatically stopped. Are you sure you want to continue?',
    })

    const done = await postSettings(
      { intent: 'change', planId: 'magic-hour', confirmed: '1' },
      cookie,
    )
    expect(done.headers.get('Location')).toBe('/settings')
    const after = await settingsAfter(done, cookie)
    expect(after.notice).toEqual({
      tone: 'success',
      message:
        'Plan downgraded successfully! Any excess running alerts have been automatically stopped.',
    })
    expect((await userRow(user.id)).planId).toBe('magic-hour')
    expect(await runningCount(user.id)).toBe(5)
    expect((await alertRow('dining', alerts.at(-1)!.id)).status).toBe(0)
  })

  it('cancels a paid plan at the period end after its confirmation, and says until when', async () => {
    const { user } = await subscribed(PRICE.magicHour)
    const cookie = await cookieFor(await userRow(user.id))
    const asked = await postSettings({ intent: 'cancel' }, cookie)
    expect(asked.headers.get('Location')).toBe('/settings?confirm=cancel')
    expect((await subscriptionRows(user.id))[0]?.cancelAtPeriodEnd).toBe(false)

    const done = await postSettings({ intent: 'cancel', confirmed: '1' }, cookie)
    expect(done.headers.get('Location')).toBe('/settings')
    const page = await settingsAfter(done, cookie)
    expect(page.notice).toEqual({
      tone: 'success',
      message: 'Subscription cancelled successfully.',
    })
    expect(page.currentPlanId).toBe('magic-hour')
    expect(page.endsAt).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/)
  })

  it('answers a bad plan id with the specification message and changes nothing', async () => {
    const { user } = await signedIn({ planId: 'pixie-dust' })
    const cookie = await cookieFor(await userRow(user.id))
    const response = await postSettings({ intent: 'change', planId: 'castle-deluxe' }, cookie)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ error: 'Invalid plan selected. Please try again.' })
    expect((await userRow(user.id)).planId).toBe('pixie-dust')
  })
})
