// Lighthouse (mobile, its default) in Debian's Chromium against the real server.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../../e2e/support/chromium';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  seo: number;
}

const score = (value: number | null | undefined): number => Math.round((value ?? 0) * 100);

export async function lighthouseScores(urls: readonly string[]): Promise<Map<string, LighthouseScores>> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  const scores = new Map<string, LighthouseScores>();
  try {
    for (const url of urls) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'seo'],
      });
      const categories = result?.lhr.categories;
      scores.set(url, {
        performance: score(categories?.performance?.score),
        accessibility: score(categories?.accessibility?.score),
        seo: score(categories?.seo?.score),
      });
      const failing = Object.values(result?.lhr.audits ?? {}).filter(
        (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary',
      );
      if (failing.length > 0)
        console.info(`    ${url}: failing audits: ${failing.map((a) => a.id).join(', ')}`);
    }
  } finally {
    chrome.kill();
  }
  return scores;
}
