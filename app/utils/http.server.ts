import { createHash } from 'node:crypto'
import { json } from '@remix-run/node'
import fresh from 'fresh'

/** Catalogue and plan data changes a few times a year: browsers keep it an hour, CDNs a day. */
export const RARELY_CHANGES = {
  'Cache-Control': 'public, max-age=3600, s-maxage=86400, stale-while-revalidate=86400',
} as const

/** One person's own data: kept by no cache, shared or the browser's. */
export const PRIVATE = { 'Cache-Control': 'private, no-store' } as const

/** Pages of written copy (FAQ, guides, hotel pages, legal pages, robots, sitemap): an hour. */
export const PAGE_COPY = { 'Cache-Control': 'public, max-age=3600' } as const

/**
 * A catalogue answer: cacheable for RARELY_CHANGES, with an ETag of its body, so a browser that
 * revalidates a copy it holds gets a 304 without the body.
 */
export function cacheableJson(request: Request, data: unknown): Response {
  const body = JSON.stringify(data)
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`
  const headers = { ...RARELY_CHANGES, ETag: etag }
  const ifNoneMatch = request.headers.get('If-None-Match') ?? undefined
  if (fresh({ 'if-none-match': ifNoneMatch }, { etag }))
    return new Response(null, { status: 304, headers })
  return new Response(body, {
    headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
  })
}

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

/**
 * A page action's form. Anything else posted to a page (JSON, plain text, no body type, a body
 * that does not parse) is a 400 that changes nothing, never a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  const type = request.headers.get('Content-Type')?.split(';')[0]?.trim().toLowerCase()
  const form = type && FORM_TYPES.includes(type) ? await request.formData().catch(() => null) : null
  if (!form) throw json({ message: 'This page takes a form post.' }, { status: 400 })
  return form
}
