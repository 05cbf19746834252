import { getFormProps, useForm } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Field } from '~/components/ui/field'
import { TextareaField } from '~/components/ui/textarea-field'
import { Honeypot } from '~/components/chat/honeypot'
import { MessageList } from '~/components/chat/message-list'
import { MAX_MESSAGE_LENGTH } from '~/domain/chat'
import { useDeferredValidation } from '~/hooks/use-deferred-validation'
import { safeRedirectPath } from '~/domain/redirects'
import { listSessionMessages, markRead } from '~/models/chat.server'
import {
  chatCaller,
  chatWriter,
  ownSession,
  readVisitorMessage,
  sendVisitorMessage,
} from '~/utils/chat.server'
import { getDb } from '~/utils/db.server'
import { privateMeta } from '~/utils/seo'
import { ErrorText } from '~/components/ui/notice'
import { StatusButton } from '~/components/ui/button'
import { PRIVATE } from '~/utils/http.server'

export const meta: MetaFunction = () => privateMeta('Support chat')

/**
 * The chat as a page: what the Contact Support and Live Support links lead to without
 * JavaScript. Showing the conversation is reading it, so support's replies are marked read.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const caller = await chatCaller(request)
  const session = await ownSession(caller)
  if (session) await markRead(getDb(), session.id, 'support')
  const messages = session ? await listSessionMessages(getDb(), session.id) : []
  const from = safeRedirectPath(new URL(request.url).searchParams.get('from')) ?? null
  return json({ messages, from, signedIn: Boolean(caller.user) }, { headers: PRIVATE })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null)
  if (!form) return json({ result: null, message: 'Send the form as a form.' }, { status: 400 })
  const submission = readVisitorMessage(form)
  if (submission.status !== 'success')
    return json({ result: submission.reply(), message: null }, { status: 400 })
  const caller = await chatWriter(request)
  try {
    await sendVisitorMessage(caller, submission.value, String(context.clientIp ?? 'unknown'))
  } catch (thrown) {
    if (!(thrown instanceof Response) || thrown.status !== 429) throw thrown
    const { message } = (await thrown.json()) as { message: string }
    return json({ result: submission.reply(), message }, { status: 429 })
  }
  const from = submission.value.currentPage
  const back =
    from && from !== '/support' ? `/support?from=${encodeURIComponent(from)}` : '/support'
  return redirect(back, {
    headers: caller.headers,
  })
}

const loadValidator = () =>
  import('~/components/chat/validators').then((module) => module.validateVisitorMessage)

export default function Support() {
  const { messages, from, signedIn } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'
  const validation = useDeferredValidation(loadValidator)
  const [form, fields] = useForm({
    lastResult: answer?.result,
    onValidate: validation.onValidate,
    shouldValidate: 'onSubmit',
  })
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-2xl font-semibold text-slate-900">Support chat</h1>
      <p className="mt-2 text-slate-600">
        Ask us anything about alerts, plans or your account. Our support team answers here, usually
        within a few hours; come back to this page to read the answer.
      </p>
      <div className="mt-6 max-h-[28rem] overflow-y-auto rounded-2xl border border-slate-200 bg-white p-4">
        <MessageList messages={messages} viewer="visitor" empty="No messages yet." />
      </div>
      <Form
        method="post"
        className="mt-6 space-y-4"
        {...getFormProps(form)}
        onInput={validation.prepare}
      >
        <input type="hidden" name="currentPage" value={from ?? '/support'} />
        <TextareaField
          label="Message"
          field={fields.message}
          rows={4}
          maxLength={MAX_MESSAGE_LENGTH}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Name (optional)"
            field={fields.userName}
            inputProps={{ autoComplete: 'name' }}
          />
          <Field
            label="Email (optional)"
            field={fields.userEmail}
            type="email"
            inputProps={{ autoComplete: 'email' }}
          />
        </div>
        {!signedIn && <Honeypot />}
        <ErrorText>{answer?.message}</ErrorText>
        <StatusButton busy={busy} busyText="Sending...">
          Send
        </StatusButton>
      </Form>
    </section>
  )
}
