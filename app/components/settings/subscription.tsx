import { Form, useNavigation, useSearchParams, useSubmit } from '@remix-run/react'
import { useState } from 'react'
import { ConfirmDialog } from '~/components/modal'
import { PaymentIssue } from '~/components/payment-issue'
import { PlanCard, type PlanCardData } from '~/components/plan-card'
import { ConfirmPage } from '~/components/ui/confirm-page'
import {
  BILLING_MESSAGES,
  billingDate,
  cancelConfirmation,
  moneyText,
  renewalText,
} from '~/domain/billing'
import { currentPlanText, MOST_POPULAR_PLAN_ID } from '~/domain/plans'
import { Card } from '~/components/ui/card'
import { primaryButton, quietButton } from './styles'
import { Notice } from '~/components/ui/notice'
import type { settingsBilling } from '~/services/billing-portal.server'

export interface SubscriptionData {
  currentPlanId: string | null
  currentPlanName: string | null
  cards: { plan: PlanCardData; label: string; legacy: boolean; confirmation: string | null }[]
  plansFailed: boolean
  periodEnd: string | null
  endsAt: string | null
  paymentFixUrl: string | null
  billing: Awaited<ReturnType<typeof settingsBilling>>
}

export type Confirmation =
  { kind: 'cancel'; planId: string } | { kind: 'downgrade'; planId: string; text: string }

/** The plans, the current one marked, with changes and cancellation confirmed in a dialog. */
export function SubscriptionSection({ data }: { data: SubscriptionData }) {
  const navigation = useNavigation()
  const submit = useSubmit()
  const [asking, setAsking] = useState<{ planId: string; text: string } | 'cancel' | null>(null)
  const pending = navigation.state !== 'idle' ? navigation.formData : undefined
  const busyPlan = pending?.get('intent') === 'change' ? pending.get('planId') : null
  const cancelling = pending?.get('intent') === 'cancel'
  const [searchParams] = useSearchParams()
  const renewal = renewalText(data.billing)

  const post = (fields: Record<string, string>) => {
    setAsking(null)
    submit({ ...fields, confirmed: '1' }, { method: 'post' })
  }

  return (
    <Card id="subscription" title="Subscription Plan" size="xl">
      <p className="mt-1 text-slate-600">
        {data.currentPlanName
          ? currentPlanText(data.currentPlanName)
          : 'You have no plan yet. Choose one to start your alerts.'}
      </p>
      {renewal && <p className="mt-1 font-semibold text-slate-800">{renewal}</p>}
      {data.billing.testMode && searchParams.get('portal') === 'test' && (
        <Notice tone="info" className="mt-4">
          Stripe&apos;s Customer Portal (test mode): in production, Manage billing opens
          Stripe&apos;s own page, where you update your card and see your invoices and receipts, and
          it brings you back here. Stripe is not connected here, so you are back in Settings.
        </Notice>
      )}
      {data.paymentFixUrl !== null && <PaymentIssue fixUrl={data.paymentFixUrl} className="mt-4" />}
      {data.endsAt && data.currentPlanId && (
        <div className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-amber-900">
          <p>
            Your subscription is cancelled. Your alerts keep working until {data.endsAt}, then they
            pause. Keeping your plan, or choosing another paid plan, continues it.
          </p>
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="change" />
            <input type="hidden" name="planId" value={data.currentPlanId} />
            <button type="submit" className="font-semibold underline">
              Keep My Plan
            </button>
          </Form>
        </div>
      )}
      {data.plansFailed && (
        <Notice tone="error" className="mt-4">
          {BILLING_MESSAGES.plansFailed}
        </Notice>
      )}
      <ul className="mt-6 grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
        {data.cards.map(({ plan, label, legacy, confirmation }) => {
          const current = plan.id === data.currentPlanId
          return (
            <li key={plan.id} className="flex">
              <PlanCard
                plan={plan}
                badge={plan.id === MOST_POPULAR_PLAN_ID ? 'Most Popular' : undefined}
                tags={[...(current ? ['CURRENT'] : []), ...(legacy ? ['LEGACY'] : [])]}
                action={
                  <Form
                    method="post"
                    onSubmit={(event) => {
                      if (!confirmation) return
                      event.preventDefault()
                      setAsking({ planId: plan.id, text: confirmation })
                    }}
                  >
                    <input type="hidden" name="intent" value="change" />
                    <input type="hidden" name="planId" value={plan.id} />
                    <button
                      type="submit"
                      disabled={current || Boolean(pending)}
                      aria-label={`${label}: ${plan.name}`}
                      className={current ? quietButton : primaryButton}
                    >
                      {busyPlan === plan.id ? 'Processing...' : label}
                    </button>
                  </Form>
                }
              />
            </li>
          )
        })}
      </ul>
      {data.currentPlanId && !data.endsAt && (
        <Form
          method="post"
          className="mt-6"
          onSubmit={(event) => {
            event.preventDefault()
            setAsking('cancel')
          }}
        >
          <input type="hidden" name="intent" value="cancel" />
          <button
            type="submit"
            disabled={Boolean(pending)}
            className="rounded-lg border border-red-300 px-4 py-2.5 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
          >
            {cancelling ? 'Processing...' : 'Cancel Subscription'}
          </button>
        </Form>
      )}
      {data.billing.manageable && <Billing billing={data.billing} />}
      <ConfirmDialog
        open={asking !== null && asking !== 'cancel'}
        title="Downgrade plan"
        message={asking && asking !== 'cancel' ? asking.text : ''}
        confirmText="Downgrade"
        destructive
        onConfirm={() =>
          asking && asking !== 'cancel' && post({ intent: 'change', planId: asking.planId })
        }
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'cancel'}
        title="Cancel Subscription"
        message={cancelConfirmation(data.periodEnd)}
        confirmText="Cancel Subscription"
        cancelText="Keep My Plan"
        destructive
        onConfirm={() => post({ intent: 'cancel' })}
        onCancel={() => setAsking(null)}
      />
    </Card>
  )
}

/**
 * "Manage billing" (Stripe's Customer Portal: card, invoices, receipts) and the paid invoices.
 * The form reloads the document: its answer is a redirect to Stripe, not a page of ours.
 */
function Billing({ billing }: { billing: SubscriptionData['billing'] }) {
  return (
    <div className="mt-8 border-t border-slate-200 pt-6">
      <h3 className="text-lg font-semibold text-slate-900">Billing</h3>
      <p className="mt-1 text-slate-600">
        Update your card, and see your invoices and receipts, on Stripe&apos;s secure page.
      </p>
      <Form method="post" action="/settings/billing" reloadDocument className="mt-3">
        <button
          type="submit"
          className="rounded-lg border border-slate-300 px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Manage billing
        </button>
      </Form>
      <h3 className="mt-6 text-lg font-semibold text-slate-900">Receipts</h3>
      {billing.receiptsError ? (
        <Notice tone="warning" className="mt-2">
          {billing.receiptsError}
        </Notice>
      ) : billing.receipts.length === 0 ? (
        <p className="mt-1 text-slate-600">No receipts yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200">
          {billing.receipts.map((receipt) => {
            const paid = billingDate(new Date(receipt.paidAt))
            return (
              <li key={receipt.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
                <span className="text-slate-800">{paid}</span>
                <span className="font-semibold text-slate-900">
                  {moneyText(receipt.amountCents, receipt.currency)}
                </span>
                {receipt.url && (
                  <a
                    href={receipt.url}
                    rel="noreferrer"
                    aria-label={`Receipt of ${paid}`}
                    className="text-brand-700 font-semibold hover:underline"
                  >
                    Receipt
                  </a>
                )}
                {receipt.pdfUrl && (
                  <a
                    href={receipt.pdfUrl}
                    rel="noreferrer"
                    aria-label={`PDF of the receipt of ${paid}`}
                    className="text-brand-700 hover:underline"
                  >
                    PDF
                  </a>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}

/** The confirmation of a downgrade or a cancellation as a page, for browsers without JavaScript. */
export function SettingsConfirmPage({
  periodEnd,
  confirm,
}: {
  periodEnd: string | null
  confirm: Confirmation
}) {
  const downgrade = confirm.kind === 'downgrade'
  return (
    <ConfirmPage
      title={downgrade ? 'Downgrade plan' : 'Cancel Subscription'}
      message={downgrade ? confirm.text : cancelConfirmation(periodEnd)}
      fields={{
        intent: downgrade ? 'change' : 'cancel',
        planId: confirm.planId,
        confirmed: '1',
      }}
      confirmText={downgrade ? 'Downgrade' : 'Cancel Subscription'}
      cancelText={downgrade ? 'Cancel' : 'Keep My Plan'}
      cancelTo="/settings"
    />
  )
}
