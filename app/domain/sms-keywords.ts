/**
 * Replies to our number that carriers require us to honour. Twilio answers them itself, always:
 * its default opt-out handling replies to STOP, START and HELP on every long code and toll-free
 * number, and Advanced Opt-Out only changes the words (and tells us which keyword it saw in
 * `OptOutType`). So we record an opt-out or opt-in and never reply: a reply of ours would be a
 * second one. The words Twilio's replies should carry are set in Advanced Opt-Out
 * (docs/operations.md).
 */
const KEYWORDS = {
  stop: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'],
  start: ['START', 'UNSTOP', 'YES'],
  help: ['HELP', 'INFO'],
} as const
export type Keyword = keyof typeof KEYWORDS

/** The keyword a reply is: Twilio's word for it when it sends one, else ours from the body. */
export function readKeyword(params: { Body?: string; OptOutType?: string }): Keyword | null {
  const fromTwilio = params.OptOutType?.trim().toLowerCase()
  if (fromTwilio === 'stop' || fromTwilio === 'start' || fromTwilio === 'help') return fromTwilio
  const word = (params.Body ?? '').trim().toUpperCase()
  for (const keyword of Object.keys(KEYWORDS) as Keyword[])
    if ((KEYWORDS[keyword] as readonly string[]).includes(word)) return keyword
  return null
}
