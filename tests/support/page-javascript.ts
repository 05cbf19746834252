import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

interface ManifestRoute {
  id: string
  parentId?: string
  path?: string
  index?: boolean
  module: string
  imports?: string[]
}

interface Manifest {
  entry: { module: string; imports: string[] }
  routes: Record<string, ManifestRoute>
}

/** The browser manifest the build wrote (public/build/manifest-<hash>.js). */
export function readManifest(publicDir = 'public'): Manifest {
  const buildDir = path.join(publicDir, 'build')
  const file = readdirSync(buildDir).find((name) => /^manifest-\w+\.js$/.test(name))
  if (!file) throw new Error('no manifest in public/build: run `npm run build` first')
  const source = readFileSync(path.join(buildDir, file), 'utf8')
  return JSON.parse(
    source.replace(/^window\.__remixManifest=/, '').replace(/;\s*$/, ''),
  ) as Manifest
}

function segments(pathname: string) {
  return pathname.split('/').filter(Boolean)
}

/**
 * The route ids, root first, that render a path. A route's pattern is its parents' paths and its
 * own; the one with most fixed segments wins, and the splat route (`$.tsx`) catches the rest.
 */
export function matchRouteChain(manifest: Manifest, pathname: string): string[] {
  const chainOf = (route: ManifestRoute): ManifestRoute[] =>
    route.parentId ? [...chainOf(manifest.routes[route.parentId]!), route] : [route]
  const wanted = segments(pathname)
  const candidates = Object.values(manifest.routes)
    .filter((route) => route.id !== 'root' && (route.index || route.path !== undefined))
    .map((route) => {
      const chain = chainOf(route)
      const pattern = chain.flatMap((part) => segments(part.path ?? ''))
      if (pattern.at(-1) === '*') return { chain, score: pattern.length === 1 ? 0 : -1 }
      const fits =
        pattern.length === wanted.length &&
        pattern.every((part, i) => part.startsWith(':') || part === wanted[i])
      return {
        chain,
        score: fits ? 1 + pattern.filter((part) => !part.startsWith(':')).length : -1,
      }
    })
    .filter(({ score }) => score >= 0)
    .sort((a, b) => b.score - a.score)
  if (!candidates[0]) throw new Error(`no route renders ${pathname}`)
  return candidates[0].chain.map((route) => route.id)
}

/**
 * The JavaScript a page loads before anyone touches it: the entry, and each route of its
 * chain with its imports, gzipped as compression() serves them. Chunks loaded later with
 * import() (the support chat, say) are not counted: they are not in the manifest.
 */
export function pageJavaScript(pathname: string, publicDir = 'public') {
  const manifest = readManifest(publicDir)
  const files = new Set([manifest.entry.module, ...manifest.entry.imports])
  for (const id of matchRouteChain(manifest, pathname)) {
    const route = manifest.routes[id]!
    files.add(route.module)
    route.imports?.forEach((file) => files.add(file))
  }
  const sizes = [...files].map((file) => ({
    file,
    gzipBytes: gzipSync(readFileSync(path.join(publicDir, file))).length,
  }))
  return { files: sizes, gzipBytes: sizes.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0) }
}
