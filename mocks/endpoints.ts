import { http, type HttpHandler } from 'msw'

/** A stand-in's answer to a request, given the path's parameters (msw's resolver, narrowed). */
export type Answer = (args: {
  request: Request
  params: Record<string, string>
}) => Response | Promise<Response>

/** One endpoint of a stand-in: its method, msw's path pattern (`:name` segments), its answer. */
export interface Endpoint {
  method: 'GET' | 'POST'
  path: string
  answer: Answer
}

/** The endpoints as msw's handlers: how tests, development and the worker's msw answer them. */
export function handlersFor(endpoints: Endpoint[]): HttpHandler[] {
  return endpoints.map(({ method, path, answer }) =>
    (method === 'GET' ? http.get : http.post)<Record<string, string>>(path, answer),
  )
}

const REGEXP_SPECIALS = /[.*+?^${}()|[\]\\]/g

/**
 * The endpoints as one function for the simulator process, which answers a benchmark's thousand
 * calls a second: each path is compiled once. msw's `getResponse` clones the request and compiles
 * every handler's path on every call (about a millisecond a call on this machine, more than the
 * answers cost), which suits tests, not a stand-in that must leave the machine to the workers.
 * Matches as msw does (the URL without its query, parameters decoded); endpoints.test.ts holds it
 * to msw's own matcher. Null when no endpoint matches.
 */
export function routerFor(endpoints: Endpoint[]) {
  const routes = endpoints.map(({ method, path, answer }) => ({
    method,
    answer,
    pattern: new RegExp(
      `^${path.replace(REGEXP_SPECIALS, '\\$&').replace(/:(\w+)/g, '(?<$1>[^/]+?)')}/?$`,
    ),
  }))
  return (request: Request) => {
    const url = request.url.replace(/[?#].*$/, '')
    for (const { method, pattern, answer } of routes) {
      const match = request.method === method ? pattern.exec(url) : null
      if (!match) continue
      const params = Object.fromEntries(
        Object.entries(match.groups ?? {}).map(([name, value]) => [
          name,
          decodeURIComponent(value),
        ]),
      )
      return answer({ request, params })
    }
    return null
  }
}
