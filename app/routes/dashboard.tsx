import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import {
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigate,
  useSearchParams,
} from '@remix-run/react'
import { useEffect, useState } from 'react'
import { preloadCalendarStyles } from '~/components/alert-form/calendar'
import { PageLoadError } from '~/components/alert-form/page-chrome'
import { ConfirmDialog } from '~/components/modal'
import { AddAlertMenu, EmptyState, ContinueHotelAlert } from '~/components/dashboard/add-alert'
import { AlertCards, AlertTable, type AlertRowActions } from '~/components/dashboard/alert-list'
import { Banners } from '~/components/dashboard/banners'
import { DiningWizard } from '~/components/dashboard/dining-wizard'
import { HotelWizard } from '~/components/dashboard/hotel-wizard'
import { Filters, Pagination } from '~/components/dashboard/list-controls'
import { findLinkedResort } from '~/domain/hotel-drafts'
import { alertName } from '~/domain/alert-words'
import { toCatalogueChoice } from '~/domain/catalogue-choices'
import { AppError } from '~/domain/app-error'
import { ALERT_INTENT_KEYS } from '~/domain/checkout'
import { ALERT_ERRORS, toggledDiningStatus, toggledHotelStatus, usageLevel } from '~/domain/alerts'
import {
  dashboardIntentSchema,
  dashboardTargetSchema,
  pausedLabel,
  readArrival,
  readDashboardView,
  trialOf,
} from '~/domain/dashboard'
import { DINING_MESSAGES } from '~/domain/dining-alert'
import { HOTEL_MESSAGES } from '~/domain/hotel-alert'
import { SESSION_KEYS } from '~/domain/storage-keys'
import { useHydrated } from '~/hooks/use-hydrated'
import { deleteAlert, setAlertStatus } from '~/models/alert-rules.server'
import { listSoldResorts } from '~/models/catalogue.server'
import { alertClientChoice } from '~/models/client.server'
import {
  alertCounts,
  dashboardPage,
  withTexts,
  type DashboardAlert,
} from '~/models/dashboard.server'
import { findPlan } from '~/models/plan.server'
import { currentSubscription } from '~/models/subscription.server'
import { getDb } from '~/utils/db.server'
import { getLogger } from '~/utils/logger.server'
import { arriveWithDrafts } from '~/services/pending-alerts.server'
import { requireUser } from '~/utils/session.server'
import { readNotice } from '~/utils/flash.server'
import { Notice } from '~/components/ui/notice'
import { billingDate, paymentFixUrl } from '~/domain/billing'
import { formatPhoneNumber } from '~/domain/phone'
import { getEnv } from '~/env.server'
import { optedOutAt } from '~/models/outbox.server'
import { readFormData } from '~/utils/http.server'
import { privateMeta } from '~/utils/seo'

export const links = preloadCalendarStyles
export const meta: MetaFunction = () => privateMeta('Alerts')

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const url = new URL(request.url)
  const db = getDb()
  // The wizards load the catalogue when they open; only an opening by link (which works without
  // JavaScript) brings the resorts with the page.
  const linked = ALERT_INTENT_KEYS.some((key) => url.searchParams.has(key))
  if (!user.planId) {
    // Someone new, or bringing an alert to create, chooses a plan first; a lapsed subscriber has
    // alerts to read, pause and delete, under the specification's "No active subscription".
    if (linked || (await alertCounts(db, user.id)).total === 0)
      throw redirect(`/pricing${url.search}`)
  } else {
    const arrival = await arriveWithDrafts(request, user.id)
    if (arrival) throw arrival
  }

  // The account's clients: the list's filter, and the wizards' client fields.
  const clientChoice = await alertClientChoice(db, user.id)
  const view = readDashboardView(
    url.searchParams,
    clientChoice?.clients.map((client) => client.id),
  )
  const [plan, subscription, page, counts, resorts, { notice, headers }, textsOffAt] =
    await Promise.all([
      user.planId ? findPlan(db, user.planId) : undefined,
      currentSubscription(db, user),
      dashboardPage(db, user.id, view),
      alertCounts(db, user.id),
      linked ? listSoldResorts(db) : null,
      readNotice(request),
      optedOutAt(db, user.phoneNumber),
    ])
  const prefill = resorts && findLinkedResort(resorts, url.searchParams)
  const opening = readArrival(url.searchParams, Boolean(prefill))

  return json(
    {
      view,
      alerts: await withTexts(db, page.alerts),
      filteredTotal: page.total,
      running: counts.running,
      total: counts.total,
      plan: plan ? { name: plan.name, limit: plan.alertLimit, free: plan.free } : null,
      trial: trialOf(plan, user.trialStartUtc, new Date()),
      paymentFixUrl: paymentFixUrl(subscription, '/settings'),
      textsOff: textsOffAt && {
        since: billingDate(textsOffAt),
        ourNumber: formatPhoneNumber(getEnv().twilio.fromNumber),
      },
      ...opening,
      // A price watch's page says the alert it made is one (saveAlertFromPage's `watch`).
      newWatch: url.searchParams.get('watch') === 'price',
      prefillResortId: prefill?.id ?? null,
      resorts: opening.openAddAlert && resorts ? resorts.map(toCatalogueChoice) : null,
      clientChoice,
      notice,
    },
    { headers },
  )
}

/** Start, pause, restart and delete, as plain form posts (fetchers with JavaScript). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const fields = Object.fromEntries(await readFormData(request))
  const target = dashboardTargetSchema.safeParse(fields)
  if (!target.success) return json({ error: ALERT_ERRORS.NOT_FOUND, id: null }, { status: 400 })
  const { kind, id } = target.data
  const posted = dashboardIntentSchema.safeParse(fields)
  if (!posted.success) return json({ error: 'Unknown action.', id }, { status: 400 })
  const { intent } = posted.data
  try {
    if (posted.data.intent === 'delete') {
      await deleteAlert(getDb(), user.id, kind, id)
    } else {
      const current = posted.data.status
      const status = kind === 'hotel' ? toggledHotelStatus(current) : toggledDiningStatus(current)
      await setAlertStatus(getDb(), user.id, kind, id, status)
    }
  } catch (error) {
    if (error instanceof AppError) {
      const message = error.code === 'SUBSCRIPTION_REQUIRED' ? trialEndedMessage : error.message
      return json({ error: message, id }, { status: error.status })
    }
    getLogger().error({ err: error, intent, kind }, 'dashboard action failed')
    return json(
      { error: FAILURES[intent === 'delete' ? 'delete' : 'update'][kind], id },
      { status: 503 },
    )
  }
  return redirect(`/dashboard${new URL(request.url).search}`)
}

/** The messages of accounts §8 when a call fails for a reason that is not the user's. */
const FAILURES = {
  delete: {
    hotel: 'Failed to delete alert. Please try again.',
    dining: 'Failed to delete dining alert. Please try again.',
  },
  update: { hotel: HOTEL_MESSAGES.updateFailed, dining: DINING_MESSAGES.updateFailed },
} as const

export function ErrorBoundary() {
  return <PageLoadError message="Failed to load alerts. Please try again." />
}

const trialEndedMessage =
  'Your free trial has ended and scans are paused. Upgrade for frequent scans and keep searching'

export default function Dashboard() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const [wizard, setWizard] = useState<
    | { kind: 'hotel'; editing?: Extract<DashboardAlert, { kind: 'hotel' }> }
    | { kind: 'dining'; editing?: Extract<DashboardAlert, { kind: 'dining' }> }
    | null
  >(data.openAddAlert ? { kind: 'hotel' } : null)
  const [deleting, setDeleting] = useState<DashboardAlert | null>(null)
  const deleteFetcher = useFetcher<typeof action>()

  // Drafts made before sign-in have been created by now; the copies in the browser can go.
  useEffect(() => {
    if (data.success) {
      sessionStorage.removeItem(SESSION_KEYS.pendingHotelAlert)
      sessionStorage.removeItem(SESSION_KEYS.pendingDiningAlert)
    }
  }, [data.success])

  function closeWizard() {
    setWizard(null)
    // openAddAlert and the hotel prefill belong to that one opening.
    if (ALERT_INTENT_KEYS.some((key) => searchParams.has(key))) {
      const next = new URLSearchParams(searchParams)
      ALERT_INTENT_KEYS.forEach((key) => next.delete(key))
      navigate(`/dashboard${next.size ? `?${next}` : ''}`, {
        replace: true,
        preventScrollReset: true,
      })
    }
  }

  const prefilled = data.resorts?.find((resort) => resort.id === data.prefillResortId)?.name
  const limit = data.plan?.limit ?? 0
  // Slots mean nothing while a trial that ended keeps every alert from being checked.
  const level = data.trial?.over ? 'ok' : usageLevel(data.running, limit)
  const actions: AlertRowActions = {
    onEdit: (alert) =>
      setWizard(
        alert.kind === 'hotel'
          ? { kind: 'hotel', editing: alert }
          : { kind: 'dining', editing: alert },
      ),
    onDelete: setDeleting,
    failedId: actionData?.id ?? null,
    failure: actionData?.error ?? null,
    paused: pausedLabel({ textsOff: data.textsOff !== null, plan: data.plan, trial: data.trial }),
  }
  const deleteError =
    deleteFetcher.state === 'idle' && deleteFetcher.data && 'error' in deleteFetcher.data
      ? deleteFetcher.data.error
      : null

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Banners data={data} level={level} limit={limit} />

      <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-slate-900">Alerts</h1>
        <AddAlertMenu
          disabled={limit === 0}
          hydrated={hydrated}
          onOpen={(kind) => setWizard({ kind })}
        />
      </div>

      {!hydrated && prefilled && <ContinueHotelAlert params={searchParams} resort={prefilled} />}

      <Filters view={data.view} clients={data.clientChoice?.clients ?? []} />

      {deleteError && (
        <Notice tone="error" className="mt-4 text-sm">
          {deleteError}
        </Notice>
      )}

      {data.total === 0 ? (
        <EmptyState hydrated={hydrated} onCreate={() => setWizard({ kind: 'hotel' })} />
      ) : data.alerts.length === 0 ? (
        <p className="mt-8 rounded-xl border border-slate-200 bg-white p-8 text-center text-slate-600">
          No alerts match this search.
        </p>
      ) : (
        <>
          <AlertTable alerts={data.alerts} actions={actions} />
          <AlertCards alerts={data.alerts} actions={actions} />
          <Pagination view={data.view} total={data.filteredTotal} />
        </>
      )}

      <footer className="mt-8 flex flex-wrap gap-x-8 gap-y-2 rounded-xl bg-white px-5 py-4 text-sm text-slate-700 shadow-sm">
        <span>
          <strong>Monitoring:</strong> {data.running}/{limit}
        </span>
        <span>
          <strong>Total</strong> {data.total}
        </span>
        <span>
          <strong>Plan</strong> {data.plan?.name ?? 'None'}
        </span>
      </footer>

      {wizard?.kind === 'hotel' && (
        <HotelWizard
          onClose={closeWizard}
          resorts={data.resorts}
          editing={wizard.editing}
          prefillResortId={data.prefillResortId}
          clientChoice={data.clientChoice}
        />
      )}
      {wizard?.kind === 'dining' && (
        <DiningWizard
          onClose={closeWizard}
          editing={wizard.editing}
          clientChoice={data.clientChoice}
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete alert"
        message={`Are you sure you want to delete the alert for ${deleting ? alertName(deleting) : ''}? This action cannot be undone.`}
        confirmText="Delete"
        destructive
        busy={deleteFetcher.state !== 'idle'}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return
          deleteFetcher.submit(
            { intent: 'delete', kind: deleting.kind, id: deleting.id },
            { method: 'post' },
          )
          setDeleting(null)
        }}
      />
    </div>
  )
}
