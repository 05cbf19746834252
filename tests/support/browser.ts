import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core'
import { afterAll, beforeAll, expect, inject } from 'vitest'
import { parseEnv } from '../../app/env.server.ts'
import { textFromPhone, twilioAccount } from '../../mocks/twilio-phone.ts'
import { BUILT_APP_SESSION_SECRET } from './app-server.ts'
import { latestCode, readOutbox } from './outbox.ts'

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const
export type ViewportName = keyof typeof VIEWPORTS

/** Every combination the main journeys run in: JavaScript on and off, phone and desktop. */
export const MODES = (['phone', 'desktop'] as const).flatMap((viewport) =>
  [true, false].map((javaScript) => ({
    viewport,
    javaScript,
    label: `${viewport}, JavaScript ${javaScript ? 'on' : 'off'}`,
  })),
)

let browser: Browser | undefined

/** One Debian Chromium per test file, started the way this machine allows (plus `args`). */
export function setupBrowser(args: () => string[] = () => []) {
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        ...args(),
      ],
    })
  })
  afterAll(async () => {
    await browser?.close()
  })
}

const randomBelow = (n: number) => Math.floor(Math.random() * n)
/** A visitor's address, as a proxy in front of the app would pass it on. */
export const visitorAddress = () =>
  `198.${18 + randomBelow(2)}.${randomBelow(256)}.${randomBelow(254) + 1}`

export async function newPage(
  mode: { viewport: ViewportName; javaScript: boolean },
  baseURL = inject('baseUrl'),
): Promise<{
  context: BrowserContext
  page: Page
}> {
  if (!browser) throw new Error('call setupBrowser() in the test file first')
  const context = await browser.newContext({
    baseURL,
    viewport: VIEWPORTS[mode.viewport],
    javaScriptEnabled: mode.javaScript,
    // Each test is its own visitor, as behind a real proxy: the per-address and per-network
    // (/24) login limits of one test must not spill into the next (the app trusts
    // X-Forwarded-For from loopback). Addresses are drawn from 198.18.0.0/15, kept for tests.
    extraHTTPHeaders: { 'X-Forwarded-For': visitorAddress() },
  })
  const page = await context.newPage()
  return { context, page }
}

/** Runs `visit` in a new visitor's page, closing the page's context however `visit` ends. */
export async function withPage(
  mode: { viewport: ViewportName; javaScript: boolean; baseURL?: string },
  visit: (page: Page, context: BrowserContext) => Promise<void>,
) {
  const { context, page } = await newPage(mode, mode.baseURL)
  try {
    await visit(page, context)
  } finally {
    await context.close()
  }
}

/** Reads the newest login code texted to a number, waiting for it like a person waits for a text. */
export async function waitForCode(phoneNumber: string, timeoutMs = 10_000): Promise<string> {
  const started = Date.now()
  for (;;) {
    try {
      return latestCode(phoneNumber, inject('outboxPath'))
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

/** The texts the Twilio stand-in has sent to a number, oldest first, as the phone shows them. */
export function textsTo(phoneNumber: string) {
  return readOutbox(inject('outboxPath')).filter((text) => text.to === phoneNumber)
}

/** Logs in through /login as a person would, reading the code from the outbox. */
export async function logIn(page: Page, phoneNumber: string, javaScript: boolean, path = '/login') {
  await page.goto(path)
  await page.getByLabel('Phone number').fill(phoneNumber)
  await page.getByRole('button', { name: 'Send Code' }).click()
  await page.getByLabel('Verification code').waitFor()
  await page.getByLabel('Verification code').fill(await waitForCode(phoneNumber))
  if (!javaScript) await page.getByRole('button', { name: 'Verify' }).click()
  await page.waitForURL((url) => url.pathname !== '/login')
}

/** Signs in through the JSON API, reading the code from the outbox, and answers the token. */
export async function apiToken(phoneNumber: string) {
  const post = (path: string, body: unknown) =>
    fetch(`${inject('baseUrl')}${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Forwarded-For': visitorAddress(),
      },
      body: JSON.stringify(body),
    })
  expect((await post('/api/account/login', { phoneNumber })).status).toBe(200)
  const code = await waitForCode(phoneNumber)
  const verified = await post('/api/account/loginVerify', { phoneNumber, code })
  return ((await verified.json()) as { accessToken: string }).accessToken
}

/** Logout from the header: the desktop bar, or the phone's menu once it is open. */
export async function logOut(page: Page, viewport: ViewportName) {
  if (viewport === 'desktop') {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Logout' })
      .click()
  } else {
    await page.getByText('Menu', { exact: true }).click()
    const nav = page.getByRole('navigation', { name: 'Mobile' })
    await nav.getByRole('link', { name: 'Settings' }).waitFor()
    await nav.getByRole('button', { name: 'Logout' }).click()
  }
  await page.waitForURL((url) => url.pathname === '/')
}

/** Where a login without a plan lands: the plans, asking for one. */
export async function expectAskedForPlan(page: Page) {
  expect(new URL(page.url()).pathname).toBe('/pricing')
  await page.getByRole('heading', { name: 'Select a plan to get started' }).waitFor()
}

/** The error shown beside a field, checked to be the one its input names. */
export async function expectErrorBeside(page: Page, field: Locator, message: string) {
  const error = page.getByText(message, { exact: true })
  await error.waitFor()
  expect(await field.getAttribute('aria-invalid')).toBe('true')
  expect((await field.getAttribute('aria-describedby'))?.split(' ')).toContain(
    await error.getAttribute('id'),
  )
}

/**
 * Pays on /payment/{plan} with the test-mode card form, as a person would: the card the form
 * fills in (or `cardNumber`), then the button that names the price (`Subscribe for $7 per
 * month`). With JavaScript the form is the one mounted for the Checkout session the page asked
 * for; without it, the server-rendered one.
 */
export async function payWithCard(
  page: Page,
  javaScript: boolean,
  options: { price?: string; cardNumber?: string } = {},
) {
  await page.getByRole('heading', { name: 'Complete Your Subscription' }).waitFor()
  await page.getByText('Test mode', { exact: false }).first().waitFor()
  if (javaScript) await page.locator('input[name="sessionId"]').waitFor({ state: 'attached' })
  const card = page.getByLabel('Card number')
  expect(await card.inputValue()).toBe('4242 4242 4242 4242')
  if (options.cardNumber) await card.fill(options.cardNumber)
  await page
    .getByRole('button', { name: `Subscribe for ${options.price ?? '$7'} per month` })
    .click()
}

/**
 * The browser project's app as Twilio knows it: its number, its outbox and the stand-in's
 * signing secret, read from the configuration `startBuiltApp` gives it.
 */
function builtAppTwilio() {
  const env = parseEnv({
    ...process.env,
    NODE_ENV: 'production',
    MOCKS: 'true',
    APP_URL: inject('baseUrl'),
    DATABASE_URL: inject('databaseUrl'),
    SESSION_SECRET: BUILT_APP_SESSION_SECRET,
    SMS_OUTBOX_PATH: inject('outboxPath'),
  })
  return { account: twilioAccount(env), webhookUrl: `${env.appUrl}/webhooks/twilio/inbound` }
}

/**
 * A subscriber's phone texting our number (STOP, START, anything), as `npm run phone` plays it:
 * Twilio's own handling and reply, then the app's inbound webhook, signed.
 */
export async function textFromPhoneToApp(phoneNumber: string, body: string) {
  const { account, webhookUrl } = builtAppTwilio()
  const text = await textFromPhone(account, phoneNumber, body, { webhookUrl })
  expect(text.webhook?.status).toBe(200)
  return text
}

/** The number our texts come from, as the app shows it. */
export function ourNumber() {
  return builtAppTwilio().account.phoneNumber
}

/**
 * What a fixed or sticky element sits over, at the top of the page and, for those anchored low,
 * at its bottom: text or controls that scrolling cannot bring out from under it. Runs in the page.
 */
function coveredContent(at: 'top' | 'bottom') {
  window.scrollTo({
    top: at === 'top' ? 0 : document.documentElement.scrollHeight,
    behavior: 'instant',
  })
  const shown = (element: Element) => {
    const style = getComputedStyle(element)
    const box = element.getBoundingClientRect()
    return (
      style.display !== 'none' &&
      style.visibility !== 'hidden' &&
      Number(style.opacity) > 0 &&
      box.width >= 2 &&
      box.height >= 2
    )
  }
  const floating = [...document.body.querySelectorAll('*')].filter((element) => {
    const { position } = getComputedStyle(element)
    if (position !== 'fixed' && position !== 'sticky') return false
    if (!shown(element)) return false
    // At the bottom of the page only what stays low can still hide something.
    return (
      at === 'top' ||
      (position === 'fixed' && element.getBoundingClientRect().top >= window.innerHeight / 2)
    )
  })
  const controls = 'a, button, input, select, textarea, summary, label, [role="button"]'
  const content = [...document.body.querySelectorAll('*')].filter(
    (element) =>
      shown(element) &&
      (element.matches(controls) ||
        [...element.childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '',
        )),
  )
  const covered: string[] = []
  for (const over of floating) {
    const top = over.getBoundingClientRect()
    for (const element of content) {
      if (over.contains(element) || element.contains(over)) continue
      const box = element.getBoundingClientRect()
      const left = Math.max(box.left, top.left)
      const right = Math.min(box.right, top.right)
      const upper = Math.max(box.top, top.top)
      const lower = Math.min(box.bottom, top.bottom)
      if (right - left < 1 || lower - upper < 1) continue
      const hit = document.elementFromPoint((left + right) / 2, (upper + lower) / 2)
      if (hit && over.contains(hit))
        covered.push(
          `<${over.tagName.toLowerCase()}> "${(over.textContent ?? '').trim().slice(0, 40)}" covers <${element.tagName.toLowerCase()}> "${(element.textContent ?? '').trim().slice(0, 40)}"`,
        )
    }
  }
  return covered
}

/**
 * The text fields of the page a phone would zoom into when one is tapped (iOS Safari does for
 * text under 16px), by name and size. Runs in the page.
 */
function smallTextFields() {
  const typed = 'input:not([type=checkbox]):not([type=radio]):not([type=hidden]), select, textarea'
  return [...document.querySelectorAll<HTMLElement>(typed)]
    .map((field) => ({ field, size: getComputedStyle(field).fontSize }))
    .filter(({ field, size }) => field.offsetParent && parseFloat(size) < 16)
    .map(({ field, size }) => `${field.getAttribute('name') ?? field.id} ${size}`)
}

/**
 * The page fits the screen of `viewport`: nothing wider than it (no sideways scrolling), no
 * fixed or sticky element (a floating button, the header) over text or controls, and on a phone
 * no text field it would zoom into.
 */
export async function expectFitsScreen(page: Page, viewport: ViewportName) {
  const { width } = VIEWPORTS[viewport]
  const where = new URL(page.url()).pathname
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `the width of ${where}`,
  ).toBeLessThanOrEqual(width)
  if (viewport === 'phone')
    expect(await page.evaluate(smallTextFields), `small text fields on ${where}`).toEqual([])
  for (const at of ['top', 'bottom'] as const)
    expect(await page.evaluate(coveredContent, at), `covered at the ${at} of ${where}`).toEqual([])
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
}
