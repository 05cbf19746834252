/**
 * CPU time from the kernel's counters in /proc, for the benchmarks: a process's own, Postgres's
 * (every one of its processes, or split by whose work it was), and the whole machine's. Linux only.
 */
import { execSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

const CLOCK_TICKS = Number(execSync('getconf CLK_TCK').toString().trim())

/** CPU milliseconds (user + system) the process has used so far; NaN once it has ended. */
export function cpuMs(pid: number) {
  try {
    // Fields after the command's closing parenthesis (a name may hold spaces): utime and stime
    // are the 14th and 15th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS
  } catch {
    return NaN
  }
}

/** CPU milliseconds each Postgres process has used so far, by pid. */
export function postgresCpuMs() {
  const used = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue
    } catch {
      continue // The process ended while we looked.
    }
    const ms = cpuMs(Number(entry))
    if (!Number.isNaN(ms)) used.set(Number(entry), ms)
  }
  return used
}

/** What Postgres used since `before`: a process that ended in between takes its time with it. */
export function postgresCpuSince(before: Map<number, number>) {
  let total = 0
  for (const [pid, ms] of postgresCpuMs()) total += ms - (before.get(pid) ?? 0)
  return total
}

/** A Postgres process's title (`postgres: 15/main: user database host(port) activity`). */
function postgresTitle(pid: number) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim()
  } catch {
    return ''
  }
}

/** Postgres's own processes, which serve every database: postmaster, checkpointer, WAL writer… */
const BACKGROUND =
  /^postgres: (?:[^:]*: )?(?:checkpointer|background writer|walwriter|autovacuum launcher|logical replication launcher|archiver|stats collector|startup|walreceiver|walsender|wal sender|autoprewarm)|^\S*\/postgres\s/

/**
 * Whose a Postgres process is: a backend (or autovacuum worker) of `database`, a parallel
 * worker of one, Postgres's own background process, or another database's.
 */
function postgresRole(
  pid: number,
  database: string,
  seen = new Set<number>(),
): 'database' | 'background' | 'other' {
  const title = postgresTitle(pid)
  const words = title.split(' ')
  if (words.includes(database)) return 'database'
  const leader = /parallel worker for PID (\d+)/.exec(title)?.[1]
  if (leader && !seen.has(Number(leader)))
    return postgresRole(Number(leader), database, seen.add(pid))
  if (BACKGROUND.test(title)) return 'background'
  return 'other'
}

/**
 * What Postgres used since `before`, split by whose work it was: `database`'s backends, Postgres's
 * background processes (shared by every database: checkpoints, WAL writes), and other databases'
 * backends (someone else's work on a shared Postgres), with the largest peak RSS (VmHWM, which
 * counts the shared buffers a backend touched) among `database`'s backends.
 */
export function postgresCpuShares(before: Map<number, number>, database: string) {
  const shares = { total: 0, database: 0, background: 0, other: 0, backends: 0, peakRssMb: 0 }
  for (const [pid, ms] of postgresCpuMs()) {
    const used = ms - (before.get(pid) ?? 0)
    const role = postgresRole(pid, database)
    shares.total += used
    shares[role] += used
    if (role === 'database') {
      shares.backends++
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8')
        const mb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
        shares.peakRssMb = Math.max(shares.peakRssMb, mb)
      } catch {
        // The process ended while we looked.
      }
    }
  }
  return shares
}

/** CPU milliseconds the whole machine has spent busy, every core and process, from /proc/stat. */
export function machineCpuMs() {
  const [user, nice, system, _idle, _iowait, irq, softirq, steal] = readFileSync(
    '/proc/stat',
    'utf8',
  )
    .split('\n')[0]!
    .split(/\s+/)
    .slice(1)
    .map(Number)
  return ((user! + nice! + system! + irq! + softirq! + steal!) * 1000) / CLOCK_TICKS
}
