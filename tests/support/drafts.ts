import { expect } from 'vitest'
import { loader as diningPage } from '~/routes/alerts.dining'
import { callRoute, cookiesFrom, getRequest } from './routes.ts'

/**
 * A visitor's dining alert, posted before login, as the dining form restores it for the user who
 * has since logged in (the draft cookie of `posted` beside `userCookie`).
 */
export async function restoreDiningDraft(posted: Response, userCookie: string) {
  expect(posted.headers.get('Location')).toBe(
    '/login?intent=quick&redirect=%2Falerts%2Fdining%3Frestore%3D1',
  )
  const cookie = `${userCookie}; ${cookiesFrom(posted)}`
  const page = await callRoute(diningPage, getRequest('/alerts/dining?restore=1', { cookie }))
  const restored = await page.json()
  expect(restored.autoSubmit).toBe(true)
  return { restored, cookie }
}
