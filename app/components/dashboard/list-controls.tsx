import { Form, Link } from '@remix-run/react'
import { dashboardHref, pageCount, PAGE_SIZES, type DashboardView } from '~/domain/dashboard'
import { Button } from '~/components/ui/button'
import { PageLinks } from '~/components/ui/page-links'

/**
 * Search by name, the client (for an account that has clients) and the type tabs, plain GET
 * forms and links so they work without JavaScript, and the way back to the whole list when one
 * alert is shown alone.
 */
export function Filters({
  view,
  clients,
}: {
  view: DashboardView
  clients: readonly { id: string; name: string }[]
}) {
  const types = [
    { value: null, label: 'All alerts' },
    { value: 'hotel' as const, label: 'Hotel' },
    { value: 'dining' as const, label: 'Dining' },
  ]
  return (
    <>
      {view.alertId && (
        <p className="mt-6 text-sm text-slate-600">
          Showing one alert.{' '}
          <Link
            to={dashboardHref(view, {})}
            className="text-brand-700 font-semibold hover:underline"
          >
            Show all alerts
          </Link>
        </p>
      )}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Form method="get" className="flex flex-wrap gap-2" role="search">
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
            placeholder={
              clients.length
                ? 'Search by resort, restaurant or client'
                : 'Search by resort or restaurant'
            }
            className="w-full rounded-lg border border-slate-300 px-3 py-2 text-base sm:w-72"
          />
          {clients.length > 0 && (
            <>
              <label htmlFor="alert-client" className="sr-only">
                Client
              </label>
              <select
                id="alert-client"
                name="client"
                key={view.client}
                defaultValue={view.client ?? ''}
                onChange={(event) => event.currentTarget.form?.requestSubmit()}
                className="rounded-lg border border-slate-300 px-2 py-2 text-base sm:text-sm"
              >
                <option value="">Every client</option>
                <option value="none">No client (mine)</option>
                {clients.map((client) => (
                  <option key={client.id} value={client.id}>
                    {client.name}
                  </option>
                ))}
              </select>
            </>
          )}
          <Button type="submit" tone="quiet" size="sm">
            Search
          </Button>
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
    </>
  )
}

/** Rows per page (sent on change, or with a button without JavaScript) and the page links. */
export function Pagination({ view, total }: { view: DashboardView; total: number }) {
  const pages = pageCount(total, view.perPage)
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <Form method="get" className="flex items-center gap-2">
        {view.search && <input type="hidden" name="q" value={view.search} />}
        {view.type && <input type="hidden" name="type" value={view.type} />}
        {view.client && <input type="hidden" name="client" value={view.client} />}
        <label htmlFor="per-page">Rows per page</label>
        <select
          id="per-page"
          name="perPage"
          defaultValue={view.perPage}
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
          className="rounded-md border border-slate-300 px-2 py-1 text-base sm:text-sm"
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
      <PageLinks pages={pages} current={view.page} href={(page) => dashboardHref(view, { page })} />
    </div>
  )
}
