import { PAGE_COPY } from '~/utils/http.server'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import matter from 'gray-matter'
import { marked } from 'marked'
import { z } from 'zod'

const CONTENT_DIR = path.resolve('content')

// `updated` is written as it is shown ("March 22, 2025"), so the page says exactly that.
const pageFrontMatter = z.object({
  title: z.string().min(1),
  updated: z.string().regex(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/, 'a date written like March 22, 2025'),
})

/** A markdown page of our own (content/pages/*.md) as HTML, with its title and last update. */
export async function readMarkdownPage(name: string) {
  const source = await readFile(path.join(CONTENT_DIR, 'pages', `${name}.md`), 'utf8')
  const { data, content } = matter(source)
  const front = pageFrontMatter.parse(data)
  return {
    title: front.title,
    updated: front.updated,
    html: await marked.parse(content),
  }
}

/** A JSON file of our own under content/, checked against its schema. */
export async function readContentJson<Schema extends z.ZodType>(file: string, schema: Schema) {
  const source = await readFile(path.join(CONTENT_DIR, file), 'utf8')
  return schema.parse(JSON.parse(source)) as z.output<Schema>
}

// The schemas of page copy live here, not in the route modules: a schema built at a route's top
// level stays in its browser bundle, and with it the whole of zod.
const faqSchema = z.array(z.object({ question: z.string(), answer: z.string() })).length(11)
const aboutSchema = z.record(z.string(), z.string().min(1))
const stepsSchema = z.array(z.object({ title: z.string(), body: z.string() })).length(3)

/** The FAQ page's eleven questions and answers. */
export function readFaq() {
  return readContentJson('pages/faq.json', faqSchema)
}

/** The hotel pages' "About alerts at" text, by hotel. */
export function readHotelAbout() {
  return readContentJson('hotels/about-alerts.json', aboutSchema)
}

/** The three steps of /how-it-works. */
export function readHowItWorksSteps() {
  return readContentJson('pages/how-it-works.json', stepsSchema)
}

/** The loader of a legal page: it changes rarely, so browsers and CDNs may keep it an hour. */
export async function loadLegalPage(name: 'privacy-policy' | 'terms') {
  return Response.json(await readMarkdownPage(name), {
    headers: PAGE_COPY,
  })
}
