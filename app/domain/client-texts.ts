/**
 * The words of texts that concern a travel agent's client (issue 31, decision 0035): the consent
 * text a client's phone gets before anything else, and the agent's copy of an alert's text, which
 * names the client it is for.
 */
import { BRAND, gsmLength, SEGMENT_LENGTH, toGsm7 } from './texts'

/** What a segment of a text longer than one holds: 7 septets go to the header that joins them. */
const CONCATENATED_SEGMENT_LENGTH = 153

/**
 * A name as a text carries it: GSM-7, so the text stays in 160-character segments. A name with
 * nothing GSM-7 in it (written only in another script) is kept as typed: the text must name who
 * it is about, even at the cost of longer segments.
 */
function textName(name: string): string {
  const plain = toGsm7(name).trim()
  return plain || name.trim()
}

/**
 * "Disney Hotel Alerts: Your travel agent Jane Doe would like us to text you when a Disney hotel
 * room or dining reservation they watch for you opens. Reply YES to agree, STOP to stop. Msg&data
 * rates may apply. Not affiliated with Disney."
 *
 * The consent text: who asks (the agent, by the name in their profile), who texts (the service),
 * what the client will get, how to agree or refuse, and that we are not Disney. Two segments at
 * most: an agent's name too long for them is shortened.
 */
export function consentText(consent: { agentName: string }): string {
  const build = (agent: string) =>
    `${BRAND}: Your travel agent ${agent} would like us to text you when a Disney hotel room or dining reservation they watch for you opens. Reply YES to agree, STOP to stop. Msg&data rates may apply. Not affiliated with Disney.`
  const agent = textName(consent.agentName)
  const full = build(agent)
  if (segmentsOf(full) <= 2) return full
  let shortened = agent
  while (shortened && segmentsOf(build(`${shortened}..`)) > 2)
    shortened = shortened.slice(0, -1).trimEnd()
  return build(`${shortened}..`)
}

/**
 * "Disney Hotel Alerts: For Smith family: Room open: ..."
 *
 * The agent's copy of a text about an alert of one of their clients: the client's name right
 * after the sender's (which every text starts with, for the carriers), so an agent with many
 * clients tells the texts apart at a glance. The client's own copy names
 * nothing but its stay or table. A client's name is at most 80 characters, so a one-segment text
 * stays within two.
 */
export function withClientName(clientName: string, body: string): string {
  const sender = `${BRAND}: `
  const words = body.startsWith(sender) ? body.slice(sender.length) : body
  return `${sender}For ${textName(clientName)}: ${words}`
}

/** How many segments a GSM-7 text is sent as. */
export function segmentsOf(text: string): number {
  const length = gsmLength(text)
  return length <= SEGMENT_LENGTH ? 1 : Math.ceil(length / CONCATENATED_SEGMENT_LENGTH)
}
