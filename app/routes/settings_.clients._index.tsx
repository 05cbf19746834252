import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { ClientForm } from '~/components/clients/client-form'
import { clientHref, ClientList } from '~/components/clients/client-list'
import { ClientPlanLine, NoClientsPlan } from '~/components/clients/plan'
import { Card } from '~/components/ui/card'
import { OutcomeNotice } from '~/components/ui/outcome-notice'
import { AppError } from '~/domain/app-error'
import { CLIENT_SETTINGS_MESSAGES, CONSENT_WORDS, parseClientForm } from '~/domain/client-settings'
import { formatPhoneNumber, normalizePhoneNumber } from '~/domain/phone'
import { clientAlertCounts, createClient, listClients } from '~/models/client.server'
import { findPlan, plansOnOffer } from '~/models/plan.server'
import { getDb } from '~/utils/db.server'
import { replyWithError } from '~/utils/errors.server'
import { readNotice, redirectWithNotice } from '~/utils/flash.server'
import { readFormData } from '~/utils/http.server'
import { privateMeta } from '~/utils/seo'
import { requireUser } from '~/utils/session.server'

export const meta: MetaFunction = () => privateMeta('Clients')

/** /settings/clients: a travel agent's clients (issue 31), and a form to add one. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const db = getDb()
  const [clients, alerts, plan, offer, { notice, headers }] = await Promise.all([
    listClients(db, user.id),
    clientAlertCounts(db, user.id),
    user.planId ? findPlan(db, user.planId) : undefined,
    plansOnOffer(db),
    readNotice(request),
  ])
  return json(
    {
      clients: clients.map((client) => ({
        id: client.id,
        name: client.name,
        note: client.note,
        phone: client.phoneNumber && formatPhoneNumber(client.phoneNumber),
        email: client.email,
        consent: CONSENT_WORDS[client.consent],
        alerts: alerts.get(client.id) ?? 0,
      })),
      limit: plan?.clientLimit ?? 0,
      agentPlans: offer.plans
        .filter((offered) => offered.clientLimit > 0)
        .map((offered) => ({ name: offered.name, clients: offered.clientLimit })),
      notice,
    },
    { headers },
  )
}

/** "Add a client": back here with a notice, or the refusal beside its field with the values kept. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const formData = await readFormData(request)
  if (formData.get('intent') !== 'add')
    return json({ error: CLIENT_SETTINGS_MESSAGES.unknownIntent }, { status: 400 })
  const submission = parseClientForm(formData, normalizePhoneNumber)
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  try {
    const client = await createClient(getDb(), user.id, submission.value)
    return redirectWithNotice('/settings/clients', {
      tone: 'success',
      message: CLIENT_SETTINGS_MESSAGES.added(client.name),
      ...(client.phoneNumber && {
        link: { to: clientHref(client.id), text: CLIENT_SETTINGS_MESSAGES.askLink(client.name) },
      }),
    })
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    return json({ result: replyWithError(submission, error) }, { status: error.status })
  }
}

export default function Clients() {
  const { clients, limit, agentPlans, notice } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  // A new page (after an add) starts an empty form; a refusal keeps what was typed.
  const { key } = useLocation()
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <Link to="/settings#clients" className="text-brand-700 text-sm font-semibold hover:underline">
        ← Back to Settings
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Clients</h1>
      {limit > 0 ? (
        <ClientPlanLine count={clients.length} limit={limit} />
      ) : (
        <NoClientsPlan agentPlans={agentPlans} hasClients={clients.length > 0} />
      )}
      <OutcomeNotice
        error={actionData && 'error' in actionData ? actionData.error : null}
        notice={notice}
        className="mt-4"
      >
        {notice?.link && (
          <>
            {' '}
            <Link to={notice.link.to} className="font-semibold underline">
              {notice.link.text}
            </Link>
          </>
        )}
      </OutcomeNotice>
      {(clients.length > 0 || limit > 0) && <ClientList clients={clients} />}
      {limit > 0 && (
        <Card id="add-client" title="Add a client" size="xl" className="mt-8">
          <ClientForm
            key={key}
            id="add-client-form"
            intent="add"
            submitText="Add client"
            busyText="Adding..."
            lastResult={actionData && 'result' in actionData ? actionData.result : undefined}
          />
        </Card>
      )}
    </div>
  )
}
