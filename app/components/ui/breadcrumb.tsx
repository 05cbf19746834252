import { Link } from '@remix-run/react'
import type { Crumb } from '~/domain/structured-data'

/** The visible breadcrumb; the same crumbs go into the page's BreadcrumbList. */
export function Breadcrumb({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
      <ol className="flex flex-wrap gap-2">
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <li key={crumb.path} aria-current="page" className="text-slate-700">
              {crumb.name}
            </li>
          ) : (
            <li key={crumb.path} className="flex gap-2">
              <Link to={crumb.path} className="hover:text-brand-700 underline-offset-2">
                {crumb.name}
              </Link>
              <span aria-hidden="true">/</span>
            </li>
          ),
        )}
      </ol>
    </nav>
  )
}
