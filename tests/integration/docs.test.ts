/**
 * The README, CONTRIBUTING.md and docs/ kept true to the repository: every relative link reaches a
 * file (and a heading, where it names one), the quick start's two commands are scripts, every
 * `npm run X` is one, the README's tables list the scripts and the configuration as they are, and
 * every path CONTRIBUTING.md and the README name in code exists.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseEnv } from '~/env.server'

const ROOT = path.resolve(import.meta.dirname, '../..')
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8')

function markdownUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .sort()
}

const DOCS = ['README.md', 'CONTRIBUTING.md', ...markdownUnder('docs')]
const scripts: Record<string, string> = JSON.parse(read('package.json')).scripts

/** The text outside fenced code blocks: what GitHub renders as prose, headings and links. */
function prose(markdown: string): string {
  let fence: string | undefined
  return markdown
    .split('\n')
    .map((line) => {
      const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1]
      if (marker && (!fence || (marker[0] === fence[0] && marker.length >= fence.length))) {
        fence = fence ? undefined : marker
        return ''
      }
      return fence ? '' : line
    })
    .join('\n')
}

const withoutCodeSpans = (text: string) => text.replace(/(`+)[\s\S]*?\1/g, '')

/** Relative link targets: inline links and images, and reference definitions. */
function relativeLinks(markdown: string): string[] {
  const text = withoutCodeSpans(prose(markdown))
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!)
  const references = [...text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map(
    (m) => m[1]!,
  )
  return [...inline, ...references].filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
}

/** GitHub's anchor of a heading (github-slugger): lower case, punctuation dropped, spaces to -. */
function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-')
}

/** The anchors of a Markdown file's headings, a repeated one numbered as GitHub numbers it. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const anchors = new Set<string>()
  for (const match of prose(markdown).matchAll(/^ {0,3}#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(match[1]!)
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    anchors.add(count ? `${base}-${count}` : base)
  }
  return anchors
}

/** What is wrong with a link from `file` to `target`, or nothing. */
function brokenLink(file: string, target: string): string | undefined {
  const [pathPart = '', anchor] = target.split('#')
  const resolved = pathPart
    ? path.join(pathPart.startsWith('/') ? ROOT : path.dirname(path.join(ROOT, file)), pathPart)
    : path.join(ROOT, file)
  const decoded = decodeURIComponent(resolved)
  if (!existsSync(decoded)) return `${file}: ${target} (no such file)`
  if (!anchor || !decoded.endsWith('.md')) return undefined
  if (!anchorsOf(readFileSync(decoded, 'utf8')).has(decodeURIComponent(anchor).toLowerCase()))
    return `${file}: ${target} (no such heading)`
  return undefined
}

/** The lines of a `## heading` section, up to the next heading of that level. */
function section(markdown: string, heading: string): string {
  const lines = markdown.split('\n')
  const start = lines.indexOf(`## ${heading}`)
  if (start < 0) throw new Error(`no "## ${heading}" section`)
  const end = lines.findIndex((line, index) => index > start && line.startsWith('## '))
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n')
}

/** The first cells of a Markdown table's body rows. */
function firstCells(table: string): string[] {
  return table
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) => line.split('|')[1]!.trim())
}

/** The scripts an `npm run X`, `npm test` or `npm start` in the text names. */
function scriptsNamed(text: string): string[] {
  return [
    ...[...text.matchAll(/\bnpm run ([\w:.-]*[\w])/g)].map((m) => m[1]!),
    ...[...text.matchAll(/\bnpm (test|start)\b/g)].map((m) => m[1]!),
  ]
}

describe('links', () => {
  it('reads the README, CONTRIBUTING.md and every Markdown file under docs/', () => {
    expect(DOCS).toContain('docs/architecture.md')
    expect(DOCS).toContain('docs/decisions/0001-express-server-and-sql-migrations.md')
  })

  it.each(DOCS)('%s: every relative link reaches a file, and the heading it names', (file) => {
    const broken = relativeLinks(read(file)).flatMap((target) => brokenLink(file, target) ?? [])
    expect(broken).toEqual([])
  })

  it('reads links as GitHub does: code is not a link, anchors are its slugs', () => {
    const markdown = [
      '# Disney’s answers: what is `verified`',
      '## Setup',
      '## Setup',
      '```md',
      '## Fenced',
      '[fenced](nowhere.md)',
      '```',
      'See [the API](docs/api.md#the-json-api "title"), `[code](nowhere.md)` and <https://x.y>.',
      '[ref]: ../shared/spec/strings.tsv',
      '[web](https://example.com) [mail](mailto:a@b.c) [here](#setup-1)',
    ].join('\n')
    expect(relativeLinks(markdown)).toEqual([
      'docs/api.md#the-json-api',
      '#setup-1',
      '../shared/spec/strings.tsv',
    ])
    expect([...anchorsOf(markdown)]).toEqual([
      'disneys-answers-what-is-verified',
      'setup',
      'setup-1',
    ])
    expect(brokenLink('README.md', 'docs/testing.md#tests')).toBeUndefined()
    expect(brokenLink('README.md', 'docs/testing.md#no-such-heading')).toMatch(/no such heading/)
    expect(brokenLink('docs/api.md', 'pricing.md')).toBeUndefined()
    expect(brokenLink('docs/api.md', 'docs/pricing.md')).toMatch(/no such file/)
  })
})

describe('the README', () => {
  const readme = read('README.md')

  it('is at most 200 lines', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(200)
  })

  it("starts with the quick start's two commands, as package.json has them", () => {
    const block = /```sh\n([\s\S]*?)```/.exec(section(readme, 'Quick start'))?.[1]
    expect(block?.trim().split('\n')).toEqual(['npm run up', 'npm test'])
    expect(scripts.up).toMatch(/^npm install\b.*&& npm run dev$/)
    expect(scripts.test).toMatch(/^npm run build && vitest run$/)
  })

  it('lists every script of package.json once in its Scripts table, and no other', () => {
    const named = firstCells(section(readme, 'Scripts')).map((cell) => {
      const [script, ...rest] = scriptsNamed(cell)
      expect(rest, cell).toEqual([])
      return script
    })
    expect(named.toSorted()).toEqual(Object.keys(scripts).toSorted())
  })

  it('lists every variable of the one env schema (app/env.server.ts) in its table, and no other', () => {
    const asked = new Set<string>()
    const source = new Proxy({} as Record<string, string | undefined>, {
      get: (_, key) => {
        if (typeof key === 'string') asked.add(key)
        return undefined
      },
      has: (_, key) => {
        if (typeof key === 'string') asked.add(key)
        return false
      },
    })
    parseEnv(source)
    const documented = firstCells(section(readme, 'Configuration')).flatMap((cell) =>
      [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!),
    )
    expect(documented.toSorted()).toEqual([...asked].toSorted())
  })
})

describe('commands and paths', () => {
  it.each(DOCS)('%s: every `npm run X`, `npm test` and `npm start` is a script', (file) => {
    const missing = scriptsNamed(read(file)).filter((name) => !(name in scripts))
    expect(missing).toEqual([])
  })

  it.each(['README.md', 'CONTRIBUTING.md'])('%s: every path it names in code exists', (file) => {
    const folders = new Set(
      readdirSync(ROOT, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
        .map((entry) => `${entry.name}/`),
    )
    // Written by the build or at run time, so absent from a fresh clone.
    const generated = ['build/', 'public/build/']
    const paths = [...prose(read(file)).matchAll(/`([^`\s]+)`/g)]
      .map((m) => m[1]!)
      .filter(
        (span) =>
          [...folders].some((folder) => span.startsWith(folder)) &&
          !generated.some((prefix) => span.startsWith(prefix)) &&
          !/[<>*{}…]|NNNN/.test(span),
      )
    expect(paths.length).toBeGreaterThan(0)
    expect(paths.filter((span) => !existsSync(path.join(ROOT, span)))).toEqual([])
  })
})
