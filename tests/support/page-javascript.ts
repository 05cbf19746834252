import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

interface ManifestRoute {
  id: string
  parentId?: string
  path?: string
  index?: boolean
  module: string
  imports?: string[]
}

interface Manifest {
  url: string
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
      // An optional segment (`($plan)`, `:plan?`) may be there or not.
      const forms = pattern.reduce<string[][]>(
        (found, part) =>
          part.endsWith('?')
            ? found.flatMap((form) => [form, [...form, part.slice(0, -1)]])
            : found.map((form) => [...form, part]),
        [[]],
      )
      const fits = forms.some(
        (form) =>
          form.length === wanted.length &&
          form.every((part, i) => part.startsWith(':') || part === wanted[i]),
      )
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

/** The build's own scripts that `file` imports statically (`import … from "/build/…"`). */
function staticImports(file: string, publicDir: string): string[] {
  const source = readFileSync(path.join(publicDir, file), 'utf8')
  return [...source.matchAll(/(?:from|import)\s*"(\/build\/[^"]+\.js)"/g)].map((match) => match[1]!)
}

/** Pages without the support chat widget (app/components/chat/support-chat.tsx). */
const WITHOUT_CHAT = ['/support', '/chat-admin']

/**
 * The JavaScript a page loads without anyone touching it, as the server sends it: the entry, the
 * route manifest, each route of its chain with its imports, and the support chat widget that
 * every page but the chat's own loads after hydration, each with what it imports, at the size of
 * the gzip copy the build wrote (scripts/compress-build.ts). Chunks loaded on a visitor's action
 * (the calendar, the room list, the validators) are not counted.
 */
export function pageJavaScript(pathname: string, publicDir = 'public') {
  const manifest = readManifest(publicDir)
  const roots = [manifest.entry.module, ...manifest.entry.imports, manifest.url]
  for (const id of matchRouteChain(manifest, pathname)) {
    const route = manifest.routes[id]!
    roots.push(route.module, ...(route.imports ?? []))
  }
  if (!WITHOUT_CHAT.includes(pathname)) {
    const widget = readdirSync(path.join(publicDir, 'build/_shared')).find((name) =>
      /^chat-widget-\w+\.js$/.test(name),
    )
    if (!widget) throw new Error('no chat widget in public/build/_shared')
    roots.push(`/build/_shared/${widget}`)
  }
  const files = new Set<string>()
  const visit = (file: string) => {
    if (files.has(file)) return
    files.add(file)
    staticImports(file, publicDir).forEach(visit)
  }
  roots.forEach(visit)
  const sizes = [...files].map((file) => {
    const gz = path.join(publicDir, `${file}.gz`)
    if (!existsSync(gz)) throw new Error(`no ${gz}: run \`npm run build\` first`)
    return { file, gzipBytes: statSync(gz).size }
  })
  return { files: sizes, gzipBytes: sizes.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0) }
}
