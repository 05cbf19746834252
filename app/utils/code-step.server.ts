import { json, redirect } from '@remix-run/node'
import { AppError } from '~/domain/app-error'
import { MESSAGES, resendWaitS } from '~/domain/login'
import { parseSendCode, parseVerifyCode } from '~/domain/login.server'
import { replyWithError } from '~/utils/errors.server'
import { redirectWithNotice } from '~/utils/flash.server'

/*
 * What the two-step code forms (login, and a phone number's change) answer besides their own
 * checks: one behaviour for both.
 */

/**
 * A code form's post, by its `_action`: Send Code and Resend code text the number a code (a
 * refusal beside the number, or beside the code when resent, too soon among them), then go on to
 * the code step with the number kept in `pendingCookie`; Verify checks the code in `verify`, any
 * refusal beside the code (the number is a hidden field on that step).
 */
export async function answerCodeStep(
  formData: FormData,
  form: {
    verify: (value: { phoneNumber: string; code: string }) => Promise<Response>
    /** The number a code was last texted to, and when. */
    pending: () => Promise<{ phoneNumber: string; sentAt: number } | null>
    send: (phoneNumber: string) => Promise<unknown>
    pendingCookie: (pending: { phoneNumber: string; sentAt: number }) => Promise<string>
    codeStep: string
  },
) {
  const step = formData.get('_action')

  if (step === 'verify') {
    const submission = parseVerifyCode(formData)
    if (submission.status !== 'success')
      return json({ step, result: submission.reply() }, { status: 400 })
    try {
      return await form.verify(submission.value)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      return json(
        { step, result: replyWithError(submission, error, 'code') },
        { status: error.status },
      )
    }
  }

  if (step === 'send' || step === 'resend') {
    const submission = parseSendCode(formData)
    if (submission.status !== 'success')
      return json({ step, result: submission.reply() }, { status: 400 })
    const { phoneNumber } = submission.value
    const pending = await form.pending()
    const wait = pending?.phoneNumber === phoneNumber ? resendWaitS(pending.sentAt) : 0
    if (step === 'resend' && wait > 0) {
      const fieldErrors = { code: [MESSAGES.resendTooSoon(wait)] }
      return json({ step, result: submission.reply({ fieldErrors }) }, { status: 429 })
    }
    try {
      await form.send(phoneNumber)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      const field = step === 'resend' ? 'code' : 'phoneNumber'
      return json(
        { step, result: replyWithError(submission, error, field) },
        { status: error.status },
      )
    }
    const headers = { 'Set-Cookie': await form.pendingCookie({ phoneNumber, sentAt: Date.now() }) }
    return toCodeStep(step, form.codeStep, headers)
  }

  return unknownCodeAction()
}

/** After a code is texted: on to the code step, saying so when it was sent again. */
function toCodeStep(step: 'send' | 'resend', target: string, headers: HeadersInit) {
  return step === 'send'
    ? redirect(target, { headers })
    : redirectWithNotice(target, { tone: 'success', message: 'We sent you a new code.' }, headers)
}

/** A post naming no step these forms know. */
function unknownCodeAction() {
  return json(
    { step: 'send', result: { status: 'error' as const, error: { '': ['Unknown action.'] } } },
    { status: 400 },
  )
}
