import { Link } from '@remix-run/react'
import { Menu } from '~/components/menu'
import type { AlertKind } from '~/domain/alerts'
import { buttonClass } from '~/components/ui/button'

/** Opens a wizard with JavaScript; without it, links to the alert pages. */
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
