import { describe, expect, it, vi } from 'vitest'

// server.ts and the Remix build each hold a copy of this module: the first opens a request's
// context, the second (the loaders) reads it.
async function freshCopy() {
  vi.resetModules()
  return import('./request-context.server.ts')
}

describe('the request context', () => {
  it('is shared by two copies of the module, as the server and the build hold them', async () => {
    const server = await freshCopy()
    const build = await freshCopy()
    expect(build).not.toBe(server)
    let lookUps = 0
    const lookUp = () => Promise.resolve(++lookUps)

    const seen = await server.runWithRequest('req-7', async () => ({
      id: build.currentRequestId(),
      answers: await Promise.all([
        build.oncePerRequest('session:abc', lookUp),
        build.oncePerRequest('session:abc', lookUp),
      ]),
    }))

    expect(seen).toEqual({ id: 'req-7', answers: [1, 1] })
    expect(lookUps).toBe(1)
  })

  it('gives each request its own answers, and none outside a request', async () => {
    const { oncePerRequest, runWithRequest } = await freshCopy()
    let lookUps = 0
    const lookUp = () => Promise.resolve(++lookUps)

    await runWithRequest('a', () => oncePerRequest('k', lookUp))
    await runWithRequest('b', () => oncePerRequest('k', lookUp))
    await oncePerRequest('k', lookUp)

    expect(lookUps).toBe(3)
  })
})
