/*
 * Who is reminded that their access ends: a free trial, or a paid plan that was cancelled and
 * runs to the end of its period. One text, two days before.
 */
import { grantsPlan } from './billing'
import { trialEndsAt } from './plans'

/** How long before the end the reminder goes out: the worker's hourly look finds it then. */
export const REMINDER_LEAD_MS = 48 * 60 * 60 * 1000

export type PlanEndKind = 'trial' | 'plan'

/** What decides whether, and when, an account's access ends. */
export interface PlanEndAccount {
  /** The user's plan is the free one (its trial ends), or a paid one. */
  planFree: boolean
  trialStartUtc: Date | null
  /** The subscription granting a paid plan, if any. */
  subscription: {
    status: string
    cancelAtPeriodEnd: boolean
    currentPeriodEnd: Date | null
  } | null
}

export interface PlanEnd {
  kind: PlanEndKind
  endsAt: Date
}

/**
 * When the account's access ends if nobody does anything: the trial's last moment on the free
 * plan, the period's end of a paid plan set to cancel. A paid plan that renews, or was resumed
 * (cancel_at_period_end back to false), has no end.
 */
export function planEnd(account: PlanEndAccount): PlanEnd | null {
  if (account.planFree)
    return account.trialStartUtc
      ? { kind: 'trial', endsAt: trialEndsAt(account.trialStartUtc) }
      : null
  const subscription = account.subscription
  if (
    subscription?.cancelAtPeriodEnd &&
    subscription.currentPeriodEnd &&
    grantsPlan(subscription.status)
  )
    return { kind: 'plan', endsAt: subscription.currentPeriodEnd }
  return null
}

/** The end an account is to be reminded of at `now`: one within the next 48 hours, not yet past. */
export function dueReminder(account: PlanEndAccount, now: Date): PlanEnd | null {
  const end = planEnd(account)
  if (!end) return null
  const left = end.endsAt.getTime() - now.getTime()
  return left > 0 && left <= REMINDER_LEAD_MS ? end : null
}
