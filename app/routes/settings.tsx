import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import type { User } from '../../db/schema.ts'
import { Link, useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { toPlanCard } from '~/components/plan-card'
import {
  NotificationSection,
  PrivacySection,
  ProfileSection,
} from '~/components/settings/account-sections'
import { SettingsConfirmPage, SubscriptionSection } from '~/components/settings/subscription'
import { ClientsSection } from '~/components/clients/settings-section'
import {
  BILLING_MESSAGES,
  billingDate,
  confirmationFor,
  downgradeText,
  paymentFixUrl,
  planButtonLabel,
  planChange,
  settingsIntentSchema,
} from '~/domain/billing'
import { parseQuietHoursForm, QUIET_HOURS_MESSAGES } from '~/domain/account-settings'
import { deliveryProblem, TEXT_STATUS_LABEL } from '~/domain/delivery'
import { formatPhoneNumber } from '~/domain/phone'
import { PROFILE_MESSAGES } from '~/domain/profile'
import { clockOf, describeQuietHours } from '~/domain/quiet-hours'
import { parseTestTextForm, TEST_TEXT_MESSAGES } from '~/domain/test-text'
import { revokeAllSessions } from '~/models/session.server'
import { getEnv } from '~/env.server'
import { listClients } from '~/models/client.server'
import { latestTestText, optedOutAt } from '~/models/outbox.server'
import { saveAccountSettings } from '~/models/quiet-hours.server'
import { findPlan, plansOnOffer } from '~/models/plan.server'
import { currentSubscription } from '~/models/subscription.server'
import { AppError } from '~/domain/app-error'
import { settingsBilling } from '~/services/billing-portal.server'
import { cancelSubscription, changePlan } from '~/services/checkout.server'
import { sendTestText } from '~/services/test-text.server'
import { getDb } from '~/utils/db.server'
import { endWebSession, requireUser } from '~/utils/session.server'
import { OutcomeNotice } from '~/components/ui/outcome-notice'
import { readNotice, redirectWithNotice, type FlashNotice } from '~/utils/flash.server'
import { readFormData } from '~/utils/http.server'
import { privateMeta } from '~/utils/seo'

export const meta: MetaFunction = () => privateMeta('Settings')

const NOTICE_TIMEOUT_MS = 5000

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const db = getDb()
  const url = new URL(request.url)
  const [offer, current, subscription, { notice, headers }, textsOffAt, testText, clients] =
    await Promise.all([
      plansOnOffer(db),
      user.planId ? findPlan(db, user.planId) : undefined,
      currentSubscription(db, user),
      readNotice(request),
      optedOutAt(db, user.phoneNumber),
      latestTestText(db, user.id),
      listClients(db, user.id),
    ])
  const clientLimit = current?.clientLimit ?? 0
  // A legacy plan is off the list, except for the users still on it.
  const plans = current?.legacy ? [...offer.plans, current] : offer.plans
  const periodEnd = subscription?.currentPeriodEnd
    ? billingDate(new Date(subscription.currentPeriodEnd))
    : null

  return json(
    {
      phone: formatPhoneNumber(user.phoneNumber),
      textsOff: textsOffAt && {
        since: billingDate(textsOffAt),
        ourNumber: formatPhoneNumber(getEnv().twilio.fromNumber),
      },
      // The last test text's delivery, as the dashboard says an alert text's.
      lastTestText: testText
        ? {
            to: formatPhoneNumber(testText.toNumber),
            on: billingDate(new Date(testText.createdAt)),
            status: TEXT_STATUS_LABEL[testText.status],
            final: !['pending', 'sending', 'queued', 'sent'].includes(testText.status),
            problem: deliveryProblem(testText.errorCode),
          }
        : null,
      name: user.name,
      email: user.email,
      // Shown to a plan that keeps clients, and to an account that still has some.
      clients:
        clientLimit > 0 || clients.length > 0
          ? { count: clients.length, limit: clientLimit }
          : null,
      quiet: {
        timeZone: user.timeZone,
        quietStart: clockOf(user.quietStart),
        quietEnd: clockOf(user.quietEnd),
        described: describeQuietHours(user),
      },
      currentPlanId: current?.id ?? null,
      currentPlanName: current?.name ?? null,
      cards: plans.map((plan) => ({
        plan: toPlanCard(plan),
        label: planButtonLabel(current ?? null, plan),
        legacy: plan.legacy,
        confirmation: downgradeText(current ?? null, plan),
      })),
      plansFailed: offer.failed,
      periodEnd,
      endsAt: subscription?.cancelAtPeriodEnd ? periodEnd : null,
      paymentFixUrl: paymentFixUrl(subscription, ''),
      billing: await settingsBilling(user),
      notice,
      confirm: confirmationFor(url.searchParams.get('confirm'), current ?? null, plans),
    },
    { headers },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const formData = await readFormData(request)
  if (formData.get('intent') === 'test-text') return testTextAction(user, formData)
  if (formData.get('intent') === 'quiet-hours' || formData.get('intent') === 'quiet-hours-off')
    return quietHoursAction(user, formData)
  if (formData.get('intent') === 'sign-out-everywhere') {
    // Every session of the account, this browser's included: API tokens stop working too.
    await revokeAllSessions(getDb(), user.id)
    const signedOut = await endWebSession(request, '/login')
    return redirectWithNotice(
      '/login',
      { tone: 'success', message: PROFILE_MESSAGES.signedOutEverywhere },
      signedOut.headers,
    )
  }
  const posted = settingsIntentSchema.safeParse(Object.fromEntries(formData))
  if (!posted.success) return json({ error: BILLING_MESSAGES.invalidPlan }, { status: 400 })
  const { confirmed } = posted.data
  try {
    if (posted.data.intent === 'cancel') {
      // Without JavaScript the confirmation is a page of its own.
      if (!confirmed) throw redirect('/settings?confirm=cancel')
      await cancelSubscription(user)
      return redirectWithNotice('/settings', {
        tone: 'success',
        message: BILLING_MESSAGES.cancelled,
      })
    }
    const db = getDb()
    const [target, current] = await Promise.all([
      findPlan(db, posted.data.planId),
      user.planId ? findPlan(db, user.planId) : undefined,
    ])
    if (target && current && planChange(current, target) === 'downgrade' && !confirmed)
      throw redirect(`/settings?confirm=${encodeURIComponent(target.id)}`)
    const result = await changePlan(user, target)
    if (result.kind === 'checkout') return redirect(result.url)
    return redirectWithNotice('/settings', {
      tone: 'success',
      message: result.downgraded ? BILLING_MESSAGES.downgraded : BILLING_MESSAGES.updated,
    })
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    return json({ error: error.message }, { status: error.status })
  }
}

/**
 * "Send me a test text", a plain form: back to the Notification Settings with the number it went
 * to, or the refusal (texts are off, the hourly limit) beside the button, with its status.
 */
async function testTextAction(user: User, formData: FormData) {
  const submission = parseTestTextForm(formData)
  if (submission.status !== 'success')
    return json({ testTextError: TEST_TEXT_MESSAGES.invalid }, { status: 400 })
  const result = await sendTestText(user)
  if (!result.ok)
    return json(
      { testTextError: result.message },
      {
        status: result.status,
        headers: result.retryAfterS ? { 'Retry-After': String(result.retryAfterS) } : undefined,
      },
    )
  return redirectWithNotice('/settings#notifications', {
    tone: 'success',
    message: result.message,
    section: 'notifications',
  })
}

/** Quiet hours, a plain form: back to Settings saying what they are now, or refused beside the fields. */
async function quietHoursAction(user: User, formData: FormData) {
  const submission = parseQuietHoursForm(formData)
  if (submission.status !== 'success')
    return json({ quietHours: submission.reply() }, { status: 400 })
  const saved = await saveAccountSettings(getDb(), user.id, submission.value)
  return redirectWithNotice('/settings#quiet-hours', {
    tone: 'success',
    message: QUIET_HOURS_MESSAGES.saved(saved),
    section: 'quiet-hours',
  })
}

export default function Settings() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  if (data.confirm) return <SettingsConfirmPage periodEnd={data.periodEnd} confirm={data.confirm} />
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <Link to="/dashboard" className="text-brand-700 text-sm font-semibold hover:underline">
        ← Back to Dashboard
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Settings</h1>
      <StatusMessage notice={data.notice} />
      <div className="mt-8 space-y-8">
        <SubscriptionSection data={data} />
        <ProfileSection phone={data.phone} name={data.name} email={data.email} />
        <NotificationSection
          phone={data.phone}
          textsOff={data.textsOff}
          lastTestText={data.lastTestText}
          notice={
            data.notice?.section === 'notifications' || data.notice?.section === 'quiet-hours'
              ? data.notice
              : null
          }
          testTextError={
            actionData && 'testTextError' in actionData ? actionData.testTextError : null
          }
          quiet={data.quiet}
          quietHoursResult={
            actionData && 'quietHours' in actionData ? actionData.quietHours : undefined
          }
        />
        {data.clients && <ClientsSection {...data.clients} />}
        <PrivacySection />
      </div>
    </div>
  )
}

/**
 * The outcome of the last change: this action's error, or the notice its redirect left. Each
 * goes after five seconds.
 */
function StatusMessage({ notice: flashed }: { notice: FlashNotice | null }) {
  const actionData = useActionData<typeof action>()
  const error = actionData && 'error' in actionData ? actionData.error : null
  const { key } = useLocation()
  // A notice about one section's form is shown beside that form instead.
  const notice = flashed?.section ? null : flashed
  const shown = error ? actionData : notice && key
  const [expired, setExpired] = useState<unknown>(null)

  useEffect(() => {
    if (!shown) return
    const timer = setTimeout(() => setExpired(shown), NOTICE_TIMEOUT_MS)
    return () => clearTimeout(timer)
  }, [shown])

  if (!shown || expired === shown) return null
  return <OutcomeNotice error={error} notice={notice} className="mt-4" />
}
