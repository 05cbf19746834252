import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useLocation } from '@remix-run/react'
import type { Client, User } from '../../db/schema.ts'
import { ClientForm } from '~/components/clients/client-form'
import { clientHref, reportHref } from '~/components/clients/client-list'
import { ConsentPanel } from '~/components/clients/consent'
import { DeleteClient, DeleteClientConfirm } from '~/components/clients/delete-client'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { OutcomeNotice } from '~/components/ui/outcome-notice'
import { AppError } from '~/domain/app-error'
import {
  alertsText,
  CLIENT_SETTINGS_MESSAGES,
  CONSENT_WORDS,
  parseClientForm,
} from '~/domain/client-settings'
import { formatMoment, timeZoneName } from '~/domain/dates'
import { formatPhoneNumber, normalizePhoneNumber } from '~/domain/phone'
import { clientAlertCounts, deleteClient, findClient, updateClient } from '~/models/client.server'
import { askClientConsent } from '~/services/client-consent.server'
import { getDb } from '~/utils/db.server'
import { replyWithError } from '~/utils/errors.server'
import { readNotice, redirectWithNotice } from '~/utils/flash.server'
import { PRIVATE, readFormData } from '~/utils/http.server'
import { privateMeta } from '~/utils/seo'
import { requireUser } from '~/utils/session.server'

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  privateMeta(data ? data.client.name : 'Client')

/** Where consent times are given when the account has not said its time zone. */
const DEFAULT_TIME_ZONE = 'America/New_York'

/**
 * Runs a read or write of one client: its "Client not found." (anyone else's client, an id made
 * up) is the site's 404, thrown.
 */
async function orNotFound<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 404) throw error
    throw json({ message: error.message }, { status: 404, headers: PRIVATE })
  }
}

const alertsOf = async (userId: string, clientId: string) =>
  (await clientAlertCounts(getDb(), userId)).get(clientId) ?? 0

/** /settings/clients/{id}: one client, to change, delete or ask for consent; its owner's only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const client = await orNotFound(() => findClient(getDb(), user.id, params.id))
  const [alerts, { notice, headers }] = await Promise.all([
    alertsOf(user.id, client.id),
    readNotice(request),
  ])
  const zone = user.timeZone ?? DEFAULT_TIME_ZONE
  const since = client.consentChangedAt && new Date(client.consentChangedAt).toISOString()
  return json(
    {
      client: {
        id: client.id,
        name: client.name,
        note: client.note,
        phone: client.phoneNumber && formatPhoneNumber(client.phoneNumber),
        email: client.email,
      },
      consent: {
        state: client.consent,
        words: CONSENT_WORDS[client.consent],
        since: since && `${formatMoment(since, zone)} ${timeZoneName(zone)}`,
      },
      alerts,
      confirmDelete: new URL(request.url).searchParams.get('confirm') === 'delete',
      notice,
    },
    { headers },
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const db = getDb()
  const client = await orNotFound(() => findClient(db, user.id, params.id))
  const formData = await readFormData(request)
  const intent = formData.get('intent')
  const here = clientHref(client.id)
  if (intent === 'save') return saveClient(user, client, formData)
  // Without JavaScript too, the question is a page of its own, confirmed by a second post.
  if (intent === 'delete') return redirect(`${here}?confirm=delete`)
  if (intent === 'delete-confirmed') {
    const alerts = await alertsOf(user.id, client.id)
    await orNotFound(() => deleteClient(db, user.id, client.id))
    return redirectWithNotice('/settings/clients', {
      tone: 'success',
      message: CLIENT_SETTINGS_MESSAGES.deleted(client.name, alerts),
    })
  }
  if (intent === 'ask-consent') {
    const asked = await askClientConsent(user, client.id)
    if (!asked.ok) return json({ error: asked.message }, { status: asked.status })
    return redirectWithNotice(here, { tone: 'success', message: asked.message })
  }
  return json({ error: CLIENT_SETTINGS_MESSAGES.unknownIntent }, { status: 400 })
}

/** The client's fields changed: back here saying so, and that a new number's consent starts over. */
async function saveClient(user: User, client: Client, formData: FormData) {
  const submission = parseClientForm(formData, normalizePhoneNumber)
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  try {
    const saved = await updateClient(getDb(), user.id, client.id, submission.value)
    const consentLost = saved.phoneNumber !== client.phoneNumber && client.consent !== 'none'
    return redirectWithNotice(clientHref(client.id), {
      tone: 'success',
      message: consentLost
        ? CLIENT_SETTINGS_MESSAGES.phoneChanged(saved.name)
        : CLIENT_SETTINGS_MESSAGES.saved(saved.name),
    })
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    return json({ result: replyWithError(submission, error) }, { status: error.status })
  }
}

export default function ClientPage() {
  const { client, consent, alerts, confirmDelete, notice } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  // A new page (after a save) starts from the saved values; a refusal keeps what was typed.
  const { key } = useLocation()
  if (confirmDelete)
    return <DeleteClientConfirm id={client.id} name={client.name} alerts={alerts} />
  const error = actionData && 'error' in actionData ? actionData.error : null
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <Link to="/settings/clients" className="text-brand-700 text-sm font-semibold hover:underline">
        ← All clients
      </Link>
      <h1 className="mt-4 text-3xl font-bold break-words text-slate-900">{client.name}</h1>
      <p className="mt-1 text-slate-600">
        {alertsText(alerts)} ·{' '}
        <Link to={reportHref(client.id)} className="text-brand-700 font-semibold hover:underline">
          Report
        </Link>
      </p>
      <OutcomeNotice error={error} notice={notice} className="mt-4" />
      <ConsentPanel consent={consent} hasPhone={client.phone !== null} />
      <Card id="edit-client" title="Details" className="mt-6">
        <ClientForm
          key={key}
          id="edit-client-form"
          intent="save"
          submitText="Save changes"
          busyText="Saving..."
          lastResult={actionData && 'result' in actionData ? actionData.result : undefined}
          defaultValue={{
            name: client.name,
            note: client.note ?? '',
            phoneNumber: client.phone ?? '',
            email: client.email ?? '',
          }}
        >
          <ButtonLink to="/settings/clients" tone="quiet" size="sm">
            Cancel
          </ButtonLink>
        </ClientForm>
        <p className="mt-3 text-xs text-slate-500">
          A new mobile number has agreed to nothing: its consent starts over.
        </p>
      </Card>
      <DeleteClient alerts={alerts} />
    </div>
  )
}
