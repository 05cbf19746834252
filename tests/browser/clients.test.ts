import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { fakePhoneNumber } from '../../db/factories.ts'
import { alertList, searchAndPick } from '../support/alert-forms.ts'
import { appDatabase } from '../support/app-database.ts'
import {
  expectFitsScreen,
  logIn,
  MODES,
  setupBrowser,
  textFromPhoneToApp,
  textsTo,
  withPage,
} from '../support/browser.ts'
import { expectNoSeriousAxeViolation } from '../support/axe.ts'
import { monthAhead, paidSubscriber } from '../support/journey-dates.ts'

/*
 * A travel agent's clients in Chromium (issue 31), with JavaScript (desktop) and without it
 * (phone): two clients added in Settings, a dining alert for each from the dining page, one
 * client asked for consent by text and agreeing by replying YES from their phone, and that
 * client's report, printable and as CSV. The dates are fourteen months out, apart from the other
 * journeys' dates.
 */

setupBrowser()
const db = appDatabase()

const { months: MONTHS_AHEAD, iso, pickDate } = monthAhead(14)
const AGENT = 'Dana Whitfield'

const agent = () => paidSubscriber(db, 'the-club', { name: AGENT })

async function addClient(page: Page, name: string, phoneNumber: string) {
  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByLabel('Mobile number (optional)').fill(phoneNumber)
  await page.getByRole('button', { name: 'Add client' }).click()
  await page.getByRole('link', { name, exact: true }).waitFor()
}

/** A dinner alert at Blue Bayou from the dining page, for one of the agent's clients, texting both. */
async function diningAlertFor(page: Page, client: string, day: number, javaScript: boolean) {
  await page.goto('/alerts/dining')
  await searchAndPick(page, javaScript, 'Search restaurants', 'blue bayou', /Blue Bayou/)
  if (javaScript) await pickDate(page, '#dining-date', day, MONTHS_AHEAD)
  else await page.locator('input[name="reserveDate"]').fill(iso(day))
  await page.getByText('Dinner', { exact: true }).click()
  await page.getByRole('combobox', { name: 'Client', exact: true }).selectOption({ label: client })
  await page.getByLabel('Both').check()
  await page.getByRole('button', { name: 'Start Dining Alerts' }).click()
  await page.waitForURL((url) => url.pathname === '/dashboard')
}

describe.each(
  MODES.filter(
    (mode) =>
      (mode.javaScript && mode.viewport === 'desktop') ||
      (!mode.javaScript && mode.viewport === 'phone'),
  ),
)('an agent with two clients ($label)', (mode) => {
  it('adds them, gives each an alert, has one agree by text, and reads its report', async () => {
    const user = await agent()
    const rivera = { name: 'Rivera family', phone: fakePhoneNumber() }
    const chen = { name: 'Chen family', phone: fakePhoneNumber() }
    await withPage(mode, async (page) => {
      await logIn(page, user.phoneNumber, mode.javaScript)
      await page.goto('/settings')
      await page.getByRole('link', { name: 'Manage clients' }).click()
      await page.waitForURL((url) => url.pathname === '/settings/clients')
      await page.getByText('0 of 40 clients').waitFor()
      await addClient(page, rivera.name, rivera.phone)
      await addClient(page, chen.name, chen.phone)
      await page.getByText('2 of 40 clients').waitFor()
      if (mode.javaScript) await expectNoSeriousAxeViolation(page)
      if (mode.viewport === 'phone') await expectFitsScreen(page, 'phone')

      await diningAlertFor(page, rivera.name, 10, mode.javaScript)
      await diningAlertFor(page, chen.name, 11, mode.javaScript)
      const list = alertList(page, mode.viewport)
      await list.getByText(`For ${rivera.name}`).waitFor()
      await list.getByText(`For ${chen.name}`).waitFor()

      // Texts go to the agent until the client agrees: the agent asks, the client replies YES.
      await page.goto('/settings/clients')
      await page.getByRole('link', { name: rivera.name, exact: true }).click()
      await page.waitForURL((url) => /^\/settings\/clients\/[0-9a-f-]{36}$/.test(url.pathname))
      await page.getByRole('heading', { name: 'Texts to this client' }).waitFor()
      await page.getByText('Not asked yet').waitFor()
      await page.getByRole('button', { name: 'Ask for consent by text' }).click()
      await page.getByText('Asked — waiting for YES').first().waitFor()
      await expect.poll(() => textsTo(rivera.phone)).toHaveLength(1)
      const [consent] = textsTo(rivera.phone)
      expect(consent!.body).toContain(`Your travel agent ${AGENT} would like us to text you`)
      expect(consent!.body).toContain('Reply YES to agree, STOP to stop.')
      expect(consent!.body).not.toContain(chen.name)
      await textFromPhoneToApp(rivera.phone, 'YES')
      await page.reload()
      await page.getByText('Agreed to texts').first().waitFor()
      if (mode.javaScript) await expectNoSeriousAxeViolation(page)
      // The other client was never asked, and has agreed to nothing.
      expect(
        await db
          .selectFrom('clients')
          .select(['name', 'consent'])
          .where('userId', '=', user.id)
          .orderBy('name')
          .execute(),
      ).toEqual([
        { name: chen.name, consent: 'none' },
        { name: rivera.name, consent: 'agreed' },
      ])

      // The report: what was watched for this client, and the texts, to print or download.
      await page.goto('/settings/clients')
      await page.getByRole('link', { name: `Report of ${rivera.name}` }).click()
      await page.getByRole('heading', { name: `Alert report: ${rivera.name}`, level: 1 }).waitFor()
      await page
        .getByText(/Blue Bayou/)
        .first()
        .waitFor()
      expect(await page.getByText(chen.name).count()).toBe(0)
      expect(await page.getByRole('button', { name: 'Print' }).count()).toBe(
        mode.javaScript ? 1 : 0,
      )
      if (mode.viewport === 'phone') await expectFitsScreen(page, 'phone')
      const csvHref = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href')
      const csv = await page.request.get(csvHref!)
      expect(csv.status()).toBe(200)
      expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8')
      const body = await csv.text()
      expect(body).toContain('Blue Bayou')
      expect(body).not.toContain(chen.name)
    })
  })
})
