import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import { UpstreamFault, type EndpointFamily, type FaultReason } from './errors.ts'

/** Disney's endpoints hang on non-browser agents (upstream-disney.md §4.6). */
export const BROWSER_HEADERS = {
  'User-Agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Accept-Language': 'en-us',
  Accept: 'application/json, text/plain, */*',
}

/** How every Disney call is made: its time limit, and where Disney is. */
export interface UpstreamOptions {
  timeoutMs: number
  /**
   * The origin of a separate upstream (the simulator served over HTTP): a call to
   * https://host/path goes to {via}/host/path instead.
   */
  via?: string
}

export interface CallOptions extends UpstreamOptions {
  family: EndpointFamily
  url: string
  method: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: unknown
  /** What an HTML page where JSON was asked for means on this endpoint; a shape fault if unsaid. */
  htmlMeans?: { reason: FaultReason; message: string }
}

function routed(url: string, via: string | undefined) {
  if (!via) return url
  const target = new URL(url)
  return `${via}/${target.host}${target.pathname}${target.search}`
}

/**
 * One call to Disney with a timeout. Answers the status and parsed JSON (null for an empty body);
 * a redirect, HTML where JSON was asked for, a timeout or a network error is a fault.
 */
export async function callDisney(options: CallOptions): Promise<{ status: number; json: unknown }> {
  let response: Response
  try {
    response = await fetch(routed(options.url, options.via), {
      method: options.method,
      headers: {
        ...BROWSER_HEADERS,
        'X-Correlation-Id': randomUUID(),
        ...(options.body !== undefined && { 'Content-Type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'manual',
    })
  } catch (error) {
    const timedOut =
      error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    throw new UpstreamFault(
      options.family,
      timedOut ? 'timeout' : 'network',
      timedOut ? `no answer within ${options.timeoutMs} ms` : String(error),
    )
  }
  const text = await response.text()
  if (response.status >= 300 && response.status < 400) {
    throw new UpstreamFault(
      options.family,
      'auth',
      `redirected (${response.status}) to ${response.headers.get('location') ?? 'somewhere'}`,
    )
  }
  if (!text.trim()) return { status: response.status, json: null }
  try {
    return { status: response.status, json: JSON.parse(text) as unknown }
  } catch {
    if (/^\s*</.test(text)) {
      const meaning = options.htmlMeans ?? { reason: 'shape', message: 'answered HTML' }
      throw new UpstreamFault(
        options.family,
        meaning.reason,
        `${meaning.message} (status ${response.status})`,
      )
    }
    throw new UpstreamFault(
      options.family,
      'shape',
      `answered a body that is not JSON (status ${response.status})`,
    )
  }
}

/** Checks a response against its schema: a shape we do not know is a fault, never "nothing open". */
export function parseShape<Schema extends z.ZodType>(
  family: EndpointFamily,
  schema: Schema,
  value: unknown,
): z.output<Schema> {
  const result = schema.safeParse(value)
  if (!result.success) {
    const issue = result.error.issues[0]
    throw new UpstreamFault(
      family,
      'shape',
      `unexpected response shape at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
    )
  }
  return result.data
}
