/**
 * Redis for the monitoring benchmark: a private redis-server on a free port, started with the
 * settings of docker-compose.yml (AOF every second, noeviction, Redis's default snapshots), so
 * that its CPU is this run's alone; and what Redis says of its own CPU, forks and commands
 * (INFO cpu, stats and commandstats), to be read at two moments and subtracted.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Redis } from 'ioredis'
import { Redis as RedisClient } from 'ioredis'
import { redisServer } from '../tests/support/faults.ts'
import { freePort } from '../tests/support/ports.ts'

/** A redis-server of the benchmark's own; `stop` shuts it down and removes its files. */
export async function startPrivateRedis() {
  const port = await freePort()
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-redis-'))
  // As docker-compose.yml runs it in production; the default snapshot points are left as they
  // are there, so a BGSAVE may fork under load, as it would in production.
  const { server, answering } = redisServer(port, dir, [
    '--appendfsync',
    'everysec',
    '--maxmemory-policy',
    'noeviction',
  ])
  // The benchmark may die before it stops the server: take it along.
  const killOnExit = () => server.kill('SIGKILL')
  process.once('exit', killOnExit)
  const url = `redis://127.0.0.1:${port}`
  await answering
  const stop = async () => {
    // No reconnecting and no retrying: SHUTDOWN closes the connection it came on.
    const client = new RedisClient(url, {
      lazyConnect: true,
      retryStrategy: () => null,
      maxRetriesPerRequest: 0,
    })
    client.on('error', () => undefined)
    await client.connect().catch(() => undefined)
    await client.call('SHUTDOWN', 'NOSAVE').catch(() => undefined)
    client.disconnect()
    if (server.exitCode === null && server.signalCode === null)
      await new Promise((resolve) => server.once('exit', resolve))
    process.off('exit', killOnExit)
    rmSync(dir, { recursive: true, force: true })
  }
  return { url, pid: server.pid!, stop }
}

/** `field:value` lines of an INFO answer. */
function fields(info: string) {
  const map = new Map<string, string>()
  for (const line of info.split(/\r?\n/)) {
    const at = line.indexOf(':')
    if (at > 0 && !line.startsWith('#')) map.set(line.slice(0, at), line.slice(at + 1))
  }
  return map
}

export interface RedisSample {
  /** CPU ms of the server process (every thread), INFO's used_cpu_sys + used_cpu_user. */
  serverMs: number
  /** Of which the main thread (used_cpu_*_main_thread). */
  mainThreadMs: number
  /** CPU ms of forked children already reaped (BGSAVE, AOF rewrite): used_cpu_*_children. */
  childrenMs: number
  forks: number
  commands: number
  /** Per command: calls and microseconds, from INFO commandstats. */
  commandStats: Map<string, { calls: number; usec: number }>
  /** A snapshot or AOF rewrite running at this moment: its child's CPU is not counted yet. */
  forkRunning: boolean
  pid: number
}

export async function sampleRedis(redis: Redis): Promise<RedisSample> {
  const info = fields(await redis.info('everything'))
  const num = (key: string) => Number(info.get(key) ?? NaN)
  const commandStats = new Map<string, { calls: number; usec: number }>()
  for (const [key, value] of info) {
    if (!key.startsWith('cmdstat_')) continue
    const calls = Number(/calls=(\d+)/.exec(value)?.[1] ?? 0)
    const usec = Number(/usec=(\d+)/.exec(value)?.[1] ?? 0)
    commandStats.set(key.slice('cmdstat_'.length), { calls, usec })
  }
  return {
    serverMs: (num('used_cpu_sys') + num('used_cpu_user')) * 1000,
    mainThreadMs: (num('used_cpu_sys_main_thread') + num('used_cpu_user_main_thread')) * 1000,
    childrenMs: (num('used_cpu_sys_children') + num('used_cpu_user_children')) * 1000,
    forks: num('total_forks'),
    commands: num('total_commands_processed'),
    commandStats,
    forkRunning:
      info.get('rdb_bgsave_in_progress') === '1' || info.get('aof_rewrite_in_progress') === '1',
    pid: num('process_id'),
  }
}

/** What Redis did between two samples. */
export function redisSince(before: RedisSample, after: RedisSample) {
  const commands = [...after.commandStats]
    .map(([name, stat]) => {
      const prior = before.commandStats.get(name) ?? { calls: 0, usec: 0 }
      return { name, calls: stat.calls - prior.calls, usec: stat.usec - prior.usec }
    })
    .filter((command) => command.calls > 0)
    .sort((a, b) => b.usec - a.usec)
  return {
    serverMs: after.serverMs - before.serverMs,
    mainThreadMs: after.mainThreadMs - before.mainThreadMs,
    childrenMs: after.childrenMs - before.childrenMs,
    forks: after.forks - before.forks,
    commands: after.commands - before.commands,
    byCommand: commands,
    forkRunningAtEnd: after.forkRunning,
  }
}

/** Whether the pid is a redis-server on this machine (a Redis reached over the network is not). */
export function isLocalRedis(pid: number) {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('redis-server')
  } catch {
    return false
  }
}
