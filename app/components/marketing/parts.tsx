import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { QuestionAndAnswer } from '~/domain/structured-data'
import { DISCLAIMER } from '~/components/site-links'

export function ContentSection({
  title,
  children,
  id,
}: {
  title: string
  children: ReactNode
  id?: string
}) {
  return (
    <section className="mt-10" aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 leading-7 text-slate-700">{children}</div>
    </section>
  )
}

/** Questions and answers as a list a reader scans; the same ones go into FAQPage data. */
export function FaqList({
  title = 'Frequently asked questions',
  questions,
}: {
  title?: string
  questions: readonly QuestionAndAnswer[]
}) {
  return (
    <ContentSection title={title} id="faq-heading">
      <dl className="space-y-5">
        {questions.map((item) => (
          <div key={item.question}>
            <dt className="font-semibold text-slate-900">{item.question}</dt>
            <dd className="mt-1 text-slate-700">{item.answer}</dd>
          </div>
        ))}
      </dl>
    </ContentSection>
  )
}

export interface HotelLink {
  name: string
  path: string
  detail?: string
}

export function HotelLinkList({ hotels }: { hotels: readonly HotelLink[] }) {
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {hotels.map((hotel) => (
        <li key={hotel.path}>
          <Link
            to={hotel.path}
            className="hover:border-brand-500 block rounded-lg border border-slate-200 bg-white px-4 py-3"
          >
            <span className="text-brand-700 font-medium">{hotel.name}</span>
            {hotel.detail && <span className="block text-sm text-slate-600">{hotel.detail}</span>}
          </Link>
        </li>
      ))}
    </ul>
  )
}

export function Disclaimer() {
  return <p className="mt-10 text-sm text-slate-500">{DISCLAIMER}</p>
}
