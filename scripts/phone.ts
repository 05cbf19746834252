/**
 * A phone texting our number in mock mode, as Twilio would pass it on: Twilio's own opt-out
 * handling and reply, then our inbound webhook, signed. Reads the app's environment (.env), so it
 * shares the outbox and the Twilio stand-in's state with the running app and worker.
 *
 *   npm run phone -- +12015550123 STOP
 */
import { getEnv } from '../app/env.server.ts'
import { textFromPhone, twilioAccount } from '../mocks/twilio-phone.ts'

const [from, ...words] = process.argv.slice(2)
if (!from || !/^\+[1-9]\d{1,14}$/.test(from) || !words.length) {
  console.error('usage: npm run phone -- <E.164 number> <text…>')
  process.exit(2)
}
const env = getEnv()
if (!env.twilio.mocked) {
  console.error('Twilio has real keys here: text the real number from a real phone instead.')
  process.exit(2)
}
const webhookUrl = `${env.appUrl}/webhooks/twilio/inbound`
const text = await textFromPhone(twilioAccount(env), from, words.join(' '), { webhookUrl }).catch(
  (error: unknown) => {
    console.error(`${webhookUrl} did not answer (${String(error)}): is the app running?`)
    process.exit(1)
  },
)
console.log(`[sms ${from} → ${env.twilio.fromNumber}] ${words.join(' ')}  (${text.sid})`)
if (text.keyword)
  console.log(
    `Twilio saw ${text.keyword}; its reply: ${text.twilioReply ?? '(none: the number opted out)'}`,
  )
console.log(`Our webhook answered ${text.webhook?.status}: ${text.webhook?.body}`)
for (const reply of text.replies)
  console.log(
    reply.refusedWith
      ? `Our reply was refused by Twilio (${reply.refusedWith}): ${reply.body}`
      : `[sms → ${from}] ${reply.body}`,
  )
