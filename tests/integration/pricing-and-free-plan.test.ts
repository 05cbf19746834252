import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { AgentPlans, PlanCard } from '~/components/plan-card'
import { createUser, legacyPlan } from '../../db/factories.ts'
import { loader as pricing } from '~/routes/pricing'
import { action as startPlan, loader as payment } from '~/routes/payment.($plan)'
import { loader as completeCheckout } from '~/routes/complete-checkout'
import { getDb } from '~/utils/db.server'
import { callRoute, formRequest, getRequest } from '../support/routes.ts'
import { cookieFor } from '../support/session.ts'

async function userRow(id: string) {
  return getDb().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

describe('/pricing', () => {
  it('shows the grid with Most Popular on Lightning Lane to a visitor', async () => {
    const data = await (await callRoute(pricing, getRequest('/pricing'))).json()
    expect(data.choosing).toBe(false)
    expect(data.badge).toEqual({ planId: 'lightning-lane', label: 'Most Popular' })
    expect(data.plans.map((plan: { price: string }) => plan.price)).toEqual([
      'Free',
      '$7 per month',
      '$15 per month',
      '$40 per month',
    ])
    expect(data.plans.map((plan: { frequency: string }) => plan.frequency)).toEqual([
      'once/day',
      'every hour',
      'every 5 minutes',
      'every 2 minutes',
    ])
  })

  it('puts Best for Agents on The Club for intent=pro, in any case, and says it keeps clients', async () => {
    const data = await (await callRoute(pricing, getRequest('/pricing?intent=PRO'))).json()
    expect(data.badge).toEqual({ planId: 'the-club', label: 'Best for Agents' })
    const club = data.plans.find((plan: { id: string }) => plan.id === 'the-club')
    const card = (plan: unknown) =>
      renderToStaticMarkup(
        createElement(MemoryRouter, null, createElement(PlanCard, { plan: plan as never })),
      )
    expect(card(club)).toContain('Alerts for up to 40 clients')
    const family = data.plans.find((plan: { id: string }) => plan.id === 'magic-hour')
    expect(card(family)).not.toContain('client')
    const forAgents = renderToStaticMarkup(createElement(AgentPlans, { plans: data.plans }))
    expect(forAgents).toContain('For travel agents')
    expect(forAgents).toContain('The Club (up to 40 clients) keeps your clients')
    expect(renderToStaticMarkup(createElement(AgentPlans, { plans: [family] }))).toBe('')
  })

  it('asks a signed-in user with no plan to select one', async () => {
    const cookie = await cookieFor(await createUser(getDb()))
    const data = await (await callRoute(pricing, getRequest('/pricing', { cookie }))).json()
    expect(data.choosing).toBe(true)
  })
})

describe('/payment/{plan}', () => {
  it('sends a visitor to login with the payment page as the redirect', async () => {
    const response = await callRoute(payment, getRequest('/payment/pixie-dust'), {
      params: { plan: 'pixie-dust' },
    })
    expect(response.headers.get('Location')).toBe('/login?redirect=%2Fpayment%2Fpixie-dust')
  })

  it.each(['no-such-plan', '', 'castle-classic', undefined])(
    'says Invalid Plan for %j',
    async (plan) => {
      await legacyPlan(getDb())
      const user = await createUser(getDb())
      const cookie = await cookieFor(user)
      const params: Record<string, string> = plan === undefined ? {} : { plan }
      const response = await callRoute(payment, getRequest(`/payment/${plan ?? ''}`, { cookie }), {
        params,
      })
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ plan: null })
      const posted = await callRoute(
        startPlan,
        formRequest(`/payment/${plan ?? ''}`, {}, { cookie }),
        { params },
      )
      expect(posted.status).toBe(404)
      expect((await userRow(user.id)).planId).toBeNull()
    },
  )

  it('starts the free plan with the trial starting now, then completes checkout', async () => {
    const user = await createUser(getDb())
    const cookie = await cookieFor(user)
    const before = Date.now()
    const response = await callRoute(
      startPlan,
      formRequest('/payment/pixie-dust?openAddAlert=true&hotelId=abc', {}, { cookie }),
      { params: { plan: 'pixie-dust' } },
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(
      '/complete-checkout?openAddAlert=true&hotelId=abc',
    )
    const row = await userRow(user.id)
    expect(row.planId).toBe('pixie-dust')
    expect(row.stripeSubscriptionPlanId).toBe('price_mock_pixie_dust')
    expect(new Date(row.trialStartUtc!).getTime()).toBeGreaterThanOrEqual(before - 1000)

    const done = await (
      await callRoute(
        completeCheckout,
        getRequest('/complete-checkout?openAddAlert=true&hotelId=abc', { cookie }),
      )
    ).json()
    expect(done).toEqual({
      plan: 'pixie-dust',
      fallbackTarget: '/dashboard?openAddAlert=true&hotelId=abc',
    })
  })

  it('sends a user who already has a plan to settings, changing nothing', async () => {
    const user = await createUser(getDb(), {
      planId: 'pixie-dust',
      trialStartUtc: new Date('2026-01-01T00:00:00Z'),
    })
    const cookie = await cookieFor(user)
    for (const fn of [payment, startPlan]) {
      const response = await callRoute(fn, formRequest('/payment/pixie-dust', {}, { cookie }), {
        params: { plan: 'pixie-dust' },
      })
      expect(response.headers.get('Location')).toBe('/settings')
    }
    expect(new Date((await userRow(user.id)).trialStartUtc!).toISOString()).toBe(
      '2026-01-01T00:00:00.000Z',
    )
  })

  it('never grants a second free week to a user who had a trial before', async () => {
    const user = await createUser(getDb(), { trialStartUtc: new Date('2026-01-01T00:00:00Z') })
    const cookie = await cookieFor(user)
    await callRoute(startPlan, formRequest('/payment/pixie-dust', {}, { cookie }), {
      params: { plan: 'pixie-dust' },
    })
    const row = await userRow(user.id)
    expect(row.planId).toBe('pixie-dust')
    expect(new Date(row.trialStartUtc!).toISOString()).toBe('2026-01-01T00:00:00.000Z')
  })

  it('pays for a paid plan with the test-mode card form and completes on the return page', async () => {
    const user = await createUser(getDb())
    const cookie = await cookieFor(user)
    const page = await callRoute(payment, getRequest('/payment/magic-hour', { cookie }), {
      params: { plan: 'magic-hour' },
    })
    expect(await page.json()).toMatchObject({
      plan: {
        name: 'Magic Hour',
        price: '$7 per month',
        limit: 5,
        priceId: 'price_mock_magic_hour',
      },
      stripeKey: 'pk_test_mock',
      testMode: true,
    })
    const posted = await callRoute(
      startPlan,
      formRequest(
        '/payment/magic-hour?openAddAlert=true',
        { cardNumber: '4242 4242 4242 4242' },
        { cookie },
      ),
      { params: { plan: 'magic-hour' } },
    )
    const location = new URL(posted.headers.get('Location')!, 'http://localhost')
    expect(location.pathname).toBe('/complete-checkout')
    expect(location.searchParams.get('openAddAlert')).toBe('true')
    expect(location.searchParams.get('session_id')).toMatch(/^cs_test_/)
    // Nothing is granted until the return page confirms the session with Stripe.
    expect((await userRow(user.id)).planId).toBeNull()
    const done = await (
      await callRoute(
        completeCheckout,
        getRequest(`${location.pathname}${location.search}`, { cookie }),
      )
    ).json()
    expect(done).toEqual({ plan: 'magic-hour', fallbackTarget: '/dashboard?openAddAlert=true' })
    expect((await userRow(user.id)).planId).toBe('magic-hour')
  })

  it('shows a declined or missing card next to the card field and changes nothing', async () => {
    const user = await createUser(getDb())
    const cookie = await cookieFor(user)
    for (const [cardNumber, status, message] of [
      ['4000 0000 0000 0002', 402, 'Your card was declined.'],
      ['42', 400, 'Your card number is incomplete.'],
    ] as const) {
      const posted = await callRoute(
        startPlan,
        formRequest('/payment/magic-hour', { cardNumber }, { cookie }),
        { params: { plan: 'magic-hour' } },
      )
      expect(posted.status).toBe(status)
      expect((await posted.json()).result.error).toEqual({ cardNumber: [message] })
    }
    expect((await userRow(user.id)).planId).toBeNull()
  })

  it('lets a free-plan user pay for a paid plan, and sends a paid user to settings', async () => {
    const onFree = await cookieFor(await createUser(getDb(), { planId: 'pixie-dust' }))
    const open = await callRoute(payment, getRequest('/payment/the-club', { cookie: onFree }), {
      params: { plan: 'the-club' },
    })
    expect(open.status).toBe(200)
    const paid = await cookieFor(await createUser(getDb(), { planId: 'magic-hour' }))
    const sent = await callRoute(payment, getRequest('/payment/the-club', { cookie: paid }), {
      params: { plan: 'the-club' },
    })
    expect(sent.headers.get('Location')).toBe('/settings')
  })
})

describe('/complete-checkout', () => {
  it('reports a failure when the user has no plan', async () => {
    const cookie = await cookieFor(await createUser(getDb()))
    const data = await (
      await callRoute(completeCheckout, getRequest('/complete-checkout', { cookie }))
    ).json()
    expect(data.plan).toBeNull()
  })
})
