import type { Client, User } from '../../db/schema.ts'
import { AppError } from '~/domain/app-error'
import { CLIENT_MESSAGES } from '~/domain/client'
import { formatPhoneNumber } from '~/domain/phone'
import { askConsent, mayAskConsent } from '~/models/client-consent.server'
import { getDb } from '~/utils/db.server'
import { consume } from '~/utils/rate-limit.server'
import { queueTextFromWeb } from '~/utils/sms-queue.server'

/**
 * "Ask for consent" (POST /api/clients/{id}/consent): the consent text to one of the agent's
 * clients, through the outbox and the send job like every text, and the client "asked". A
 * refusal (another account's client, no phone, no agent name, agreed, stopped, a number that
 * replied STOP, the client or its number asked within a day, past the hourly limit) is in words,
 * and sends and writes nothing; the hourly limit is spent only by an ask the client allows.
 */
export async function askClientConsent(
  user: User,
  clientId: unknown,
): Promise<
  | { ok: true; message: string; client: Client }
  | { ok: false; status: 400 | 404 | 409 | 429; message: string }
> {
  const db = getDb()
  const now = new Date()
  try {
    await mayAskConsent(db, user.id, clientId, now)
    const limit = await consume('consentPerUser', user.id)
    if (!limit.ok)
      return { ok: false, status: 429, message: CLIENT_MESSAGES.consentTooMany(limit.retryAfterS) }
    const asked = await askConsent(db, user.id, clientId, now)
    await queueTextFromWeb(asked.text.id)
    return {
      ok: true,
      message: CLIENT_MESSAGES.consentSent(
        asked.client.name,
        formatPhoneNumber(asked.text.toNumber),
      ),
      client: asked.client,
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    return { ok: false, status: error.status as 400 | 404 | 409 | 429, message: error.message }
  }
}
