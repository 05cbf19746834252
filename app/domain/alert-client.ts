/**
 * The client fields of an alert's forms and wizards (issue 31, decision 0035): which client the
 * alert is for (`clientId`, empty for none), or a new client's name (`newClientName`), and who its
 * texts go to (`textTo`). Kept free of zod: the page forms' first download carries it.
 */

/** What a form offers of the account's clients, and the alert's choice as the form shows it. */
export interface ClientChoice {
  clients: readonly { id: string; name: string; consent: string }[]
  /** The plan keeps clients: a new one may be added from the form. */
  mayAdd: boolean
  /** The fields as shown: the alert's, or as they were sent back with a refusal. */
  clientId: string
  textTo: string
  newClientName: string
}

export type ClientFieldName = 'clientId' | 'textTo' | 'newClientName'
export const CLIENT_FIELDS: readonly ClientFieldName[] = ['clientId', 'textTo', 'newClientName']

/**
 * The client fields of a page form's post as the alert's payload says them: only those sent, so
 * an edit from a form without them keeps the alert's client; an empty `clientId` (None — just me)
 * is none.
 */
export function clientPayload(
  fields: Readonly<Partial<Record<ClientFieldName, unknown>>>,
): Record<string, unknown> {
  const payload: Record<string, unknown> = {}
  for (const name of CLIENT_FIELDS) {
    const value = fields[name]
    if (value !== undefined) payload[name] = name === 'clientId' && value === '' ? null : value
  }
  return payload
}

/**
 * The alert's client while texts meant for it still go to the agent: the texts go to the client
 * (alone or with the agent) and it has not replied YES. Null when the texts reach whom they say.
 */
export function awaitingConsent(
  choice: Pick<ClientChoice, 'clients'>,
  fields: { clientId: string; textTo: string },
) {
  if (fields.textTo !== 'client' && fields.textTo !== 'both') return null
  const client = choice.clients.find((item) => item.id === fields.clientId)
  return client && client.consent !== 'agreed' ? client : null
}
