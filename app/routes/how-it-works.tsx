import { PAGE_COPY } from '~/utils/http.server'
import type { MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { CtaBanner } from '~/components/cta-banner'
import { readHowItWorksSteps } from '~/utils/content.server'
import { pageMeta } from '~/utils/seo'

export async function loader() {
  const steps = await readHowItWorksSteps()
  return json({ steps }, { headers: PAGE_COPY })
}

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'How It Works | Disney Hotel Alerts',
    description:
      'Sign up with your phone, set your resort or restaurant, and get a text when it opens up.',
  })

export default function HowItWorks() {
  const { steps } = useLoaderData<typeof loader>()
  return (
    <>
      <section className="mx-auto max-w-5xl px-4 pt-12 sm:pt-16">
        <h1 className="text-center text-3xl font-bold text-slate-900 sm:text-4xl">How It Works</h1>
        <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-slate-600">
          Three steps between you and the room or table everyone says is sold out.
        </p>
        <ol className="mt-12 grid gap-6 sm:grid-cols-3">
          {steps.map((step, index) => (
            <li
              key={step.title}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <span className="bg-brand-600 inline-flex h-10 w-10 items-center justify-center rounded-full font-bold text-white">
                {index + 1}
              </span>
              <h2 className="mt-4 text-xl font-semibold text-slate-900">{step.title}</h2>
              <p className="mt-2 leading-7 text-slate-600">{step.body}</p>
            </li>
          ))}
        </ol>
        <p className="mt-10 text-center text-slate-600">
          Questions? Read the{' '}
          <Link to="/faq" className="text-brand-700 font-medium underline">
            FAQ
          </Link>{' '}
          or compare{' '}
          <Link to="/pricing" className="text-brand-700 font-medium underline">
            plans
          </Link>
          .
        </p>
      </section>
      <CtaBanner />
    </>
  )
}
