/**
 * A subscriber's phone texting our number, as Twilio sees it: Twilio applies its default opt-out
 * handling, texts its own reply, then posts the incoming-message webhook and sends the TwiML
 * reply it gets back. For tests (`textFromPhone`) and for a developer (`scripts/phone.ts`).
 */
import type { Env } from '../app/env.server.ts'
import {
  DEVELOPMENT_TIMING,
  newMessageSid,
  numberState,
  recordMessage,
  recordOptOut,
  type MessageRecord,
} from './twilio-state.ts'
import {
  incomingMessageRequest,
  postSigned,
  type IncomingMessageParams,
  type SendRequest,
} from './twilio-webhooks.ts'

/** The Twilio account a phone texts: its number, and where the stand-in keeps its state. */
export interface TwilioAccount {
  outboxPath: string
  accountSid: string
  authToken: string
  phoneNumber: string
  messagingServiceSid?: string
}

export function twilioAccount(env: Env): TwilioAccount {
  return {
    outboxPath: env.smsOutboxPath,
    accountSid: env.twilio.accountSid,
    authToken: env.twilio.authToken,
    phoneNumber: env.twilio.fromNumber,
    messagingServiceSid: env.twilio.messagingServiceSid,
  }
}

type OptOutType = NonNullable<IncomingMessageParams['OptOutType']>

/**
 * Twilio's default keywords (https://www.twilio.com/docs/messaging/tutorials/advanced-opt-out)
 * and its default replies to them (https://help.twilio.com/articles/223134027). A keyword is the
 * whole message, in any case: "stop please" is no opt-out.
 */
const KEYWORDS: Record<OptOutType, readonly string[]> = {
  STOP: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'],
  START: ['START', 'UNSTOP', 'YES'],
  HELP: ['HELP', 'INFO'],
}
export const TWILIO_DEFAULT_REPLIES: Record<OptOutType, string> = {
  STOP: 'You have successfully been unsubscribed. You will not receive any more messages from this number. Reply START to resubscribe.',
  START:
    'You have successfully been re-subscribed to messages from this number. Reply HELP for help. Reply STOP to unsubscribe. Msg&Data Rates May Apply.',
  HELP: 'Reply STOP to unsubscribe. Msg&Data Rates May Apply.',
}

function keywordOf(body: string): OptOutType | null {
  const word = body.trim().toUpperCase()
  return (
    (Object.keys(KEYWORDS) as OptOutType[]).find((type) => KEYWORDS[type].includes(word)) ?? null
  )
}

/** The bodies of a TwiML response's <Message> verbs. */
function twimlMessages(twiml: string) {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
  return [...twiml.matchAll(/<Message(?:\s[^>]*)?>([\s\S]*?)<\/Message>/g)].map(([, body]) =>
    body!
      .replace(/<\/?Body>/g, '')
      .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => entities[name]!),
  )
}

export interface PhoneText {
  /** The Message resource Twilio made of the phone's text. */
  sid: string
  /** The keyword Twilio recognised, if the text was one. */
  keyword: OptOutType | null
  /** Twilio's own reply, texted to the phone (none to a number that opted out, but for STOP). */
  twilioReply: string | null
  /** Our webhook's answer: null when the number has no messaging webhook configured. */
  webhook: { status: number; body: string } | null
  /** The texts our TwiML answered with, and the error Twilio refused each with, if it did. */
  replies: { body: string; refusedWith: 21610 | null }[]
}

/**
 * Plays a phone texting our number. With `webhookUrl: null` the number has no webhook (our app
 * away): Twilio still records the opt-out, as its docs say. `advancedOptOut` plays a Messaging
 * Service with Advanced Opt-Out, which tells the webhook the keyword it saw (`OptOutType`).
 */
export async function textFromPhone(
  account: TwilioAccount,
  from: string,
  body: string,
  options: { webhookUrl: string | null; advancedOptOut?: boolean; send?: SendRequest },
): Promise<PhoneText> {
  const { outboxPath, phoneNumber: ourNumber } = account
  const record = (direction: MessageRecord['direction'], to: string, text: string) => {
    const message: MessageRecord = {
      sid: newMessageSid(),
      accountSid: account.accountSid,
      messagingServiceSid: account.messagingServiceSid ?? null,
      direction,
      from: to === ourNumber ? from : ourNumber,
      to,
      body: text,
      createdAt: Date.now(),
      timing: DEVELOPMENT_TIMING,
      failure: direction === 'inbound' ? null : numberState(outboxPath, to).failure,
    }
    recordMessage(outboxPath, message)
    return message
  }
  /** Texts the phone, unless it opted out: Twilio refuses with 21610, as it does any send. */
  const reply = (text: string) => {
    if (numberState(outboxPath, from).optedOut) return false
    record('outbound-reply', from, text)
    return true
  }

  const incoming = record('inbound', ourNumber, body)
  const keyword = keywordOf(body)
  let twilioReply: string | null = keyword && TWILIO_DEFAULT_REPLIES[keyword]
  if (keyword === 'STOP') {
    // The confirmation of a STOP is the one text Twilio sends after it.
    record('outbound-reply', from, TWILIO_DEFAULT_REPLIES.STOP)
    recordOptOut(outboxPath, from, true)
  } else {
    if (keyword === 'START') recordOptOut(outboxPath, from, false)
    if (twilioReply && !reply(twilioReply)) twilioReply = null
  }

  if (!options.webhookUrl)
    return { sid: incoming.sid, keyword, twilioReply, webhook: null, replies: [] }
  const params = incomingMessageRequest(
    incoming,
    options.advancedOptOut ? (keyword ?? undefined) : undefined,
  )
  const response = await postSigned(options.webhookUrl, params, account.authToken, options.send)
  const answer = await response.text()
  const replies = (response.ok ? twimlMessages(answer) : []).map((text) => ({
    body: text,
    refusedWith: reply(text) ? null : (21610 as const),
  }))
  return {
    sid: incoming.sid,
    keyword,
    twilioReply,
    webhook: { status: response.status, body: answer },
    replies,
  }
}
