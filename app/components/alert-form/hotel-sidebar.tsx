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
      <HotelAlertsNote />
    </>
  )
}

/** Under a hotel-alert page's sidebar: who we are not, and where hotel alerts are explained. */
export function HotelAlertsNote() {
  return (
    <p className="text-xs text-slate-500">
      Not affiliated with Disney.{' '}
      <Link to="/disney-hotel-alerts" className="underline">
        How hotel alerts work
      </Link>
    </p>
  )
}
