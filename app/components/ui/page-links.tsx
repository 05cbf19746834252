import { Link } from '@remix-run/react'

/** Numbered links to the pages of a list, plain links so they work without JavaScript. */
export function PageLinks({
  pages,
  current,
  href,
}: {
  pages: number
  current: number
  href: (page: number) => string
}) {
  if (pages < 2) return null
  return (
    <nav aria-label="Pages" className="flex flex-wrap gap-1">
      {Array.from({ length: pages }, (_, index) => index + 1).map((page) => (
        <Link
          key={page}
          to={href(page)}
          aria-current={page === current ? 'page' : undefined}
          className={`min-w-9 rounded-md px-3 py-1.5 text-center ${page === current ? 'bg-brand-600 font-semibold text-white' : 'hover:border-brand-500 border border-slate-300'}`}
        >
          {page}
        </Link>
      ))}
    </nav>
  )
}
