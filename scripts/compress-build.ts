/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside each script and stylesheet of the production
 * build, at the strongest settings: made once a build rather than once a request, they are what
 * the server sends (express-static-gzip), smaller than the per-request level 1 (decision 0012).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const BUILD_DIR = 'public/build'
const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

const files = (await readdir(BUILD_DIR, { recursive: true }))
  .filter((name) => /\.(js|css)$/.test(name))
  .map((name) => path.join(BUILD_DIR, name))

let plain = 0
let brotli = 0
let gzipped = 0
for (const file of files) {
  const data = await readFile(file)
  const [br, gz] = await Promise.all([
    brotliAsync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
  ])
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)])
  plain += data.length
  brotli += br.length
  gzipped += gz.length
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`
console.log(
  `compressed ${files.length} files: ${kb(plain)} → ${kb(gzipped)} gzip, ${kb(brotli)} brotli`,
)
