import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [name, vp] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1366, height: 900 }]] as const) {
  const page = await browser.newPage({ viewport: vp });
  for (const path of process.argv.slice(2)) {
    await page.goto(`http://127.0.0.1:3870${path}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shot-${name}${path.replace(/\//g, '_')}.png` });
  }
  await page.close();
}
await browser.close();
