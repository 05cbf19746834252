import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { z } from 'zod'
import { messageText } from '~/domain/chat-schema'
import { apiError, methodNotAllowed, readJson } from '~/utils/api.server'
import { notifyCustomer } from '~/services/chat-admin.server'
import { requireChatAdmin, sessionIdParam } from '~/utils/chat.server'

const notifyBody = z.strictObject({ message: z.optional(messageText) })

/**
 * POST /api/chat/session/{id}/notify-sms {message?}: texts the customer that support has
 * answered and asks them to log in (admins; only a user's conversation, never one who sent STOP).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const admin = await requireChatAdmin(request)
  const sessionId = sessionIdParam(params)
  const input = await readJson(request, notifyBody)
  const result = await notifyCustomer(sessionId, admin.id, input.message)
  if (result.ok) return json({ success: true })
  if (result.status === 502)
    return json({ success: false, message: result.message }, { status: 502 })
  return apiError(
    result.status,
    result.message,
    undefined,
    result.retryAfterS ? { 'Retry-After': String(result.retryAfterS) } : undefined,
  )
}

export const loader = () => methodNotAllowed(['POST'])
