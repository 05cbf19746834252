/** The plans of the specification (accounts §9). The seed writes them; pages fall back on them. */
export interface PlanDefinition {
  id: string
  name: string
  tagline: string
  /** Monthly price in cents; 0 for the free plan. */
  priceCents: number
  /** Most alerts that may run at once. */
  alertLimit: number
  /** How often each running alert is checked. */
  intervalMinutes: number
  /** Most clients an account may keep (issue 31, decision 0035); 0: none. */
  clientLimit: number
  free: boolean
  legacy: boolean
  order: number
}

export const PLANS: readonly PlanDefinition[] = [
  {
    id: 'pixie-dust',
    name: 'Pixie Dust',
    tagline: 'Try one alert free for 7 days, no card needed.',
    priceCents: 0,
    alertLimit: 1,
    intervalMinutes: 1440,
    clientLimit: 0,
    free: true,
    legacy: false,
    order: 1,
  },
  {
    id: 'magic-hour',
    name: 'Magic Hour',
    tagline: 'Hourly checks for a family trip with a few must-haves.',
    priceCents: 700,
    alertLimit: 5,
    intervalMinutes: 60,
    clientLimit: 0,
    free: false,
    legacy: false,
    order: 2,
  },
  {
    id: 'lightning-lane',
    name: 'Lightning Lane',
    tagline: 'Checks every 5 minutes, fast enough to beat the crowd to a cancellation.',
    priceCents: 1500,
    alertLimit: 15,
    intervalMinutes: 5,
    clientLimit: 0,
    free: false,
    legacy: false,
    order: 3,
  },
  {
    id: 'the-club',
    name: 'The Club',
    tagline: 'Our fastest checks and room for every client, built for travel agents.',
    priceCents: 4000,
    alertLimit: 40,
    intervalMinutes: 2,
    clientLimit: 40,
    free: false,
    legacy: false,
    order: 4,
  },
]

export const TRIAL_DAYS = 7
const DAY_MS = 24 * 60 * 60 * 1000

/** "$7 per month", or "Free" for a plan that costs nothing. */
export function priceText(priceCents: number): string {
  if (priceCents === 0) return 'Free'
  const dollars = priceCents % 100 === 0 ? String(priceCents / 100) : (priceCents / 100).toFixed(2)
  return `$${dollars} per month`
}

/** The frequency text of pricing and settings (accounts §5). */
export function frequencyText(intervalMinutes: number | null | undefined): string {
  if (!intervalMinutes || intervalMinutes <= 0) return 'at variable intervals'
  if (intervalMinutes < 60) return `every ${intervalMinutes} minutes`
  if (intervalMinutes < 1440) {
    const hours = Number((intervalMinutes / 60).toFixed(1))
    return hours === 1 ? 'every hour' : `every ${hours} hours`
  }
  return 'once/day'
}

export function trialEndsAt(trialStart: Date): Date {
  return new Date(trialStart.getTime() + TRIAL_DAYS * DAY_MS)
}

/** A free plan's trial has ended once seven days have passed since it started. */
export function isTrialOver(plan: { free: boolean }, trialStart: Date | null, now: Date): boolean {
  if (!plan.free) return false
  if (!trialStart) return true
  return now.getTime() >= trialEndsAt(trialStart).getTime()
}

/** Plans the Best for Agents badge looks for first (accounts §2). */
const AGENT_PLAN_IDS = ['agency', 'pro', 'the-club', 'enterprise']
export const MOST_POPULAR_PLAN_ID = 'lightning-lane'

/**
 * The one badge of the pricing grid: Most Popular on Lightning Lane, or with intent=pro,
 * Best for Agents on the agents' plan (or else the last plan).
 */
export function pricingBadge(
  planIds: readonly string[],
  intentPro: boolean,
): { planId: string; label: 'Most Popular' | 'Best for Agents' } | null {
  if (intentPro) {
    const planId = planIds.find((id) => AGENT_PLAN_IDS.includes(id)) ?? planIds.at(-1)
    return planId ? { planId, label: 'Best for Agents' } : null
  }
  return planIds.includes(MOST_POPULAR_PLAN_ID)
    ? { planId: MOST_POPULAR_PLAN_ID, label: 'Most Popular' }
    : null
}

/** "You are on the Magic Hour plan.", but "You are on The Club plan.": a name with its own article. */
export function currentPlanText(planName: string): string {
  return `You are on ${/^the /i.test(planName) ? '' : 'the '}${planName} plan.`
}
