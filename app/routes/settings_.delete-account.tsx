import { getFormProps, useForm } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ButtonLink, StatusButton } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { ErrorText, Notice } from '~/components/ui/notice'
import {
  ACCOUNT_DELETION_MESSAGES,
  CONFIRM_WORD,
  parseDeleteAccount,
} from '~/domain/account-deletion'
import { AppError } from '~/domain/app-error'
import { useDeferredValidation } from '~/hooks/use-deferred-validation'
import { accountToDelete } from '~/models/account.server'
import { findPlan } from '~/models/plan.server'
import { deleteAccountEverywhere } from '~/services/account-deletion.server'
import { readPendingIds } from '~/services/pending-alerts.server'
import { getDb } from '~/utils/db.server'
import { replyWithError } from '~/utils/errors.server'
import { redirectWithNotice } from '~/utils/flash.server'
import { readFormData } from '~/utils/http.server'
import { privateMeta } from '~/utils/seo'
import { endWebSession, requireUser } from '~/utils/session.server'

/*
 * /settings/delete-account: the confirmation of "Delete my account", a page of its own so that it
 * works without JavaScript (decision 0027). Not nested in /settings (the trailing underscore):
 * that page has no outlet.
 */

export const meta: MetaFunction = () => privateMeta('Delete your account')

// The form's check (zod with it) arrives with the field's focus, not with the page.
const loadValidator = () =>
  import('~/domain/account-deletion').then((module) => module.parseDeleteAccount)

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const db = getDb()
  const [account, plan] = await Promise.all([
    accountToDelete(db, user.id),
    user.planId ? findPlan(db, user.planId) : undefined,
  ])
  return json({
    confirmWord: CONFIRM_WORD,
    paidPlan: account?.liveSubscriptions.length ? (plan?.name ?? 'paid') : null,
    refusal: account?.authoredCatalogue ? ACCOUNT_DELETION_MESSAGES.catalogueAuthor : null,
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const submission = parseDeleteAccount(await readFormData(request))
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  try {
    await deleteAccountEverywhere(user.id, await readPendingIds(request))
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    return json(replyWithError(submission, error), { status: error.status })
  }
  // The session went with the account; signing out here clears the cookie that named it. The
  // login page is where a signed-out visitor reads what happened (the home page is one cached
  // page for every visitor).
  const signedOut = await endWebSession(request, '/login')
  return redirectWithNotice(
    '/login',
    { tone: 'success', message: ACCOUNT_DELETION_MESSAGES.deleted },
    signedOut.headers,
  )
}

export default function DeleteAccount() {
  const { confirmWord, paidPlan, refusal } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const validation = useDeferredValidation(loadValidator)
  const [form, fields] = useForm({
    id: 'delete-account',
    lastResult,
    onValidate: validation.onValidate,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const busy = useNavigation().state !== 'idle'

  return (
    <section className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">Delete your account</h1>
        <p className="mt-3 text-slate-700">
          This cannot be undone. If you want a copy of your data,{' '}
          <a
            href="/settings/export.json"
            download
            className="text-brand-700 font-semibold underline"
          >
            download it
          </a>{' '}
          first.
        </p>

        <h2 className="mt-6 font-semibold text-slate-900">What is deleted, now</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
          {paidPlan && (
            <li>
              Your {paidPlan} subscription, cancelled at once. The rest of the month is not
              refunded.
            </li>
          )}
          <li>Your profile: phone number, name and email</li>
          <li>Your hotel and dining alerts</li>
          <li>The texts we sent you</li>
          <li>Your support chat conversation</li>
          <li>Your sign-ins on every device and app</li>
        </ul>

        <h2 className="mt-6 font-semibold text-slate-900">What is kept</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
          <li>
            A record that an account was deleted: the day, the plan, whether a subscription was
            cancelled, and the Stripe customer number, so that we can answer billing and tax
            questions. It holds no phone number, name or email.
          </li>
          <li>Stripe, our payment processor, keeps its own invoices and payment records.</li>
          <li>
            If you replied STOP to our texts, your number stays on our do-not-text list: carriers
            require that it is never texted again.
          </li>
        </ul>

        {refusal ? (
          <Notice tone="error" className="mt-6">
            {refusal}
          </Notice>
        ) : (
          <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
            <Field
              label={`To confirm, type ${confirmWord} in capital letters`}
              field={fields.confirm}
              inputProps={{
                autoComplete: 'off',
                autoCapitalize: 'characters',
                spellCheck: false,
                onFocus: validation.prepare,
              }}
            />
            <ErrorText id={form.errorId}>{form.errors?.[0]}</ErrorText>
            <div className="flex flex-col gap-3 sm:flex-row-reverse">
              <StatusButton tone="danger" size="sm" busy={busy} busyText="Deleting...">
                Delete my account
              </StatusButton>
              <ButtonLink to="/settings" tone="quiet" size="sm">
                Keep my account
              </ButtonLink>
            </div>
          </Form>
        )}
      </div>
    </section>
  )
}
