import { statSync } from 'node:fs'
import { get } from 'node:http'
import { describe, expect, inject, it } from 'vitest'
import { readManifest } from '../support/page-javascript.ts'

/** One raw answer (no decoding), so the bytes on the wire can be counted. */
function fetchRaw(path: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; bytes: number }>(
    (resolve, reject) => {
      get(
        `${inject('baseUrl')}${path}`,
        { headers: { 'Accept-Encoding': acceptEncoding } },
        (res) => {
          let bytes = 0
          res.on('data', (chunk: Buffer) => (bytes += chunk.length))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }))
          res.on('error', reject)
        },
      ).on('error', reject)
    },
  )
}

describe("the build's scripts", () => {
  const entry = readManifest().entry.module
  const size = (suffix: string) => statSync(`public${entry}${suffix}`).size

  it.each([
    ['br', 'gzip, deflate, br', 'br', '.br'],
    ['gzip', 'gzip, deflate', 'gzip', '.gz'],
    ['nothing', 'identity', undefined, ''],
  ])(
    'go out as the build compressed them to a browser that takes %s',
    async (_, accept, encoding, suffix) => {
      const answer = await fetchRaw(entry, accept)
      expect(answer.status).toBe(200)
      expect(answer.headers['content-encoding']).toBe(encoding)
      expect(answer.bytes).toBe(size(suffix))
      expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/)
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i)
      expect(answer.headers['cache-control']).toContain('immutable')
    },
  )

  it("carry nosniff but not a page's policies, which mean nothing on a script", async () => {
    const answer = await fetchRaw(entry, 'br')
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(answer.headers).not.toHaveProperty('content-security-policy')
    expect(answer.headers).not.toHaveProperty('permissions-policy')
    expect(answer.headers).not.toHaveProperty('etag')
  })

  it('answers 404 to a file that is not there and 400 to a path that does not decode', async () => {
    const missing = await fetchRaw('/build/_shared/no-such-chunk.js', 'br')
    expect(missing.status).toBe(404)
    // A plain answer of the static files, never the site's 404 page.
    expect(missing.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect((await fetchRaw('/build/%E0%A4%A.js', 'br')).status).toBe(400)
  })
})
