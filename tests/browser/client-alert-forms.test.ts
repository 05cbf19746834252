import { describe, expect, it } from 'vitest'
import { CLIENT_MESSAGES } from '~/domain/client'
import { alertList, openAlertWizard, searchAndPick } from '../support/alert-forms.ts'
import { appDatabase } from '../support/app-database.ts'
import {
  expectErrorBeside,
  expectFitsScreen,
  logIn,
  MODES,
  setupBrowser,
  withPage,
} from '../support/browser.ts'
import { expectNoSeriousAxeViolation } from '../support/axe.ts'
import { monthAhead, paidSubscriber } from '../support/journey-dates.ts'

/*
 * A travel agent's clients on the alert forms in Chromium (issue 31): the dining page form
 * without JavaScript (a new client refused beside its field, then added with the alert), the
 * dashboard's dining wizard with it (an existing client, texted once it replies YES), and the
 * dashboard's client filter either way. The dates are thirteen months out, apart from the other
 * journeys' dates.
 */

setupBrowser()
const db = appDatabase()

const { months: MONTHS_AHEAD, iso, pickDate } = monthAhead(13)

async function agentWithClient() {
  const user = await paidSubscriber(db, 'the-club')
  const smiths = await db
    .insertInto('clients')
    .values({ userId: user.id, name: 'The Smiths', phoneNumber: '+12015550123', consent: 'asked' })
    .returningAll()
    .executeTakeFirstOrThrow()
  return { user, smiths }
}

describe.each(MODES.filter((mode) => !mode.javaScript))(
  'the dining page form with clients ($label)',
  (mode) => {
    it('refuses a name already taken beside it, then adds the new client with the alert', async () => {
      const { user } = await agentWithClient()
      await withPage(mode, async (page) => {
        await logIn(page, user.phoneNumber, false)
        await page.goto('/alerts/dining')
        await searchAndPick(page, false, 'Search restaurants', 'blue bayou', /Blue Bayou/)
        await page.locator('input[name="reserveDate"]').fill(iso(8))
        await page.getByText('Dinner', { exact: true }).click()
        const newClient = page.getByLabel('or add a new client')
        await newClient.fill('the smiths')
        await page.getByRole('button', { name: 'Start Dining Alerts' }).click()

        await expectErrorBeside(page, newClient, CLIENT_MESSAGES.nameTaken)
        expect(await newClient.inputValue()).toBe('the smiths')
        await expectFitsScreen(page, mode.viewport)
        await newClient.fill('The Garcias')
        await page.getByRole('button', { name: 'Start Dining Alerts' }).click()
        await page.waitForURL((url) => url.searchParams.get('newAlert') === 'dining')
        await alertList(page, mode.viewport).getByText('For The Garcias').waitFor()

        await page.getByLabel('Client', { exact: true }).selectOption('none')
        await page.getByRole('button', { name: 'Search', exact: true }).click()
        await page.waitForURL((url) => url.searchParams.get('client') === 'none')
        await page.getByText('No alerts match this search.').waitFor()
      })
      const clients = await db
        .selectFrom('clients')
        .select(['id', 'name'])
        .where('userId', '=', user.id)
        .orderBy('name')
        .execute()
      expect(clients.map((client) => client.name)).toEqual(['The Garcias', 'The Smiths'])
      expect(
        await db
          .selectFrom('diningAlerts')
          .select(['clientId', 'textTo', 'reserveDate'])
          .where('userId', '=', user.id)
          .execute(),
      ).toEqual([{ clientId: clients[0]!.id, textTo: 'agent', reserveDate: iso(8) }])
    })
  },
)

describe.each(MODES.filter((mode) => mode.javaScript))(
  'the dashboard dining wizard with clients ($label)',
  (mode) => {
    it('texts a client once it replies YES, says so, and the filter finds the alert', async () => {
      const { user, smiths } = await agentWithClient()
      await withPage(mode, async (page) => {
        await logIn(page, user.phoneNumber, true)
        await page.waitForURL((url) => url.pathname === '/dashboard')
        await page.getByRole('button', { name: 'Create Your First Alert' }).waitFor()
        await page.getByText('Add New Alert').click()
        const dialog = await openAlertWizard(page, 'Dining')
        await searchAndPick(dialog, true, 'Search restaurants', 'Ohana')
        await dialog.getByRole('button', { name: 'Next', exact: true }).click()
        await pickDate(page, '#wizard-date', 9, MONTHS_AHEAD)
        await dialog.getByLabel('Client', { exact: true }).selectOption('The Smiths')
        await dialog.getByLabel('My client').check()
        await dialog.getByText('Texts go to you until The Smiths replies YES.').waitFor()
        expect(await dialog.getByRole('link', { name: 'The Smiths' }).getAttribute('href')).toBe(
          `/settings/clients/${smiths.id}`,
        )
        // axe-core finds nothing serious in the wizard's client fields.
        await expectNoSeriousAxeViolation(page, '[role="dialog"]')
        await dialog.getByLabel('Me', { exact: true }).check()
        await expect.poll(() => dialog.getByText(/replies YES/).count()).toBe(0)
        await dialog.getByLabel('Both').check()
        await dialog.getByRole('button', { name: 'Create Alert' }).click()
        await alertList(page, mode.viewport).getByText('For The Smiths').waitFor()

        // The filter sends itself as it changes.
        await page.getByLabel('Client', { exact: true }).selectOption('The Smiths')
        await page.waitForURL((url) => url.searchParams.get('client') === smiths.id)
        await alertList(page, mode.viewport).getByText('For The Smiths').waitFor()
      })
      expect(
        await db
          .selectFrom('diningAlerts')
          .select(['clientId', 'textTo'])
          .where('userId', '=', user.id)
          .execute(),
      ).toEqual([{ clientId: smiths.id, textTo: 'both' }])
    })
  },
)
