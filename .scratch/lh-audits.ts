import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
const url = process.argv[2]!;
const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] });
chrome.kill();
const lhr = result!.lhr;
for (const cat of ['accessibility', 'best-practices', 'performance']) {
  console.log('==', cat, lhr.categories[cat]!.score);
  for (const ref of lhr.categories[cat]!.auditRefs) {
    const a = lhr.audits[ref.id]!;
    if (a.score !== null && a.score < 0.9 && (ref.weight > 0 || cat !== 'performance')) console.log(' ', ref.id, a.score, a.displayValue ?? '', JSON.stringify((a.details as any)?.items?.slice?.(0, 3)?.map((i: any) => i.node?.snippet ?? i.url ?? i.description ?? '') ?? '').slice(0, 300));
  }
}
