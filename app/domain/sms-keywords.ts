/**
 * Replies to our number that carriers require us to honour. With Twilio's Advanced Opt-Out on,
 * Twilio replies to the keywords itself and tells us which one it saw (`OptOutType`); we only
 * record the opt-out. Without it, the keywords are ours to recognise and answer. Either way one
 * owner answers each keyword, never two.
 */
const KEYWORDS = {
  stop: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'],
  start: ['START', 'UNSTOP', 'YES'],
  help: ['HELP', 'INFO'],
} as const
export type Keyword = keyof typeof KEYWORDS

export function readKeyword(params: {
  Body?: string
  OptOutType?: string
}): { keyword: Keyword; twilioReplied: boolean } | null {
  const fromTwilio = params.OptOutType?.trim().toLowerCase()
  if (fromTwilio === 'stop' || fromTwilio === 'start' || fromTwilio === 'help')
    return { keyword: fromTwilio, twilioReplied: true }
  const word = (params.Body ?? '').trim().toUpperCase()
  for (const keyword of Object.keys(KEYWORDS) as Keyword[])
    if ((KEYWORDS[keyword] as readonly string[]).includes(word))
      return { keyword, twilioReplied: false }
  return null
}

/** Our own answers, when Twilio's opt-out handling is off. */
export function keywordReply(keyword: Keyword, appUrl: string): string {
  switch (keyword) {
    case 'stop':
      return 'Disney Hotel Alerts: you are unsubscribed and will get no more texts. Reply START to resubscribe.'
    case 'start':
      return 'Disney Hotel Alerts: you are subscribed again. Msg frequency varies. Reply STOP to unsubscribe, HELP for help.'
    case 'help':
      return `Disney Hotel Alerts: texts when Disney openings match your alerts. Help: ${appUrl}/faq. Msg&data rates may apply. Reply STOP to unsubscribe.`
  }
}
