import { Writable } from 'node:stream'

/**
 * Error-level logs of the web code in an integration test file. A test that means to make one
 * says so with expectErrorLog; any other fails the test that wrote it (tests/support/isolate.ts).
 */
const logged: string[] = []
const expected: RegExp[] = []

/** Where the test logger writes: pino's JSON lines, of which the errors are kept. */
export const errorRecorder = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line) continue
      const entry = JSON.parse(line) as { level: number; msg?: string }
      if (entry.level >= 50) logged.push(entry.msg ?? '')
    }
    done()
  },
})

/** Declares an error log this test is meant to cause, by its message. */
export function expectErrorLog(message: RegExp) {
  expected.push(message)
}

/** The error logs since the last call that no test expected; forgets the expectations. */
export function takeUnexpectedErrorLogs(): string[] {
  const unexpected = logged.splice(0).filter((msg) => !expected.some((re) => re.test(msg)))
  expected.length = 0
  return unexpected
}
