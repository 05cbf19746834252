import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'

type RouteFunction = (args: ActionFunctionArgs | LoaderFunctionArgs) => unknown

export const TEST_IP = '203.0.113.7'

/**
 * Calls a route's loader or action the way Remix does: a thrown Response (a redirect or an
 * API error) is an answer like a returned one.
 */
export async function callRoute(
  fn: RouteFunction,
  request: Request,
  options: { params?: Record<string, string>; clientIp?: string } = {},
): Promise<Response> {
  try {
    const result = await fn({
      request,
      params: options.params ?? {},
      context: { clientIp: options.clientIp ?? TEST_IP, cspNonce: 'test-nonce' },
    })
    if (!(result instanceof Response))
      throw new Error('route answered something other than a Response')
    return result
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

const ORIGIN = 'http://localhost'

export function jsonRequest(
  path: string,
  body: unknown,
  options: { method?: string; token?: string; cookie?: string; raw?: string } = {},
) {
  const headers = new Headers({ 'Content-Type': 'application/json' })
  if (options.token) headers.set('Authorization', `Bearer ${options.token}`)
  if (options.cookie) headers.set('Cookie', options.cookie)
  return new Request(`${ORIGIN}${path}`, {
    method: options.method ?? 'POST',
    headers,
    body: options.raw ?? JSON.stringify(body),
  })
}

export function getRequest(path: string, options: { token?: string; cookie?: string } = {}) {
  const headers = new Headers()
  if (options.token) headers.set('Authorization', `Bearer ${options.token}`)
  if (options.cookie) headers.set('Cookie', options.cookie)
  return new Request(`${ORIGIN}${path}`, { headers })
}

/** A form's fields as a browser sends them: a repeated name for each value (boxes ticked). */
export function formPairs(fields: Readonly<Record<string, string | readonly string[]>>) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(fields))
    for (const item of [value].flat()) params.append(key, item)
  return params
}

export function formRequest(
  path: string,
  fields: Readonly<Record<string, string | readonly string[]>>,
  options: { token?: string; cookie?: string } = {},
) {
  const headers = new Headers({ 'Content-Type': 'application/x-www-form-urlencoded' })
  if (options.token) headers.set('Authorization', `Bearer ${options.token}`)
  if (options.cookie) headers.set('Cookie', options.cookie)
  return new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers,
    body: formPairs(fields).toString(),
  })
}

/** A POST of a body as it is, under the given Content-Type: for bodies a route must refuse. */
export function typedRequest(path: string, contentType: string, body: string) {
  return new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': contentType },
    body,
  })
}

/** The name=value pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

/**
 * Where a redirect lands: its loader's data (`params` from the path it lands on), asked for with
 * the cookie the test holds and the cookies the redirect set (a flash notice, say), as a browser
 * following it would.
 */
export async function followRedirect(
  loader: RouteFunction,
  response: Response,
  cookie: string,
  params: Record<string, string> = {},
) {
  const location = response.headers.get('Location')
  if (!location) throw new Error(`no redirect (status ${response.status})`)
  const request = getRequest(location, { cookie: `${cookie}; ${cookiesFrom(response)}` })
  return (await callRoute(loader, request, { params })).json()
}
