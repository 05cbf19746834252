/**
 * Trims Twilio's published OpenAPI spec (npm @twilio-alpha/mcp, twilio-oai/spec/json) to the
 * Messages resource our Twilio stand-in answers for, so its contract tests check the stand-in
 * against Twilio's own document rather than against our beliefs. Deterministic: the same package
 * gives the same fixture, byte for byte.
 *
 *   npx tsx scripts/vendor/twilio-spec.ts /tmp/twoai/package
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const MESSAGES_PATHS = [
  '/2010-04-01/Accounts/{AccountSid}/Messages.json',
  '/2010-04-01/Accounts/{AccountSid}/Messages/{Sid}.json',
]
const SPEC_IN_PACKAGE = 'twilio-oai/spec/json/twilio_api_v2010.json'
const FIXTURE = 'tests/fixtures/twilio/twilio_api_v2010.messages.json'
const SCHEMA_REF = /^#\/components\/schemas\/(.+)$/

interface Spec {
  openapi: string
  info: unknown
  paths: Record<string, unknown>
  components: { schemas: Record<string, unknown> }
}

const packageDir = process.argv[2]
if (!packageDir) throw new Error('usage: tsx scripts/vendor/twilio-spec.ts <unpacked package dir>')
const spec = JSON.parse(readFileSync(path.join(packageDir, SPEC_IN_PACKAGE), 'utf8')) as Spec

/** The names of the component schemas a value refers to, followed through those schemas. */
function referencedSchemas(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) referencedSchemas(item, found)
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) {
      const name = key === '$ref' && typeof child === 'string' && SCHEMA_REF.exec(child)?.[1]
      if (name && !found.has(name)) {
        found.add(name)
        referencedSchemas(spec.components.schemas[name], found)
      } else referencedSchemas(child, found)
    }
  return found
}

const paths = Object.fromEntries(MESSAGES_PATHS.map((name) => [name, spec.paths[name]]))
const schemas = Object.fromEntries(
  [...referencedSchemas(paths)].sort().map((name) => [name, spec.components.schemas[name]]),
)
const fixture = { openapi: spec.openapi, info: spec.info, paths, components: { schemas } }
writeFileSync(FIXTURE, `${JSON.stringify(fixture, null, 2)}\n`)
console.log(`${FIXTURE}: ${MESSAGES_PATHS.length} paths, ${Object.keys(schemas).length} schemas`)
