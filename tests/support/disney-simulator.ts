/**
 * The Disney simulator answering node's http through msw, as in development, for tests that ask
 * it through the real adapters. Its openings and offers follow the clock: each test starts at
 * `now` (one instant for every answer), and the simulator is reset after it.
 */
import { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'
import { SetupServerApi } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { disneyHandlers, resetSimulator } from '../../mocks/disney.ts'

export function simulatorAt(now: Date) {
  const server = new SetupServerApi(disneyHandlers(), [new ClientRequestInterceptor()])
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    server.listen({ onUnhandledRequest: 'error' })
  })
  beforeEach(() => vi.setSystemTime(now))
  afterEach(() => resetSimulator())
  afterAll(() => {
    server.close()
    vi.useRealTimers()
  })
}
