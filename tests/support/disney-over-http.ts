/**
 * Disney served over real HTTP on a local port, for contract tests of the adapters (which reach
 * it through `via`): each request is kept in `asked`, and `answer` writes what comes back.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll } from 'vitest'

export interface AskedOfDisney {
  method: string
  url: string
  body: string
  headers: IncomingHttpHeaders
}

export function disneyOverHttp(answer: (response: ServerResponse) => void) {
  const disney = { via: '', asked: [] as AskedOfDisney[] }
  let server: Server
  beforeAll(async () => {
    server = createServer(async (request, response) => {
      let body = ''
      for await (const chunk of request) body += String(chunk)
      const { method = '', url = '', headers } = request
      disney.asked.push({ method, url, body, headers })
      answer(response)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    disney.via = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return disney
}
