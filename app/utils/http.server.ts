import { json } from '@remix-run/node'

/** Catalogue and plan data changes a few times a year: browsers keep it an hour, CDNs a day. */
export const RARELY_CHANGES = {
  'Cache-Control': 'public, max-age=3600, s-maxage=86400, stale-while-revalidate=86400',
} as const

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
