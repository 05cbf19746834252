import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useRememberSignIn } from '~/components/login/parts'
import { CodeStep, PhoneStep } from '~/components/login/steps'
import { loginUrl, readCarried, RESEND_COOLDOWN_S } from '~/domain/login'
import { postLoginPath } from '~/domain/redirects'
import {
  clearPendingLogin,
  logIn,
  readPendingLogin,
  rememberDevice,
  savePendingLogin,
  sendLoginCode,
} from '~/services/login.server'
import { getUser, startWebSession } from '~/utils/session.server'
import { readNotice } from '~/utils/flash.server'
import { answerCodeStep } from '~/utils/code-step.server'
import { readFormData } from '~/utils/http.server'
import { privateMeta } from '~/utils/seo'
import { useRememberAlertIntent } from '~/hooks/use-remember-alert-intent'

export const meta: MetaFunction = () => [
  ...privateMeta('Log in or sign up'),
  { name: 'description', content: 'Log in with your phone number and the code we text you.' },
]

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
  const { notice, headers } = await readNotice(request)
  return json(
    {
      carried,
      pending: pending && {
        phoneNumber: pending.phoneNumber,
        display: pending.display,
        resendAvailableAt: pending.sentAt + RESEND_COOLDOWN_S * 1000,
      },
      notice,
    },
    { headers },
  )
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request.clone())
  const carried = readCarried(formData)
  return answerCodeStep(formData, {
    verify: async () => {
      const user = await logIn(request, context.clientIp)
      const headers = new Headers({ 'Set-Cookie': await clearPendingLogin() })
      headers.append('Set-Cookie', await rememberDevice(request, user.phoneNumber))
      const target = postLoginPath({
        hasPlan: Boolean(user.planId),
        ...carried,
        intent: carried.intent ?? null,
      })
      return await startWebSession(user.id, target, headers)
    },
    pending: () => readPendingLogin(request),
    send: (phoneNumber) => sendLoginCode(request, phoneNumber, context.clientIp),
    pendingCookie: savePendingLogin,
    codeStep: loginUrl(carried, 'code'),
  })
}

export default function Login() {
  const { carried, pending, notice } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  useRememberSignIn(carried)
  useRememberAlertIntent()
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {pending ? (
          <CodeStep
            carried={carried}
            pending={pending}
            notice={notice}
            lastResult={actionData?.step !== 'send' ? actionData?.result : undefined}
          />
        ) : (
          <PhoneStep
            carried={carried}
            notice={notice}
            lastResult={actionData?.step === 'send' ? actionData.result : undefined}
          />
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
