/**
 * The alert forms and the dashboard's list of alerts as the journeys take them in Chromium: a
 * search for a resort or restaurant, the dashboard's wizard, and a signed-out form kept through
 * login.
 */
import type { Locator, Page } from 'playwright-core'
import { logIn, type ViewportName } from './browser.ts'

/** The dashboard's list of alerts: cards on a phone, a table on a desktop. */
export function alertList(page: Page, viewport: ViewportName) {
  return page.locator(viewport === 'phone' ? 'ul.sm\\:hidden' : 'table')
}

/** An alert of the dashboard's list: a table row on a desktop, a card on a phone. */
export function alertEntry(page: Page, viewport: ViewportName, name: string): Locator {
  return page.getByRole(viewport === 'desktop' ? 'row' : 'listitem').filter({ hasText: name })
}

/**
 * Opens the dashboard's wizard for a new hotel or dining alert from the open Add New Alert menu,
 * and answers the dialog.
 */
export async function openAlertWizard(page: Page, kind: 'Hotel' | 'Dining') {
  await page.getByRole('button', { name: new RegExp(`${kind} Alert`) }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByText(`Add ${kind} Alert`).waitFor()
  return dialog
}

/**
 * Searches a form's list of resorts or restaurants (the field with `placeholder`; without
 * JavaScript, with its Search button too) and picks the result named `result`.
 */
export async function searchAndPick(
  scope: Page | Locator,
  javaScript: boolean,
  placeholder: string,
  search: string,
  result = new RegExp(search),
) {
  await scope.getByPlaceholder(placeholder).fill(search)
  if (!javaScript) await scope.getByRole('button', { name: 'Search', exact: true }).click()
  await scope.getByRole('button', { name: result }).click()
}

/**
 * Logs in from the login page a signed-out visitor's alert form sent them to (`intent=quick`):
 * the alert is made on the way, and the dashboard says so.
 */
export async function logInToKeepAlert(page: Page, phoneNumber: string, javaScript: boolean) {
  await page.waitForURL(
    (url) => url.pathname === '/login' && url.searchParams.get('intent') === 'quick',
  )
  await logIn(page, phoneNumber, javaScript, page.url())
  await page.waitForURL(
    (url) => url.pathname === '/dashboard' && url.searchParams.get('success') === '1',
  )
}
