const HOUR = 60 * 60_000

/** Quiet hours around now in New York, as an account sets them: from an hour ago to two ahead. */
export function quietNow() {
  const clock = (ms: number) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(ms)
  return {
    timeZone: 'America/New_York',
    quietStart: clock(Date.now() - HOUR),
    quietEnd: clock(Date.now() + 2 * HOUR),
  }
}
