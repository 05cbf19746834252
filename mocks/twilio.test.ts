import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import v8 from 'node:v8'
import vm from 'node:vm'
import { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'
import { SetupServerApi } from 'msw/node'
import twilio from 'twilio'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { twilioHandlers } from './twilio.ts'

v8.setFlagsFromString('--expose-gc')
const gc = vm.runInNewContext('gc') as () => void

const dir = mkdtempSync(path.join(tmpdir(), 'twilio-mock-'))
const server = new SetupServerApi(
  // Sent the moment Twilio takes them: a DateSent filter sees a text as soon as it is created.
  twilioHandlers(path.join(dir, 'outbox.jsonl'), {
    print: false,
    authToken: 'token',
    queuedForMs: 0,
  }),
  [new ClientRequestInterceptor()],
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => {
  server.close()
  rmSync(dir, { recursive: true, force: true })
})

function heapMb() {
  gc()
  return process.memoryUsage().heapUsed / 1024 / 1024
}

// The worker sends every text through this stand-in when Twilio has no keys: before the patch in
// patches/ each text kept its kept-alive socket reachable for good, about 42 kB a text.
it('keeps nothing of a text once it is sent (the patched interceptor frees its parsers)', async () => {
  const client = twilio('AC00000000000000000000000000000000', 'token')
  const send = (i: number) =>
    client.messages.create({ to: '+12015550123', from: '+12015550100', body: `Text ${i}` })
  for (let i = 0; i < 50; i++) await send(i)
  const before = heapMb()
  const texts = 400
  for (let i = 0; i < texts; i += 20)
    await Promise.all(Array.from({ length: 20 }, (_, k) => send(i + k)))
  const kbPerText = ((heapMb() - before) * 1024) / texts
  expect(kbPerText).toBeLessThan(10)
}, 60_000)

// The worker asks for the last 50 texts to a number before it sends one again (a send whose
// outcome it could not record): the newest must be among them, as at Twilio.
it('lists a number’s texts newest first, one page of PageSize at a time', async () => {
  const client = twilio('AC00000000000000000000000000000000', 'token')
  const to = '+12015550124'
  for (let i = 0; i < 60; i++)
    await client.messages.create({ to, from: '+12015550100', body: `Text ${i}` })

  const lastFifty = await client.messages.list({ to, dateSentAfter: new Date(0), limit: 50 })
  expect(lastFifty.map((message) => message.body)).toEqual(
    Array.from({ length: 50 }, (_, i) => `Text ${59 - i}`),
  )
  const all = await client.messages.list({ to, pageSize: 25 })
  expect(all.map((message) => message.body)).toHaveLength(60)
  expect(all.at(-1)?.body).toBe('Text 0')
})
