import type { MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, PrefetchPageLinks, useLoaderData } from '@remix-run/react'
import { useState } from 'react'
import { ArticleGrid } from '~/components/blog/article-card'
import { CtaBanner } from '~/components/cta-banner'
import { Menu, MenuItem } from '~/components/menu'
import { buttonClass } from '~/components/ui/button'
import { FALLBACK_ARTICLE } from '~/domain/blog'
import { listArticles, manifestEntry } from '~/utils/blog.server'
import { getLogger } from '~/utils/logger.server'
import { pageMeta } from '~/utils/seo'

const LATEST_ARTICLES = 3

/** Catalogue §8: if the articles cannot be read, the blog section still shows one. */
export async function loader() {
  try {
    const articles = await listArticles()
    return json({ articles: articles.slice(0, LATEST_ARTICLES).map(manifestEntry) })
  } catch (error) {
    getLogger().error({ err: error }, 'blog: the manifest could not be read for the landing page')
    return json({ articles: [FALLBACK_ARTICLE] })
  }
}

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Disney Hotel Alerts: a text the moment a Disney room or table opens',
    description:
      'Sold-out Disney resort or fully booked restaurant? We watch for cancellations and text you the moment one matches your dates. Free 7-day trial, not affiliated with Disney.',
  })

const START_CHOICES = [
  { to: '/alerts/hotels?intent=quick', label: 'Hotel alerts', hint: 'A room at a sold-out resort' },
  {
    to: '/alerts/dining?intent=quick',
    label: 'Dining alerts',
    hint: 'A table at a booked-up restaurant',
  },
  {
    to: '/alerts/price-watch',
    label: 'Price watch',
    hint: 'Already booked? Watch the price of your stay',
  },
  {
    to: '/login?intent=pro&next=/pricing?intent=pro',
    label: "I'm a travel agent - create account & choose plan",
    hint: 'Alerts for all your clients',
  },
] as const

const GUIDES = [
  { to: '/disney-hotel-alerts', label: 'Disney hotel alerts: how they work' },
  { to: '/alerts/dining', label: 'Set a dining alert' },
  { to: '/blog/tags/reservations', label: 'Reservation strategy' },
  { to: '/blog', label: 'All planning articles' },
  { to: '/blog/tags/dining-alerts', label: 'Dining alert tips' },
  { to: '/blog/disney-world-at-christmas', label: 'Disney World at Christmas' },
] as const

const POINTS = [
  {
    title: 'Rooms at sold-out resorts',
    body: 'Pick the resort, your dates, your party and the room types you would take. When one opens, you get a text, once per opening.',
  },
  {
    title: 'Tables at booked-up restaurants',
    body: 'Choose the restaurant, date, party size and a meal or a time. Every new opening in your window is texted to you.',
  },
  {
    title: 'You book, directly with Disney',
    body: 'We never book or hold anything. Each text links straight to Disney, so you can grab the opening in seconds.',
  },
] as const

function StartFreeMenu() {
  // Hovering or focusing the control fetches the alert pages in the background.
  const [warm, setWarm] = useState(false)
  return (
    <div onPointerEnter={() => setWarm(true)} onFocusCapture={() => setWarm(true)}>
      <Menu
        label={
          <span
            data-cta="hero-start-free"
            className={buttonClass({
              size: 'lg',
              className: 'inline-flex items-center text-lg shadow',
            })}
          >
            Start Free ▾
          </span>
        }
        panelClassName="absolute left-1/2 z-10 mt-2 w-80 -translate-x-1/2 rounded-xl border border-slate-200 bg-white p-2 text-left shadow-xl"
      >
        {START_CHOICES.map((choice) => (
          <MenuItem key={choice.to} title={choice.label} hint={choice.hint} to={choice.to} />
        ))}
      </Menu>
      {warm && (
        <>
          <PrefetchPageLinks page="/alerts/hotels" />
          <PrefetchPageLinks page="/alerts/dining" />
          <PrefetchPageLinks page="/alerts/price-watch" />
        </>
      )}
    </div>
  )
}

export default function Landing() {
  const { articles } = useLoaderData<typeof loader>()
  return (
    <>
      <section className="from-brand-50 bg-gradient-to-b to-slate-50">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:py-24">
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Never miss your magical Disney moment
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">
            Rooms and tables at Walt Disney World and Disneyland Resort open up whenever someone
            cancels, and they are gone in minutes. We watch for you and text you the moment one
            matches your plans.
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-4 sm:flex-row">
            <StartFreeMenu />
            <Link to="/blog" className="text-brand-700 px-4 py-3 font-semibold hover:underline">
              Read the Blog
            </Link>
          </div>
          <p className="mt-4 text-sm text-slate-500">Free 7-day trial. No credit card needed.</p>
        </div>
      </section>

      <section className="mx-auto grid max-w-6xl gap-6 px-4 py-12 sm:grid-cols-3">
        {POINTS.map((point) => (
          <div
            key={point.title}
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h2 className="text-lg font-semibold text-slate-900">{point.title}</h2>
            <p className="mt-2 leading-7 text-slate-600">{point.body}</p>
          </div>
        ))}
      </section>

      <section className="mx-auto max-w-6xl px-4">
        <h2 className="text-2xl font-bold text-slate-900">Popular guides</h2>
        <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {GUIDES.map((guide) => (
            <li key={guide.to}>
              <Link
                to={guide.to}
                className="hover:border-brand-500 hover:text-brand-700 block rounded-xl border border-slate-200 bg-white px-5 py-4 font-medium text-slate-800"
              >
                {guide.label} →
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="mx-auto mt-16 max-w-6xl px-4" aria-labelledby="latest-articles">
        <div className="flex flex-wrap items-baseline justify-between gap-4">
          <h2 id="latest-articles" className="text-2xl font-bold text-slate-900">
            From the blog
          </h2>
          <Link to="/blog" className="text-brand-700 font-semibold hover:underline">
            All planning articles →
          </Link>
        </div>
        <ArticleGrid entries={articles} heading="h3" />
      </section>

      <CtaBanner />
    </>
  )
}
