/*
 * A person's data, downloaded or deleted (decision 0027): the confirmation that the Settings form
 * (in the browser and in its action) and DELETE /api/account both check, the words the person
 * reads, and the download's name.
 */
import { parseWithZod } from '@conform-to/zod/v4'
import * as z from 'zod/mini'

/** The word typed to confirm: the same in every language of phone number, and hard to mistype. */
export const CONFIRM_WORD = 'DELETE'

export const ACCOUNT_DELETION_MESSAGES = {
  confirm: `Type ${CONFIRM_WORD} in capital letters to confirm.`,
  onlyConfirm: 'Only confirm can be sent.',
  stripeFailed:
    'We could not cancel your subscription with Stripe, our payment processor, so nothing has been deleted. Please try again in a few minutes.',
  catalogueAuthor:
    'This admin account has changed the hotel catalogue, whose history keeps who made each change, so it cannot be deleted here. Please ask another admin.',
  deleted: 'Your account and its data have been deleted. Any subscription has been cancelled.',
} as const

/**
 * `{confirm: "DELETE"}`, and nothing else: strict, no coercion. Spaces around the word are
 * forgiven, since phone keyboards add one after a word.
 */
export const deleteAccountSchema = z.strictObject(
  {
    confirm: z.pipe(
      z.string({ error: ACCOUNT_DELETION_MESSAGES.confirm }).check(z.trim()),
      z.literal(CONFIRM_WORD, { error: ACCOUNT_DELETION_MESSAGES.confirm }),
    ),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? ACCOUNT_DELETION_MESSAGES.onlyConfirm : undefined,
  },
)

export const parseDeleteAccount = (formData: FormData) =>
  parseWithZod(formData, { schema: deleteAccountSchema })

/** Subscription statuses Stripe has ended for good: nothing is left to cancel. */
export const ENDED_AT_STRIPE = ['canceled', 'incomplete_expired']

/** The name of the download: `disney-alerts-data-YYYY-MM-DD.json`, the day in UTC. */
export function exportFileName(now: Date): string {
  return `disney-alerts-data-${now.toISOString().slice(0, 10)}.json`
}
