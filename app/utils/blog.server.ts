import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { Feed } from 'feed'
import matter from 'gray-matter'
import { marked } from 'marked'
import { DEFAULT_AUTHOR, socialImage, type ManifestEntry } from '~/domain/blog'
import { articleFrontMatter, type ArticleFrontMatter } from '~/domain/blog-front-matter'
import { DEFAULT_SOCIAL_IMAGE } from '~/utils/seo'

const BLOG_DIR = path.resolve('content', 'blog')

/** Articles change only with a deploy: browsers and CDNs may keep the blog's answers a while. */
export const BLOG_CACHE = { 'Cache-Control': 'public, max-age=300' }

export interface Article extends ArticleFrontMatter {
  url: string
  author: string
  html: string
}

/**
 * An article that could not be read (catalogue §8's "Failed to load post content") or not parsed
 * ("Failed to parse post content"); the message names the file and, for a parse, the field.
 */
export class BlogContentError extends Error {
  constructor(
    readonly detail: 'Failed to load post content' | 'Failed to parse post content',
    message: string,
  ) {
    super(message)
    this.name = 'BlogContentError'
  }
}

/** Reads one article file; a malformed one throws an error naming the file and the field. */
export async function readArticle(file: string): Promise<Article> {
  const source = await readFile(path.join(BLOG_DIR, file), 'utf8').catch((error: unknown) => {
    throw new BlogContentError('Failed to load post content', `content/blog/${file}: ${error}`)
  })
  const unparsable = (problem: string) =>
    new BlogContentError('Failed to parse post content', `content/blog/${file}: ${problem}`)
  const { data, content } = (() => {
    try {
      return matter(source)
    } catch (error) {
      throw unparsable(`front matter: ${error}`)
    }
  })()
  const parsed = articleFrontMatter.safeParse(data)
  if (!parsed.success) {
    throw unparsable(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
    )
  }
  const front = parsed.data
  if (`${front.slug}.md` !== file) throw unparsable(`slug is ${front.slug}`)
  return {
    ...front,
    url: `/blog/${front.slug}`,
    author: front.author ?? DEFAULT_AUTHOR,
    html: await marked.parse(content),
  }
}

async function readAllArticles(): Promise<Article[]> {
  const files = (await readdir(BLOG_DIR)).filter((file) => file.endsWith('.md'))
  const articles = await Promise.all(files.map(readArticle))
  // Newest first; the slug breaks ties so the order never depends on the file system.
  return articles.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug))
}

// Articles change only with a deploy, so each process reads them once; in development they are
// read again on every request so an edit shows without a restart.
let cached: Promise<Article[]> | undefined

/** Every article, newest first, read and validated once per process. */
export function listArticles(): Promise<Article[]> {
  if (process.env.NODE_ENV === 'development') return readAllArticles()
  cached ??= readAllArticles().catch((error: unknown) => {
    cached = undefined
    throw error
  })
  return cached
}

export async function findArticle(slug: string): Promise<Article | undefined> {
  return (await listArticles()).find((article) => article.slug === slug)
}

export async function articlesTagged(tag: string): Promise<Article[]> {
  return (await listArticles()).filter((article) => article.tags.includes(tag))
}

/** Every article's page and every tag's page, for the sitemap. */
export async function blogSitemapPaths(): Promise<string[]> {
  const articles = await listArticles()
  const tags = [...new Set(articles.flatMap((article) => article.tags))].sort()
  return [...articles.map((article) => article.url), ...tags.map((tag) => `/blog/tags/${tag}`)]
}

/** Catalogue §3's manifest entry of an article. */
export function manifestEntry(article: Article): ManifestEntry {
  const { slug, url, title, description, date, updated, author, image, tags } = article
  return { slug, url, title, description, date, updated, author, image, tags }
}

/** The RSS 2.0 feed of every article, with absolute links on the site's own origin. */
export function rssFeed(articles: Article[], origin: string): string {
  const latest = articles
    .map((article) => article.updated)
    .sort()
    .at(-1)
  const feed = new Feed({
    id: `${origin}/blog`,
    link: `${origin}/blog`,
    title: 'Disney Planning Articles',
    description:
      'Guides to Disney resort rooms and dining reservations from Disney Hotel Alerts, an independent service not affiliated with Disney.',
    language: 'en',
    copyright: 'Disney Hotel Alerts',
    generator: false,
    feedLinks: { rss: `${origin}/rss.xml` },
    updated: latest ? new Date(latest) : undefined,
  })
  for (const article of articles) {
    const link = `${origin}${article.url}`
    feed.addItem({
      title: article.title,
      id: link,
      link,
      description: article.description,
      content: article.html,
      date: new Date(article.updated),
      published: new Date(article.date),
      category: article.tags.map((tag) => ({ name: tag })),
      image: `${origin}${socialImage(article.image) ?? DEFAULT_SOCIAL_IMAGE}`,
    })
  }
  return feed.rss2()
}
