import path from 'node:path'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    alias: [{ find: /^~\//, replacement: `${path.resolve('app')}/` }],
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'app/**/*.test.{ts,tsx}',
            'db/**/*.test.ts',
            'worker/**/*.test.ts',
            'mocks/**/*.test.ts',
          ],
        },
      },
      {
        // Real PostgreSQL and Redis: each file gets its own database and Redis prefix.
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/template-database.ts'],
          setupFiles: ['tests/support/isolate.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Debian Chromium against the built app served with mocks.
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/support/template-database.ts', 'tests/support/app-server.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
