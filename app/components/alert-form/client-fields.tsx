import { Link } from '@remix-run/react'
import { useState } from 'react'
import { awaitingConsent, type ClientChoice, type ClientFieldName } from '~/domain/alert-client'
import { ErrorText } from '~/components/ui/notice'
import { FormSection, inputClass } from './field'

type Fields = Pick<ClientChoice, ClientFieldName>

const TEXT_TO = [
  ['agent', 'Me'],
  ['client', 'My client'],
  ['both', 'Both'],
] as const

/**
 * Whose an alert is and who its texts go to (issue 31): one of the account's clients or none,
 * or a new client's name, and Me, My client or Both. Plain fields that post without JavaScript,
 * each with its refusal below it; the note under them follows the choice as it changes. Small on
 * purpose: the hotel page's JavaScript has a budget (issue 12).
 */
export function ClientFields({
  choice,
  onChange,
  errorOf = () => undefined,
}: {
  choice: ClientChoice
  /** A wizard keeps the fields as they change: its steps come and go. */
  onChange?: (fields: Fields) => void
  /** A page form's refusal of a field, shown below it. */
  errorOf?: (name: ClientFieldName) => string | undefined
}) {
  const [fields, setFields] = useState<Fields>(choice)
  const waiting = awaitingConsent(choice, fields)
  // A refused field is marked invalid and described by its refusal.
  const errorId = (name: ClientFieldName) => `alert-client-${name}-error`
  const described = (name: ClientFieldName) =>
    errorOf(name) ? { 'aria-invalid': true, 'aria-describedby': errorId(name) } : {}
  const refusal = (name: ClientFieldName) => (
    <ErrorText id={errorId(name)} className="mt-1 font-normal">
      {errorOf(name)}
    </ErrorText>
  )
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
            {...described('clientId')}
          >
            <option value="">None — just me</option>
            {choice.clients.map((client) => (
              <option key={client.id} value={client.id}>
                {client.name}
              </option>
            ))}
          </select>
          {refusal('clientId')}
        </div>
        {choice.mayAdd && (
          <div>
            <label>
              or add a new client
              <input
                name="newClientName"
                defaultValue={choice.newClientName}
                className={inputClass}
                {...described('newClientName')}
              />
            </label>
            {refusal('newClientName')}
          </div>
        )}
      </div>
      <div>
        <fieldset className="flex gap-6" {...described('textTo')}>
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
        {refusal('textTo')}
      </div>
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
 * The client fields as a section of a page form; nothing for an account that has no clients and
 * whose plan keeps none.
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
      <FormSection title="Client" id="client-heading">
        <ClientFields choice={choice} errorOf={errorOf} />
      </FormSection>
    )
  )
}
