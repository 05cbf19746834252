import { sql, type Kysely } from 'kysely'
import type { Client, Database } from '../../db/schema.ts'
import { AppError, parseOrRefuse } from '~/domain/app-error'
import type { ClientChoice, ClientFieldName } from '~/domain/alert-client'
import { CLIENT_MESSAGES, clientSchema, TEXT_TO, type TextTo } from '~/domain/client'
import { normalizePhoneNumber } from '~/domain/phone'

type Executor = Kysely<Database>

/*
 * A travel agent's clients (issue 31, decision 0035). A client is its owner's alone: every read
 * and write here is by owner, and an id of anyone else's is simply not found.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const schema = clientSchema(normalizePhoneNumber)

/** The client of the JSON API. */
export function toClientJson(client: Client) {
  return {
    id: client.id,
    name: client.name,
    note: client.note,
    phoneNumber: client.phoneNumber,
    email: client.email,
    /** none, asked, agreed or stopped: whether the client's phone may be texted (read-only). */
    consent: client.consent,
    created: new Date(client.createdAt).toISOString(),
  }
}
export type ClientJson = ReturnType<typeof toClientJson>

/** The account's clients, by name. */
export function listClients(db: Executor, userId: string) {
  return db
    .selectFrom('clients')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy(sql`lower(name)`)
    .execute()
}

/** How many of the owner's alerts, hotel and dining, belong to each of its clients, by client id. */
export async function clientAlertCounts(db: Executor, userId: string) {
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('hotelAlerts')
        .select('clientId')
        .where('userId', '=', userId)
        .where('clientId', 'is not', null)
        .unionAll(
          eb
            .selectFrom('diningAlerts')
            .select('clientId')
            .where('userId', '=', userId)
            .where('clientId', 'is not', null),
        )
        .as('alerts'),
    )
    .select(['clientId', (eb) => eb.fn.countAll<string>().as('count')])
    .groupBy('clientId')
    .execute()
  return new Map(rows.map((row) => [row.clientId!, Number(row.count)]))
}

/** One of the account's clients, or a 404 for any other id (anyone else's, or not an id). */
export async function findClient(db: Executor, userId: string, id: unknown) {
  const client =
    typeof id === 'string' && UUID.test(id)
      ? await db
          .selectFrom('clients')
          .selectAll()
          .where('id', '=', id)
          .where('userId', '=', userId)
          .executeTakeFirst()
      : undefined
  if (!client) throw new AppError(404, 'NOT_FOUND', CLIENT_MESSAGES.notFound)
  return client
}

const isNameTaken = (error: unknown) =>
  error instanceof Error && 'constraint' in error && error.constraint === 'clients_user_name_idx'

/** Refuses a name the account already gives another client, beside the name. */
async function savingName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isNameTaken(error)) throw new AppError(409, 'CONFLICT', CLIENT_MESSAGES.nameTaken, 'name')
    throw error
  }
}

/**
 * Adds a client, within the plan's client limit. The owner's row is locked while the clients are
 * counted, so two adds at once cannot pass the limit together.
 */
export async function createClient(db: Executor, userId: string, raw: unknown) {
  const input = parseOrRefuse(schema, raw, 'Invalid client.')
  return db.transaction().execute(async (trx) => {
    // No plan: no clients.
    const plan = await trx
      .selectFrom('users')
      .innerJoin('plans', 'plans.id', 'users.planId')
      .select('plans.clientLimit')
      .where('users.id', '=', userId)
      .forUpdate('users')
      .executeTakeFirst()
    const clientLimit = plan?.clientLimit ?? 0
    const { count } = await trx
      .selectFrom('clients')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow()
    if (clientLimit === 0) throw new AppError(400, 'QUOTA_EXCEEDED', CLIENT_MESSAGES.noClients)
    if (Number(count) >= clientLimit)
      throw new AppError(400, 'QUOTA_EXCEEDED', CLIENT_MESSAGES.tooMany(clientLimit))
    return savingName(() =>
      trx
        .insertInto('clients')
        .values({ userId, ...input })
        .returningAll()
        .executeTakeFirstOrThrow(),
    )
  })
}

/**
 * Changes a client. A new phone number has not agreed to anything: its consent starts over.
 */
export async function updateClient(db: Executor, userId: string, id: unknown, raw: unknown) {
  const client = await findClient(db, userId, id)
  const input = parseOrRefuse(schema, raw, 'Invalid client.')
  const newPhone = input.phoneNumber !== client.phoneNumber
  return savingName(() =>
    db
      .updateTable('clients')
      .set({
        ...input,
        updatedAt: new Date(),
        ...(newPhone && { consent: 'none' as const, consentChangedAt: null }),
      })
      .where('id', '=', client.id)
      .where('userId', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow(),
  )
}

/** Deletes a client; its alerts stay, the owner's again, texting the owner. */
export async function deleteClient(db: Executor, userId: string, id: unknown) {
  const client = await findClient(db, userId, id)
  await db.transaction().execute(async (trx) => {
    for (const table of ['hotelAlerts', 'diningAlerts'] as const)
      await trx
        .updateTable(table)
        .set({ textTo: 'agent' })
        .where('clientId', '=', client.id)
        .execute()
    await trx.deleteFrom('clients').where('id', '=', client.id).execute()
  })
}

/**
 * The client fields of an alert's payload, `clientId` (one of the owner's clients, or null) and
 * `textTo` (`agent`, `client` or `both`), checked against the owner's clients. Absent from a new
 * alert: none, to the agent; absent from an edit: as they were (`kept`), so a form or a client
 * that knows nothing of clients never takes an alert from its client.
 */
export async function readAlertClient(
  db: Executor,
  userId: string,
  raw: Readonly<Record<string, unknown>>,
  kept: { clientId: string | null; textTo: TextTo } | null = null,
): Promise<{ clientId: string | null; textTo: TextTo }> {
  if (kept && raw.clientId === undefined && raw.textTo === undefined) return kept
  const textTo = raw.textTo ?? 'agent'
  if (typeof textTo !== 'string' || !(TEXT_TO as readonly string[]).includes(textTo))
    throw new AppError(400, 'INVALID', CLIENT_MESSAGES.textTo, 'textTo')
  const clientId = raw.clientId === undefined ? (kept?.clientId ?? null) : raw.clientId
  if (clientId === null) {
    if (textTo !== 'agent')
      throw new AppError(400, 'INVALID', CLIENT_MESSAGES.textToNeedsClient, 'textTo')
    return { clientId: null, textTo: 'agent' }
  }
  const client = await findClient(db, userId, clientId).catch(() => {
    throw new AppError(400, 'INVALID', CLIENT_MESSAGES.alertClient, 'clientId')
  })
  if (textTo !== 'agent' && client.phoneNumber === null)
    throw new AppError(400, 'INVALID', CLIENT_MESSAGES.textToNeedsPhone, 'textTo')
  return { clientId: client.id, textTo: textTo as TextTo }
}

/** The names of some of the owner's clients, by id, for the alerts that belong to them. */
export async function clientNames(db: Executor, userId: string, ids: readonly (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))]
  if (wanted.length === 0) return new Map<string, string>()
  const rows = await db
    .selectFrom('clients')
    .select(['id', 'name'])
    .where('userId', '=', userId)
    .where('id', 'in', wanted)
    .execute()
  return new Map(rows.map((row) => [row.id, row.name]))
}

/** An alert's client fields in the JSON API: `clientId`, `textTo`, and the read-only `clientName`. */
export function alertClientJson(
  alert: { clientId: string | null; textTo: TextTo },
  names: ReadonlyMap<string, string>,
) {
  return {
    clientId: alert.clientId,
    clientName: alert.clientId === null ? null : (names.get(alert.clientId) ?? null),
    textTo: alert.textTo,
  }
}

/** An alert's client fields as they are, for an edit that does not say them. */
export async function keptClient(
  db: Executor,
  table: 'hotelAlerts' | 'diningAlerts',
  userId: string,
  id: string,
) {
  return (
    (await db
      .selectFrom(table)
      .select(['clientId', 'textTo'])
      .where('id', '=', id)
      .where('userId', '=', userId)
      .executeTakeFirst()) ?? null
  )
}

/**
 * Saves an alert with its client (readAlertClient), adding first the new client a form or a
 * wizard names in `newClientName`, which then stands for `clientId`. A new client has no phone
 * yet, so its alert texts the agent. A client refused (the plan's limit, a name taken or too long)
 * is refused beside `newClientName` and nothing is saved; an alert refused once its new client is
 * added takes the client away again, so a refusal leaves nothing behind.
 */
export async function savingAlertClient<T>(
  db: Executor,
  userId: string,
  raw: Readonly<Record<string, unknown>>,
  kept: { clientId: string | null; textTo: TextTo } | null,
  save: (client: { clientId: string | null; textTo: TextTo }) => Promise<T>,
): Promise<T> {
  const name = raw.newClientName
  if (name === undefined || name === null || (typeof name === 'string' && !name.trim()))
    return save(await readAlertClient(db, userId, raw, kept))
  if (typeof name !== 'string')
    throw new AppError(400, 'INVALID', CLIENT_MESSAGES.name, 'newClientName')
  const textTo = raw.textTo ?? 'agent'
  if (typeof textTo !== 'string' || !(TEXT_TO as readonly string[]).includes(textTo))
    throw new AppError(400, 'INVALID', CLIENT_MESSAGES.textTo, 'textTo')
  if (textTo !== 'agent')
    throw new AppError(400, 'INVALID', CLIENT_MESSAGES.textToNeedsPhone, 'textTo')
  const client = await createClient(db, userId, { name }).catch((error: unknown) => {
    if (error instanceof AppError)
      throw new AppError(error.status, error.code, error.message, 'newClientName')
    throw error
  })
  try {
    return await save({ clientId: client.id, textTo: 'agent' })
  } catch (error) {
    await db.deleteFrom('clients').where('id', '=', client.id).execute()
    throw error
  }
}

/**
 * What an alert form offers of the account's clients, with the fields as it shows them: as `sent`
 * (a form sent back), else the alert's (`current`), else none, texting the agent. Null for a
 * visitor, and for an account with no clients whose plan keeps none: the form shows nothing.
 */
export async function alertClientChoice(
  db: Executor,
  userId: string | null | undefined,
  current: { clientId: string | null; textTo: TextTo } | null = null,
  sent?: { get(name: string): unknown },
): Promise<ClientChoice | null> {
  if (!userId) return null
  const [clients, plan] = await Promise.all([
    listClients(db, userId),
    db
      .selectFrom('users')
      .innerJoin('plans', 'plans.id', 'users.planId')
      .select('plans.clientLimit')
      .where('users.id', '=', userId)
      .executeTakeFirst(),
  ])
  const mayAdd = (plan?.clientLimit ?? 0) > 0
  if (clients.length === 0 && !mayAdd) return null
  const field = (name: ClientFieldName, otherwise: string) => {
    const value = sent?.get(name)
    return typeof value === 'string' ? value : otherwise
  }
  return {
    clients: clients.map((client) => ({
      id: client.id,
      name: client.name,
      consent: client.consent,
    })),
    mayAdd,
    clientId: field('clientId', current?.clientId ?? ''),
    textTo: field('textTo', current?.textTo ?? 'agent'),
    newClientName: field('newClientName', ''),
  }
}
