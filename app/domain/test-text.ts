/*
 * "Send me a test text" (Settings and POST /api/account/test-text): its form, its limit and what
 * it says. Written with zod/mini, as the browser would load it (decision 0012).
 */
import { parseWithZod } from '@conform-to/zod/v4'
import * as z from 'zod/mini'

/** Test texts an account may ask for in an hour; they count toward no plan's limit. */
export const TEST_TEXTS_PER_HOUR = 3

export const TEST_TEXT_MESSAGES = {
  sent: (phone: string) => `Test text sent to ${phone}.`,
  tooMany: (retryAfterS: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterS / 60))
    return `You can send ${TEST_TEXTS_PER_HOUR} test texts an hour, and have sent them all. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
  },
  /** Texts are off (the number replied STOP): `textsOff` says since when and how to turn them on. */
  stopped: (textsOff: string) => `Test text not sent. ${textsOff}`,
  invalid: 'This form sends a test text and takes no fields.',
} as const

/** The Settings form: its button's intent, and nothing else. */
export const testTextFormSchema = z.strictObject(
  { intent: z.literal('test-text', { error: TEST_TEXT_MESSAGES.invalid }) },
  { error: () => TEST_TEXT_MESSAGES.invalid },
)

/** The JSON call's body: nothing (no body, or `{}`). */
export const testTextBodySchema = z.strictObject({}, { error: () => TEST_TEXT_MESSAGES.invalid })

export const parseTestTextForm = (formData: FormData) =>
  parseWithZod(formData, { schema: testTextFormSchema })
