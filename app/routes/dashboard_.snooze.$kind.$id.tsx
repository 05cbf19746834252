import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { SnoozeForm, snoozeAction } from '~/components/dashboard/snooze-control'
import { buttonClass } from '~/components/ui/button'
import { AppError } from '~/domain/app-error'
import { formatLongDate } from '~/domain/dates'
import { parseSnoozeForm, SNOOZE_MESSAGES } from '~/domain/snooze'
import { assertAlertId } from '~/models/alert-rules.server'
import { setSnooze, snoozeTarget } from '~/models/snooze.server'
import { getDb } from '~/utils/db.server'
import { redirectWithNotice } from '~/utils/flash.server'
import { readFormData } from '~/utils/http.server'
import { privateMeta } from '~/utils/seo'
import { requireUser } from '~/utils/session.server'

export const meta: MetaFunction = () => privateMeta('Snooze alert')

/** The caller's alert named by the path; anything else, another user's included, is a 404. */
async function targetOf(request: Request, params: LoaderFunctionArgs['params']) {
  const user = await requireUser(request)
  const { kind, id } = params
  try {
    if (kind !== 'hotel' && kind !== 'dining') throw new AppError(404, 'NOT_FOUND', 'Not found')
    assertAlertId(id)
    return { user, target: await snoozeTarget(getDb(), user.id, kind, id) }
  } catch (error) {
    if (error instanceof AppError && error.status === 404)
      throw new Response('Not Found', { status: 404 })
    throw error
  }
}

/** The snooze form as a page: what the dashboard's form comes back to without JavaScript. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { target } = await targetOf(request, params)
  return json({ target, search: new URL(request.url).search })
}

/** Snooze until a date, or wake with an empty one; then back to the dashboard's same view. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, target } = await targetOf(request, params)
  const submission = parseSnoozeForm(await readFormData(request), target)
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  const { snoozedUntil } = submission.value
  await setSnooze(getDb(), user.id, target, snoozedUntil)
  return redirectWithNotice(`/dashboard${new URL(request.url).search}`, {
    tone: 'success',
    message: snoozedUntil
      ? `${target.name}: ${SNOOZE_MESSAGES.snoozed(snoozedUntil)}`
      : `${target.name}: ${SNOOZE_MESSAGES.woken}`,
  })
}

export default function SnoozePage() {
  const { target, search } = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>()
  const button = buttonClass({ tone: 'quiet', size: 'sm' })
  return (
    <section className="mx-auto max-w-lg px-4 py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Snooze alert</h1>
        <p className="mt-4 text-slate-700">
          {target.name}: a snoozed alert sends no texts and is not checked through the date you
          choose, then starts again by itself.
          {target.snoozedUntil && ` Snoozed until ${formatLongDate(target.snoozedUntil)}.`}
        </p>
        <SnoozeForm
          alert={target}
          formId="snooze"
          action={snoozeAction(target, search)}
          lastResult={refused?.result}
          as={Form}
          buttonClass={buttonClass({ size: 'sm' })}
        />
        <Link to={`/dashboard${search}`} className={`${button} mt-6 inline-block`}>
          Back to alerts
        </Link>
      </div>
    </section>
  )
}
