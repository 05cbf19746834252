import type { Redis } from 'ioredis'
import { upstreamKey, type EndpointFamily } from '../../app/utils/upstream-health.server.ts'

/** Each process writes a family's "not found" mark at most this often. */
const WRITE_EVERY_MS = 5_000

/**
 * Remembers since when a family has answered nothing but "not found", across workers, for
 * /healthz. Each process touches Redis at most every few seconds per family, so a check pays
 * nothing for it.
 */
export class AnswerWatch {
  private readonly written = new Map<string, number>()

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async saw(family: EndpointFamily, answer: 'data' | 'not-found', now = Date.now()) {
    const mark = `${family}|${answer}`
    if (now - (this.written.get(mark) ?? 0) < WRITE_EVERY_MS) return
    this.written.set(mark, now)
    const key = upstreamKey(this.prefix, family, 'not-found-since')
    // The first "not found" starts the clock; any answer with data stops it.
    if (answer === 'not-found') await this.redis.set(key, String(now), 'EX', 86_400, 'NX')
    else await this.redis.del(key)
  }
}
