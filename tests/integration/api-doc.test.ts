/**
 * docs/api.md documents every call of the JSON API, and nothing else: its `### METHOD /path`
 * headings are checked against the routes Remix itself serves under /api (its flat-routes
 * reading of app/routes, with remix.config.js's ignored files) and the methods each answers, so
 * the document cannot drift from the code.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { flatRoutes } from '@remix-run/dev/dist/config/flat-routes.js'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import remixConfig from '../../remix.config.js'
import { callRoute } from '../support/routes.ts'

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
/** Any id will do: a logged-out caller is refused before it is looked up. */
const MADE_UP_ID = '00000000-0000-4000-8000-000000000000'

type RouteFunction = (args: ActionFunctionArgs | LoaderFunctionArgs) => unknown

interface ApiRoute {
  /** The route module's file under app/. */
  file: string
  /** Its URL as the document writes it: `{id}` for a `:id` segment. */
  url: string
  params: string[]
}

/** Every route Remix serves whose URL starts with /api, with its full path. */
function apiRoutes(): ApiRoute[] {
  const manifest = flatRoutes(path.resolve('app'), remixConfig.ignoredRouteFiles)
  const fullPath = (id: string): string[] => {
    const route = manifest[id]
    if (!route) return []
    const own = route.path ? route.path.split('/') : []
    return route.parentId ? [...fullPath(route.parentId), ...own] : own
  }
  return Object.values(manifest)
    .map((route) => {
      const segments = fullPath(route.id)
      return {
        file: route.file,
        url: `/${segments.map((segment) => segment.replace(/^:(\w+)$/, '{$1}')).join('/')}`,
        params: segments.filter((segment) => segment.startsWith(':')).map((s) => s.slice(1)),
      }
    })
    .filter((route) => route.url === '/api' || route.url.startsWith('/api/'))
}

interface Answer {
  call: string
  status: number
  allow: string | null
}

/** What each method gets from a logged-out caller; a missing loader or action is a 405. */
async function answersOf(route: ApiRoute): Promise<Answer[]> {
  const module = (await import(path.resolve('app', route.file))) as {
    loader?: RouteFunction
    action?: RouteFunction
  }
  const params = Object.fromEntries(route.params.map((name) => [name, MADE_UP_ID]))
  const href = `http://localhost${route.url.replace(/\{\w+\}/g, MADE_UP_ID)}`
  const answers: Answer[] = []
  for (const method of METHODS) {
    const fn = method === 'GET' ? module.loader : module.action
    const call = `${method} ${route.url}`
    if (!fn) {
      answers.push({ call, status: 405, allow: null })
      continue
    }
    const request = new Request(href, {
      method,
      ...(method !== 'GET' && {
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      }),
    })
    const response = await callRoute(fn, request, { params })
    answers.push({ call, status: response.status, allow: response.headers.get('Allow') })
  }
  return answers
}

const CALL_HEADING = /^### (GET|POST|PUT|PATCH|DELETE) (\/\S+)$/

/** docs/api.md's `### ` headings: each one is a call, `### METHOD /path`. */
function callHeadings(): string[] {
  const doc = readFileSync(path.resolve('docs/api.md'), 'utf8')
  return doc
    .split('\n')
    .filter((line) => line.startsWith('### '))
    .map((line) => line.trimEnd())
}

describe('docs/api.md', () => {
  const routes = apiRoutes()
  // Asked once: both tests read the same answers.
  let asked: Promise<Answer[][]> | undefined
  const answersOfEach = () => (asked ??= Promise.all(routes.map(answersOf)))

  it('documents every call the /api routes answer, and no other', async () => {
    expect(routes.length).toBeGreaterThan(40)
    const answers = (await answersOfEach()).flat()

    const failed = answers.filter((answer) => answer.status >= 500)
    expect(failed, 'a logged-out call answered 5xx').toEqual([])

    const served = answers
      .filter((answer) => answer.status !== 405)
      .map((answer) => answer.call)
      .sort()
    const headings = callHeadings()
    expect(
      headings.filter((heading) => !CALL_HEADING.test(heading)),
      'docs/api.md ### headings that are not `### METHOD /path`',
    ).toEqual([])
    const documented = headings.map((heading) => heading.slice('### '.length))
    expect(
      documented.filter((call, index) => documented.indexOf(call) !== index),
      'calls documented twice in docs/api.md',
    ).toEqual([])
    // Both ways at once, so one run names everything to fix.
    expect(
      {
        answeredButNotDocumented: served.filter((call) => !documented.includes(call)),
        documentedButNotAnswered: documented.filter((call) => !served.includes(call)),
      },
      'docs/api.md ### METHOD /path headings against the /api routes',
    ).toEqual({ answeredButNotDocumented: [], documentedButNotAnswered: [] })
  })

  it('each 405 names in Allow exactly the methods its route answers', async () => {
    for (const answers of await answersOfEach()) {
      const answered = answers
        .filter((answer) => answer.status !== 405)
        .map((answer) => answer.call.split(' ')[0])
      for (const refused of answers.filter((answer) => answer.status === 405 && answer.allow))
        expect(refused.allow?.split(', ').sort(), refused.call).toEqual([...answered].sort())
    }
  })
})
