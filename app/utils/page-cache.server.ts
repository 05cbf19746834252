import { randomBytes } from 'node:crypto'
import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import type { NextFunction, Request, Response } from 'express'
import { isSharedPageRequest } from '~/domain/shared-pages'

/** A copy lives this long, so a page that reads the clock (today's date) is never far behind. */
const FRESH_MS = 60_000

interface SharedPage {
  headers: [string, string][]
  html: string
}

/**
 * Public pages for visitors without cookies, rendered once a minute per path rather than per
 * request (decision record 0016). A copy is rendered with a placeholder nonce and each answer
 * gets its request's own, so the CSP nonce stays unguessable; it is rendered at the site's own
 * origin, so a forged Host header cannot reach a copy. Anything that is not a plain 200 page
 * (a redirect, an error, a cookie) is not kept, and that request is rendered for itself.
 */
export function sharedPages(build: ServerBuild, mode: string, origin: string) {
  const render = createRequestHandler(build, mode)
  const placeholder = randomBytes(16).toString('base64')
  const copies = new Map<string, { until: number; page: Promise<SharedPage | null> }>()

  async function renderCopy(path: string, clientIp: string): Promise<SharedPage | null> {
    const response = await render(new Request(new URL(path, origin)), {
      clientIp,
      cspNonce: placeholder,
    })
    const html = await response.text()
    const isPage = response.headers.get('Content-Type')?.startsWith('text/html')
    if (response.status !== 200 || !isPage || response.headers.has('Set-Cookie')) return null
    const headers = [...response.headers].filter(([name]) => name !== 'content-length')
    return { headers, html }
  }

  function copyOf(path: string, clientIp: string) {
    const now = Date.now()
    const known = copies.get(path)
    if (known && known.until > now) return known.page
    // Requests that arrive while a copy renders wait for that one rather than render their own.
    const page = renderCopy(path, clientIp)
    copies.set(path, { until: now + FRESH_MS, page })
    page.then(
      (copy) => copy ?? copies.delete(path),
      () => copies.delete(path),
    )
    return page
  }

  return async (req: Request, res: Response, next: NextFunction) => {
    const shared = isSharedPageRequest({
      method: req.method,
      path: req.path,
      query: req.originalUrl.slice(req.path.length),
      cookie: req.get('cookie'),
      authorization: req.get('authorization'),
    })
    if (!shared) return next()
    const copy = await copyOf(req.path, req.ip ?? 'unknown').catch(() => null)
    if (!copy) return next()
    const html = copy.html.replaceAll(placeholder, String(res.locals.cspNonce))
    for (const [name, value] of copy.headers) res.setHeader(name, value)
    res.status(200).end(html)
  }
}
