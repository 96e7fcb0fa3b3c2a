// Lighthouse (mobile, its default) in Debian's Chromium against the real server. One score moves by
// several points from run to run on a shared machine (86 to 97 for one page, one build, here), and
// the browser's first page pays for its own start, so each page's score is the median of five runs
// after one uncounted warm-up load: Lighthouse's documentation on variability says the median of
// five runs is about twice as stable as one run.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../../e2e/support/chromium';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  seo: number;
}

const score = (value: number | null | undefined): number => Math.round((value ?? 0) * 100);

const runsPerPage = 5;

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function lighthouseScores(urls: readonly string[]): Promise<Map<string, LighthouseScores>> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  const scores = new Map<string, LighthouseScores>();
  try {
    const audit = (url: string) =>
      lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'seo'],
      });
    if (urls[0]) await audit(urls[0]);
    for (const url of urls) {
      const runs: Awaited<ReturnType<typeof audit>>[] = [];
      // A run Lighthouse could not finish (no score, its runtime error said) is run again, at most twice.
      for (let tries = 0; runs.length < runsPerPage && tries < runsPerPage + 2; tries += 1) {
        const run = await audit(url);
        if (run?.lhr.categories.performance?.score != null) runs.push(run);
        else console.info(`    ${url}: a run gave no score (${run?.lhr.runtimeError?.code ?? 'no answer'})`);
      }
      const of = (name: 'performance' | 'accessibility' | 'seo') =>
        median(runs.map((run) => score(run?.lhr.categories[name]?.score)));
      scores.set(url, { performance: of('performance'), accessibility: of('accessibility'), seo: of('seo') });
      // The metrics behind the score (medians), so a low score says what to work on.
      const metric = (id: string) =>
        Math.round(median(runs.map((run) => run?.lhr.audits[id]?.numericValue ?? 0)));
      console.info(
        `    ${url}: performance ${runs.map((run) => score(run?.lhr.categories.performance?.score)).join(', ')} in ${runsPerPage} runs; median first paint ${metric('first-contentful-paint')} ms, largest paint ${metric('largest-contentful-paint')} ms, total blocking ${metric('total-blocking-time')} ms`,
      );
      const result = runs[runs.length - 1];
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
