import Stripe from 'stripe'
import { ACCOUNT_DELETION_MESSAGES } from '~/domain/account-deletion'
import { AppError } from '~/domain/app-error'
import { accountToDelete, deleteAccount } from '~/models/account.server'
import { stripe } from '~/services/stripe.server'
import { getDb } from '~/utils/db.server'
import { getLogger } from '~/utils/logger.server'

/**
 * Deletes an account (decision 0027): Stripe first, so that nobody is billed for an account that
 * is gone, then every row of the account in one transaction. When Stripe cannot end a
 * subscription, nothing is deleted and the AppError says so. `draftIds` are this browser's
 * sign-in drafts. Answers the audit row, or undefined when the account was already deleted.
 */
export async function deleteAccountEverywhere(userId: string, draftIds: readonly string[] = []) {
  const db = getDb()
  const account = await accountToDelete(db, userId)
  if (!account) return undefined
  if (account.authoredCatalogue)
    throw new AppError(409, 'CONFLICT', ACCOUNT_DELETION_MESSAGES.catalogueAuthor)
  for (const subscriptionId of account.liveSubscriptions) await endAtStripe(subscriptionId)
  const audit = await deleteAccount(db, userId, {
    subscriptionCancelled: account.liveSubscriptions.length > 0,
    draftIds,
  })
  if (audit) getLogger().info({ deletedAccount: audit.id }, 'account deleted')
  return audit
}

/**
 * Ends a subscription now, without credit for the rest of the month (the terms give none), as
 * endSubscriptionNow does. Called here directly because a subscription Stripe does not know (or
 * has already ended) is one nobody can be billed for: deletion goes on, where any other refusal
 * or an unreachable Stripe stops it.
 */
async function endAtStripe(subscriptionId: string) {
  try {
    await stripe().subscriptions.cancel(subscriptionId, { prorate: false })
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeInvalidRequestError &&
      error.code === 'resource_missing'
    )
      return getLogger().warn(
        { subscriptionId },
        'account deletion: Stripe has no such subscription',
      )
    getLogger().error({ err: error, subscriptionId }, 'account deletion: Stripe did not cancel')
    if (error instanceof Stripe.errors.StripeConnectionError)
      throw new AppError(503, 'UNAVAILABLE', ACCOUNT_DELETION_MESSAGES.stripeFailed)
    throw new AppError(502, 'UPSTREAM_FAILED', ACCOUNT_DELETION_MESSAGES.stripeFailed)
  }
}
