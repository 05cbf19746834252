import { json } from '@remix-run/node'
import { z } from 'zod'
import type { User } from '../../db/schema.ts'
import { authenticate } from '~/utils/session.server'

/** The JSON error body of the specification (accounts §8): a message, and a code where one is named. */
export function apiError(status: number, message: string, code?: string, headers?: HeadersInit) {
  return json(code ? { message, code } : { message }, { status, headers })
}

export const MAX_JSON_BYTES = 16 * 1024

async function readLimitedText(request: Request, maxBytes: number): Promise<string | null> {
  const declared = Number(request.headers.get('Content-Length') ?? '0')
  if (declared > maxBytes) return null
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      // Not awaited: a cancelled branch of a cloned request's body settles only when the other
      // branch is cancelled too, which a route reading the original later never does.
      void reader.cancel().catch(() => undefined)
      return null
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * Reads and validates a JSON body. Anything wrong with it (too large, not JSON, wrong shape)
 * throws a 400 with a message a developer can act on; nothing has been changed at that point.
 */
export async function readJson<Schema extends z.core.$ZodType>(
  request: Request,
  schema: Schema,
  maxBytes = MAX_JSON_BYTES,
): Promise<z.output<Schema>> {
  const text = await readLimitedText(request, maxBytes)
  if (text === null) throw apiError(400, `Request body is too large (limit ${maxBytes} bytes).`)
  let body: unknown
  try {
    body = text.trim() ? JSON.parse(text) : {}
  } catch {
    throw apiError(400, 'Request body must be valid JSON.')
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw apiError(400, 'Request body must be a JSON object.')
  }
  const result = z.safeParse(schema, body)
  if (!result.success) {
    const issue = result.error.issues[0]
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
    throw apiError(400, `${where}${issue?.message ?? 'Invalid request body.'}`)
  }
  return result.data
}

/** The caller of a JSON endpoint; anyone else gets 401 {"message":"Unauthorized"}. */
export async function requireApiUser(request: Request): Promise<User> {
  const found = await authenticate(request)
  if (!found) throw apiError(401, 'Unauthorized')
  return found.user
}

export function methodNotAllowed(allowed: string[]) {
  return apiError(405, `Method not allowed. Use ${allowed.join(' or ')}.`, undefined, {
    Allow: allowed.join(', '),
  })
}
