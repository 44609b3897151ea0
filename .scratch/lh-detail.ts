import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
const url = process.argv[2]!;
const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['accessibility', 'best-practices'] });
chrome.kill();
const lhr = result!.lhr;
for (const id of ['color-contrast', 'errors-in-console']) {
  const a = lhr.audits[id]!;
  console.log('==', id, a.score);
  for (const item of ((a.details as any)?.items ?? []).slice(0, 12)) console.log(JSON.stringify({ s: item.node?.snippet?.slice(0, 120), e: item.node?.explanation?.slice(0, 200), i: item.issueType, sub: item.subItems?.items?.slice(0, 2) }).slice(0, 500));
}
