/**
 * How fast this machine is at the moment, printed beside a benchmark's figures so that runs on
 * different days can be compared: the session machines are shared, and the same code has
 * measured three times the CPU per unit of work from one day to the next. Both probes are the
 * kind of work the services do (pointer-chasing through memory, and round trips to Postgres),
 * not a compute loop, which a busy neighbour hardly slows.
 */
import { sql, type Kysely } from 'kysely'

/** Nanoseconds a random read takes in a 256 MB array (memory latency, TLB misses included). */
function randomReadNs() {
  const slots = 64 << 20
  const memory = new Uint32Array(slots).map((_, index) => index)
  let at = 1
  let sum = 0
  const reads = 10_000_000
  const started = process.hrtime.bigint()
  for (let read = 0; read < reads; read++) {
    at = (Math.imul(at, 1103515245) + 12345) >>> 0
    sum += memory[at & (slots - 1)]!
  }
  const ns = Number(process.hrtime.bigint() - started) / reads
  return sum >= 0 ? ns : NaN // `sum` is used so the reads are not optimised away.
}

/** Client CPU microseconds one trivial query takes, through Kysely and pg as the services use them. */
async function queryCpuUs<Schema>(db: Kysely<Schema>) {
  const once = () => sql`select 1`.execute(db)
  for (let warm = 0; warm < 300; warm++) await once()
  const queries = 2_000
  const started = process.cpuUsage()
  for (let query = 0; query < queries; query++) await once()
  const used = process.cpuUsage(started)
  return (used.user + used.system) / queries
}

export async function machineSpeed<Schema>(db: Kysely<Schema>) {
  const readNs = randomReadNs()
  const queryUs = await queryCpuUs(db)
  return `machine now: ${readNs.toFixed(0)} ns a random memory read (256 MB), ${queryUs.toFixed(0)} µs of client CPU a Postgres round trip (select 1 through Kysely)`
}
