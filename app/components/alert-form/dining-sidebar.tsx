import { SidebarCard } from './page-chrome'

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
