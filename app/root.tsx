import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react'
import { useContext, type ReactNode } from 'react'
import { SupportChat } from '~/components/chat/support-chat'
import { Footer } from '~/components/footer'
import { Header } from '~/components/header'
import { usePageViews } from '~/hooks/use-analytics'
import { NonceContext } from '~/utils/nonce'
import { getUser } from '~/utils/session.server'
import stylesheet from '~/styles/tailwind.css'
import { ButtonLink } from '~/components/ui/button'
import { getEnv } from '~/env.server'
import { pageMeta } from '~/utils/seo'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Disney Hotel Alerts: texts when Disney rooms and tables open up',
    description:
      'Get a text the moment a sold-out Disney resort room or a booked-up dining reservation opens up. Not affiliated with Disney.',
  })

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  return json({
    // Canonical and social addresses are absolute, on the site's own origin (APP_URL).
    appUrl: getEnv().appUrl,
    user: user && {
      planId: user.planId,
      stripeSubscriptionPlanId: user.stripeSubscriptionPlanId,
      // Accounts §2: the support admin sees Chat Admin only while the account has no plan.
      showChatAdmin: user.role === 'admin' && !user.planId,
    },
  })
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const nonce = useContext(NonceContext)
  usePageViews()
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-full flex-col bg-slate-50 font-sans text-slate-900 antialiased">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-3">
          Skip to content
        </a>
        <Header user={data?.user ?? null} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <Footer />
        <SupportChat signedIn={Boolean(data?.user)} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary() {
  const error = useRouteError()
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
