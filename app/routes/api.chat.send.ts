import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { z } from 'zod'
import { apiError, methodNotAllowed, readJson } from '~/utils/api.server'
import { messageText, visitorDetails } from '~/domain/chat-schema'
import { chatWriter, sendVisitorMessage } from '~/utils/chat.server'

const sendBody = z.strictObject({
  message: messageText,
  ...visitorDetails,
  // The server knows who is signed in; a userId that is someone else's is refused.
  userId: z.union([z.uuid('userId must be a UUID.'), z.literal(''), z.null()]).optional(),
})

/**
 * POST /api/chat/send {message, userEmail?, userId?, userName?, currentPage?}: a message to
 * support from a signed-in user or an anonymous visitor (who is given a signed cookie identity).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const input = await readJson(request, sendBody)
  const caller = await chatWriter(request)
  if (input.userId && input.userId !== caller.user?.id)
    return apiError(403, 'userId is not the signed-in user.')
  await sendVisitorMessage(caller, input, String(context.clientIp ?? 'unknown'))
  return json({ success: true }, { headers: caller.headers })
}

export const loader = () => methodNotAllowed(['POST'])
