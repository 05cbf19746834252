import type { SubmissionResult } from '@conform-to/react'
import { AppError, PUBLIC_CODES } from '~/domain/app-error'
import { json } from '@remix-run/node'

/**
 * Runs a JSON API call; an AppError becomes its JSON error (accounts §8): the status, the
 * message, the code where it is public, and the alert it points at. Anything else is not ours
 * to word.
 */
export async function answerApiCall(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run()
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    const code = PUBLIC_CODES.has(error.code) ? error.code : undefined
    return json(
      {
        message: error.message,
        ...(code && { code }),
        ...(error.alertId && { alertId: error.alertId }),
      },
      { status: error.status },
    )
  }
}

/** What a Conform submission's reply takes. */
interface Replier {
  reply(options: {
    formErrors?: string[]
    fieldErrors?: Record<string, string[]>
  }): SubmissionResult<string[]>
}

/**
 * The Conform reply of a page form to an AppError: beside `field` (the error's own unless the
 * page says where it shows), or above the submit button when there is none.
 */
export function replyWithError(
  submission: Replier,
  error: AppError,
  field: string | null | undefined = error.field,
): SubmissionResult<string[]> {
  return submission.reply(
    field ? { fieldErrors: { [field]: [error.message] } } : { formErrors: [error.message] },
  )
}
