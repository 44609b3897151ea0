/**
 * Renders the PWA's PNG icons from their SVG sources with headless Chromium, and takes the
 * manifest's screenshots of a running portal. Run after changing public/icons/*.svg:
 *   npx tsx scripts/pwa-assets.ts icons
 *   npx tsx scripts/pwa-assets.ts screenshots http://localhost:3300
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const iconsDir = join(import.meta.dirname, '..', 'public', 'icons');
const screenshotsDir = join(import.meta.dirname, '..', 'public', 'screenshots');

const icons: { svg: string; png: string; size: number }[] = [
  { svg: 'icon.svg', png: 'icon-192.png', size: 192 },
  { svg: 'icon.svg', png: 'icon-512.png', size: 512 },
  { svg: 'icon-maskable.svg', png: 'icon-maskable-512.png', size: 512 },
  { svg: 'icon-maskable.svg', png: 'apple-touch-icon-180.png', size: 180 },
  { svg: 'shortcut-kids.svg', png: 'shortcut-kids-96.png', size: 96 },
  { svg: 'shortcut-new.svg', png: 'shortcut-new-96.png', size: 96 },
  { svg: 'shortcut-trending.svg', png: 'shortcut-trending-96.png', size: 96 },
];

async function renderIcons(): Promise<void> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const svg = readFileSync(join(iconsDir, icon.svg), 'utf8');
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `)}</body></html>`,
    );
    await page.screenshot({ path: join(iconsDir, icon.png), omitBackground: true });
    await page.close();
  }
  await browser.close();
}

async function takeScreenshots(baseUrl: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const shots = [
    { name: 'home-narrow.png', width: 390, height: 844, mobile: true },
    { name: 'home-wide.png', width: 1280, height: 800, mobile: false },
  ];
  for (const shot of shots) {
    const context = await browser.newContext({
      viewport: { width: shot.width, height: shot.height },
      isMobile: shot.mobile,
      hasTouch: shot.mobile,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto(baseUrl);
    await page.getByTestId('game-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    // Let the hero's images and the first thumbnails paint.
    await page.waitForTimeout(1_500);
    await page.screenshot({ path: join(screenshotsDir, shot.name) });
    await context.close();
  }
  await browser.close();
}

const [command, baseUrl] = process.argv.slice(2);
if (command === 'icons') await renderIcons();
else if (command === 'screenshots' && baseUrl) await takeScreenshots(baseUrl);
else {
  console.error('usage: tsx scripts/pwa-assets.ts icons | screenshots <portal URL>');
  process.exitCode = 1;
}
