import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
page.on('console', (m) => { if (/refuse|violat|security/i.test(m.text())) console.log('console:', m.text().slice(0, 300)); });
await page.goto(process.argv[2]!, { waitUntil: 'networkidle' });
await page.waitForTimeout(1500);
await browser.close();
