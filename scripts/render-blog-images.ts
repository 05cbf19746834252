/**
 * Renders each article illustration (public/images/blog/*.svg) to the 1200×630 PNG that social
 * cards and the RSS feed use, with Debian's Chromium. Run after adding or changing an SVG:
 *   npm run blog:images            (every SVG)
 *   npm run blog:images -- <slug>  (one)
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { chromium } from 'playwright-core'

const DIR = path.resolve('public', 'images', 'blog')
const WIDTH = 1200
const HEIGHT = 630
const MAX_BYTES = 150 * 1024

const only = process.argv.slice(2)
const files = (await readdir(DIR))
  .filter((file) => file.endsWith('.svg'))
  .filter((file) => only.length === 0 || only.includes(path.basename(file, '.svg')))

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
})
try {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } })
  for (const file of files) {
    const svg = await readFile(path.join(DIR, file), 'utf8')
    await page.setContent(
      `<body style="margin:0">${svg.replace('<svg ', `<svg style="display:block" `)}</body>`,
    )
    const png = path.join(DIR, file.replace(/\.svg$/, '.png'))
    await writeFile(
      png,
      await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: WIDTH, height: HEIGHT } }),
    )
    const bytes = (await stat(png)).size
    console.log(`${path.relative(process.cwd(), png)}  ${(bytes / 1024).toFixed(1)} kB`)
    if (bytes > MAX_BYTES) process.exitCode = 1
  }
} finally {
  await browser.close()
}
