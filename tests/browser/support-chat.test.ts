import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { fakePhoneNumber } from '../../db/factories.ts'
import {
  logIn,
  newPage,
  setupBrowser,
  textsTo,
  type ViewportName,
  withPage,
} from '../support/browser.ts'

setupBrowser()

const ADMIN_PHONE = '+12015550199'

/**
 * One signed-in support admin per viewport for the whole file: each login texts a code, and a
 * number may ask for 5 an hour.
 */
const admins = new Map<ViewportName, { context: BrowserContext; page: Page }>()
async function adminPage(viewport: ViewportName) {
  let admin = admins.get(viewport)
  if (!admin) {
    admin = await newPage({ viewport, javaScript: true })
    await logIn(admin.page, ADMIN_PHONE, true)
    admins.set(viewport, admin)
  }
  return admin.page
}
afterAll(async () => {
  for (const admin of admins.values()) await admin.context.close()
})

/** The admin opens the conversation whose last message is `text` and answers it. */
async function answer(viewport: ViewportName, question: string, reply: string) {
  const page = await adminPage(viewport)
  await page.goto('/chat-admin')
  await page.getByRole('heading', { name: 'Support chat' }).waitFor()
  // The list polls every 3 s and hears pushed events: the question appears without a reload.
  const row = page.getByRole('link').filter({ hasText: question })
  await row.waitFor({ timeout: 10_000 })
  await row.click()
  await page.getByRole('link', { name: 'Back' }).waitFor()
  await page.getByText(question).waitFor()
  const send = page.getByRole('button', { name: 'Send reply' })
  expect(await send.isDisabled()).toBe(true)
  await page.getByLabel('Reply').fill(`  ${reply}  `)
  await send.click()
  // Shown at once (optimistic), then saved: a saved reply carries its read mark.
  await page.getByText(reply, { exact: true }).waitFor()
  expect(await page.getByLabel('Reply').inputValue()).toBe('')
  await expect
    .poll(() => page.locator('li', { hasText: reply }).innerText(), { timeout: 10_000 })
    .toMatch(/· Unread$/)
  return page
}

describe.each(['phone', 'desktop'] as const)('the support chat (%s)', (viewport) => {
  it('with JavaScript: a visitor asks in the widget, support answers, the visitor sees it', async () => {
    await withPage({ viewport, javaScript: true }, async (page) => {
      const question = `Can I watch Poly rooms? (${viewport} ${Date.now()})`
      // The widget is never part of the server's HTML: it loads after hydration.
      const html = await (await fetch(`${inject('baseUrl')}/faq`)).text()
      expect(html).not.toContain('Support chat')

      await page.goto('/faq')
      const widget = page.getByRole('dialog', { name: 'Support chat' })
      const launcher = page.getByRole('button', { name: /Support chat/, includeHidden: true })
      // Until the widget has loaded, the link leads to /support, as it does without JavaScript.
      await launcher.waitFor({ state: 'attached' })
      await page.getByRole('contentinfo').getByRole('link', { name: 'Live Support' }).click()
      await widget.waitFor()
      await widget.getByRole('button', { name: 'Close' }).click()
      await page.locator('#contact').getByRole('link', { name: 'Contact Support' }).click()
      await widget.waitFor()
      expect(new URL(page.url()).pathname).toBe('/faq')
      await widget.getByLabel('Name (optional)').fill('Robin')
      await widget.getByLabel('Message').fill(question)
      await widget.getByRole('button', { name: 'Send' }).click()
      await widget.getByText(question).waitFor()
      await widget.getByRole('button', { name: 'Close' }).click()

      const admin = await answer(viewport, question, 'Yes: pick the Polynesian.')
      await admin.getByText('Unread').first().waitFor()

      // Closed, the widget marks the new reply; opened, it shows it and marks it read.
      await launcher.getByText('1 new').waitFor({ timeout: 20_000 })
      await launcher.click()
      await widget.getByText('Yes: pick the Polynesian.').waitFor()
      await expect
        .poll(
          async () => admin.locator('li', { hasText: 'Yes: pick the Polynesian.' }).innerText(),
          {
            timeout: 10_000,
          },
        )
        .toMatch(/· Read$/)
    })
  })

  it('without JavaScript: Contact Support leads to /support, a plain form and the answer', async () => {
    await withPage({ viewport, javaScript: false }, async (page) => {
      const question = `Do you text Disneyland dining? (${viewport} ${Date.now()})`
      await page.goto('/pricing')
      await page.getByRole('contentinfo').getByRole('link', { name: 'Live Support' }).click()
      await page.waitForURL((url) => url.pathname === '/support')
      await page.getByRole('heading', { name: 'Support chat' }).waitFor()
      await page.getByRole('button', { name: 'Send' }).click()
      await page.getByText('Please enter a message.').waitFor()
      await page.getByLabel('Message').fill(question)
      await page.getByLabel('Email (optional)').fill('robin@example.com')
      await page.getByRole('button', { name: 'Send' }).click()
      await page.waitForURL(
        (url) => url.pathname === '/support' && url.search === '?from=%2Fpricing',
      )
      await page.getByText(question).waitFor()
      // Without JavaScript the server cannot know the reader's time zone, so it says UTC.
      expect(await page.locator('time').first().innerText()).toMatch(/^\d{1,2}:\d{2} [AP]M UTC$/)

      await answer(viewport, question, 'Yes, both resorts.')
      await page.reload()
      await page.getByText('Yes, both resorts.').waitFor()
    })
  })
})

describe('texting a customer that support answered', () => {
  it('sends the SMS after the confirm, read from the outbox', async () => {
    await withPage({ viewport: 'desktop', javaScript: true }, async (page) => {
      const phoneNumber = fakePhoneNumber()
      const question = `Please text me when you reply (${Date.now()})`
      await logIn(page, phoneNumber, true)
      await page.goto('/how-it-works')
      await page.getByRole('button', { name: 'Support chat' }).click()
      const widget = page.getByRole('dialog', { name: 'Support chat' })
      await widget.getByLabel('Message').fill(question)
      await widget.getByRole('button', { name: 'Send' }).click()
      await widget.getByText(question).waitFor()

      const admin = await answer('desktop', question, 'Done, check your alerts.')
      const confirms: string[] = []
      admin.once('dialog', (dialog) => {
        confirms.push(dialog.message())
        void dialog.accept()
      })
      await admin.getByRole('button', { name: 'Send SMS notification' }).click()
      await admin.getByText('SMS sent.').waitFor()
      expect(confirms).toEqual(['Send SMS notification to customer?'])
      const texts = textsTo(phoneNumber)
      expect(texts.at(-1)?.body).toMatch(
        /support team has answered your message\. Log in to read it/,
      )

      // Delete, behind its own confirm: the conversation leaves the list.
      admin.once('dialog', (dialog) => void dialog.accept())
      await admin.getByRole('button', { name: 'Delete conversation' }).click()
      await admin.waitForURL((url) => url.pathname === '/chat-admin' && url.search === '')
      await expect.poll(() => admin.getByText(question).count(), { timeout: 10_000 }).toBe(0)
    })
  })
})

describe('the admin screen (desktop)', () => {
  it('hears a new message pushed through the server, banners it and counts it in the title', async () => {
    const admin = await adminPage('desktop')
    await admin.goto('/chat-admin')
    await admin.getByRole('heading', { name: 'Support chat' }).waitFor()
    // A second event stream of the page's own, to see the push itself arrive through Express.
    await admin.evaluate(
      () =>
        new Promise<void>((ready) => {
          const source = new EventSource('/api/chat/events')
          const heard = new Promise<string>((resolve) =>
            source.addEventListener('chat', (event) => {
              source.close()
              resolve((event as MessageEvent<string>).data)
            }),
          )
          Object.assign(window, { heard })
          source.addEventListener('ready', () => ready())
        }),
    )
    const question = `Pushed question ${Date.now()}`
    const sent = await fetch(`${inject('baseUrl')}/api/chat/send`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.250' },
      body: JSON.stringify({ message: question }),
    })
    expect(sent.status).toBe(200)
    const event = await admin.evaluate(
      () => (window as unknown as { heard: Promise<string> }).heard,
    )
    expect(JSON.parse(event)).toMatchObject({ type: 'message', sender: 'user' })
    expect(event).not.toContain('Pushed')

    const banner = admin.getByRole('status').filter({ hasText: 'New message' })
    await banner.waitFor({ timeout: 5_000 })
    await admin.getByRole('link').filter({ hasText: question }).waitFor()
    expect(await admin.title()).toMatch(/^\(\d+\) Chat Admin \| Disney Hotel Alerts$/)
    await banner.waitFor({ state: 'detached', timeout: 5_000 })
  })

  it('rolls a failed reply back, restoring the text, with the specification’s error', async () => {
    const question = `Will this reply fail? ${Date.now()}`
    const sent = await fetch(`${inject('baseUrl')}/api/chat/send`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.251' },
      body: JSON.stringify({ message: question }),
    })
    expect(sent.status).toBe(200)
    const admin = await adminPage('desktop')
    await admin.goto('/chat-admin')
    await admin.getByRole('link').filter({ hasText: question }).click()
    await admin.getByText(question).waitFor()
    await admin.route('**/api/chat/respond', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }),
    )
    try {
      await admin.getByLabel('Reply').fill('This will not arrive')
      await admin.getByRole('button', { name: 'Send reply' }).click()
      await admin.getByText('Failed to send response. Please try again.').waitFor()
      expect(await admin.getByLabel('Reply').inputValue()).toBe('This will not arrive')
      expect(
        await admin
          .getByRole('list', { name: 'Messages' })
          .getByText('This will not arrive', { exact: true })
          .count(),
      ).toBe(0)
    } finally {
      await admin.unroute('**/api/chat/respond')
    }
  })
})

describe('the admin screen without JavaScript (phone)', () => {
  it('answers, texts the customer after the confirm step, and deletes after its own', async () => {
    const customer = await newPage({ viewport: 'phone', javaScript: false })
    const admin = await newPage({ viewport: 'phone', javaScript: false })
    const phoneNumber = fakePhoneNumber()
    const question = `Asked and answered without JavaScript (${Date.now()})`
    const reply = 'Answered without JavaScript.'
    try {
      await logIn(customer.page, phoneNumber, false)
      await customer.page.goto('/support')
      await customer.page.getByLabel('Message').fill(question)
      await customer.page.getByRole('button', { name: 'Send' }).click()
      await customer.page.getByText(question).waitFor()

      await logIn(admin.page, ADMIN_PHONE, false)
      await admin.page.goto('/chat-admin')
      await admin.page.getByRole('link').filter({ hasText: question }).click()
      await admin.page.getByLabel('Reply').fill(`  ${reply}  `)
      await admin.page.getByRole('button', { name: 'Send reply' }).click()
      const messages = admin.page.getByRole('list', { name: 'Messages' })
      await messages.getByText(reply, { exact: true }).waitFor()

      await admin.page.getByRole('link', { name: 'Send SMS notification' }).click()
      await admin.page.getByText('Send SMS notification to customer?').waitFor()
      await admin.page.getByRole('button', { name: 'Send SMS' }).click()
      await admin.page.getByText('SMS sent.').waitFor()
      const texts = textsTo(phoneNumber)
      expect(texts.at(-1)?.body).toMatch(/support team has answered your message/)

      await admin.page.getByRole('link', { name: 'Delete conversation' }).click()
      await admin.page
        .getByText(
          'Are you sure you want to permanently delete this conversation? This action cannot be undone.',
        )
        .waitFor()
      await admin.page.getByRole('button', { name: 'Delete', exact: true }).click()
      await admin.page.waitForURL((url) => url.pathname === '/chat-admin' && url.search === '')
      expect(await admin.page.getByText(question).count()).toBe(0)
    } finally {
      await customer.context.close()
      await admin.context.close()
    }
  })
})

describe('the admin screen to a customer', () => {
  for (const javaScript of [true, false])
    it(`says Access Denied to a signed-in customer (JavaScript ${javaScript ? 'on' : 'off'})`, async () => {
      await withPage({ viewport: 'phone', javaScript }, async (page) => {
        await logIn(page, fakePhoneNumber(), javaScript)
        const answer = await page.goto('/chat-admin')
        expect(answer?.status()).toBe(403)
        await page.getByRole('heading', { name: 'Access Denied' }).waitFor()
        await page.getByText('You are not authorized to access this page.').waitFor()
        expect(await page.getByRole('heading', { name: 'Support chat' }).count()).toBe(0)
      })
    })
})
