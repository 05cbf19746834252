import { DISCLAIMER } from '~/components/site-links'
import { ButtonLink } from '~/components/ui/button'

/** The call to action at the foot of every article. */
export function ArticleCta() {
  return (
    <aside className="bg-brand-50 mt-12 rounded-2xl p-6 sm:p-8">
      <h2 className="text-xl font-bold text-slate-900">Waiting for a room or a table?</h2>
      <p className="mt-2 leading-7 text-slate-700">
        Tell us the resort or restaurant, your dates and your party. We check Disney's availability
        for you and text you when something matching opens up, so you can book it directly with
        Disney.
      </p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <ButtonLink to="/alerts/hotels">Start a hotel alert</ButtonLink>
        <ButtonLink to="/alerts/dining" tone="quiet">
          Start a dining alert
        </ButtonLink>
      </div>
      <p className="mt-5 text-xs leading-5 text-slate-600">{DISCLAIMER}</p>
    </aside>
  )
}

/** What a blog page shows when it has nothing to show (catalogue §8). */
export function BlogProblem({ heading, detail }: { heading: string; detail: string }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{heading}</h1>
      <p className="mt-4 text-slate-600">{detail}</p>
      <ButtonLink to="/blog" className="mt-8">
        Back to Blog
      </ButtonLink>
    </div>
  )
}
