import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react'
import { useContext, type ReactNode } from 'react'
import { BlogSkeleton } from '~/components/blog/blog-skeleton'
import { SupportChat } from '~/components/chat/support-chat'
import { Footer } from '~/components/footer'
import { Header } from '~/components/header'
import { isBlogListPath } from '~/domain/blog'
import { usePageViews } from '~/hooks/use-analytics'
import { NonceContext } from '~/utils/nonce'
import { getUser } from '~/utils/session.server'
import stylesheet from '~/styles/tailwind.css'
import { ErrorPage } from '~/components/error-page'
import { getEnv } from '~/env.server'
import { pageMeta } from '~/utils/seo'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  {
    rel: 'alternate',
    type: 'application/rss+xml',
    title: 'Disney Planning Articles',
    href: '/rss.xml',
  },
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
        {/* Left out of a printed page, as the header and footer are. */}
        <div className="print:hidden">
          <SupportChat signedIn={Boolean(data?.user)} />
        </div>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  // A blog list loading on a client navigation shows its skeleton instead of the old page.
  const next = useNavigation().location
  return next && isBlogListPath(next.pathname) ? <BlogSkeleton /> : <Outlet />
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />
}
