import { Link } from '@remix-run/react'
import { Menu, MenuItem } from '~/components/menu'
import type { AlertKind } from '~/domain/alerts'
import { buttonClass } from '~/components/ui/button'
import { Notice } from '~/components/ui/notice'
import { alertIntentQuery } from '~/domain/checkout'

/**
 * Opens a wizard with JavaScript; without it, links to the alert pages. A price watch on a stay
 * already booked has its page only.
 */
export function AddAlertMenu({
  disabled,
  hydrated,
  onOpen,
}: {
  disabled: boolean
  hydrated: boolean
  onOpen: (kind: AlertKind) => void
}) {
  const button = buttonClass({ size: 'sm', className: 'shadow' })
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
          <MenuItem
            key={item.kind}
            title={item.title}
            hint={item.hint}
            onClick={() => onOpen(item.kind)}
          />
        ) : (
          <MenuItem key={item.kind} title={item.title} hint={item.hint} to={item.href} />
        ),
      )}
      <MenuItem
        title="Price Watch"
        hint="Watch the price of a stay you booked"
        to="/alerts/price-watch"
      />
    </Menu>
  )
}

/** The empty list: one button to the first alert. */
export function EmptyState({ hydrated, onCreate }: { hydrated: boolean; onCreate: () => void }) {
  const button = buttonClass({ className: 'mt-6 inline-block' })
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

/**
 * Without JavaScript there is no hotel dialog: the alert a visitor came to add (openAddAlert
 * with a resort) continues on the hotel form, with the same resort picked.
 */
export function ContinueHotelAlert({
  params,
  resort,
}: {
  params: URLSearchParams
  resort: string
}) {
  const query = alertIntentQuery(params)
  query.delete('openAddAlert')
  return (
    <Notice tone="info" className="mt-4">
      <Link to={`/alerts/hotels?${query}`} className="font-semibold underline">
        Continue your alert for {resort}
      </Link>
    </Notice>
  )
}
