import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import {
  Form,
  Link,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigate,
  useSearchParams,
} from '@remix-run/react'
import { useEffect, useState } from 'react'
import dayPickerStyles from 'react-day-picker/style.css'
import { PageLoadError } from '~/components/alert-form/page-chrome'
import { ConfirmDialog } from '~/components/modal'
import {
  AlertCards,
  alertName,
  AlertTable,
  type AlertRowActions,
} from '~/components/dashboard/alert-list'
import { DiningWizard } from '~/components/dashboard/dining-wizard'
import { HotelWizard } from '~/components/dashboard/hotel-wizard'
import { Menu } from '~/components/menu'
import { PaymentIssue } from '~/components/payment-issue'
import { ALERT_INTENT_KEYS } from '~/domain/checkout'
import {
  ALERT_ERRORS,
  toggledDiningStatus,
  toggledHotelStatus,
  usageLevel,
  type AlertKind,
} from '~/domain/alerts'
import {
  dashboardHref,
  pageCount,
  PAGE_SIZES,
  readDashboardView,
  trialCountdown,
} from '~/domain/dashboard'
import { destinationDisplay } from '~/domain/destinations'
import { DINING_MESSAGES } from '~/domain/dining-alert'
import { trialEndsAt } from '~/domain/plans'
import { useHydrated } from '~/hooks/use-hydrated'
import { AlertRuleError, deleteAlert, setAlertStatus } from '~/models/alert-rules.server'
import { listDiningLocations, listResorts } from '~/models/catalogue.server'
import { alertCounts, dashboardPage, type DashboardAlert } from '~/models/dashboard.server'
import { textsOfAlerts } from '~/models/monitoring.server'
import { findPlan } from '~/models/plan.server'
import { currentSubscription } from '~/models/subscription.server'
import { getDb } from '~/utils/db.server'
import { getLogger } from '~/utils/logger.server'
import { createAlertsFromDrafts, forgetDrafts, readPendingIds } from '~/utils/pending-alerts.server'
import { requireUser } from '~/utils/session.server'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: dayPickerStyles }]
export const meta: MetaFunction = () => [{ title: 'Alerts | Disney Hotel Alerts' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const url = new URL(request.url)
  if (!user.planId) throw redirect(`/pricing${url.search}`)

  // Alerts filled in before sign-in become real alerts on arrival, once, then the draft is gone.
  if ((await readPendingIds(request)).length) {
    const { created, failed } = await createAlertsFromDrafts(request, user.id)
    const params = new URLSearchParams(url.search)
    if (created[0]) {
      params.set('newAlert', created[0])
      params.set('success', '1')
    }
    if (failed[0]) params.set('pendingFailed', failed[0])
    throw redirect(`/dashboard?${params}`, { headers: { 'Set-Cookie': await forgetDrafts() } })
  }

  const db = getDb()
  const view = readDashboardView(url.searchParams)
  const [plan, subscription, page, counts, resorts, worldDining, landDining] = await Promise.all([
    findPlan(db, user.planId),
    currentSubscription(db, user),
    dashboardPage(db, user.id, view),
    alertCounts(db, user.id),
    listResorts(db),
    listDiningLocations(db, 'disney-world'),
    listDiningLocations(db, 'disneyland'),
  ])
  const offered = resorts.filter((resort) => resort.sold)
  const texts = await textsOfAlerts(db, page.alerts)
  const params = url.searchParams
  const prefill =
    offered.find((resort) => resort.id === params.get('hotelId')) ??
    offered.find(
      (resort) => params.get('disneyId') && resort.disneyIdentifier === params.get('disneyId'),
    ) ??
    offered.find((resort) => resort.name.toLowerCase() === params.get('hotel')?.toLowerCase())
  const trialEnd =
    plan?.free && user.trialStartUtc ? trialEndsAt(new Date(user.trialStartUtc)) : null

  return json({
    view,
    alerts: page.alerts.map((alert) => ({
      ...alert,
      texts: texts
        .filter((text) => text.alertKind === alert.kind && text.alertId === alert.id)
        .map((text) => ({
          body: text.body,
          status: text.status,
          created: new Date(text.createdAt).toISOString(),
        })),
    })),
    filteredTotal: page.total,
    running: counts.running,
    total: counts.total,
    plan: plan && { name: plan.name, limit: plan.alertLimit, free: plan.free },
    trial: trialEnd ? trialCountdown(trialEnd, new Date()) : null,
    // Stripe retries a failed payment for a while; the alerts keep running meanwhile.
    paymentFixUrl: subscription?.paymentFailedAt
      ? (subscription.paymentFixUrl ?? '/settings')
      : null,
    openAddAlert:
      params.get('openAddAlert') === 'true' ||
      params.get('openAddAlert') === '1' ||
      Boolean(prefill),
    prefillResortId: prefill?.id ?? null,
    newAlert:
      params.get('newAlert') === 'hotel' || params.get('newAlert') === 'dining'
        ? params.get('newAlert')
        : null,
    success: params.get('success') === '1',
    pendingFailed: params.get('pendingFailed'),
    resorts: offered.map((resort) => ({
      id: resort.id,
      name: resort.name,
      detail: `${destinationDisplay(resort.locationIdentifier)} · ${resort.area}`,
      locationIdentifier: resort.locationIdentifier,
    })),
    restaurants: [...worldDining, ...landDining]
      .map((restaurant) => ({
        id: restaurant.id,
        name: restaurant.name,
        detail: `${destinationDisplay(restaurant.resortLocationIdentifier)} · ${restaurant.area}`,
        locationIdentifier: restaurant.resortLocationIdentifier,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  })
}

/** Start, pause, restart and delete, as plain form posts (fetchers with JavaScript). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const form = await request.formData()
  const intent = form.get('intent')
  const kind = form.get('kind')
  const id = form.get('id')
  const back = new URL(request.url)
  const redirectTo = `/dashboard${back.search}`
  if ((kind !== 'hotel' && kind !== 'dining') || typeof id !== 'string') {
    return json({ error: ALERT_ERRORS.NOT_FOUND, id: null }, { status: 400 })
  }
  try {
    if (intent === 'delete') {
      await deleteAlert(getDb(), user.id, kind, id)
    } else if (intent === 'toggle') {
      const current = Number(form.get('status'))
      const status = kind === 'hotel' ? toggledHotelStatus(current) : toggledDiningStatus(current)
      await setAlertStatus(getDb(), user.id, kind, id, status)
    } else {
      return json({ error: 'Unknown action.', id }, { status: 400 })
    }
  } catch (error) {
    if (error instanceof AlertRuleError) {
      const message = error.code === 'SUBSCRIPTION_REQUIRED' ? trialEndedMessage : error.message
      return json({ error: message, id }, { status: error.status })
    }
    getLogger().error({ err: error, intent, kind }, 'dashboard action failed')
    return json(
      { error: FAILURES[intent === 'delete' ? 'delete' : 'update'][kind], id },
      { status: 503 },
    )
  }
  return redirect(redirectTo)
}

/** The messages of accounts §8 when a call fails for a reason that is not the user's. */
const FAILURES = {
  delete: {
    hotel: 'Failed to delete alert. Please try again.',
    dining: 'Failed to delete dining alert. Please try again.',
  },
  update: {
    hotel: 'Failed to update alert. Please try again.',
    dining: 'Failed to update dining alert. Please try again.',
  },
} as const

export function ErrorBoundary() {
  return <PageLoadError message="Failed to load alerts. Please try again." />
}

const trialEndedMessage =
  'Your free trial has ended and scans are paused. Upgrade for frequent scans and keep searching'

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>

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
      sessionStorage.removeItem('pendingHotelAlert')
      sessionStorage.removeItem('pendingDiningAlert')
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

  const limit = data.plan?.limit ?? 0
  const level = usageLevel(data.running, limit)
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

      <Filters view={data.view} />

      {deleteError && (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700"
        >
          {deleteError}
        </p>
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
        />
      )}
      {wizard?.kind === 'dining' && (
        <DiningWizard
          onClose={closeWizard}
          restaurants={data.restaurants}
          editing={wizard.editing}
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

function Banners({
  data,
  level,
  limit,
}: {
  data: LoaderData
  level: 'ok' | 'approaching' | 'full'
  limit: number
}) {
  const notice = 'rounded-lg border p-3 text-sm'
  return (
    <div className="space-y-3">
      {data.success && data.newAlert && (
        <p role="status" className={`${notice} border-green-200 bg-green-50 text-green-800`}>
          {data.newAlert === 'dining'
            ? DINING_MESSAGES.created
            : 'Alert created. We will text you when a room opens!'}
        </p>
      )}
      {data.pendingFailed === 'hotel' && (
        <p role="alert" className={`${notice} border-red-200 bg-red-50 text-red-700`}>
          Failed to create your hotel alert.{' '}
          <Link to="/alerts/hotels" className="font-semibold underline">
            Try again
          </Link>
        </p>
      )}
      {data.pendingFailed === 'dining' && (
        <p role="alert" className={`${notice} border-red-200 bg-red-50 text-red-700`}>
          Failed to create your dining alert. Please try creating it again from the alerts page.
        </p>
      )}
      {data.paymentFixUrl && <PaymentIssue fixUrl={data.paymentFixUrl} className="text-sm" />}
      {!data.plan && (
        <p className={`${notice} border-amber-200 bg-amber-50 text-amber-900`}>
          No active subscription.{' '}
          <Link to="/settings" className="font-semibold underline">
            Choose a plan in Settings
          </Link>
        </p>
      )}
      {data.trial &&
        (data.trial.over ? (
          <p className={`${notice} border-amber-200 bg-amber-50 text-amber-900`}>
            Your free trial has ended and scans are paused. Upgrade for frequent scans and keep
            searching{' '}
            <Link to="/settings" className="font-semibold underline">
              in Settings
            </Link>
            .
          </p>
        ) : (
          <p className={`${notice} border-brand-200 bg-brand-50 text-brand-900`}>
            Free trial: {data.trial.days} day{data.trial.days === 1 ? '' : 's'} and{' '}
            {data.trial.hours} hour
            {data.trial.hours === 1 ? '' : 's'} left.{' '}
            <Link to="/settings" className="font-semibold underline">
              Upgrade
            </Link>
          </p>
        ))}
      {level === 'approaching' && (
        <p className={`${notice} border-amber-200 bg-amber-50 text-amber-900`}>
          You are using {data.running} of your {limit} alert slots. Upgrade to watch more at once.
        </p>
      )}
      {level === 'full' && (
        <p className={`${notice} border-amber-200 bg-amber-50 text-amber-900`}>
          All {limit} of your alert slots are active. Pause an alert or{' '}
          <Link to="/settings" className="font-semibold underline">
            upgrade your plan
          </Link>{' '}
          to start another.
        </p>
      )}
    </div>
  )
}

function AddAlertMenu({
  disabled,
  hydrated,
  onOpen,
}: {
  disabled: boolean
  hydrated: boolean
  onOpen: (kind: AlertKind) => void
}) {
  const button =
    'rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white shadow hover:bg-brand-700'
  if (disabled) {
    return (
      <button type="button" disabled className={`${button} cursor-not-allowed opacity-50`}>
        Add New Alert
      </button>
    )
  }
  const items = [
    {
      kind: 'hotel' as const,
      title: 'Hotel Alert',
      hint: 'Monitor resort availability',
      href: '/alerts/hotels',
    },
    {
      kind: 'dining' as const,
      title: 'Dining Alert',
      hint: 'Monitor restaurant reservations',
      href: '/alerts/dining',
    },
  ]
  return (
    <Menu
      label={<span className={`inline-block ${button}`}>Add New Alert ▾</span>}
      panelClassName="absolute right-0 z-20 mt-2 w-72 rounded-xl border border-slate-200 bg-white p-2 shadow-xl"
    >
      {items.map((item) =>
        hydrated ? (
          <button
            key={item.kind}
            type="button"
            onClick={() => onOpen(item.kind)}
            className="hover:bg-brand-50 block w-full rounded-lg px-4 py-3 text-left"
          >
            <span className="block font-semibold text-slate-900">{item.title}</span>
            <span className="block text-sm text-slate-500">{item.hint}</span>
          </button>
        ) : (
          <Link
            key={item.kind}
            to={item.href}
            className="hover:bg-brand-50 block rounded-lg px-4 py-3"
          >
            <span className="block font-semibold text-slate-900">{item.title}</span>
            <span className="block text-sm text-slate-500">{item.hint}</span>
          </Link>
        ),
      )}
    </Menu>
  )
}

function Filters({ view }: { view: LoaderData['view'] }) {
  const types = [
    { value: null, label: 'All alerts' },
    { value: 'hotel' as const, label: 'Hotel' },
    { value: 'dining' as const, label: 'Dining' },
  ]
  return (
    <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <Form method="get" className="flex gap-2" role="search">
        {view.type && <input type="hidden" name="type" value={view.type} />}
        {view.perPage !== 10 && <input type="hidden" name="perPage" value={view.perPage} />}
        <label htmlFor="alert-search" className="sr-only">
          Search alerts by name
        </label>
        <input
          id="alert-search"
          type="search"
          name="q"
          defaultValue={view.search}
          placeholder="Search by resort or restaurant"
          className="w-full rounded-lg border border-slate-300 px-3 py-2 sm:w-72"
        />
        <button
          type="submit"
          className="hover:border-brand-500 rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-700"
        >
          Search
        </button>
      </Form>
      <nav aria-label="Alert type" className="flex gap-1 rounded-lg bg-slate-100 p-1">
        {types.map((type) => (
          <Link
            key={type.label}
            to={dashboardHref(view, { type: type.value })}
            aria-current={view.type === type.value ? 'page' : undefined}
            className={`rounded-md px-3 py-1.5 text-sm font-medium ${view.type === type.value ? 'text-brand-800 bg-white shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
          >
            {type.label}
          </Link>
        ))}
      </nav>
    </div>
  )
}

function Pagination({ view, total }: { view: LoaderData['view']; total: number }) {
  const pages = pageCount(total, view.perPage)
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <Form method="get" className="flex items-center gap-2">
        {view.search && <input type="hidden" name="q" value={view.search} />}
        {view.type && <input type="hidden" name="type" value={view.type} />}
        <label htmlFor="per-page">Rows per page</label>
        <select
          id="per-page"
          name="perPage"
          defaultValue={view.perPage}
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
          className="rounded-md border border-slate-300 px-2 py-1"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" className="rounded-md border border-slate-300 px-2 py-1">
            Apply
          </button>
        </noscript>
      </Form>
      {pages > 1 && (
        <nav aria-label="Pages" className="flex flex-wrap gap-1">
          {Array.from({ length: pages }, (_, index) => index + 1).map((page) => (
            <Link
              key={page}
              to={dashboardHref(view, { page })}
              aria-current={page === view.page ? 'page' : undefined}
              className={`min-w-9 rounded-md px-3 py-1.5 text-center ${page === view.page ? 'bg-brand-600 font-semibold text-white' : 'hover:border-brand-500 border border-slate-300'}`}
            >
              {page}
            </Link>
          ))}
        </nav>
      )}
    </div>
  )
}

function EmptyState({ hydrated, onCreate }: { hydrated: boolean; onCreate: () => void }) {
  const button =
    'mt-6 inline-block rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700'
  return (
    <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
      <h2 className="text-xl font-semibold text-slate-900">No alerts yet</h2>
      <p className="mt-2 text-slate-600">
        Tell us the resort or restaurant you want and we will watch it for you.
      </p>
      {hydrated ? (
        <button type="button" onClick={onCreate} className={button}>
          Create Your First Alert
        </button>
      ) : (
        <Link to="/alerts/hotels" className={button}>
          Create Your First Alert
        </Link>
      )}
    </div>
  )
}
