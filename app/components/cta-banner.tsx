import { Link } from '@remix-run/react'

/** The shared call to action at the foot of marketing pages. */
export function CtaBanner() {
  return (
    <section className="mx-auto mt-16 max-w-6xl px-4">
      <div className="from-brand-700 to-brand-500 rounded-2xl bg-gradient-to-r px-6 py-10 text-center text-white sm:px-12">
        <h2 className="text-2xl font-bold sm:text-3xl">Stop refreshing Disney's booking page</h2>
        <p className="text-brand-100 mx-auto mt-3 max-w-2xl">
          Set an alert in two minutes and we will text you the moment a room or a table opens up.
          The first alert is free for 7 days, no credit card needed.
        </p>
        <Link
          to="/login"
          data-cta="banner-start-free"
          className="text-brand-700 hover:bg-brand-50 mt-6 inline-block rounded-lg bg-white px-6 py-3 font-semibold shadow"
        >
          Start Free
        </Link>
      </div>
    </section>
  )
}
