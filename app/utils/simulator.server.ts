/**
 * Where a call to an outside service goes when its stand-in runs as a process of its own
 * (SIMULATOR_URL, for benchmarks): https://host/path becomes {via}/host/path.
 */
export function throughSimulator(url: string, via: string | undefined): URL {
  const target = new URL(url)
  return via ? new URL(`${via}/${target.host}${target.pathname}${target.search}`) : target
}
