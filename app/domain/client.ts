/**
 * A travel agent's client (issue 31, decision 0035): a name the agent tells alerts apart by, an
 * optional note, and an optional phone and email. An alert may belong to a client and text the
 * agent, the client or both; a client's phone is texted only once the client has agreed.
 */
import * as z from 'zod/mini'
import type { PhoneCheck } from './login-schema'

export const CLIENT_NAME_MAX = 80
export const CLIENT_NOTE_MAX = 500

export const TEXT_TO = ['agent', 'client', 'both'] as const
export type TextTo = (typeof TEXT_TO)[number]

/** Consent texts an account may send in an hour (and one a day to each of its clients' numbers). */
export const CONSENT_ASKS_PER_HOUR = 20

export const CLIENT_MESSAGES = {
  name: "Enter the client's name.",
  nameTooLong: `A client's name can be at most ${CLIENT_NAME_MAX} characters.`,
  nameTaken: 'You already have a client with this name.',
  note: `A note can be at most ${CLIENT_NOTE_MAX} characters.`,
  phone: 'Enter a valid mobile number, or leave it empty.',
  email: 'Enter a valid email address, or leave it empty.',
  notFound: 'Client not found.',
  noClients: 'Your plan keeps no clients: The Club keeps a client for every alert.',
  tooMany: (limit: number) =>
    `Your plan keeps at most ${limit} clients. Delete one you no longer need first.`,
  alertClient: 'Choose one of your clients, or none.',
  textTo: 'textTo must be agent, client or both.',
  textToNeedsClient: 'Texts can go to a client only when the alert is for a client.',
  textToNeedsPhone: 'This client has no mobile number to text. Add one, or text only yourself.',
  consentSent: (name: string, phone: string) =>
    `We texted ${name} at ${phone} to ask for their consent. Texts meant for them come to you until they reply YES.`,
  consentNoPhone: 'This client has no mobile number to text. Add one first.',
  consentNoAgentName:
    'Add your name in Settings (/settings/profile) first: the consent text tells your client who asks.',
  consentAgreed: 'This client has already agreed to get texts.',
  consentStopped:
    'This client replied STOP. Only the client can start texts again, by replying START or YES to our number.',
  consentOptedOut:
    'This mobile number replied STOP to our texts. Only its owner can start them again, by replying START or YES to our number.',
  consentAskedRecently:
    'You asked this client less than a day ago. Give them time to reply, or ask again tomorrow.',
  consentPhoneAskedRecently:
    'You asked for consent at this mobile number less than a day ago. Ask again tomorrow.',
  consentTooMany: (retryAfterS: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterS / 60))
    return `You can ask ${CONSENT_ASKS_PER_HOUR} clients an hour for their consent, and have asked them all. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
  },
} as const

/** An optional text field: absent, null or blank is none. */
const optionalText = (max: number, message: string) =>
  z.pipe(
    z.pipe(
      z.optional(z.nullable(z.string({ error: message }))),
      z.transform((value) => (value?.trim() ? value.trim() : null)),
    ),
    z.nullable(z.string().check(z.maxLength(max, message))),
  )

/**
 * A client as the JSON API and the Settings form take it: `name`, and optionally `note`,
 * `phoneNumber` (any way a person types it; E.164 once `checkPhone` has read it) and `email`.
 */
export function clientSchema(checkPhone: PhoneCheck) {
  return z.object({
    name: z.pipe(
      z.pipe(
        z.string({ error: CLIENT_MESSAGES.name }),
        z.transform((value) => value.trim()),
      ),
      z
        .string()
        .check(
          z.minLength(1, CLIENT_MESSAGES.name),
          z.maxLength(CLIENT_NAME_MAX, CLIENT_MESSAGES.nameTooLong),
        ),
    ),
    note: optionalText(CLIENT_NOTE_MAX, CLIENT_MESSAGES.note),
    phoneNumber: z.pipe(
      optionalText(40, CLIENT_MESSAGES.phone),
      z.transform((typed, payload) => {
        if (typed === null) return null
        const e164 = checkPhone(typed)
        if (e164 !== null) return e164
        payload.issues.push({
          code: 'custom',
          message: CLIENT_MESSAGES.phone,
          input: typed,
        })
        return z.NEVER
      }),
    ),
    email: z.pipe(
      optionalText(254, CLIENT_MESSAGES.email),
      z.nullable(z.email({ error: CLIENT_MESSAGES.email })),
    ),
  })
}
export type ClientInput = z.output<ReturnType<typeof clientSchema>>

/** Who an alert's texts go to, and whether a client's phone may get them now. */
export function textsGoTo(
  textTo: TextTo,
  client: { phoneNumber: string | null; consent: string } | null,
): { agent: boolean; client: boolean } {
  const clientMay = client !== null && client.phoneNumber !== null && client.consent === 'agreed'
  // A client gone (deleted) or never reachable leaves the texts with the agent, never nowhere.
  if (textTo === 'client')
    return clientMay ? { agent: false, client: true } : { agent: true, client: false }
  return { agent: true, client: textTo === 'both' && clientMay }
}
