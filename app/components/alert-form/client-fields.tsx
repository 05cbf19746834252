import { Link } from '@remix-run/react'
import { useState } from 'react'
import {
  awaitingConsent,
  CLIENT_FIELDS,
  type ClientChoice,
  type ClientFieldName,
} from '~/domain/alert-client'
import { FormSection, inputClass } from './field'

type Fields = Pick<ClientChoice, ClientFieldName>

const TEXT_TO = [
  ['agent', 'Me'],
  ['client', 'My client'],
  ['both', 'Both'],
] as const

/**
 * Whose an alert is and who its texts go to (issue 31): one of the account's clients or none,
 * or a new client's name, and Me, My client or Both. Plain fields that post without JavaScript;
 * the note under them follows the choice as it changes. Small on purpose: the hotel page's
 * JavaScript has a budget (issue 12).
 */
export function ClientFields({
  choice,
  onChange,
}: {
  choice: ClientChoice
  /** A wizard keeps the fields as they change: its steps come and go. */
  onChange?: (fields: Fields) => void
}) {
  const [fields, setFields] = useState<Fields>(choice)
  const waiting = awaitingConsent(choice, fields)
  return (
    <div
      className="space-y-4 text-sm font-medium text-slate-700"
      onChange={(event) => {
        const { name, value } = event.target as HTMLInputElement
        const next = { ...fields, [name]: value }
        setFields(next)
        onChange?.(next)
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="alert-client-id">Client</label>
          <select
            id="alert-client-id"
            name="clientId"
            defaultValue={choice.clientId}
            className={inputClass}
          >
            <option value="">None — just me</option>
            {choice.clients.map((client) => (
              <option key={client.id} value={client.id}>
                {client.name}
              </option>
            ))}
          </select>
        </div>
        {choice.mayAdd && (
          <label>
            or add a new client
            <input
              name="newClientName"
              defaultValue={choice.newClientName}
              className={inputClass}
            />
          </label>
        )}
      </div>
      <fieldset className="flex gap-6">
        <legend className="mb-2">Texts go to</legend>
        {TEXT_TO.map(([value, text]) => (
          <label key={value}>
            <input
              type="radio"
              name="textTo"
              value={value}
              defaultChecked={choice.textTo === value}
              className="mr-2"
            />
            {text}
          </label>
        ))}
      </fieldset>
      {waiting && (
        <p className="font-normal">
          Texts go to you until{' '}
          <Link to={`/settings/clients/${waiting.id}`} className="text-brand-700 underline">
            {waiting.name}
          </Link>{' '}
          replies YES.
        </p>
      )}
    </div>
  )
}

/**
 * The client fields as a section of a page form, with a refusal of any of them below; nothing
 * for an account that has no clients and whose plan keeps none.
 */
export function ClientSection({
  choice,
  errorOf,
}: {
  choice: ClientChoice | null
  errorOf: (name: ClientFieldName) => string | undefined
}) {
  return (
    choice && (
      <FormSection
        title="Client"
        id="client-heading"
        error={CLIENT_FIELDS.map((name) => errorOf(name)).find(Boolean)}
      >
        <ClientFields choice={choice} />
      </FormSection>
    )
  )
}
