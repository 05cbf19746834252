/**
 * Renders the default social image (public/images/hero.png, 1200×630) from the HTML below with
 * the system Chromium, so the image can be remade when the brand or wording changes:
 *   node --import tsx scripts/render-social-image.ts
 */
import path from 'node:path'
import { chromium } from 'playwright-core'

const WIDTH = 1200
const HEIGHT = 630

const html = `<!doctype html>
<html><head><meta charset="utf-8"><style>
  body { margin: 0; width: ${WIDTH}px; height: ${HEIGHT}px; overflow: hidden;
    font-family: 'DejaVu Sans', system-ui, sans-serif; color: #fff;
    background: radial-gradient(circle at 85% 15%, #8b5cf6 0, transparent 45%),
      linear-gradient(135deg, #4c1d95 0%, #6d28d9 60%, #7c3aed 100%); }
  .frame { position: absolute; inset: 72px 80px; display: flex; flex-direction: column; }
  .brand { display: flex; align-items: center; gap: 20px; font-size: 34px; font-weight: 700; }
  h1 { margin: 40px 0 0; font-size: 64px; line-height: 1.08; letter-spacing: -1px; max-width: 700px; }
  p { margin: 28px 0 0; font-size: 30px; line-height: 1.35; color: #ede9fe; max-width: 700px; }
  .foot { margin-top: auto; font-size: 22px; color: #ddd6fe; }
  .phone { position: absolute; right: 80px; top: 200px; width: 250px; padding: 26px; border-radius: 28px;
    background: #fff; color: #1e1b4b; box-shadow: 0 30px 60px rgba(30, 10, 80, .45); font-size: 22px; line-height: 1.35; }
  .phone b { display: block; color: #6d28d9; font-size: 18px; margin-bottom: 10px; letter-spacing: .5px; }
</style></head><body>
  <div class="frame">
    <div class="brand">
      <svg width="64" height="64" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#fff"/><path d="M16 6l2.6 6.2 6.7.5-5.1 4.4 1.6 6.5L16 20.1l-5.8 3.5 1.6-6.5-5.1-4.4 6.7-.5z" fill="#6d28d9"/></svg>
      Disney Hotel Alerts
    </div>
    <h1>Sold out? Get a text when it opens.</h1>
    <p>Alerts for Walt Disney World and Disneyland Resort hotel rooms and dining reservations.</p>
    <div class="foot">Independent service · not affiliated with Disney · you book directly with Disney</div>
  </div>
  <div class="phone"><b>NEW OPENING</b>A room matching your dates just opened. Book it with Disney now.</div>
</body></html>`

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
})
try {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } })
  await page.setContent(html)
  const out = path.resolve('public/images/hero.png')
  await page.screenshot({ path: out, type: 'png' })
  console.log(`wrote ${out}`)
} finally {
  await browser.close()
}
