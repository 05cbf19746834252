import {
  getFormProps,
  useForm,
  type FormMetadata,
  type Submission,
  type SubmissionResult,
} from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import {
  useEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type FormEvent,
  type ReactNode,
  type Ref,
} from 'react'
import {
  cleanCodeInput,
  CODE_LENGTH,
  codeStartedAt,
  loginUrl,
  shouldAutoSubmit,
  type Carried,
} from '~/domain/login'
import { useDeferredValidation } from '~/hooks/use-deferred-validation'
import { useHydrated } from '~/hooks/use-hydrated'
import { StatusButton } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { CarriedFields, useBusy } from './parts'
import { Notice, type NoticeTone } from '~/components/ui/notice'

// The forms' checks (zod with them) arrive with the first keystroke, not with the page: the
// number field is focused before the page is interactive, so a focus would come too late.
const loadValidators = () => import('./validators')
export const loadSendCode = () => loadValidators().then((module) => module.validateSendCode)
export const loadVerifyCode = () => loadValidators().then((module) => module.validateVerifyCode)

// libphonenumber's metadata (36 kB gzipped) arrives with the first keystroke or paste rather than
// with the page; until then the number stays as typed.
let phoneModule: Promise<typeof import('~/domain/phone')> | undefined
const loadPhone = () => (phoneModule ??= import('~/domain/phone'))

/** What the login action answered for this step's form. */
export type LastResult = SubmissionResult<string[]>

/**
 * A code step's form (the login's, or the phone change's): it sends a number a code or
 * verifies the code, checked in the browser once its checks have loaded with the first keystroke.
 */
export function useCodeForm<Input extends Record<string, unknown>, Output>(
  id: string,
  load: () => Promise<(formData: FormData) => Submission<Input, string[], Output>>,
  lastResult?: LastResult,
) {
  const validation = useDeferredValidation(load)
  const [form, fields] = useForm({
    id,
    lastResult,
    onValidate: validation.onValidate,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  return { form, fields, prepare: validation.prepare }
}

/** The form element of a code step, posted to its page. */
export function CodeForm<Schema extends Record<string, unknown>>({
  form,
  prepare,
  formRef,
  children,
}: {
  form: FormMetadata<Schema, string[]>
  prepare: () => void
  formRef?: Ref<HTMLFormElement>
  children: ReactNode
}) {
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      onInput={prepare}
      ref={formRef}
      className="mt-6 space-y-4"
    >
      {children}
    </Form>
  )
}

/** Below a code step's button: the link `back` to the number, and Resend code (`children`). */
export function CodeStepLinks({
  back,
  resendDisabled,
  children,
}: {
  back: { to: string; text: string }
  resendDisabled: boolean
  children: ReactNode
}) {
  return (
    <div className="flex items-center justify-between text-sm">
      <Link to={back.to} className="hover:text-brand-700 font-medium text-slate-600">
        {back.text}
      </Link>
      <button
        type="submit"
        name="_action"
        value="resend"
        formNoValidate
        disabled={resendDisabled}
        className="text-brand-700 font-medium hover:underline disabled:cursor-not-allowed disabled:text-slate-400 disabled:no-underline"
      >
        {children}
      </button>
    </div>
  )
}

/** What the last redirect left for the page: a new code sent, signed out everywhere, … */
export type LoginNotice = { tone: NoticeTone; message: string } | null

/** A texted code's field: filled by the phone's one-time-code autofill, six digits at most. */
export const CODE_INPUT_PROPS = {
  autoComplete: 'one-time-code',
  inputMode: 'numeric',
  pattern: '[0-9]*',
  maxLength: CODE_LENGTH,
  placeholder: '123456',
  className: 'text-center font-mono tracking-[0.5em]',
} as const

export function LoginNoticeLine({ notice }: { notice: LoginNotice }) {
  return notice ? (
    <Notice tone={notice.tone} className="mt-3 text-sm">
      {notice.message}
    </Notice>
  ) : null
}

/** Step one: the phone number to text a code to. */
export function PhoneStep({
  carried,
  notice,
  lastResult,
}: {
  carried: Carried
  notice: LoginNotice
  lastResult?: LastResult
}) {
  const busy = useBusy('send')
  const { form, fields, prepare } = useCodeForm('send-code', loadSendCode, lastResult)

  function formatWhileTyping(event: FormEvent<HTMLInputElement>) {
    const input = event.currentTarget
    void loadPhone().then(({ formatAsYouType }) => {
      // Formatting only while the caret is at the end, so editing in the middle is left alone.
      if (input.selectionStart === input.value.length) input.value = formatAsYouType(input.value)
    })
  }

  function normalisePaste(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault()
    const input = event.currentTarget
    const pasted = event.clipboardData.getData('text')
    void loadPhone().then(({ cleanPhoneInput, formatAsYouType }) => {
      input.value = formatAsYouType(cleanPhoneInput(pasted))
      form.validate({ name: fields.phoneNumber.name })
    })
  }

  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Log in or sign up</h1>
      <p className="mt-2 text-slate-600">
        Enter your mobile number and we will text you a verification code. No password needed.
      </p>
      <LoginNoticeLine notice={notice} />
      <CodeForm form={form} prepare={prepare}>
        <CarriedFields carried={carried} />
        <Field
          label="Phone number"
          field={fields.phoneNumber}
          type="tel"
          hint="A US or Canadian mobile number; no +1 needed."
          inputProps={{
            autoComplete: 'tel',
            inputMode: 'tel',
            placeholder: '(201) 555-0123',
            onInput: formatWhileTyping,
            onPaste: normalisePaste,
            autoFocus: true,
          }}
        />
        <StatusButton
          name="_action"
          value="send"
          busy={busy}
          busyText="Sending..."
          className="w-full shadow"
        >
          Send Code
        </StatusButton>
        <p className="text-xs text-slate-500">
          By tapping Send Code you agree to get texts from Disney Hotel Alerts: your login codes and
          the alerts you set. Message frequency varies. Msg &amp; data rates may apply. Reply STOP
          to cancel, HELP for help. See our{' '}
          <Link to="/terms" className="underline">
            Terms
          </Link>{' '}
          and{' '}
          <Link to="/privacy-policy" className="underline">
            Privacy Policy
          </Link>
          .
        </p>
      </CodeForm>
    </>
  )
}

/** Step two: the code texted to the number, with a resend after the cooldown. */
export function CodeStep({
  carried,
  pending,
  notice,
  lastResult,
}: {
  carried: Carried
  pending: { phoneNumber: string; display: string; resendAvailableAt: number }
  notice: LoginNotice
  lastResult?: LastResult
}) {
  const verifying = useBusy('verify')
  const resending = useBusy('resend')
  const hydrated = useHydrated()
  const { form, fields, prepare } = useCodeForm('verify-code', loadVerifyCode, lastResult)
  const formRef = useRef<HTMLFormElement>(null)
  const firstDigitAt = useRef<number | null>(null)
  const lastValue = useRef('')
  const pasted = useRef(false)
  const waitS = useSecondsUntil(pending.resendAvailableAt)

  function onCodeInput(event: FormEvent<HTMLInputElement>) {
    const input = event.currentTarget
    input.value = cleanCodeInput(input.value)
    firstDigitAt.current = codeStartedAt(
      lastValue.current,
      input.value,
      firstDigitAt.current,
      Date.now(),
    )
    lastValue.current = input.value
    const msSinceFirstDigit =
      firstDigitAt.current === null ? null : Date.now() - firstDigitAt.current
    if (shouldAutoSubmit(input.value, { pasted: pasted.current, msSinceFirstDigit })) {
      const verifyButton =
        formRef.current?.querySelector<HTMLButtonElement>('button[value="verify"]')
      formRef.current?.requestSubmit(verifyButton ?? undefined)
    }
    pasted.current = false
  }

  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Enter your code</h1>
      <p className="mt-2 text-slate-600">
        We texted a 6-digit code to <strong className="whitespace-nowrap">{pending.display}</strong>
        . It expires in 10 minutes.
      </p>
      <LoginNoticeLine notice={notice} />
      <CodeForm form={form} prepare={prepare} formRef={formRef}>
        <CarriedFields carried={carried} />
        <input type="hidden" name="phoneNumber" value={pending.phoneNumber} />
        <Field
          label="Verification code"
          field={fields.code}
          inputProps={{
            ...CODE_INPUT_PROPS,
            onInput: onCodeInput,
            onPaste: () => {
              pasted.current = true
            },
            autoFocus: true,
          }}
        />
        <StatusButton
          name="_action"
          value="verify"
          busy={verifying}
          busyText="Verifying..."
          className="w-full shadow"
        >
          Verify
        </StatusButton>
        <CodeStepLinks
          back={{ to: loginUrl(carried), text: 'Back to phone number' }}
          resendDisabled={resending || (hydrated && waitS > 0)}
        >
          Resend code{hydrated && waitS > 0 ? ` (${waitS}s)` : ''}
        </CodeStepLinks>
      </CodeForm>
    </>
  )
}

/** Whole seconds left until a moment (epoch ms), ticking while there are any. */
function useSecondsUntil(moment: number) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (moment <= Date.now()) return
    const timer = setInterval(() => {
      const current = Date.now()
      setNow(current)
      if (current >= moment) clearInterval(timer)
    }, 250)
    return () => clearInterval(timer)
  }, [moment])
  return Math.max(0, Math.ceil((moment - now) / 1000))
}
