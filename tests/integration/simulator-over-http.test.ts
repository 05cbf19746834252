import { spawn } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { daysFromToday } from '../../db/factories.ts'
import { resetSimulator, simulatorCalls } from '../../mocks/disney.ts'
import { fetchDiningAnswer } from '../../worker/upstream/dining.ts'
import { UpstreamFault } from '../../worker/upstream/errors.ts'
import { fetchRoomAnswer } from '../../worker/upstream/hotels.ts'
import { getEnv } from '~/env.server'
import { twilioClient } from '~/utils/sms.server'
import { spawnSimulator } from '../support/faults.ts'
import { freePort } from '../support/ports.ts'

// The simulator as its own process, as `npm run simulator` starts it for a benchmark, writing
// its texts to an outbox of its own.
const outbox = `/tmp/simulator-over-http-${process.pid}.jsonl`
let via = ''
let simulator: ReturnType<typeof spawn> | undefined
beforeAll(async () => {
  const port = await freePort()
  simulator = spawnSimulator(['--port', String(port)], {
    MOCKS: 'true',
    SMS_OUTBOX_PATH: outbox,
  })
  await new Promise<void>((resolve, reject) => {
    simulator!.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('simulator on http')) resolve()
    })
    simulator!.once('exit', () => reject(new Error('the simulator exited')))
  })
  via = `http://127.0.0.1:${port}`
})
afterAll(() => {
  simulator?.kill('SIGTERM')
  rmSync(outbox, { force: true })
})

describe('the Disney simulator served over HTTP', () => {
  // This test process has a simulator of its own in msw; it must not be the one answering.
  beforeEach(() => resetSimulator())
  afterEach(() => expect(simulatorCalls()).toEqual([]))

  const date = daysFromToday(2)
  const token = getEnv().disney.diningToken ?? ''

  it('answers the dining adapter in the shape Disney uses', async () => {
    const answer = await fetchDiningAnswer(
      { destination: 'disney-world', partySize: 2, date },
      { token, timeoutMs: 5000, via },
    )
    expect(answer.kind).toBe('offers')
    if (answer.kind !== 'offers') return
    // Every venue of the catalogue's destination is listed, shows and events included.
    expect(answer.venues.map((venue) => venue.venueId)).toEqual(
      expect.arrayContaining(['90002464', '80010856', '140873']),
    )
    for (const offer of answer.offers) expect(offer.time).toMatch(/^\d{2}:\d[05]:00$/)
  })

  it('answers the hotel adapter for a Walt Disney World resort', async () => {
    const answer = await fetchRoomAnswer(
      {
        resort: {
          name: "Disney's Pop Century Resort",
          locationIdentifier: 'disney-world',
          disneySlug: 'pop-century-resort',
        },
        checkInDate: date,
        checkOutDate: daysFromToday(4),
        adults: 2,
        childAges: [],
        accessible: false,
      },
      { timeoutMs: 5000, via },
    )
    expect(answer.kind).toBe('rooms')
    if (answer.kind === 'rooms')
      expect(answer.rooms.map((room) => room.code)).toEqual(
        expect.arrayContaining(['GA', 'GV', 'GP', 'GW']),
      )
  })

  it('turns a dead dining token away, as Disney does', async () => {
    const call = fetchDiningAnswer(
      { destination: 'disneyland', partySize: 4, date },
      { token: 'expired-token', timeoutMs: 5000, via },
    )
    await expect(call).rejects.toBeInstanceOf(UpstreamFault)
    await expect(call).rejects.toMatchObject({ reason: 'auth' })
  })
})

describe("Twilio's stand-in served over HTTP", () => {
  it("takes a text from Twilio's own client and lists it back, as Twilio does", async () => {
    const client = twilioClient({ ...getEnv().twilio, via })
    const to = `+1555${String(process.pid).padStart(7, '0').slice(-7)}`
    const sent = await client.messages.create({ to, from: '+15005550006', body: 'Room open' })
    expect(sent.sid).toMatch(/^SM[0-9a-f]{32}$/)
    expect(sent.status).toBe('queued')
    // Still queued (no date_sent), so listed without a DateSent filter, as findSentText asks.
    const listed = await client.messages.list({ to, limit: 50 })
    expect(listed.map((message) => message.sid)).toEqual([sent.sid])
    // The simulator's process wrote it, not this process's own stand-in.
    expect(readFileSync(outbox, 'utf8')).toContain(sent.sid)
  })
})
