import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Card } from '~/components/ui/card'
import { frequencyText, priceText } from '~/domain/plans'

export interface PlanCardData {
  id: string
  name: string
  tagline: string
  price: string
  frequency: string
  limit: number
  /** Clients the account may keep (issue 31); 0: none, not said. */
  clients: number
  free: boolean
}

/** A plan row (from the database or the fallback list) as a card shows it. */
export function toPlanCard(plan: {
  id: string
  name: string
  tagline: string
  priceCents: number
  intervalMinutes: number
  alertLimit: number
  clientLimit: number
  free: boolean
}): PlanCardData {
  return {
    id: plan.id,
    name: plan.name,
    tagline: plan.tagline,
    price: priceText(plan.priceCents),
    frequency: frequencyText(plan.intervalMinutes),
    limit: plan.alertLimit,
    clients: plan.clientLimit,
    free: plan.free,
  }
}

/**
 * One plan with every field the pricing and settings pages show. Its button is a link to `to`
 * (pricing), or the `action` given (settings); `tags` are extra badges such as CURRENT.
 */
export function PlanCard({
  plan,
  badge,
  to = '',
  action,
  tags = [],
  compact = false,
}: {
  plan: PlanCardData
  badge?: string
  to?: string
  action?: ReactNode
  tags?: string[]
  compact?: boolean
}) {
  const button = action ?? (
    <Link
      to={to}
      data-cta={`plan-${plan.id}`}
      aria-label={`${plan.free ? 'Start Free' : 'Get Started'} with ${plan.name}`}
      className={`inline-block rounded-lg px-5 py-3 text-center font-semibold shadow-sm ${
        badge
          ? 'bg-brand-600 hover:bg-brand-700 text-white'
          : 'border-brand-600 text-brand-700 hover:bg-brand-50 border'
      }`}
    >
      {plan.free ? 'Start Free' : 'Get Started'}
    </Link>
  )
  const badgeTag = badge && (
    <span className="bg-brand-600 rounded-full px-3 py-1 text-xs font-semibold tracking-wide text-white uppercase">
      {badge}
    </span>
  )
  const tagList = tags.map((tag) => (
    <span
      key={tag}
      className="rounded-full bg-slate-800 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-white"
    >
      {tag}
    </span>
  ))

  // "$7 per month" reads as a large amount and a small period.
  const [, amount = plan.price, period] = plan.price.match(/^(\S+) (per month)$/) ?? []

  if (compact) {
    return (
      <article
        className={`flex flex-col gap-4 rounded-xl border bg-white p-5 sm:flex-row sm:items-center sm:justify-between ${
          badge ? 'border-brand-500 ring-brand-200 ring-2' : 'border-slate-200'
        }`}
      >
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-semibold text-slate-900">{plan.name}</h2>
            {badgeTag}
            {tagList}
          </div>
          <p className="mt-1 text-sm text-slate-600">
            {plan.price} · checks {plan.frequency} · up to {plan.limit} active alert
            {plan.limit === 1 ? '' : 's'}
            {plan.clients > 0 && ` · alerts for up to ${plan.clients} clients`} · SMS notifications
          </p>
        </div>
        {button}
      </article>
    )
  }

  return (
    <article
      className={`relative flex w-full flex-col rounded-2xl border bg-white p-6 shadow-sm ${
        badge ? 'border-brand-500 ring-brand-200 ring-2' : 'border-slate-200'
      }`}
    >
      {badgeTag && <div className="absolute -top-3 left-6">{badgeTag}</div>}
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-xl font-semibold text-slate-900">{plan.name}</h2>
        {tagList}
      </div>
      <p className="mt-2 min-h-12 text-sm text-slate-600">{plan.tagline}</p>
      <p className="mt-4 text-slate-900">
        <span className="text-3xl font-bold">{amount}</span>
        {period && <span className="text-base text-slate-600"> {period}</span>}
      </p>
      {plan.free && <p className="text-sm text-slate-500">7-day free trial, no credit card</p>}
      <ul className="mt-6 flex-1 space-y-2 text-sm text-slate-700">
        <li>✓ Checks {plan.frequency}</li>
        <li>
          ✓ Up to {plan.limit} active alert{plan.limit === 1 ? '' : 's'}
        </li>
        {plan.clients > 0 && <li>✓ Alerts for up to {plan.clients} clients</li>}
        <li>✓ SMS notifications</li>
      </ul>
      <div className="mt-6">{button}</div>
    </article>
  )
}

/** What the plans that keep clients do for a travel agent, in words (issue 31). */
export function AgentPlans({ plans }: { plans: readonly PlanCardData[] }) {
  const forAgents = plans.filter((plan) => plan.clients > 0)
  if (forAgents.length === 0) return null
  const names = forAgents.map((plan) => `${plan.name} (up to ${plan.clients} clients)`)
  return (
    <Card
      id="for-agents"
      title="For travel agents"
      tone="muted"
      size="xl"
      className="mx-auto mt-12 max-w-3xl"
    >
      <p className="mt-2 text-slate-700">
        {names.join(' and ')} {forAgents.length === 1 ? 'keeps' : 'keep'} your clients: give each
        alert a client, and its texts go to you, to your client once they reply YES to our text, or
        to both. Each client has a report of what was watched and found, to print or download as
        CSV. The other plans are for planning your own trip and keep no clients.
      </p>
    </Card>
  )
}
