import { describe, expect, it } from 'vitest'
import { createUser, fakePhoneNumber } from '../../db/factories.ts'
import { action, loader } from '~/routes/login'
import { action as logoutAction } from '~/routes/logout'
import { loader as rootLoader } from '~/root'
import { getDb } from '~/utils/db.server'
import { latestCode, readOutbox } from '../support/outbox.ts'
import { callRoute, cookiesFrom, formRequest, getRequest } from '../support/routes.ts'

/** Step 1 then step 2 of /login as a browser without JavaScript posts them. */
async function logInThroughPage(phoneNumber: string, carried: Record<string, string> = {}) {
  const query = new URLSearchParams(carried).toString()
  const sent = await callRoute(
    action,
    formRequest(`/login?${query}`, { _action: 'send', phoneNumber, ...carried }),
  )
  expect(sent.status).toBe(302)
  const pendingCookie = cookiesFrom(sent)
  const verified = await callRoute(
    action,
    formRequest(
      '/login',
      {
        _action: 'verify',
        phoneNumber: readOutbox().at(-1)!.to,
        code: latestCode(readOutbox().at(-1)!.to),
        ...carried,
      },
      { cookie: pendingCookie },
    ),
  )
  return { sent, verified }
}

describe('/login without JavaScript', () => {
  it('sends the code, moves to step 2 carrying intent and next, and shows the number', async () => {
    const { sent } = await logInThroughPage('201 555 0177', {
      intent: 'pro',
      next: '/pricing?intent=pro',
    })
    expect(sent.headers.get('Location')).toBe(
      '/login?step=code&intent=pro&next=%2Fpricing%3Fintent%3Dpro',
    )
    const page = await callRoute(
      loader,
      getRequest(sent.headers.get('Location')!, { cookie: cookiesFrom(sent) }),
    )
    const data = await page.json()
    expect(data.pending).toMatchObject({ phoneNumber: '+12015550177', display: '(201) 555-0177' })
    expect(data.carried).toEqual({ intent: 'pro', next: '/pricing?intent=pro' })
  })

  it('logs in, sets an HttpOnly session cookie and follows the post-login routing', async () => {
    const { verified } = await logInThroughPage(fakePhoneNumber(), { intent: 'pro' })
    expect(verified.status).toBe(302)
    expect(verified.headers.get('Location')).toBe('/pricing?intent=pro')
    const session = verified.headers.getSetCookie().find((c) => c.startsWith('session='))
    expect(session).toMatch(/HttpOnly/i)
    expect(session).toMatch(/SameSite=Lax/i)

    const root = await callRoute(rootLoader, getRequest('/', { cookie: cookiesFrom(verified) }))
    expect((await root.json()).user).toEqual({
      planId: null,
      stripeSubscriptionPlanId: null,
      showChatAdmin: false,
    })
  })

  it('sends a user who has a plan to the dashboard, or to a same-site redirect', async () => {
    const user = await createUser(getDb(), {
      planId: 'magic-hour',
      stripeSubscriptionPlanId: 'price_mock_magic_hour',
    })
    const { verified } = await logInThroughPage(user.phoneNumber)
    expect(verified.headers.get('Location')).toBe('/dashboard')
    const again = await logInThroughPage(user.phoneNumber, { redirect: '/settings' })
    expect(again.verified.headers.get('Location')).toBe('/settings')
  })

  it('uses intent and next for the visit that carried them only; a redirect wins (issue 26)', async () => {
    const user = await createUser(getDb(), { planId: 'magic-hour' })
    const travelAgent = { intent: 'pro', next: '/pricing?intent=pro' }
    const first = await logInThroughPage(user.phoneNumber, travelAgent)
    expect(first.verified.headers.get('Location')).toBe('/pricing?intent=pro')
    // Later visits carry their own values, or none: nothing of the first one steers them.
    const fromDashboard = await logInThroughPage(user.phoneNumber, { redirect: '/dashboard' })
    expect(fromDashboard.verified.headers.get('Location')).toBe('/dashboard')
    const plain = await logInThroughPage(user.phoneNumber)
    expect(plain.verified.headers.get('Location')).toBe('/dashboard')
    // Both in one form (a hand-made link): the protected page's redirect comes first.
    const both = await logInThroughPage(user.phoneNumber, {
      ...travelAgent,
      redirect: '/dashboard',
    })
    expect(both.sent.headers.get('Location')).toBe(
      '/login?step=code&intent=pro&next=%2Fpricing%3Fintent%3Dpro&redirect=%2Fdashboard',
    )
    expect(both.verified.headers.get('Location')).toBe('/dashboard')
  })

  it('sends a signed-in visit to /login by the same rule', async () => {
    const user = await createUser(getDb(), { planId: 'magic-hour' })
    const { verified } = await logInThroughPage(user.phoneNumber)
    const visit = await callRoute(
      loader,
      getRequest('/login?intent=pro&next=/pricing?intent=pro&redirect=/settings', {
        cookie: cookiesFrom(verified),
      }),
    )
    expect(visit.status).toBe(302)
    expect(visit.headers.get('Location')).toBe('/settings')
  })

  it('never follows a redirect off the site', async () => {
    const user = await createUser(getDb(), { planId: 'magic-hour' })
    const { verified } = await logInThroughPage(user.phoneNumber, {
      redirect: 'https://evil.example/',
    })
    expect(verified.headers.get('Location')).toBe('/dashboard')
  })

  it('shows field errors beside the field and sends nothing', async () => {
    const before = readOutbox().length
    const empty = await callRoute(
      action,
      formRequest('/login', { _action: 'send', phoneNumber: '' }),
    )
    expect(empty.status).toBe(400)
    expect((await empty.json()).result.error).toEqual({
      phoneNumber: ['Please enter a phone number.'],
    })
    const bad = await callRoute(
      action,
      formRequest('/login', { _action: 'send', phoneNumber: '12' }),
    )
    expect((await bad.json()).result.error).toEqual({
      phoneNumber: ['Please enter a valid phone number.'],
    })
    expect(readOutbox()).toHaveLength(before)
  })

  it('says a wrong code is wrong, beside the code field', async () => {
    const phoneNumber = fakePhoneNumber()
    await callRoute(action, formRequest('/login', { _action: 'send', phoneNumber }))
    const code = latestCode(phoneNumber)
    const response = await callRoute(
      action,
      formRequest('/login', {
        _action: 'verify',
        phoneNumber,
        code: code === '999999' ? '000000' : '999999',
      }),
    )
    expect(response.status).toBe(400)
    expect((await response.json()).result.error).toEqual({
      code: ['Invalid verification code. Please try again.'],
    })
    const empty = await callRoute(
      action,
      formRequest('/login', { _action: 'verify', phoneNumber, code: '' }),
    )
    expect((await empty.json()).result.error).toEqual({
      code: ['Please enter the verification code.'],
    })
  })

  it('holds Resend code back for 30 seconds, then sends a new code', async () => {
    const phoneNumber = fakePhoneNumber()
    const sent = await callRoute(action, formRequest('/login', { _action: 'send', phoneNumber }))
    const early = await callRoute(
      action,
      formRequest('/login', { _action: 'resend', phoneNumber }, { cookie: cookiesFrom(sent) }),
    )
    expect(early.status).toBe(429)
    expect((await early.json()).result.error.code[0]).toMatch(
      /^Please wait \d+ seconds? before requesting another code\.$/,
    )
    expect(readOutbox().filter((entry) => entry.to === phoneNumber)).toHaveLength(1)
  })

  it('logs out and revokes the session', async () => {
    const { verified } = await logInThroughPage(fakePhoneNumber())
    const cookie = cookiesFrom(verified)
    const out = await callRoute(logoutAction, formRequest('/logout', {}, { cookie }))
    expect(out.headers.get('Location')).toBe('/')
    const root = await callRoute(rootLoader, getRequest('/', { cookie }))
    expect((await root.json()).user).toBeNull()
  })

  it('shows Chat Admin to the support admin only while the account has no plan', async () => {
    const { verified } = await logInThroughPage('+12015550199')
    const root = await callRoute(rootLoader, getRequest('/', { cookie: cookiesFrom(verified) }))
    expect((await root.json()).user.showChatAdmin).toBe(true)
  })
})
