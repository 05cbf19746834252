import { describe, expect, inject, it } from 'vitest'
import { listArticles } from '~/utils/blog.server'
import { MODES, setupBrowser, withPage } from '../support/browser.ts'

setupBrowser()

describe.each(MODES)('the blog ($label)', (mode) => {
  it('goes from the landing page to the blog, a tag, an article and back', async () => {
    await withPage(mode, async (page) => {
      await page.goto('/')
      const latest = page.getByRole('region', { name: 'From the blog' })
      expect(await latest.getByRole('article').count()).toBe(3)
      await page.getByRole('link', { name: 'Read the Blog' }).click()
      await page.getByRole('heading', { level: 1, name: 'Disney Planning Articles' }).waitFor()
      expect(await page.getByRole('article').count()).toBeGreaterThanOrEqual(12)
      const card = page.getByRole('article').filter({ hasText: 'Disney room alerts' })
      await card.getByText('2 min read').waitFor()
      expect(await card.getByRole('list', { name: 'Tags' }).getByRole('link').count()).toBe(1)

      await card.getByRole('link', { name: 'Disney Hotel Alerts' }).click()
      await page.getByRole('heading', { level: 1, name: 'Disney Hotel Alerts' }).waitFor()
      await page.getByText(/^\d+ article\(s\) about Disney Hotel Alerts$/).waitFor()

      await page
        .getByRole('link', { name: 'Disney World at Christmas: rooms, dining and parties' })
        .click()
      await page.waitForURL((url) => url.pathname === '/blog/disney-world-at-christmas')
      const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' })
      await breadcrumb.getByText('Disney World at Christmas: rooms, dining and parties').waitFor()
      await page.getByText('By the team').waitFor()
      await page.locator('.blog-content h2', { hasText: 'When to book your room' }).waitFor()
      await page.getByRole('heading', { name: 'Waiting for a room or a table?' }).waitFor()
      // The article's illustration is served and drawn.
      const drawn = await page
        .locator('article img')
        .first()
        .evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))
      expect(drawn).toBeGreaterThan(0)

      await page.getByRole('link', { name: 'Reservations', exact: true }).first().click()
      await page.getByRole('heading', { level: 1, name: 'Reservations' }).waitFor()
      await page.goBack()
      await page.waitForURL((url) => url.pathname === '/blog/disney-world-at-christmas')
      await breadcrumb.getByRole('link', { name: 'Blog' }).click()
      await page.getByRole('heading', { level: 1, name: 'Disney Planning Articles' }).waitFor()
    })
  })

  it('says Post Not Found and No articles found for this tag, with 404s', async () => {
    await withPage(mode, async (page) => {
      const post = await page.goto('/blog/no-such-post')
      expect(post?.status()).toBe(404)
      await page.getByRole('heading', { level: 1, name: 'Post Not Found' }).waitFor()
      await page.getByRole('link', { name: 'Back to Blog' }).click()
      await page.getByRole('heading', { level: 1, name: 'Disney Planning Articles' }).waitFor()

      const tag = await page.goto('/blog/tags/no-such-tag')
      expect(tag?.status()).toBe(404)
      await page.getByRole('heading', { level: 1, name: 'No Such Tag' }).waitFor()
      await page.getByText('0 article(s) about No Such Tag').waitFor()
      await page.getByText('No articles found for this tag.').waitFor()
    })
  })
})

describe('the blog with JavaScript', () => {
  it('shows a skeleton while a blog list loads on a client navigation', async () => {
    await withPage({ viewport: 'desktop', javaScript: true }, async (page) => {
      await page.goto('/blog/disney-room-alerts')
      // Hydrated: links now navigate on the client.
      await page.waitForLoadState('networkidle')
      let release = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      await page.route(
        (url) => url.pathname === '/blog/tags/disney-hotel-alerts' && url.searchParams.has('_data'),
        async (route) => {
          await held
          await route.continue()
        },
      )
      await page
        .getByRole('list', { name: 'Tags' })
        .getByRole('link', { name: 'Disney Hotel Alerts' })
        .click()
      await page.getByRole('status', { name: 'Loading articles' }).waitFor()
      release()
      await page.getByRole('heading', { level: 1, name: 'Disney Hotel Alerts' }).waitFor()
      expect(await page.getByRole('status', { name: 'Loading articles' }).count()).toBe(0)
    })
  })
})

describe('every page', () => {
  it('advertises the RSS feed in its head', async () => {
    await withPage({ viewport: 'desktop', javaScript: false }, async (page) => {
      for (const path of ['/', '/blog', '/blog/disney-room-alerts', '/pricing', '/no-such-page']) {
        await page.goto(path)
        const feeds = await page
          .locator('head link[rel="alternate"][type="application/rss+xml"]')
          .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
        expect(feeds, path).toEqual(['/rss.xml'])
      }
    })
  })

  it('of an article carries its canonical URL, social image and BlogPosting data', async () => {
    await withPage({ viewport: 'phone', javaScript: false }, async (page) => {
      await page.goto('/blog/disney-room-alerts')
      const base = inject('baseUrl')
      const head = page.locator('head')
      expect(await head.locator('link[rel="canonical"]').getAttribute('href')).toBe(
        `${base}/blog/disney-room-alerts`,
      )
      expect(await head.locator('meta[property="og:image"]').getAttribute('content')).toBe(
        `${base}/images/blog/disney-room-alerts.png`,
      )
      const data = JSON.parse(
        (await head.locator('script[type="application/ld+json"]').textContent()) ?? '',
      )
      expect(data).toMatchObject({
        '@type': 'BlogPosting',
        headline: 'Disney room alerts: how to set one that finds a room',
        datePublished: '2026-10-12',
      })
    })
  })

  it("linked from an article answers 200, as do the articles' images", async () => {
    const articles = await listArticles()
    const targets = new Set<string>()
    for (const article of articles) {
      targets.add(article.url)
      targets.add(article.image!)
      targets.add(article.image!.replace(/\.svg$/, '.png'))
      for (const [, href] of article.html.matchAll(/href="([^"]+)"/g)) {
        // Every link in an article is to our own site.
        expect(href, article.slug).toMatch(/^\/[a-z0-9/?=&-]*$/)
        targets.add(href!)
      }
    }
    for (const target of targets) {
      const response = await fetch(new URL(target, inject('baseUrl')), { redirect: 'manual' })
      expect(response.status, target).toBe(200)
    }
  })
})
