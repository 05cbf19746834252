import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { callDisney, SOCKETS_PER_HOST } from './http.ts'

// Outside msw on purpose: its interceptor gives every request a socket of its own, so only the
// plain client shows how many connections Disney would see.
const connections = { opened: 0, open: 0, most: 0 }
let server: Server
let via = ''
beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      response.writeHead(200, { 'Content-Type': 'application/json' })
      response.end('{"rooms":[]}')
    })
  })
  server.on('connection', (socket) => {
    connections.opened++
    connections.most = Math.max(connections.most, ++connections.open)
    socket.on('close', () => connections.open--)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  via = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.closeAllConnections()
  return new Promise<void>((resolve) => server.close(() => resolve()))
})

const ask = () =>
  callDisney({
    family: 'wdw-hotel',
    url: 'https://disneyworld.disney.go.com/api/wdpro/availability-and-prices',
    method: 'GET',
    timeoutMs: 5000,
    via,
  })

it('shares a bounded set of kept-alive connections among a burst of questions to one host', async () => {
  // A socket a question would open for itself overflowed the listener's queue (decision 0021).
  const answers = await Promise.all(Array.from({ length: 4 * SOCKETS_PER_HOST }, ask))
  expect(answers.every((answer) => answer.status === 200)).toBe(true)
  expect(connections.most).toBeLessThanOrEqual(SOCKETS_PER_HOST)
  const opened = connections.opened
  await Promise.all(Array.from({ length: SOCKETS_PER_HOST }, ask))
  expect(connections.opened).toBe(opened)
})
