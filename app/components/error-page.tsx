import { isRouteErrorResponse } from '@remix-run/react'
import { ButtonLink } from '~/components/ui/button'

/** What a page that failed says: not found, busy in words, or something went wrong. */
export function ErrorPage({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404
  // The database or a dependency could not answer in time (app/utils/db.server.ts).
  const busy =
    isRouteErrorResponse(error) && error.status === 503
      ? String((error.data as { message?: unknown } | null)?.message ?? '')
      : ''
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <p className="text-brand-700 text-sm font-semibold">{notFound ? '404' : 'Error'}</p>
      <h1 className="mt-2 text-3xl font-bold">
        {notFound ? 'We could not find that page' : 'Something went wrong'}
      </h1>
      <p className="mt-4 text-slate-600">
        {notFound
          ? 'The page may have moved, or the link may be mistyped.'
          : busy || 'Please try again in a moment. If it keeps happening, contact support.'}
      </p>
      <ButtonLink to="/" className="mt-8">
        Go to the home page
      </ButtonLink>
    </div>
  )
}
