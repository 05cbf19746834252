import { useRevalidator } from '@remix-run/react'
import { useState } from 'react'
import type { ClientChoice } from '~/domain/alert-client'
import { ALERT_ERRORS } from '~/domain/alerts'

export interface SaveError {
  message: string
  code?: string
  /** The running alert a refused duplicate repeats. */
  alertId?: string
}

/**
 * Sends an alert to the JSON API from a wizard. Answers null on success, or the message to
 * show: the trial message of catalogue §8 for SUBSCRIPTION_REQUIRED, else the server's message,
 * else the status (accounts §8), and the fallback when the call could not be made at all.
 */
export async function saveAlert(
  path: string,
  method: 'POST' | 'PUT',
  payload: Record<string, unknown>,
  { fallback }: { fallback: string },
): Promise<SaveError | null> {
  try {
    const response = await fetch(path, {
      method,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(payload),
    })
    if (response.ok) return null
    const body = (await response.json().catch(() => null)) as {
      message?: string
      code?: string
      alertId?: string
    } | null
    if (body?.code === 'SUBSCRIPTION_REQUIRED')
      return { message: ALERT_ERRORS.SUBSCRIPTION_REQUIRED, code: body.code }
    return {
      message: body?.message ?? `HTTP error! status: ${response.status}`,
      code: body?.code,
      alertId: body?.alertId,
    }
  } catch {
    return { message: fallback }
  }
}

/**
 * What both wizards do to save: send the alert (PUT to change the one a wizard edits, POST to add
 * one), show why it failed, or on success refresh the dashboard's data and close.
 */
export function useAlertSaver(onSaved: () => void, editing: boolean) {
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<SaveError | null>(null)
  const revalidator = useRevalidator()

  /** `fallback` is what to say, editing and adding, when the call could not be made at all. */
  async function save(
    path: string,
    payload: Record<string, unknown>,
    fallback: readonly [editing: string, adding: string],
  ) {
    setSaving(true)
    const failure = await saveAlert(path, editing ? 'PUT' : 'POST', payload, {
      fallback: editing ? fallback[0] : fallback[1],
    })
    setSaving(false)
    if (failure) return setError(failure)
    revalidator.revalidate()
    onSaved()
  }

  return { saving, error, fail: (message: string) => setError({ message }), save }
}

/**
 * A wizard's client fields (issue 31), kept across its steps: the account's clients with the
 * edited alert's choice, and what the payload says of them (a new client's name adds the client
 * as the alert is saved, decision 0035). Nothing for an account with no clients whose plan keeps
 * none, so an edit keeps the alert's client.
 */
export function useClientChoice(
  choice: ClientChoice | null,
  editing?: { clientId: string | null; textTo: string },
) {
  const [shown, setShown] = useState(
    () =>
      choice &&
      (editing ? { ...choice, clientId: editing.clientId ?? '', textTo: editing.textTo } : choice),
  )
  return {
    choice: shown,
    change: (fields: Partial<ClientChoice>) =>
      setShown((current) => current && { ...current, ...fields }),
    payload: shown
      ? {
          clientId: shown.clientId || null,
          textTo: shown.textTo,
          newClientName: shown.newClientName,
        }
      : {},
  }
}
