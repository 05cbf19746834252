import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import matter from 'gray-matter'
import Parser from 'rss-parser'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { FALLBACK_ARTICLE, readingMinutes } from '~/domain/blog'
import { getEnv } from '~/env.server'
import { loader as landing } from '~/routes/_index'
import { loader as post } from '~/routes/blog.$slug'
import { loader as postHtml } from '~/routes/blog.$slug_.index[.]html'
import { loader as blog } from '~/routes/blog._index'
import { loader as manifest } from '~/routes/blog.manifest[.]json'
import { loader as tagPage } from '~/routes/blog.tags.$tag'
import { loader as rss } from '~/routes/rss[.]xml'
import { BlogContentError, listArticles, readArticle, type Article } from '~/utils/blog.server'
import { expectErrorLog } from '../support/logs.ts'
import { callRoute, getRequest } from '../support/routes.ts'

// The landing page's loader reads the articles through this module; one test makes it fail.
const readFails = vi.hoisted(() => ({ now: false, post: null as Error | null }))
vi.mock('~/utils/blog.server', async (importOriginal) => {
  const real = await importOriginal<typeof import('~/utils/blog.server')>()
  return {
    ...real,
    listArticles: () =>
      readFails.now ? Promise.reject(new Error('EIO: content/blog')) : real.listArticles(),
    findArticle: (slug: string) =>
      readFails.post ? Promise.reject(readFails.post) : real.findArticle(slug),
  }
})

const LINKED_SLUGS = [
  'disney-world-at-christmas',
  'disney-resort-availability',
  'disney-room-alerts',
  'disney-room-availability',
]
const LINKED_TAGS = ['reservations', 'dining-alerts', 'disney-hotel-alerts']

let articles: Article[]
beforeAll(async () => {
  // Every article is read and validated here: a malformed one fails this file, not a page.
  articles = await listArticles()
})

function get(loader: Parameters<typeof callRoute>[0], url: string, params = {}) {
  return callRoute(loader, getRequest(url), { params })
}

describe('the articles', () => {
  it('are at least 12, including every slug and tag the site links to', () => {
    expect(articles.length).toBeGreaterThanOrEqual(12)
    const slugs = articles.map((article) => article.slug)
    expect(slugs).toEqual(expect.arrayContaining(LINKED_SLUGS))
    expect(new Set(slugs).size).toBe(slugs.length)
    const tags = new Set(articles.flatMap((article) => article.tags))
    for (const tag of LINKED_TAGS) expect(tags).toContain(tag)
  })

  it('are 600 to 1200 words each and say we are not affiliated with Disney', async () => {
    for (const article of articles) {
      const source = await readFile(path.resolve('content/blog', `${article.slug}.md`), 'utf8')
      const words = matter(source).content.split(/\s+/).filter(Boolean).length
      expect(words, article.slug).toBeGreaterThanOrEqual(600)
      expect(words, article.slug).toBeLessThanOrEqual(1200)
      expect(article.html, article.slug).toMatch(
        /not affiliated with Disney|not affiliated with, endorsed/,
      )
    }
  })

  it('each have their own illustration and a 1200×630 PNG of it, both under 150 kB', async () => {
    const images = new Set<string>()
    for (const article of articles) {
      expect(article.image, article.slug).toBe(`/images/blog/${article.slug}.svg`)
      images.add(article.image!)
      for (const file of [article.image!, article.image!.replace(/\.svg$/, '.png')]) {
        const { size } = await stat(path.join('public', file))
        expect(size, file).toBeLessThan(150 * 1024)
      }
      const png = await readFile(path.join('public', article.image!.replace(/\.svg$/, '.png')))
      // The PNG header's IHDR chunk holds the width and height.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], article.slug).toEqual([1200, 630])
    }
    expect(images.size).toBe(articles.length)
  })
})

describe('/blog/manifest.json', () => {
  it("lists catalogue §3's entries, newest first", async () => {
    const response = await get(manifest, '/blog/manifest.json')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/application\/json/)
    const entries = (await response.json()) as Record<string, unknown>[]
    expect(entries).toHaveLength(articles.length)
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(
        [
          'author',
          'date',
          'description',
          'image',
          'slug',
          'tags',
          'title',
          'updated',
          'url',
        ].filter((key) => key !== 'author' || 'author' in entry),
      )
      expect(entry.url).toBe(`/blog/${String(entry.slug)}`)
      expect(entry.date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    }
    const dates = entries.map((entry) => String(entry.date))
    expect(dates).toEqual([...dates].sort().reverse())
  })
})

describe('/rss.xml', () => {
  it('is RSS 2.0 with every article, read by a real RSS parser', async () => {
    const response = await get(rss, '/rss.xml')
    expect(response.headers.get('Content-Type')).toBe('application/rss+xml; charset=utf-8')
    const xml = await response.text()
    expect(xml).toMatch(/<rss version="2.0"/)
    const feed = await new Parser().parseString(xml)
    const origin = getEnv().appUrl
    expect(feed.title).toBe('Disney Planning Articles')
    expect(feed.link).toBe(`${origin}/blog`)
    expect(feed.items).toHaveLength(articles.length)
    for (const [index, article] of articles.entries()) {
      const item = feed.items[index]!
      expect(item.title).toBe(article.title)
      expect(item.link).toBe(`${origin}${article.url}`)
      expect(item.guid).toBe(`${origin}${article.url}`)
      expect(item.contentSnippet?.length).toBeGreaterThan(0)
      expect(item.categories).toEqual(article.tags)
      expect(new Date(item.pubDate!).toISOString().slice(0, 10)).toBe(article.updated)
    }
  })
})

describe('/blog and /blog/{slug}', () => {
  it('lists every article with its reading time', async () => {
    const data = await (await get(blog, '/blog')).json()
    expect(data.entries.map((entry: { slug: string }) => entry.slug)).toEqual(
      articles.map((article) => article.slug),
    )
    expect(readingMinutes(data.entries[0].description)).toBeGreaterThanOrEqual(2)
  })

  it('serves an article with the default author, and Post not found with a 404', async () => {
    const found = await get(post, '/blog/disney-room-alerts', { slug: 'disney-room-alerts' })
    expect(found.status).toBe(200)
    const { article } = await found.json()
    expect(article.author).toBe('the team')
    expect(article.html).toContain('<h2')

    for (const slug of ['no-such-post', 'Disney-Room-Alerts', '']) {
      const missing = await get(post, `/blog/${slug}`, { slug })
      expect(missing.status).toBe(404)
      expect(await missing.json()).toEqual({ message: 'Post not found' })
    }
  })

  it('serves /blog/{slug}/index.html with the body in the blog-content element', async () => {
    const response = await get(postHtml, '/blog/disney-room-alerts/index.html', {
      slug: 'disney-room-alerts',
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    const html = await response.text()
    const article = articles.find((candidate) => candidate.slug === 'disney-room-alerts')!
    expect(html).toContain(`<div class="blog-content">${article.html}</div>`)
    expect(html).toContain(
      `<link rel="canonical" href="${getEnv().appUrl}/blog/disney-room-alerts"/>`,
    )

    const missing = await get(postHtml, '/blog/nope/index.html', { slug: 'nope' })
    expect(missing.status).toBe(404)
    expect(await missing.text()).not.toContain('blog-content')
  })
})

describe('/blog/tags/{tag}', () => {
  it.each(LINKED_TAGS)('lists the articles tagged %s', async (tag) => {
    const response = await get(tagPage, `/blog/tags/${tag}`, { tag })
    expect(response.status).toBe(200)
    const data = await response.json()
    expect(data.entries.length).toBeGreaterThan(0)
    expect(data.entries.map((entry: { slug: string }) => entry.slug)).toEqual(
      articles.filter((article) => article.tags.includes(tag)).map((article) => article.slug),
    )
  })

  it.each(['no-such-tag', 'Dining-Alerts', 'dining alerts', ''])(
    'answers %j with no articles and a 404',
    async (tag) => {
      const response = await get(tagPage, `/blog/tags/${encodeURIComponent(tag)}`, { tag })
      expect(response.status).toBe(404)
      expect((await response.json()).entries).toEqual([])
    },
  )
})

describe('an article that cannot be read', () => {
  it('is told apart: a file that is not there fails to load, bad front matter fails to parse', async () => {
    await expect(readArticle('no-such-article.md')).rejects.toMatchObject({
      detail: 'Failed to load post content',
    })
    // A file without an article's front matter (the project's package.json) does not parse.
    await expect(readArticle('../../package.json')).rejects.toMatchObject({
      name: 'BlogContentError',
      detail: 'Failed to parse post content',
    })
  })

  it.each(['Failed to load post content', 'Failed to parse post content'] as const)(
    'ends on Post Not Found saying "%s"',
    async (detail) => {
      readFails.post = new BlogContentError(detail, 'content/blog/x.md: broken')
      try {
        expectErrorLog(/blog: an article could not be read/)
        const response = await get(post, '/blog/disney-room-alerts', { slug: 'disney-room-alerts' })
        expect(response.status).toBe(500)
        expect(await response.json()).toEqual({ message: detail })
      } finally {
        readFails.post = null
      }
    },
  )
})

describe('the landing page', () => {
  it('shows the three newest articles', async () => {
    const data = await (await get(landing, '/')).json()
    expect(data.articles.map((entry: { slug: string }) => entry.slug)).toEqual(
      articles.slice(0, 3).map((article) => article.slug),
    )
  })

  it('shows the fallback article when the articles cannot be read', async () => {
    readFails.now = true
    try {
      expectErrorLog(/blog: the manifest could not be read/)
      const data = await (await get(landing, '/')).json()
      expect(data.articles).toEqual([FALLBACK_ARTICLE])
    } finally {
      readFails.now = false
    }
  })

  it("has a fallback article that is a real article's entry", () => {
    const real = articles.find((article) => article.slug === FALLBACK_ARTICLE.slug)!
    expect(FALLBACK_ARTICLE).toMatchObject({
      url: real.url,
      date: real.date,
      title: real.title,
      description: real.description,
      image: real.image,
      tags: real.tags,
    })
  })
})
