import { Link } from '@remix-run/react'
import { ContentSection, FaqList, HotelLinkList } from '~/components/marketing/parts'
import type { HotelFormGuideData } from '~/services/hotel-form-guide.server'

/** Below the hotel form: example alerts, hotel pages by destination, questions and login. */
export function HotelFormGuide({ guide }: { guide: HotelFormGuideData }) {
  return (
    <div className="mt-4">
      {guide.examples.length > 0 && (
        <ContentSection title="Alert examples">
          <HotelLinkList hotels={guide.examples} />
        </ContentSection>
      )}
      {guide.destinations.map((destination) => (
        <ContentSection key={destination.title} title={destination.title}>
          <HotelLinkList hotels={destination.hotels} />
        </ContentSection>
      ))}
      <p className="mt-4">
        <Link to="/disney-hotel-alerts" className="text-brand-700 font-semibold underline">
          Every hotel you can watch, and how hotel alerts work
        </Link>
      </p>
      <FaqList questions={guide.faq} />
      <p className="mt-8 text-slate-700">
        Already have alerts running?{' '}
        <Link to="/login" className="text-brand-700 font-semibold underline">
          Log in
        </Link>{' '}
        to see them on your dashboard.
      </p>
    </div>
  )
}
