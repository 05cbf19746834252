import { PAGE_COPY } from '~/utils/http.server'
import type { MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import type { SyntheticEvent } from 'react'
import { CtaBanner } from '~/components/cta-banner'
import { SupportLink } from '~/components/support-link'
import { readFaq } from '~/utils/content.server'
import { buttonClass } from '~/components/ui/button'
import { pageMeta } from '~/utils/seo'

export async function loader() {
  const questions = await readFaq()
  return json({ questions }, { headers: PAGE_COPY })
}

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'FAQ | Disney Hotel Alerts',
    description: 'Answers about Disney hotel and dining alerts, plans and texts.',
  })

/** One answer open at a time: <details name> does it natively; this covers older browsers. */
function closeOthers(event: SyntheticEvent<HTMLDetailsElement>) {
  const opened = event.currentTarget
  if (!opened.open) return
  opened.parentElement?.querySelectorAll('details[open]').forEach((other) => {
    if (other !== opened) other.removeAttribute('open')
  })
}

export default function Faq() {
  const { questions } = useLoaderData<typeof loader>()
  return (
    <>
      <section className="mx-auto max-w-3xl px-4 pt-12 sm:pt-16">
        <h1 className="text-center text-3xl font-bold text-slate-900 sm:text-4xl">
          Frequently Asked Questions
        </h1>
        <div className="mt-10 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {questions.map((item) => (
            <details key={item.question} name="faq" className="group p-5" onToggle={closeOthers}>
              <summary className="flex cursor-pointer items-center justify-between gap-4 font-semibold text-slate-900">
                {item.question}
                <span aria-hidden="true" className="text-brand-600 transition group-open:rotate-45">
                  +
                </span>
              </summary>
              <p className="mt-3 leading-7 text-slate-600">{item.answer}</p>
            </details>
          ))}
        </div>
        <div id="contact" className="bg-brand-50 mt-10 rounded-2xl p-6 text-center">
          <h2 className="text-lg font-semibold text-slate-900">Still have a question?</h2>
          <p className="mt-2 text-slate-600">
            Our support team answers in the chat, usually within a few hours.
          </p>
          <SupportLink className={buttonClass({ className: 'mt-4 inline-block' })}>
            Contact Support
          </SupportLink>
        </div>
      </section>
      <CtaBanner />
    </>
  )
}
