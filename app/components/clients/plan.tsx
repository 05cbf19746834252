import { Link } from '@remix-run/react'
import { CLIENT_MESSAGES } from '~/domain/client'
import { clientCountText } from '~/domain/client-settings'

/** How many clients the account keeps of its plan's limit, and what to do at the limit. */
export function ClientPlanLine({ count, limit }: { count: number; limit: number }) {
  return (
    <p className="mt-2 text-slate-700">
      <strong>{clientCountText(count, limit)}</strong> on your plan.
      {count >= limit && ` ${CLIENT_MESSAGES.tooMany(limit)}`}
    </p>
  )
}

/** A plan on offer that keeps clients: "The Club", 40. */
export interface AgentPlan {
  name: string
  clients: number
}

/** For a plan that keeps no clients: the plans that do, and where to get them. No form. */
export function NoClientsPlan({
  agentPlans,
  hasClients,
}: {
  agentPlans: readonly AgentPlan[]
  hasClients: boolean
}) {
  const keepers = agentPlans.map((plan) => `${plan.name} keeps up to ${plan.clients}`)
  return (
    <div className="border-brand-200 bg-brand-50 text-brand-900 mt-4 rounded-lg border p-4">
      <p>
        Your plan keeps no clients.
        {keepers.length > 0 &&
          ` For travel agents, ${keepers.join(' and ')}: give each alert a client, and its texts go to you, to your client once they agree, or to both.`}
        {hasClients && ' The clients below stay, but you cannot add more on this plan.'}
      </p>
      <Link to="/pricing?intent=pro" className="mt-2 inline-block font-semibold underline">
        Plans for travel agents
      </Link>
    </div>
  )
}
