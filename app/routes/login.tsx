import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState, type ClipboardEvent, type FormEvent } from 'react'
import { useHydrated } from '~/hooks/use-hydrated'
import { useLocalStorageItem } from '~/hooks/use-local-storage-item'
import { LOCAL_KEYS } from '~/domain/storage-keys'
import {
  cleanCodeInput,
  CODE_LENGTH,
  codeStartedAt,
  MESSAGES,
  RESEND_COOLDOWN_S,
  sendCodeSchema,
  shouldAutoSubmit,
  verifyCodeSchema,
} from '~/domain/login'
import { cleanPhoneInput, formatAsYouType, formatPhoneNumber } from '~/domain/phone'
import { postLoginPath, readIntent, safeRedirectPath, type AuthIntent } from '~/domain/redirects'
import {
  clearPendingLogin,
  LoginError,
  logIn,
  readPendingLogin,
  savePendingLogin,
  sendLoginCode,
} from '~/utils/login.server'
import { getUser, startWebSession } from '~/utils/session.server'
import { FieldError } from '~/components/field-error'

export const meta: MetaFunction = () => [
  { title: 'Log in or sign up | Disney Hotel Alerts' },
  { name: 'description', content: 'Log in with your phone number and the code we text you.' },
]

/** intent, next and redirect ride along both steps, as hidden fields and in the URL. */
interface Carried {
  intent?: AuthIntent
  next?: string
  redirect?: string
}

function readCarried(source: URLSearchParams | FormData): Carried {
  const intent = readIntent(source.get('intent'))
  const next = safeRedirectPath(source.get('next'))
  const redirectTo = safeRedirectPath(source.get('redirect'))
  return {
    ...(intent && { intent }),
    ...(next && { next }),
    ...(redirectTo && { redirect: redirectTo }),
  }
}

function loginUrl(carried: Carried, step?: 'code') {
  const params = new URLSearchParams({ ...(step && { step }), ...carried })
  const query = params.toString()
  return query ? `/login?${query}` : '/login'
}

function resendWaitS(sentAt: number, now = Date.now()) {
  return Math.max(0, Math.ceil((sentAt + RESEND_COOLDOWN_S * 1000 - now) / 1000))
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const carried = readCarried(url.searchParams)
  const user = await getUser(request)
  if (user) {
    throw redirect(
      postLoginPath({ hasPlan: Boolean(user.planId), ...carried, intent: carried.intent ?? null }),
    )
  }
  const pending = url.searchParams.get('step') === 'code' ? await readPendingLogin(request) : null
  return json({
    carried,
    pending: pending && {
      phoneNumber: pending.phoneNumber,
      display: formatPhoneNumber(pending.phoneNumber),
      resendAvailableAt: pending.sentAt + RESEND_COOLDOWN_S * 1000,
    },
    justResent: url.searchParams.get('resent') === '1',
  })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.clone().formData()
  const carried = readCarried(formData)
  const step = formData.get('_action')

  if (step === 'verify') {
    const submission = parseWithZod(formData, { schema: verifyCodeSchema })
    if (submission.status !== 'success')
      return json({ step, result: submission.reply() }, { status: 400 })
    try {
      const user = await logIn(request, context.clientIp)
      const headers = new Headers({ 'Set-Cookie': await clearPendingLogin() })
      const target = postLoginPath({
        hasPlan: Boolean(user.planId),
        ...carried,
        intent: carried.intent ?? null,
      })
      return await startWebSession(user.id, target, headers)
    } catch (error) {
      if (!(error instanceof LoginError)) throw error
      return json(
        { step, result: submission.reply({ fieldErrors: { code: [error.message] } }) },
        { status: error.status },
      )
    }
  }

  if (step === 'send' || step === 'resend') {
    const submission = parseWithZod(formData, { schema: sendCodeSchema })
    if (submission.status !== 'success')
      return json({ step, result: submission.reply() }, { status: 400 })
    const { phoneNumber } = submission.value
    const pending = await readPendingLogin(request)
    const wait = pending?.phoneNumber === phoneNumber ? resendWaitS(pending.sentAt) : 0
    if (step === 'resend' && wait > 0) {
      return json(
        {
          step,
          result: submission.reply({ fieldErrors: { code: [MESSAGES.resendTooSoon(wait)] } }),
        },
        { status: 429 },
      )
    }
    try {
      await sendLoginCode(phoneNumber, context.clientIp)
    } catch (error) {
      if (!(error instanceof LoginError)) throw error
      const field = step === 'resend' ? 'code' : 'phoneNumber'
      return json(
        { step, result: submission.reply({ fieldErrors: { [field]: [error.message] } }) },
        { status: error.status },
      )
    }
    const target = loginUrl(carried, 'code') + (step === 'resend' ? '&resent=1' : '')
    return redirect(target, {
      headers: { 'Set-Cookie': await savePendingLogin({ phoneNumber, sentAt: Date.now() }) },
    })
  }

  return json(
    { step: 'send', result: { status: 'error' as const, error: { '': ['Unknown action.'] } } },
    { status: 400 },
  )
}

/**
 * intent and next are kept in local storage (auth_intent, auth_next) so that a reload or a detour
 * keeps them; values in the URL win and are stored.
 */
function useRememberedCarried(fromUrl: Carried): Carried {
  const intentText = useLocalStorageItem(LOCAL_KEYS.authIntent) ?? ''
  const nextText = useLocalStorageItem(LOCAL_KEYS.authNext) ?? ''
  useEffect(() => {
    if (fromUrl.intent) localStorage.setItem(LOCAL_KEYS.authIntent, fromUrl.intent)
    if (fromUrl.next) localStorage.setItem(LOCAL_KEYS.authNext, fromUrl.next)
  }, [fromUrl.intent, fromUrl.next])
  if (fromUrl.intent || fromUrl.next) return fromUrl
  const intent = readIntent(intentText)
  const next = safeRedirectPath(nextText)
  return { ...fromUrl, ...(intent && { intent }), ...(next && { next }) }
}

function CarriedFields({ carried }: { carried: Carried }) {
  return (
    <>
      {Object.entries(carried).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  )
}

const inputClass =
  'block w-full rounded-lg border border-slate-300 px-4 py-3 text-lg shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid]:border-red-500'
const primaryButton =
  'w-full rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white shadow hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60'

export default function Login() {
  const { carried: carriedFromUrl, pending, justResent } = useLoaderData<typeof loader>()
  const carried = useRememberedCarried(carriedFromUrl)
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {pending ? (
          <CodeStep carried={carried} pending={pending} justResent={justResent} />
        ) : (
          <PhoneStep carried={carried} />
        )}
        <p className="mt-6 text-center text-xs leading-5 text-slate-500">
          By continuing you agree to our{' '}
          <Link to="/terms" className="hover:text-brand-700 underline">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to="/privacy-policy" className="hover:text-brand-700 underline">
            Privacy Policy
          </Link>
          . Message and data rates may apply.
        </p>
      </div>
    </div>
  )
}

function useBusy(step: 'send' | 'verify' | 'resend') {
  const navigation = useNavigation()
  return navigation.state !== 'idle' && navigation.formData?.get('_action') === step
}

function PhoneStep({ carried }: { carried: Carried }) {
  const actionData = useActionData<typeof action>()
  const busy = useBusy('send')
  const [form, fields] = useForm({
    id: 'send-code',
    lastResult: actionData?.step === 'send' ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: sendCodeSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })

  function formatWhileTyping(event: FormEvent<HTMLInputElement>) {
    const input = event.currentTarget
    // Formatting only while the caret is at the end, so editing in the middle is left alone.
    if (input.selectionStart === input.value.length) input.value = formatAsYouType(input.value)
  }

  function normalisePaste(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault()
    event.currentTarget.value = formatAsYouType(
      cleanPhoneInput(event.clipboardData.getData('text')),
    )
    form.validate({ name: fields.phoneNumber.name })
  }

  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Log in or sign up</h1>
      <p className="mt-2 text-slate-600">
        Enter your mobile number and we will text you a verification code. No password needed.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <CarriedFields carried={carried} />
        <div>
          <label
            htmlFor={fields.phoneNumber.id}
            className="mb-2 block text-sm font-medium text-slate-700"
          >
            Phone number
          </label>
          <input
            {...getInputProps(fields.phoneNumber, { type: 'tel' })}
            key={fields.phoneNumber.key}
            autoComplete="tel"
            inputMode="tel"
            placeholder="(201) 555-0123"
            className={inputClass}
            onInput={formatWhileTyping}
            onPaste={normalisePaste}
            autoFocus
          />
          <p className="mt-2 text-xs text-slate-500">
            US numbers need no +1. Outside the US, start with + and your country code.
          </p>
          <FieldError id={fields.phoneNumber.errorId} errors={fields.phoneNumber.errors} />
        </div>
        <button type="submit" name="_action" value="send" disabled={busy} className={primaryButton}>
          {busy ? 'Sending...' : 'Send Code'}
        </button>
      </Form>
    </>
  )
}

function CodeStep({
  carried,
  pending,
  justResent,
}: {
  carried: Carried
  pending: { phoneNumber: string; display: string; resendAvailableAt: number }
  justResent: boolean
}) {
  const actionData = useActionData<typeof action>()
  const verifying = useBusy('verify')
  const resending = useBusy('resend')
  const hydrated = useHydrated()
  const lastResult =
    actionData?.step === 'verify' || actionData?.step === 'resend' ? actionData.result : undefined
  const [form, fields] = useForm({
    id: 'verify-code',
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: verifyCodeSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
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
      {justResent && (
        <p role="status" className="mt-3 rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
          We sent you a new code.
        </p>
      )}
      <Form method="post" {...getFormProps(form)} ref={formRef} className="mt-6 space-y-4">
        <CarriedFields carried={carried} />
        <input type="hidden" name="phoneNumber" value={pending.phoneNumber} />
        <div>
          <label htmlFor={fields.code.id} className="mb-2 block text-sm font-medium text-slate-700">
            Verification code
          </label>
          <input
            {...getInputProps(fields.code, { type: 'text' })}
            key={fields.code.key}
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={CODE_LENGTH}
            placeholder="123456"
            className={`${inputClass} text-center font-mono tracking-[0.5em]`}
            onInput={onCodeInput}
            onPaste={() => {
              pasted.current = true
            }}
            autoFocus
          />
          <FieldError id={fields.code.errorId} errors={fields.code.errors} />
        </div>
        <button
          type="submit"
          name="_action"
          value="verify"
          disabled={verifying}
          className={primaryButton}
        >
          {verifying ? 'Verifying...' : 'Verify'}
        </button>
        <div className="flex items-center justify-between text-sm">
          <Link to={loginUrl(carried)} className="hover:text-brand-700 font-medium text-slate-600">
            Back to phone number
          </Link>
          <button
            type="submit"
            name="_action"
            value="resend"
            formNoValidate
            disabled={resending || (hydrated && waitS > 0)}
            className="text-brand-700 font-medium hover:underline disabled:cursor-not-allowed disabled:text-slate-400 disabled:no-underline"
          >
            Resend code{hydrated && waitS > 0 ? ` (${waitS}s)` : ''}
          </button>
        </div>
      </Form>
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
