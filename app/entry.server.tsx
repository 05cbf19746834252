import { Writable } from 'node:stream'
import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'
import { NonceContext } from '~/utils/nonce'
import { getLogger } from '~/utils/logger.server'

const ABORT_DELAY = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce
  // Nothing is deferred, so the shell is the whole page: it goes out in one piece, because the
  // compression middleware makes a gzip block and a socket write of every chunk Remix passes it.
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const chunks: Buffer[] = []
    const page = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk)
        done()
      },
      final(done) {
        responseHeaders.set('Content-Type', 'text/html')
        resolve(
          new Response(Buffer.concat(chunks), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        )
        done()
      },
    })
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer
          context={remixContext}
          url={request.url}
          abortDelay={ABORT_DELAY}
          nonce={nonce}
        />
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true
        },
        onAllReady() {
          pipe(page)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) getLogger().error({ err: error }, 'render failed')
        },
      },
    )
    if (!page.writableFinished) {
      const timer = setTimeout(abort, ABORT_DELAY)
      page.once('finish', () => clearTimeout(timer))
    }
  })
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return
  getLogger().error({ err: error, url: request.url }, 'request failed')
}
