/** Name and email through /settings/profile and the API, and "Sign out of every device". */
import { describe, expect, it } from 'vitest'
import { createUser } from '../../db/factories.ts'
import { PROFILE_MESSAGES } from '~/domain/profile'
import { loader as current } from '~/routes/api.account.current'
import { loader as loginPage } from '~/routes/login'
import { action as profileAction, loader as profilePage } from '~/routes/settings_.profile'
import { getDb } from '~/utils/db.server'
import { callRoute, followRedirect, formRequest, getRequest } from '../support/routes.ts'
import { cookieFor, signedInBrowser, tokenFor } from '../support/session.ts'
import { openSettings, postSettings, putSettings, settingsAfter } from '../support/settings.ts'

const db = getDb()

const profileRow = (id: string) =>
  db.selectFrom('users').select(['name', 'email']).where('id', '=', id).executeTakeFirstOrThrow()

const saveThroughPage = (fields: Record<string, string>, cookie: string) =>
  callRoute(profileAction, formRequest('/settings/profile', fields, { cookie }))

describe('/settings/profile without JavaScript', () => {
  it('shows the saved name and email, and sends a visitor to log in', async () => {
    const { cookie } = await signedInBrowser({ name: 'Walt', email: 'walt@example.com' })
    const page = await callRoute(profilePage, getRequest('/settings/profile', { cookie }))
    expect(await page.json()).toEqual({ name: 'Walt', email: 'walt@example.com' })

    const visitor = await callRoute(profilePage, getRequest('/settings/profile'))
    expect(visitor.headers.get('Location')).toBe('/login?redirect=%2Fsettings%2Fprofile')
  })

  it('saves them, back on /settings#profile with a notice', async () => {
    const { user, cookie } = await signedInBrowser()
    const saved = await saveThroughPage(
      { name: '  Ada Lovelace ', email: ' Ada@Example.COM ' },
      cookie,
    )
    expect(saved.status).toBe(302)
    expect(saved.headers.get('Location')).toBe('/settings#profile')
    expect(await profileRow(user.id)).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com' })

    const settings = await settingsAfter(saved, cookie)
    expect(settings.notice).toEqual({ tone: 'success', message: PROFILE_MESSAGES.saved })
    expect(settings).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com' })
  })

  it('clears a field left empty', async () => {
    const { user, cookie } = await signedInBrowser({ name: 'Walt', email: 'walt@example.com' })
    expect((await saveThroughPage({ name: 'Walt', email: '  ' }, cookie)).status).toBe(302)
    expect(await profileRow(user.id)).toEqual({ name: 'Walt', email: null })
  })

  it.each([
    [{ name: 'Walt', email: 'walt@' }, 'email', PROFILE_MESSAGES.emailInvalid],
    [{ name: 'W'.repeat(81), email: '' }, 'name', PROFILE_MESSAGES.nameTooLong],
    [{ name: 'Wa\u0000lt', email: '' }, 'name', PROFILE_MESSAGES.nul],
  ])('refuses %j beside its field and changes nothing', async (fields, field, message) => {
    const { user, cookie } = await signedInBrowser({ name: 'Roy', email: 'roy@example.com' })
    const response = await saveThroughPage(fields, cookie)
    expect(response.status).toBe(400)
    const { result } = await response.json()
    expect(result.error).toEqual({ [field]: [message] })
    expect(await profileRow(user.id)).toEqual({ name: 'Roy', email: 'roy@example.com' })
  })

  it('refuses a field it does not know above the form', async () => {
    const { user, cookie } = await signedInBrowser()
    const response = await saveThroughPage({ name: 'Roy', phoneNumber: '+12015550100' }, cookie)
    expect(response.status).toBe(400)
    expect((await response.json()).result.error).toEqual({
      '': [PROFILE_MESSAGES.onlyNameAndEmail],
    })
    expect((await profileRow(user.id)).name).toBeNull()
  })
})

describe('PUT /api/account/settings, with the same schema', () => {
  it('saves the name and email, and refuses a bad email in words', async () => {
    const user = await createUser(db)
    const token = await tokenFor(user)
    const saved = await putSettings({ name: 'Ada', email: 'ADA@example.com' }, token)
    expect(saved.status).toBe(200)
    expect(await saved.json()).toMatchObject({ name: 'Ada', email: 'ada@example.com' })

    const refused = await putSettings({ email: 'ada at example' }, token)
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({
      message: `email: ${PROFILE_MESSAGES.emailInvalid}`,
    })
    expect(await profileRow(user.id)).toEqual({ name: 'Ada', email: 'ada@example.com' })
  })
})

describe('Sign out of every device', () => {
  it('revokes every session of the user, this one included, and lands on /login', async () => {
    const { user, cookie } = await signedInBrowser()
    const token = await tokenFor(user)
    const otherBrowser = await cookieFor(user)
    const bystander = await signedInBrowser()

    const response = await postSettings({ intent: 'sign-out-everywhere' }, cookie)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/login')
    const cleared = response.headers.getSetCookie().find((c) => c.startsWith('session='))
    expect(cleared).toMatch(/Max-Age=0/i)
    const login = await followRedirect(loginPage, response, '')
    expect(login.notice).toEqual({
      tone: 'success',
      message: PROFILE_MESSAGES.signedOutEverywhere,
    })

    for (const signedOut of [{ cookie }, { cookie: otherBrowser }, { token }]) {
      const answer = await callRoute(current, getRequest('/api/account/current', signedOut))
      expect(answer.status).toBe(401)
    }
    const settings = await openSettings(cookie)
    expect(settings.headers.get('Location')).toBe('/login?redirect=%2Fsettings')
    const stillIn = await callRoute(
      current,
      getRequest('/api/account/current', { cookie: bystander.cookie }),
    )
    expect(stillIn.status).toBe(200)
  })

  it('leaves the plan intents of /settings as they were', async () => {
    const { cookie } = await signedInBrowser()
    const response = await postSettings({ intent: 'sign-out-all' }, cookie)
    expect(response.status).toBe(400)
    const stillIn = await callRoute(current, getRequest('/api/account/current', { cookie }))
    expect(stillIn.status).toBe(200)
  })
})
