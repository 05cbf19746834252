import { randomUUID } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { z } from 'zod'
import { throughSimulator } from '../../app/utils/simulator.server.ts'
import { UpstreamFault, type EndpointFamily, type FaultReason } from './errors.ts'

/** Disney's endpoints hang on non-browser agents (upstream-disney.md §4.6). */
export const BROWSER_HEADERS = {
  'User-Agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Accept-Language': 'en-us',
  Accept: 'application/json, text/plain, */*',
  'Accept-Encoding': 'gzip, deflate, br',
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

// Node's own client with kept-alive sockets, not fetch: the worker asks the same few hosts
// thousands of times an interval, and fetch's web streams and abort signals cost it more CPU
// than reading the answer does (decision 0020). A host gets a bounded set of connections, reused:
// a burst of a few hundred questions opening a socket each overflowed the listener's queue, and
// the SYNs it dropped came back as ten-second timeouts (decision 0021).
export const SOCKETS_PER_HOST = 32
const AGENTS = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: SOCKETS_PER_HOST }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: SOCKETS_PER_HOST }),
}

const DECODERS: Record<string, (body: Buffer) => Promise<Buffer>> = {
  gzip: promisify(zlib.gunzip),
  deflate: promisify(zlib.inflate),
  br: promisify(zlib.brotliDecompress),
}

interface RawAnswer {
  status: number
  location: string | undefined
  body: Buffer
}

/** Sends one request and reads its whole answer, decoded; past the time limit it is dropped. */
function send(options: CallOptions): Promise<RawAnswer> {
  const target = throughSimulator(options.url, options.via)
  const client = target.protocol === 'https:' ? https : http
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body)
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: options.method,
        agent: AGENTS[target.protocol as keyof typeof AGENTS],
        headers: {
          ...BROWSER_HEADERS,
          'X-Correlation-Id': randomUUID(),
          ...(payload !== undefined && {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(payload),
          }),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('error', reject)
        response.on('end', () => {
          const encoding = response.headers['content-encoding']?.trim().toLowerCase() || 'identity'
          const body = Buffer.concat(chunks)
          const decode =
            encoding === 'identity' ? Promise.resolve(body) : DECODERS[encoding]?.(body)
          const answer = (decoded: Buffer) =>
            resolve({
              status: response.statusCode ?? 0,
              location: response.headers.location,
              body: decoded,
            })
          const undecodable = () =>
            reject(
              new UpstreamFault(
                options.family,
                'shape',
                `answered a body that could not be read as ${encoding} (status ${response.statusCode})`,
              ),
            )
          if (decode) decode.then(answer, undecodable)
          else undecodable()
        })
      },
    )
    const timer = setTimeout(() => {
      reject(
        new UpstreamFault(options.family, 'timeout', `no answer within ${options.timeoutMs} ms`),
      )
      request.destroy()
    }, options.timeoutMs)
    request.on('error', reject)
    request.on('close', () => clearTimeout(timer))
    request.end(payload)
  })
}

/**
 * One call to Disney with a timeout. Answers the status and parsed JSON (null for an empty body);
 * a redirect, HTML where JSON was asked for, a timeout or a network error is a fault.
 */
export async function callDisney(options: CallOptions): Promise<{ status: number; json: unknown }> {
  let answer: RawAnswer
  try {
    answer = await send(options)
  } catch (error) {
    if (error instanceof UpstreamFault) throw error
    throw new UpstreamFault(options.family, 'network', String(error))
  }
  const { status, location } = answer
  if (status >= 300 && status < 400) {
    throw new UpstreamFault(
      options.family,
      'auth',
      `redirected (${status}) to ${location ?? 'somewhere'}`,
    )
  }
  const text = answer.body.toString('utf8')
  if (!text.trim()) return { status, json: null }
  try {
    return { status, json: JSON.parse(text) as unknown }
  } catch {
    if (/^\s*</.test(text)) {
      const meaning = options.htmlMeans ?? { reason: 'shape', message: 'answered HTML' }
      throw new UpstreamFault(
        options.family,
        meaning.reason,
        `${meaning.message} (status ${status})`,
      )
    }
    throw new UpstreamFault(
      options.family,
      'shape',
      `answered a body that is not JSON (status ${status})`,
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
