/**
 * CPU time from the kernel's counters in /proc, for the benchmarks: a process's own, Postgres's
 * (every one of its processes), and the whole machine's. Linux only.
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
