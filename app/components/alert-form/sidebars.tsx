import { Link } from '@remix-run/react'
import { SidebarCard } from './page-chrome'

/** Tips and answers beside the hotel page form. */
export function HotelSidebar() {
  return (
    <>
      <SidebarCard title="Tips for landing a room">
        <p>
          Choose every room type you would happily take: the more you watch, the sooner one opens.
        </p>
        <p>
          Cancellations cluster 30, 14 and 7 days before arrival, when Disney's payment and penalty
          deadlines fall.
        </p>
        <p>
          When your text arrives, open the link and book right away. Openings rarely last more than
          a few minutes.
        </p>
      </SidebarCard>
      <SidebarCard title="Questions">
        <p>
          <strong className="text-slate-800">Do you book for me?</strong> No. We text you, and you
          book directly with Disney.
        </p>
        <p>
          <strong className="text-slate-800">How often do you check?</strong> It depends on your
          plan, from once a day to every 2 minutes. See{' '}
          <Link to="/pricing" className="text-brand-700 underline">
            Pricing
          </Link>
          .
        </p>
        <p>
          <strong className="text-slate-800">What happens after a match?</strong> You get a text,
          and the alert keeps watching for the next opening unless you chose to stop it after the
          first text.
        </p>
      </SidebarCard>
      <p className="text-xs text-slate-500">
        Not affiliated with Disney.{' '}
        <Link to="/disney-hotel-alerts" className="underline">
          How hotel alerts work
        </Link>
      </p>
    </>
  )
}

/** Tips and answers beside the dining page form. */
export function DiningSidebar() {
  return (
    <>
      <SidebarCard title="Tips for a hard-to-get table">
        <p>
          Reservations open 60 days ahead, but cancellations keep coming: most land 1 to 3 days
          before the date.
        </p>
        <p>A meal window or a flexible time catches far more openings than one exact time.</p>
        <p>
          Smaller parties get more openings. If you can split a large party, set one alert per
          table.
        </p>
      </SidebarCard>
      <SidebarCard title="Questions">
        <p>
          <strong className="text-slate-800">Will I get a text for every opening?</strong> Yes, each
          new time that fits your alert is texted once, until the date passes.
        </p>
        <p>
          <strong className="text-slate-800">Do you book the table?</strong> No. Book it yourself
          with Disney right away; openings go fast.
        </p>
      </SidebarCard>
    </>
  )
}
