/**
 * The Settings page and PUT /api/account/settings as a browser or an API client uses them: each
 * section's tests (plans, profile, quiet hours, test texts...) go through the same page.
 */
import { action as accountSettings } from '~/routes/api.account.settings'
import { action as settingsAction, loader as settingsLoader } from '~/routes/settings'
import { callRoute, followRedirect, formRequest, getRequest, jsonRequest } from './routes.ts'

/** The page as this cookie's browser opens it (`search`: `?confirm=...`); a visitor goes to log in. */
export const openSettings = (cookie?: string, search = '') =>
  callRoute(settingsLoader, getRequest(`/settings${search}`, { cookie }))

/** One of the page's forms, posted without JavaScript. */
export const postSettings = (fields: Record<string, string>, cookie?: string) =>
  callRoute(settingsAction, formRequest('/settings', fields, { cookie }))

/** The page a redirect of a form lands on, its notice included. */
export const settingsAfter = (response: Response, cookie: string) =>
  followRedirect(settingsLoader, response, cookie)

/** PUT /api/account/settings as an API client. */
export const putSettings = (body: unknown, token?: string, method = 'PUT') =>
  callRoute(accountSettings, jsonRequest('/api/account/settings', body, { token, method }))
