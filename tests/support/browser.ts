import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'
import { latestCode } from './outbox.ts'

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
    // Each test is its own visitor, as behind a real proxy: the per-address login limits of one
    // test must not spill into the next (the app trusts X-Forwarded-For from loopback).
    extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${Math.floor(Math.random() * 254) + 1}` },
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
