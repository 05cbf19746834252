import { sql, type Kysely } from 'kysely'
import type { Client, Database } from '../../db/schema.ts'
import { AppError } from '~/domain/app-error'
import { CLIENT_MESSAGES } from '~/domain/client'
import { consentText } from '~/domain/client-texts'
import { findClient } from '~/models/client.server'
import { isOptedOut, recordAccountText } from '~/models/outbox.server'

type Executor = Kysely<Database>

/*
 * A client's consent to texts (issue 31, decision 0035): the agent asks with one text to the
 * client's phone, and the client's YES or STOP to our number answers it. A client is texted only
 * once it has agreed (textsGoTo in app/domain/client.ts).
 */

const DAY_MS = 24 * 60 * 60_000

/**
 * Whether the agent may ask one of their clients now: the client (another account's, or no id:
 * 404), with a phone, neither agreed nor stopped, at a number that has not replied STOP to us,
 * neither it nor its number asked by the agent in the last day, and an agent with a name the text
 * can give. Refuses in words otherwise. With `lock`, the client's and the agent's rows are locked
 * until the transaction ends: the ask that writes.
 */
export async function mayAskConsent(
  db: Executor,
  userId: string,
  clientId: unknown,
  now: Date,
  { lock = false } = {},
): Promise<{ client: Client & { phoneNumber: string }; agentName: string }> {
  const found = await findClient(db, userId, clientId)
  // The agent's row is the lock of their asks: one at a time, so a number is asked once a day.
  const agent = await db
    .selectFrom('users')
    .select('name')
    .where('id', '=', userId)
    .$if(lock, (query) => query.forNoKeyUpdate())
    .executeTakeFirstOrThrow()
  const client = lock
    ? await db
        .selectFrom('clients')
        .selectAll()
        .where('id', '=', found.id)
        .where('userId', '=', userId)
        .forUpdate()
        .executeTakeFirst()
    : found
  if (!client) throw new AppError(404, 'NOT_FOUND', CLIENT_MESSAGES.notFound)
  const { phoneNumber } = client
  if (phoneNumber === null) throw new AppError(400, 'INVALID', CLIENT_MESSAGES.consentNoPhone)
  if (client.consent === 'agreed')
    throw new AppError(409, 'CONFLICT', CLIENT_MESSAGES.consentAgreed)
  if (client.consent === 'stopped')
    throw new AppError(409, 'CONFLICT', CLIENT_MESSAGES.consentStopped)
  if (await isOptedOut(db, phoneNumber))
    throw new AppError(409, 'CONFLICT', CLIENT_MESSAGES.consentOptedOut)
  const dayAgo = new Date(now.getTime() - DAY_MS)
  if (
    client.consent === 'asked' &&
    client.consentChangedAt !== null &&
    new Date(client.consentChangedAt) > dayAgo
  )
    throw new AppError(429, 'RATE_LIMITED', CLIENT_MESSAGES.consentAskedRecently)
  // A number is asked once a day, whichever of the agent's clients has it.
  const askedAtNumber = await db
    .selectFrom('notifications')
    .select('id')
    .where('userId', '=', userId)
    .where('purpose', '=', 'consent')
    .where('toNumber', '=', phoneNumber)
    .where('createdAt', '>', dayAgo)
    .executeTakeFirst()
  if (askedAtNumber)
    throw new AppError(429, 'RATE_LIMITED', CLIENT_MESSAGES.consentPhoneAskedRecently)
  const agentName = agent.name?.trim()
  if (!agentName) throw new AppError(400, 'INVALID', CLIENT_MESSAGES.consentNoAgentName)
  return { client: { ...client, phoneNumber }, agentName }
}

/**
 * Asks one of the agent's clients for consent: the consent text, naming the agent, written to the
 * outbox for the client's phone, and the client "asked" from now. Refused as `mayAskConsent`
 * refuses, checked again with the client locked, so two asks at once send one text; a refusal
 * writes nothing. Answers the client as it is now and the text to queue.
 */
export function askConsent(db: Executor, userId: string, clientId: unknown, now: Date) {
  return db.transaction().execute(async (trx) => {
    const { client, agentName } = await mayAskConsent(trx, userId, clientId, now, { lock: true })
    const text = await recordAccountText(trx, {
      userId,
      purpose: 'consent',
      recipient: 'client',
      clientId: client.id,
      toNumber: client.phoneNumber,
      body: consentText({ agentName }),
    })
    const asked = await trx
      .updateTable('clients')
      .set({ consent: 'asked', consentChangedAt: now })
      .where('id', '=', client.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    return { client: asked, text }
  })
}

/**
 * A reply from a phone to our number, for the clients at that number (one phone may be the client
 * of several agents). YES or START agrees for one client only: the one at that number asked (or
 * stopped) most recently, whose agent the text it answers names; of clients stopped together, the
 * one last sent a consent text. STOP stops every client at the number: Twilio stops texting the
 * number for us anyway. A number that is no client's changes nothing.
 */
export async function recordConsentReply(
  db: Executor,
  phoneNumber: string,
  keyword: 'start' | 'stop',
  now: Date,
) {
  if (keyword === 'stop') {
    await db
      .updateTable('clients')
      .set({ consent: 'stopped', consentChangedAt: now })
      .where('phoneNumber', '=', phoneNumber)
      .where('consent', '<>', 'stopped')
      .execute()
    return
  }
  await db
    .updateTable('clients')
    .set({ consent: 'agreed', consentChangedAt: now })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('clients as c')
        .select('c.id')
        .where('c.phoneNumber', '=', phoneNumber)
        .where('c.consent', 'in', ['asked', 'stopped'])
        .orderBy('c.consentChangedAt', (order) => order.desc().nullsLast())
        .orderBy(
          sql`(select max(n.created_at) from notifications n
            where n.client_id = c.id and n.purpose = 'consent')`,
          (order) => order.desc().nullsLast(),
        )
        .limit(1),
    )
    .execute()
}
