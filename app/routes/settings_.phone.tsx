import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useBusy } from '~/components/login/parts'
import {
  CODE_INPUT_PROPS,
  CodeForm,
  CodeStepLinks,
  loadSendCode,
  loadVerifyCode,
  LoginNoticeLine,
  useCodeForm,
  type LastResult,
  type LoginNotice,
} from '~/components/login/steps'
import { ProfilePage } from '~/components/settings/section'
import { ButtonLink, StatusButton } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { formatPhoneNumber } from '~/domain/phone'
import { PHONE_CHANGE_MESSAGES } from '~/domain/profile'
import {
  clearPendingChange,
  confirmPhoneChange,
  readPendingChange,
  savePendingChange,
  sendPhoneChangeCode,
} from '~/services/phone-change.server'
import { readNotice, redirectWithNotice } from '~/utils/flash.server'
import { answerCodeStep } from '~/utils/code-step.server'
import { readFormData } from '~/utils/http.server'
import { privateMeta } from '~/utils/seo'
import { requireUser } from '~/utils/session.server'

export const meta: MetaFunction = () => privateMeta('Change phone number')

const CODE_STEP = '/settings/phone?step=code'

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
  return answerCodeStep(formData, {
    verify: async ({ phoneNumber, code }) => {
      const changed = await confirmPhoneChange(user, phoneNumber, code, context.clientIp)
      return await redirectWithNotice(
        '/settings#profile',
        {
          tone: 'success',
          message: PHONE_CHANGE_MESSAGES.changed(formatPhoneNumber(changed.phoneNumber)),
        },
        { 'Set-Cookie': await clearPendingChange() },
      )
    },
    pending: () => readPendingChange(request, user),
    send: (phoneNumber) => sendPhoneChangeCode(request, user, phoneNumber, context.clientIp),
    pendingCookie: (pending) => savePendingChange({ userId: user.id, ...pending }),
    codeStep: CODE_STEP,
  })
}

export default function ChangePhone() {
  const { current, pending, notice } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <ProfilePage>
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
    </ProfilePage>
  )
}

/** Step one: the new number, to text a code to. */
function NumberStep({ current, lastResult }: { current: string; lastResult?: LastResult }) {
  const busy = useBusy('send')
  const { form, fields, prepare } = useCodeForm('new-phone', loadSendCode, lastResult)
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Change your phone number</h1>
      <p className="mt-2 text-slate-600">
        You log in with <strong className="whitespace-nowrap">{current}</strong> and we text your
        alerts there. We will text a code to the new number; {current} keeps working until you enter
        it.
      </p>
      <CodeForm form={form} prepare={prepare}>
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
      </CodeForm>
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
  const { form, fields, prepare } = useCodeForm('verify-new-phone', loadVerifyCode, lastResult)
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Enter your code</h1>
      <p className="mt-2 text-slate-600">
        We texted a 6-digit code to <strong className="whitespace-nowrap">{pending.display}</strong>
        . It expires in 10 minutes. Your number changes once you enter it.
      </p>
      <LoginNoticeLine notice={notice} />
      <CodeForm form={form} prepare={prepare}>
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
        <CodeStepLinks
          back={{ to: '/settings/phone', text: 'Use another number' }}
          resendDisabled={resending}
        >
          Resend code
        </CodeStepLinks>
      </CodeForm>
    </>
  )
}
