// The support page's message check in the browser, loaded with the visitor's first keystroke
// (useDeferredValidation) so that zod stays out of the first download; the action reads the
// same schema (readVisitorMessage).
import { parseWithZod } from '@conform-to/zod/v4'
import { visitorMessageSchema } from '~/domain/chat-schema'

export const validateVisitorMessage = (formData: FormData) =>
  parseWithZod(formData, { schema: visitorMessageSchema })
