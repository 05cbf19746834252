/**
 * `npm run db:migrate | db:reset | db:seed | db:setup`. The database named in DATABASE_URL is
 * created when it does not exist yet.
 */
import 'dotenv/config'
import { getEnv } from '../app/env.server.ts'
import { createDb } from './client.ts'
import { dropDatabase, ensureDatabase, migrateToLatest } from './migrator.ts'
import { seed } from './seed.ts'

const command = process.argv[2]
const { databaseUrl } = getEnv()

async function migrate() {
  if (await ensureDatabase(databaseUrl)) console.log('created the database')
  const applied = await migrateToLatest(databaseUrl)
  console.log(applied.length ? `applied ${applied.join(', ')}` : 'migrations: up to date')
}

async function runSeed() {
  const db = createDb(databaseUrl, { max: 2 })
  try {
    const counts = await seed(db)
    console.log(
      `seeded ${Object.entries(counts)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')}`,
    )
  } finally {
    await db.destroy()
  }
}

const commands: Record<string, () => Promise<void>> = {
  migrate,
  seed: runSeed,
  setup: async () => {
    await migrate()
    await runSeed()
  },
  reset: async () => {
    await dropDatabase(databaseUrl)
    console.log('dropped the database')
    await migrate()
    await runSeed()
  },
}

const run = command ? commands[command] : undefined
if (!run) {
  console.error(`usage: tsx db/cli.ts <${Object.keys(commands).join('|')}>`)
  process.exit(2)
}
run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
