import { getFormProps, useForm } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useBusy } from '~/components/login/parts'
import {
  CODE_INPUT_PROPS,
  LoginNoticeLine,
  type LastResult,
  type LoginNotice,
} from '~/components/login/steps'
import { ButtonLink, StatusButton } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { AppError } from '~/domain/app-error'
import { MESSAGES, resendWaitS } from '~/domain/login'
import { parseSendCode, parseVerifyCode } from '~/domain/login.server'
import { formatPhoneNumber } from '~/domain/phone'
import { PHONE_CHANGE_MESSAGES } from '~/domain/profile'
import { useDeferredValidation } from '~/hooks/use-deferred-validation'
import {
  clearPendingChange,
  confirmPhoneChange,
  readPendingChange,
  savePendingChange,
  sendPhoneChangeCode,
} from '~/services/phone-change.server'
import { replyWithError } from '~/utils/errors.server'
import { readNotice, redirectWithNotice } from '~/utils/flash.server'
import { toCodeStep, unknownCodeAction } from '~/utils/code-step.server'
import { readFormData } from '~/utils/http.server'
import { privateMeta } from '~/utils/seo'
import { requireUser } from '~/utils/session.server'

export const meta: MetaFunction = () => privateMeta('Change phone number')

const CODE_STEP = '/settings/phone?step=code'

// The login forms' checks, loaded with the first keystroke as on /login.
const loadValidators = () => import('~/components/login/validators')
const loadSendCode = () => loadValidators().then((module) => module.validateSendCode)
const loadVerifyCode = () => loadValidators().then((module) => module.validateVerifyCode)

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const onCodeStep = new URL(request.url).searchParams.get('step') === 'code'
  const pending = onCodeStep ? await readPendingChange(request, user) : null
  const { notice, headers } = await readNotice(request)
  return json(
    {
      current: formatPhoneNumber(user.phoneNumber),
      pending: pending && { phoneNumber: pending.phoneNumber, display: pending.display },
      notice,
    },
    { headers },
  )
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const formData = await readFormData(request)
  const step = formData.get('_action')

  if (step === 'verify') {
    const submission = parseVerifyCode(formData)
    if (submission.status !== 'success')
      return json({ step, result: submission.reply() }, { status: 400 })
    const { phoneNumber, code } = submission.value
    try {
      const changed = await confirmPhoneChange(user, phoneNumber, code, context.clientIp)
      return await redirectWithNotice(
        '/settings#profile',
        {
          tone: 'success',
          message: PHONE_CHANGE_MESSAGES.changed(formatPhoneNumber(changed.phoneNumber)),
        },
        { 'Set-Cookie': await clearPendingChange() },
      )
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      // The number is a hidden field on this step: every refusal shows beside the code.
      return json(
        { step, result: replyWithError(submission, error, 'code') },
        { status: error.status },
      )
    }
  }

  if (step === 'send' || step === 'resend') {
    const submission = parseSendCode(formData)
    if (submission.status !== 'success')
      return json({ step, result: submission.reply() }, { status: 400 })
    const { phoneNumber } = submission.value
    const field = step === 'resend' ? 'code' : 'phoneNumber'
    const pending = await readPendingChange(request, user)
    const wait = pending?.phoneNumber === phoneNumber ? resendWaitS(pending.sentAt) : 0
    if (step === 'resend' && wait > 0) {
      const fieldErrors = { code: [MESSAGES.resendTooSoon(wait)] }
      return json({ step, result: submission.reply({ fieldErrors }) }, { status: 429 })
    }
    try {
      await sendPhoneChangeCode(request, user, phoneNumber, context.clientIp)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      return json(
        { step, result: replyWithError(submission, error, field) },
        { status: error.status },
      )
    }
    const headers = {
      'Set-Cookie': await savePendingChange({ userId: user.id, phoneNumber, sentAt: Date.now() }),
    }
    return toCodeStep(step, CODE_STEP, headers)
  }

  return unknownCodeAction()
}

export default function ChangePhone() {
  const { current, pending, notice } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <Link to="/settings#profile" className="text-brand-700 text-sm font-semibold hover:underline">
        ← Back to Settings
      </Link>
      <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {pending ? (
          <CodeStep
            pending={pending}
            notice={notice}
            lastResult={actionData?.step !== 'send' ? actionData?.result : undefined}
          />
        ) : (
          <NumberStep
            current={current}
            lastResult={actionData?.step === 'send' ? actionData.result : undefined}
          />
        )}
      </div>
    </div>
  )
}

/** Step one: the new number, to text a code to. */
function NumberStep({ current, lastResult }: { current: string; lastResult?: LastResult }) {
  const busy = useBusy('send')
  const validation = useDeferredValidation(loadSendCode)
  const [form, fields] = useForm({
    id: 'new-phone',
    lastResult,
    onValidate: validation.onValidate,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Change your phone number</h1>
      <p className="mt-2 text-slate-600">
        You log in with <strong className="whitespace-nowrap">{current}</strong> and we text your
        alerts there. We will text a code to the new number; {current} keeps working until you enter
        it.
      </p>
      <Form
        method="post"
        {...getFormProps(form)}
        onInput={validation.prepare}
        className="mt-6 space-y-4"
      >
        <Field
          label="New phone number"
          field={fields.phoneNumber}
          type="tel"
          hint="A US or Canadian mobile number; no +1 needed."
          inputProps={{ autoComplete: 'tel', inputMode: 'tel', placeholder: '(201) 555-0123' }}
        />
        <div className="flex flex-col gap-3 sm:flex-row-reverse">
          <StatusButton
            name="_action"
            value="send"
            busy={busy}
            busyText="Sending..."
            className="sm:flex-1"
          >
            Send Code
          </StatusButton>
          <ButtonLink to="/settings#profile" tone="quiet" className="sm:flex-1">
            Cancel
          </ButtonLink>
        </div>
      </Form>
    </>
  )
}

/** Step two: the code texted to the new number; only then does the number change. */
function CodeStep({
  pending,
  notice,
  lastResult,
}: {
  pending: { phoneNumber: string; display: string }
  notice: LoginNotice
  lastResult?: LastResult
}) {
  const verifying = useBusy('verify')
  const resending = useBusy('resend')
  const validation = useDeferredValidation(loadVerifyCode)
  const [form, fields] = useForm({
    id: 'verify-new-phone',
    lastResult,
    onValidate: validation.onValidate,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Enter your code</h1>
      <p className="mt-2 text-slate-600">
        We texted a 6-digit code to <strong className="whitespace-nowrap">{pending.display}</strong>
        . It expires in 10 minutes. Your number changes once you enter it.
      </p>
      <LoginNoticeLine notice={notice} />
      <Form
        method="post"
        {...getFormProps(form)}
        onInput={validation.prepare}
        className="mt-6 space-y-4"
      >
        <input type="hidden" name="phoneNumber" value={pending.phoneNumber} />
        <Field
          label="Verification code"
          field={fields.code}
          inputProps={{ ...CODE_INPUT_PROPS, autoFocus: true }}
        />
        <StatusButton
          name="_action"
          value="verify"
          busy={verifying}
          busyText="Verifying..."
          className="w-full"
        >
          Change my number
        </StatusButton>
        <div className="flex items-center justify-between text-sm">
          <Link to="/settings/phone" className="hover:text-brand-700 font-medium text-slate-600">
            Use another number
          </Link>
          <button
            type="submit"
            name="_action"
            value="resend"
            formNoValidate
            disabled={resending}
            className="text-brand-700 font-medium hover:underline disabled:cursor-not-allowed disabled:text-slate-400"
          >
            Resend code
          </button>
        </div>
      </Form>
    </>
  )
}
