/**
 * Input Postgres itself would refuse is a clear 400 that changes nothing, wherever it comes in:
 * no route has to remember it.
 */
import { describe, expect, it } from 'vitest'
import { createUser } from '../../db/factories.ts'
import { createSession } from '~/models/session.server'
import { action as settings } from '~/routes/api.account.settings'
import { getDb } from '~/utils/db.server'
import { callRoute, jsonRequest } from '../support/routes.ts'

const db = getDb()

describe('a NUL character in text', () => {
  it('is a 400 in words, and the profile stays as it was', async () => {
    const user = await createUser(db, { name: 'Ada' })
    const { token } = await createSession(db, user.id, 'api')
    for (const body of [{ name: 'Ad\u0000a' }, { email: 'ada\u0000@example.com' }]) {
      const response = await callRoute(
        settings,
        jsonRequest('/api/account/settings', body, { method: 'PUT', token }),
      )
      expect(response.status).toBe(400)
      expect((await response.json()).message).toMatch(/NUL|email/)
    }
    const row = await db
      .selectFrom('users')
      .select(['name', 'email'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ name: 'Ada', email: null })
  })
})
