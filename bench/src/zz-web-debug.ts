import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../../e2e/support/chromium';
import { startServer } from '../../e2e/support/server';
const server = await startServer();
const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: ['--headless=new', ...chromiumArgs] });
const r = await lighthouse(`http://localhost:${server.port}${process.argv[2] ?? '/'}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
const a = r!.lhr.audits;
for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index', 'largest-contentful-paint-element', 'render-blocking-insight', 'document-latency-insight', 'lcp-breakdown-insight', 'network-dependency-tree-insight', 'bootup-time', 'mainthread-work-breakdown']) {
  const x = a[id]; if (!x) continue;
  console.log(id, x.score, x.displayValue, JSON.stringify(x.details)?.slice(0, 700));
}
console.log(r!.lhr.categories.performance?.score);
chrome.kill(); await server.stop();
