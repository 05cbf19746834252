import { describe, expect, it } from 'vitest'
import { recordUnmatched } from '~/models/catalogue-drift.server'
import { appDatabase } from '../support/app-database.ts'
import { logIn, setupBrowser, withPage } from '../support/browser.ts'

setupBrowser()
const db = appDatabase()

// An admin number of tests/support/app-server.ts, this file's own.
const ADMIN = '+12015550198'

describe.each([
  { viewport: 'desktop' as const, javaScript: true, label: 'desktop, JavaScript on' },
  { viewport: 'phone' as const, javaScript: false, label: 'phone, JavaScript off' },
])('the catalogue drift page ($label)', (mode) => {
  it('lists a room Disney answered that we do not know, and maps it to a room type', async () => {
    const key = `Q${mode.viewport === 'phone' ? 'P' : 'D'}${Math.floor(Math.random() * 9)}`
    await recordUnmatched(db, [
      {
        locationIdentifier: 'disney-world',
        address: 'art-of-animation-resort',
        keyKind: 'code',
        disneyKey: key,
        description: 'room id 412000001, bookable',
        times: 3,
      },
    ])
    await withPage(mode, async (page) => {
      await logIn(page, ADMIN, mode.javaScript)
      await page.goto('/admin/catalogue')
      await page.getByRole('heading', { name: 'Catalogue drift' }).waitFor()
      const row = page.getByRole('row').filter({ hasText: key })
      expect(await row.getByText('room id 412000001, bookable').count()).toBe(1)
      await row
        .getByLabel(`Room type for ${key}`)
        .selectOption({ label: 'The Little Mermaid Standard Room' })
      await row.getByRole('button', { name: 'Map' }).click()
      await page.getByRole('heading', { name: 'Mapped keys' }).waitFor()
      // In the mapped keys, and in the log of changes.
      await page
        .getByRole('listitem')
        .filter({ hasText: `${key} at art-of-animation-resort →` })
        .waitFor()
      await page
        .getByRole('listitem')
        .filter({ hasText: `mapped ${key} at art-of-animation-resort to` })
        .waitFor()
      expect(await page.getByRole('row').filter({ hasText: key }).count()).toBe(0)
      const mapping = await db
        .selectFrom('roomKeyMappings')
        .innerJoin('roomTypes', 'roomTypes.id', 'roomKeyMappings.roomTypeId')
        .select('roomTypes.name')
        .where('disneyKey', '=', key)
        .executeTakeFirstOrThrow()
      expect(mapping.name).toBe('The Little Mermaid Standard Room')
    })
  })
})
