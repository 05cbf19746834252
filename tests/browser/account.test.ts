/**
 * The life of an account around its alerts, as a person takes it in Chromium: editing the profile,
 * changing the phone number, downloading and deleting the account's data, a STOP and a START
 * texted from the phone, a plan that lapsed and is chosen again, and the pages at a phone's width.
 */
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { createAlertRow, createUser, fakePhoneNumber } from '../../db/factories.ts'
import { billingDate } from '~/domain/billing'
import { formatPhoneNumber } from '~/domain/phone'
import {
  conversation,
  expectedDocument,
  rowsOfUser,
  textAbout,
  userWithData,
} from '../support/account-data.ts'
import { alertEntry } from '../support/alert-forms.ts'
import { appDatabase } from '../support/app-database.ts'
import {
  expectAskedForPlan,
  expectErrorBeside,
  expectFitsScreen,
  logIn,
  logOut,
  MODES,
  ourNumber,
  payWithCard,
  setupBrowser,
  textFromPhoneToApp,
  textsTo,
  waitForCode,
  withPage,
  type ViewportName,
} from '../support/browser.ts'

setupBrowser()
const db = appDatabase()

const POP_CENTURY = "Disney's Pop Century Resort"
const RIVIERA_PAGE = '/alerts/disney-world/disney-s-riviera-resort'

/** A link of the signed-in header: the desktop bar, or the phone's menu. */
async function openFromHeader(page: Page, viewport: ViewportName, name: string) {
  if (viewport === 'desktop') {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click()
  } else {
    await page.getByText('Menu', { exact: true }).click()
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name }).click()
  }
}

function userRow(id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}

/** A section of /settings, by its heading. */
const section = (page: Page, name: string) => page.getByRole('region', { name })

/** The Profile Information section's list, as { term: definition }. */
async function profileShown(page: Page) {
  const profile = section(page, 'Profile Information')
  const terms = await profile.getByRole('term').allInnerTexts()
  const definitions = await profile.getByRole('definition').allInnerTexts()
  return Object.fromEntries(terms.map((term, i) => [term, definitions[i]]))
}

async function restaurantName(id = '90002464') {
  const row = await db
    .selectFrom('diningLocations')
    .select('name')
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  return row.name
}

async function alertStatus(kind: 'hotel' | 'dining', id: string) {
  const row = await db
    .selectFrom(kind === 'hotel' ? 'hotelAlerts' : 'diningAlerts')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  return row.status
}

describe.each(MODES)('editing the profile ($label)', (mode) => {
  it('refuses a bad email beside the field, saving nothing, then saves and Settings shows it', async () => {
    await withPage(mode, async (page) => {
      const user = await createUser(db, { planId: 'magic-hour', trialStartUtc: new Date() })
      await logIn(page, user.phoneNumber, mode.javaScript)
      await page.goto('/settings')
      expect(await profileShown(page)).toEqual({
        'Phone number': formatPhoneNumber(user.phoneNumber),
        Name: 'Not set',
        Email: 'Not set',
      })
      await section(page, 'Profile Information').getByRole('link', { name: 'Edit Profile' }).click()
      await page.waitForURL((url) => url.pathname === '/settings/profile')
      await page.getByRole('heading', { name: 'Edit profile' }).waitFor()

      // A browser takes "ada@example" for an address; the app does not.
      const name = page.getByLabel('Name', { exact: true })
      const email = page.getByLabel('Email', { exact: true })
      await name.fill('Ada Lovelace')
      await email.fill('ada@example')
      await page.getByRole('button', { name: 'Save' }).click()
      await expectErrorBeside(page, email, 'Please enter a valid email address.')
      expect(new URL(page.url()).pathname).toBe('/settings/profile')
      expect(await name.inputValue()).toBe('Ada Lovelace')
      expect(await userRow(user.id)).toMatchObject({ name: null, email: null })

      await email.fill('Ada@Example.com')
      await page.getByRole('button', { name: 'Save' }).click()
      await page.waitForURL((url) => url.pathname === '/settings')
      await page.getByText('Your profile is saved.', { exact: true }).waitFor()
      expect(await profileShown(page)).toEqual({
        'Phone number': formatPhoneNumber(user.phoneNumber),
        Name: 'Ada Lovelace',
        Email: 'ada@example.com',
      })
      expect(await userRow(user.id)).toMatchObject({
        name: 'Ada Lovelace',
        email: 'ada@example.com',
      })
    })
  })
})

describe.each(MODES)('changing the phone number ($label)', (mode) => {
  it('refuses a number in use, texts a code to the new one, changes once it is entered, and logs in with it', async () => {
    await withPage(mode, async (page, context) => {
      const tag = randomBytes(4).toString('hex')
      const user = await createUser(db, {
        name: `Robin ${tag}`,
        planId: 'magic-hour',
        trialStartUtc: new Date(),
      })
      const other = await createUser(db)
      const newNumber = fakePhoneNumber()

      await logIn(page, user.phoneNumber, mode.javaScript)
      await page.goto('/settings')
      await section(page, 'Profile Information')
        .getByRole('link', { name: 'Change Phone Number' })
        .click()
      await page.waitForURL((url) => url.pathname === '/settings/phone')
      await page.getByRole('heading', { name: 'Change your phone number' }).waitFor()

      // Another account's number is refused in words, and nobody is texted.
      const field = page.getByLabel('New phone number')
      await field.fill(formatPhoneNumber(other.phoneNumber))
      await page.getByRole('button', { name: 'Send Code' }).click()
      await expectErrorBeside(
        page,
        field,
        'That number already has an account. Log in with it, or use another number.',
      )
      expect(textsTo(other.phoneNumber)).toEqual([])

      const textsToOldNumber = textsTo(user.phoneNumber).length
      await field.fill(formatPhoneNumber(newNumber))
      await page.getByRole('button', { name: 'Send Code' }).click()
      await page.getByRole('heading', { name: 'Enter your code' }).waitFor()
      await page
        .getByText(`We texted a 6-digit code to ${formatPhoneNumber(newNumber)}`, { exact: false })
        .waitFor()
      const code = await waitForCode(newNumber)
      expect(textsTo(user.phoneNumber)).toHaveLength(textsToOldNumber)

      // Until the code is entered the old number is the account's, in another tab too.
      const tab = await context.newPage()
      await tab.goto('/settings')
      expect((await profileShown(tab))['Phone number']).toBe(formatPhoneNumber(user.phoneNumber))
      await tab.close()
      expect((await userRow(user.id))?.phoneNumber).toBe(user.phoneNumber)

      await page.getByLabel('Verification code').fill(code)
      await page.getByRole('button', { name: 'Change my number' }).click()
      await page.waitForURL((url) => url.pathname === '/settings')
      await page
        .getByText(
          `Your phone number is now ${formatPhoneNumber(newNumber)}. Log in with it from now on.`,
          { exact: true },
        )
        .waitFor()
      expect(await profileShown(page)).toMatchObject({
        'Phone number': formatPhoneNumber(newNumber),
        Name: `Robin ${tag}`,
      })
      expect((await userRow(user.id))?.phoneNumber).toBe(newNumber)

      // The new number logs in to this account.
      await logOut(page, mode.viewport)
      await logIn(page, newNumber, mode.javaScript)
      await page.goto('/settings')
      expect(await profileShown(page)).toMatchObject({
        'Phone number': formatPhoneNumber(newNumber),
        Name: `Robin ${tag}`,
      })

      // The old number is free: logging in with it starts a new account, asked to pick a plan.
      await logOut(page, mode.viewport)
      await logIn(page, user.phoneNumber, mode.javaScript)
      await expectAskedForPlan(page)
      const accounts = await db
        .selectFrom('users')
        .select(['id', 'planId', 'name'])
        .where('phoneNumber', 'in', [user.phoneNumber, newNumber])
        .execute()
      expect(accounts).toHaveLength(2)
      expect(accounts).toContainEqual({ id: user.id, planId: 'magic-hour', name: `Robin ${tag}` })
      expect(accounts).toContainEqual({
        id: expect.not.stringMatching(user.id),
        planId: null,
        name: null,
      })
    })
  })
})

describe.each(MODES)('downloading my data ($label)', (mode) => {
  it('Settings downloads one JSON file with the profile, alerts, texts and chat', async () => {
    await withPage(mode, async (page) => {
      const mine = await userWithData(db)
      await logIn(page, mine.user.phoneNumber, mode.javaScript)
      await page.goto('/settings')
      const privacy = section(page, 'Privacy & Security')
      await privacy
        .getByText('One JSON file with your profile, alerts, texts and support chat.')
        .waitFor()
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        privacy.getByRole('link', { name: 'Download my data' }).click(),
      ])
      expect(download.suggestedFilename()).toMatch(/^disney-alerts-data-\d{4}-\d\d-\d\d\.json$/)
      const document = JSON.parse(await readFile((await download.path())!, 'utf8'))
      // A download leaves the page where it was.
      expect(new URL(page.url()).pathname).toBe('/settings')

      expect(document).toEqual(await expectedDocument(db, mine))
    })
  })
})

describe.each(MODES)('deleting my account ($label)', (mode) => {
  it('refuses the wrong word, then deletes every row of the user and cancels the Stripe subscription', async () => {
    await withPage(mode, async (page, context) => {
      const phoneNumber = fakePhoneNumber()
      await logIn(page, phoneNumber, mode.javaScript)
      await page.goto('/payment/magic-hour')
      await payWithCard(page, mode.javaScript)
      await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15_000 })
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('phoneNumber', '=', phoneNumber)
        .executeTakeFirstOrThrow()
      expect(user.subscriptionId).toMatch(/^sub_/)
      const hotel = await createAlertRow(db, 'hotel', user.id)
      const dining = await createAlertRow(db, 'dining', user.id)
      await textAbout(db, user, { kind: 'dining', id: dining.id }, 'A table opened')
      const chat = await conversation(db, user.id, 'Can I watch two resorts?', 'Yes.')
      expect(await rowsOfUser(db, user.id)).toMatchObject({
        hotel_alerts: 1,
        dining_alerts: 1,
        notifications: 1,
        chat_sessions: 1,
        subscriptions: 1,
        sessions: 1,
      })

      await page.goto('/settings')
      await section(page, 'Privacy & Security')
        .getByRole('link', { name: 'Delete my account' })
        .click()
      await page.waitForURL((url) => url.pathname === '/settings/delete-account')
      await page.getByRole('heading', { name: 'Delete your account' }).waitFor()
      await page
        .getByText(
          'Your Magic Hour subscription, cancelled at once. The rest of the month is not refunded.',
        )
        .waitFor()

      const confirm = page.getByLabel('To confirm, type DELETE in capital letters')
      await confirm.fill('delete')
      await page.getByRole('button', { name: 'Delete my account' }).click()
      await expectErrorBeside(page, confirm, 'Type DELETE in capital letters to confirm.')
      expect(new URL(page.url()).pathname).toBe('/settings/delete-account')
      expect(await userRow(user.id)).toBeDefined()
      expect((await rowsOfUser(db, user.id)).hotel_alerts).toBe(1)

      const asked = new Date(Date.now() - 1000)
      await confirm.fill('DELETE')
      await page.getByRole('button', { name: 'Delete my account' }).click()
      await page.waitForURL((url) => url.pathname === '/login')
      await page
        .getByText(
          'Your account and its data have been deleted. Any subscription has been cancelled.',
          { exact: true },
        )
        .waitFor()
      expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('__Host-session')

      // Stripe ended the subscription at once: the stand-in announced it to the webhook.
      await expect
        .poll(
          async () =>
            (
              await db
                .selectFrom('stripeEvents')
                .select('type')
                .where('receivedAt', '>=', asked)
                .where('type', '=', 'customer.subscription.deleted')
                .execute()
            ).length,
          { timeout: 10_000 },
        )
        .toBeGreaterThan(0)
      const audit = await db
        .selectFrom('deletedAccounts')
        .selectAll()
        .where('stripeCustomerId', '=', user.stripeCustomerId)
        .execute()
      expect(audit).toEqual([
        expect.objectContaining({ subscriptionCancelled: true, planId: 'magic-hour' }),
      ])

      // No row of the user is left in any table that references users, nor their chat.
      expect(await userRow(user.id)).toBeUndefined()
      const left = await rowsOfUser(db, user.id)
      // The tables the deletion test of the API names, and any added since: all empty of the user.
      expect(Object.keys(left)).toEqual(
        expect.arrayContaining([
          'chat_sessions',
          'dining_alerts',
          'hotel_alerts',
          'notifications',
          'sessions',
          'subscriptions',
        ]),
      )
      expect(left).toEqual(Object.fromEntries(Object.keys(left).map((table) => [table, 0])))
      expect(
        await db.selectFrom('chatMessages').select('id').where('sessionId', '=', chat).execute(),
      ).toEqual([])
      expect(
        await db.selectFrom('hotelAlerts').select('id').where('id', '=', hotel.id).execute(),
      ).toEqual([])

      // Signed out: Settings asks for a login.
      await page.goto('/settings')
      await page.waitForURL((url) => url.pathname === '/login')
    })
  })
})

describe.each(MODES)('STOP, then START, texted from the phone ($label)', (mode) => {
  it('shows texts off on the dashboard and in Settings, and back to normal after START', async () => {
    await withPage(mode, async (page) => {
      const user = await createUser(db, { planId: 'magic-hour', trialStartUtc: new Date() })
      const alert = await createAlertRow(db, 'dining', user.id)
      const entry = alertEntry(page, mode.viewport, await restaurantName())
      const phone = formatPhoneNumber(user.phoneNumber)
      await logIn(page, user.phoneNumber, mode.javaScript)
      await page.goto('/dashboard')
      await entry.getByText('Monitoring', { exact: true }).waitFor()

      const stop = await textFromPhoneToApp(user.phoneNumber, 'STOP')
      expect(stop.keyword).toBe('STOP')
      // The phone shows Twilio's confirmation, the last text it gets.
      const texts = textsTo(user.phoneNumber)
      expect(texts.at(-1)?.body).toMatch(/^You have successfully been unsubscribed\./)
      const stopped = await db
        .selectFrom('smsOptOuts')
        .select('optedOutAt')
        .where('phoneNumber', '=', user.phoneNumber)
        .executeTakeFirstOrThrow()
      const since = billingDate(new Date(stopped.optedOutAt))
      const notice = `Texts are off: your number replied STOP on ${since}, so your alerts are paused and not checked. Text START to ${formatPhoneNumber(ourNumber())} to turn them back on.`

      await page.goto('/dashboard')
      await page.getByText(notice, { exact: true }).waitFor()
      await entry.getByText('Paused: texts are off', { exact: true }).waitFor()
      expect(await entry.getByText('Monitoring', { exact: true }).count()).toBe(0)
      // Still running: the alert waits for START, it was not stopped.
      expect(await alertStatus('dining', alert.id)).toBe(1)

      await page.goto('/settings')
      const notifications = section(page, 'Notification Settings')
      await notifications.getByText(`Stopped ${since}`, { exact: true }).waitFor()
      await notifications.getByText(notice, { exact: true }).waitFor()
      expect(await notifications.getByText('Always on').count()).toBe(0)

      const start = await textFromPhoneToApp(user.phoneNumber, 'START')
      expect(start.keyword).toBe('START')
      await page.goto('/dashboard')
      await entry.getByText('Monitoring', { exact: true }).waitFor()
      expect(await page.getByText(/^Texts are off/).count()).toBe(0)
      expect(await entry.getByText('Paused: texts are off').count()).toBe(0)

      await page.goto('/settings')
      await notifications.getByText('Always on', { exact: true }).waitFor()
      await notifications
        .getByText(`We text ${phone} the moment an opening matches one of your alerts.`)
        .waitFor()
      expect(await notifications.getByText(/^Stopped /).count()).toBe(0)
    })
  })
})

describe.each(MODES)('a plan that lapsed, then chosen again ($label)', (mode) => {
  it('reads and pauses under "No active subscription", cannot add or start, then pays and starts again', async () => {
    await withPage(mode, async (page) => {
      // The trial ended long ago and the paid plan with it: no plan, alerts left as they were.
      const user = await createUser(db, {
        planId: null,
        trialStartUtc: new Date(Date.now() - 60 * 24 * 60 * 60_000),
      })
      const hotel = await createAlertRow(db, 'hotel', user.id)
      const dining = await createAlertRow(db, 'dining', user.id, { status: 0 })
      const restaurant = await restaurantName()
      const hotelEntry = alertEntry(page, mode.viewport, POP_CENTURY)
      const diningEntry = alertEntry(page, mode.viewport, restaurant)

      // Without a plan a login lands on the plans (accounts §4); the header leads to the alerts.
      await logIn(page, user.phoneNumber, mode.javaScript)
      await expectAskedForPlan(page)
      await openFromHeader(page, mode.viewport, 'Dashboard')
      await page.waitForURL((url) => url.pathname === '/dashboard')
      await page.getByText('No active subscription.', { exact: false }).waitFor()
      await hotelEntry.getByRole('button', { name: `Pause ${POP_CENTURY}` }).waitFor()
      await diningEntry.getByText('Stopped', { exact: true }).waitFor()
      // Nobody checks it without a plan, and it says so rather than "Monitoring".
      await hotelEntry.getByText('Paused: no active plan', { exact: true }).waitFor()
      expect(await hotelEntry.getByText('Monitoring', { exact: true }).count()).toBe(0)

      // Nothing can be added: the control is disabled.
      const add = page.getByRole('button', { name: 'Add New Alert' })
      expect(await add.isDisabled()).toBe(true)

      // A running alert can be paused.
      await hotelEntry.getByRole('button', { name: `Pause ${POP_CENTURY}` }).click()
      await hotelEntry.getByRole('button', { name: `Start ${POP_CENTURY}` }).waitFor()
      await hotelEntry.getByText('Stopped', { exact: true }).waitFor()
      await expect.poll(() => alertStatus('hotel', hotel.id)).toBe(0)

      // None can be started, and the refusal says why.
      await diningEntry.getByRole('button', { name: `Start ${restaurant}` }).click()
      await diningEntry
        .getByRole('alert')
        .getByText('Choose a plan to create and run alerts.', { exact: true })
        .waitFor()
      expect(await alertStatus('dining', dining.id)).toBe(0)

      // The banner leads to the plans.
      await page.getByRole('link', { name: 'Choose a plan in Settings' }).click()
      await page.waitForURL((url) => url.pathname === '/settings')
      const plans = section(page, 'Subscription Plan')
      await plans.getByText('You have no plan yet. Choose one to start your alerts.').waitFor()
      await plans.getByRole('button', { name: 'Subscribe Now: Magic Hour' }).click()
      await page.waitForURL((url) => url.pathname === '/payment/magic-hour')
      await payWithCard(page, mode.javaScript)
      await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15_000 })

      // A normal dashboard: no banner, the plan named, alerts can be added and started.
      await page.getByRole('heading', { name: 'Alerts', level: 1 }).waitFor()
      await page.getByText(/^Plan\s*Magic Hour$/).waitFor()
      expect(await page.getByText('No active subscription.', { exact: false }).count()).toBe(0)
      expect(await page.getByRole('button', { name: 'Add New Alert' }).count()).toBe(0)
      const addMenu = page.locator('summary', { hasText: 'Add New Alert' })
      await addMenu.click()
      await page.getByText('Monitor resort availability', { exact: true }).waitFor()
      await addMenu.click()
      await page
        .getByText('Monitor resort availability', { exact: true })
        .waitFor({ state: 'hidden' })

      await diningEntry.getByRole('button', { name: `Start ${restaurant}` }).click()
      await diningEntry.getByText('Monitoring', { exact: true }).waitFor()
      await hotelEntry.getByRole('button', { name: `Start ${POP_CENTURY}` }).click()
      await hotelEntry.getByText('Monitoring', { exact: true }).waitFor()
      await expect.poll(() => alertStatus('dining', dining.id)).toBe(1)
      await expect.poll(() => alertStatus('hotel', hotel.id)).toBe(1)
    })
  })
})

describe.each(MODES.filter((mode) => mode.viewport === 'phone'))(
  "at a phone's width ($label)",
  (mode) => {
    /** With JavaScript the chat widget loads after hydration: waited for, then found hidden. */
    async function expectNoLauncher(page: Page) {
      const launcher = page.getByRole('button', { name: 'Support chat', includeHidden: true })
      if (mode.javaScript) await launcher.waitFor({ state: 'attached' })
      expect(await launcher.isVisible()).toBe(false)
    }

    async function expectPageFits(page: Page, path: string) {
      await page.goto(path)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      await expectNoLauncher(page)
      await expectFitsScreen(page, mode.viewport)
    }

    it('Settings, the dashboard, the hotel list and a hotel page fit, with nothing floating over them', async () => {
      await withPage(mode, async (page) => {
        const user = await createUser(db, { planId: 'magic-hour', trialStartUtc: new Date() })
        await createAlertRow(db, 'hotel', user.id)
        const dining = await createAlertRow(db, 'dining', user.id)
        await textAbout(
          db,
          user,
          { kind: 'dining', id: dining.id },
          'A table for four opened at 6:30 PM. Book it now.',
        )
        await logIn(page, user.phoneNumber, mode.javaScript)

        for (const path of ['/settings', '/dashboard', '/alerts/hotels', RIVIERA_PAGE])
          await expectPageFits(page, path)

        // Texts off: the longer notices fit too.
        await textFromPhoneToApp(user.phoneNumber, 'STOP')
        await expectPageFits(page, '/settings')
        await section(page, 'Notification Settings')
          .getByText(/^Stopped /)
          .waitFor()
        await expectPageFits(page, '/dashboard')
        await page.getByText(/^Texts are off/).waitFor()
        await textFromPhoneToApp(user.phoneNumber, 'START')
        await expectPageFits(page, '/settings')
        await section(page, 'Notification Settings').getByText('Always on').waitFor()

        // The header's Support link is how the chat opens here.
        await page.goto('/settings')
        await expectNoLauncher(page)
        await page.getByRole('banner').getByRole('link', { name: 'Support', exact: true }).click()
        if (mode.javaScript) {
          const chat = page.getByRole('dialog', { name: 'Support chat' })
          await chat.waitFor()
          expect(new URL(page.url()).pathname).toBe('/settings')
          await chat.getByRole('button', { name: 'Close' }).click()
          await chat.waitFor({ state: 'detached' })
        } else {
          await page.waitForURL((url) => url.pathname === '/support')
          expect(new URL(page.url()).searchParams.get('from')).toBe('/settings')
          await page.getByRole('heading', { name: 'Support chat' }).waitFor()
          await page.getByLabel('Message').waitFor()
          await expectFitsScreen(page, mode.viewport)
        }
      })
    })
  },
)

describe.each(MODES)('a test text from Settings ($label)', (mode) => {
  it('texts the phone, says so beside the button and shows its delivery', async () => {
    await withPage(mode, async (page) => {
      const user = await createUser(db, { planId: 'magic-hour' })
      await logIn(page, user.phoneNumber, mode.javaScript, '/login?redirect=%2Fsettings')
      await page.waitForURL((url) => url.pathname === '/settings')
      const notifications = section(page, 'Notification Settings')
      const before = textsTo(user.phoneNumber)

      await notifications.getByRole('button', { name: 'Send me a test text' }).click()
      await notifications
        .getByText(`Test text sent to ${formatPhoneNumber(user.phoneNumber)}`, { exact: false })
        .waitFor()
      await expect.poll(() => textsTo(user.phoneNumber)).toHaveLength(before.length + 1)
      const [text] = textsTo(user.phoneNumber).slice(-1)
      expect(text!.body).toContain('This is your test text')
      await notifications.getByText('Last test text to', { exact: false }).waitFor()
    })
  })
})

describe.each(MODES.filter((mode) => !mode.javaScript))(
  'editing an alert without JavaScript ($label)',
  (mode) => {
    it('saves a change from the filled-in form, and refuses a copy of a running alert with a link to it', async () => {
      await withPage(mode, async (page) => {
        const user = await createUser(db, { planId: 'magic-hour' })
        const stay = (days: number) =>
          new Date(Date.now() + days * 24 * 60 * 60_000).toISOString().slice(0, 10)
        const kept = await createAlertRow(db, 'hotel', user.id, { checkOutDate: stay(34) })
        const edited = await createAlertRow(db, 'hotel', user.id, { checkOutDate: stay(33) })
        await logIn(page, user.phoneNumber, false, '/login?redirect=%2Fdashboard')
        await page.waitForURL((url) => url.pathname === '/dashboard')

        // Edit opens the alert's own form, filled in.
        const entries = alertEntry(page, mode.viewport, POP_CENTURY)
        await entries.nth(0).waitFor()
        const editLinks = await page.getByRole('link', { name: `Edit ${POP_CENTURY}` }).all()
        const hrefs = await Promise.all(editLinks.map((link) => link.getAttribute('href')))
        const editedHref = hrefs.find((href) => href?.includes(edited.id))!
        await page.goto(editedHref)
        await page.getByRole('heading', { name: 'Edit Alert', level: 1 }).waitFor()
        const checkOut = page.getByLabel('Check-out', { exact: true })
        expect(await checkOut.inputValue()).toBe(stay(33))

        // A new check-out date saves, and the dashboard says so.
        await checkOut.fill(stay(35))
        await page.getByRole('button', { name: 'Save Changes' }).click()
        await page.waitForURL((url) => url.pathname === '/dashboard')
        await page.getByText('Alert updated.', { exact: true }).waitFor()
        const row = await db
          .selectFrom('hotelAlerts')
          .select(['checkOutDate', 'status'])
          .where('id', '=', edited.id)
          .executeTakeFirstOrThrow()
        expect(row).toEqual({ checkOutDate: stay(35), status: 1 })

        // The same stay as the other running alert is refused, in words, with the way to it.
        await page.goto(editedHref)
        await page.getByLabel('Check-out', { exact: true }).fill(stay(34))
        await page.getByRole('button', { name: 'Save Changes' }).click()
        await page
          .getByText('You already have this alert running: same place, dates and party.')
          .waitFor()
        expect(
          (
            await db
              .selectFrom('hotelAlerts')
              .select('checkOutDate')
              .where('id', '=', edited.id)
              .executeTakeFirstOrThrow()
          ).checkOutDate,
        ).toBe(stay(35))
        await page.getByRole('link', { name: 'See that alert' }).click()
        await page.waitForURL((url) => url.searchParams.get('alert') === kept.id)
        await page.getByText('Showing one alert.', { exact: false }).waitFor()
        expect(await alertEntry(page, mode.viewport, POP_CENTURY).count()).toBe(1)
      })
    })
  },
)
