const store = globalThis as typeof globalThis & { __singletons?: Map<string, unknown> }

/**
 * One value per process, made on first use. Kept on globalThis because a development rebuild
 * re-imports every module, and a second pool, connection or cookie must not be made then.
 */
export function singleton<T>(name: string, create: () => T): T {
  store.__singletons ??= new Map()
  if (!store.__singletons.has(name)) store.__singletons.set(name, create())
  return store.__singletons.get(name) as T
}

/** The value if this process has made it; for closing what was opened, and only that. */
export function madeSingleton<T>(name: string): T | undefined {
  return store.__singletons?.get(name) as T | undefined
}
