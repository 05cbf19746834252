import type { MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Breadcrumb } from '~/components/ui/breadcrumb'
import { buttonClass } from '~/components/ui/button'
import { breadcrumbList, faqPage } from '~/domain/structured-data'
import { pageMeta, siteOrigin } from '~/utils/seo'
import type { loadGuidePage } from '~/services/guide-pages.server'
import { ContentSection, Disclaimer, FaqList, HotelLinkList, type HotelLink } from './parts'

type GuideLoader = () => ReturnType<typeof loadGuidePage>

function crumbsFor(data: { path: string; guide: { title: string } }) {
  return [
    { name: 'Home', path: '/' },
    { name: data.guide.title, path: data.path },
  ]
}

export const guideMeta: MetaFunction<GuideLoader> = (args) => {
  if (!args.data) return []
  const { guide } = args.data
  return pageMeta(args, {
    title: guide.metaTitle,
    description: guide.description,
    structuredData: [
      breadcrumbList(siteOrigin(args.matches), crumbsFor(args.data)),
      faqPage(guide.faq),
    ],
  })
}

/** One page for every guide: its copy comes from content/guides/{name}.json. */
export function GuidePage() {
  const data = useLoaderData<GuideLoader>()
  const { guide, popular, examples } = data
  return (
    <article className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
      <Breadcrumb crumbs={crumbsFor(data)} />
      <h1 className="mt-4 text-3xl font-bold text-slate-900 sm:text-4xl">{guide.title}</h1>
      <p className="mt-3 text-lg text-slate-600">{guide.intro}</p>
      <p className="mt-6 flex flex-wrap gap-3">
        <Link to="/alerts/hotels" className={buttonClass()}>
          Start a hotel alert
        </Link>
        <Link to="/login" className={buttonClass({ tone: 'quiet' })}>
          Log in or sign up
        </Link>
      </p>

      {guide.sections.map((section) => (
        <ContentSection key={section.heading} title={section.heading}>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </ContentSection>
      ))}

      <HotelLists popular={popular} examples={examples} />

      <FaqList questions={guide.faq} />

      <ContentSection title="Read more">
        <ul className="list-disc space-y-1 pl-5">
          {guide.blog.map((item) => (
            <li key={item.path}>
              <Link to={item.path} className="text-brand-700 underline">
                {item.label}
              </Link>
            </li>
          ))}
          {data.path !== '/disney-hotel-alerts' && (
            <li>
              <Link to="/disney-hotel-alerts" className="text-brand-700 underline">
                Disney hotel alerts: every hotel you can watch
              </Link>
            </li>
          )}
        </ul>
      </ContentSection>
      <Disclaimer />
    </article>
  )
}

/** Links to hotel pages: the popular ones, and examples from each destination. */
export function HotelLists({
  popular,
  examples,
}: {
  popular: readonly HotelLink[]
  examples: readonly { display: string; hotels: readonly HotelLink[] }[]
}) {
  return (
    <>
      {popular.length > 0 && (
        <ContentSection title="Popular hotels to watch">
          <HotelLinkList hotels={popular} />
        </ContentSection>
      )}
      {examples.map((group) => (
        <ContentSection key={group.display} title={`${group.display} hotels`}>
          <HotelLinkList hotels={group.hotels} />
        </ContentSection>
      ))}
    </>
  )
}
