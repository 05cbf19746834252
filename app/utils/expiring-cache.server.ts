/**
 * Values kept in this process for `ttlMs` per key, then read again: for figures a public page
 * shows that may be a few minutes old and must not cost a query per request. Calls that arrive
 * while a value is being read wait for that read; a failed read is forgotten, so the next call
 * tries again. Keys must come from a bounded set (a catalogue's ids): nothing is evicted.
 */
export function expiringCache<Key, Value>(ttlMs: number) {
  const entries = new Map<Key, { until: number; value: Promise<Value> }>()
  return (key: Key, read: () => Promise<Value>, now = Date.now()): Promise<Value> => {
    const known = entries.get(key)
    if (known && known.until > now) return known.value
    const value = read()
    const entry = { until: now + ttlMs, value }
    entries.set(key, entry)
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key)
    })
    return value
  }
}
