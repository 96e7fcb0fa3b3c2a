// Web budgets: JavaScript sent for the home page (gzipped, 120 KB) and Lighthouse mobile
// scores for the home, a downloader and a converter page (performance >= 90, accessibility >= 95,
// SEO 100). Expects a fresh build (npm run bench builds first).
import path from 'node:path';
import { startServer } from '../../e2e/support/server';
import { lighthouseScores, type LighthouseScores } from './web-lighthouse';
import { pageScripts } from './web-size';

const distDir = path.resolve(import.meta.dirname, '../../apps/web/dist');
const homeBudgetKb = 120;
const minimum: LighthouseScores = { performance: 90, accessibility: 95, seo: 100 };
const pages = ['/', '/youtube-downloader', '/png-converter'];

const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER BUDGET');

export async function runWebBenchmarks(): Promise<boolean> {
  console.info('\n== web: JavaScript for the home page (gzipped)');
  const scripts = pageScripts(distDir);
  for (const s of scripts)
    console.info(
      `    ${s.file}: ${(s.gzipBytes / 1024).toFixed(1)} KB gzipped (${(s.bytes / 1024).toFixed(1)} KB raw)`,
    );
  const totalKb = scripts.reduce((sum, s) => sum + s.gzipBytes, 0) / 1024;
  const sizeOk = totalKb <= homeBudgetKb;
  console.info(
    `  home page JavaScript: ${totalKb.toFixed(1)} KB gzipped, budget ${homeBudgetKb} KB: ${verdict(sizeOk)}`,
  );

  console.info('\n== web: Lighthouse (mobile)');
  const server = await startServer();
  let scoresOk = true;
  try {
    // "localhost": the prerendered canonical links name it, and Lighthouse checks they match.
    const origin = `http://localhost:${server.port}`;
    const scores = await lighthouseScores(pages.map((p) => `${origin}${p}`));
    for (const [url, s] of scores) {
      const ok =
        s.performance >= minimum.performance &&
        s.accessibility >= minimum.accessibility &&
        s.seo >= minimum.seo;
      scoresOk &&= ok;
      console.info(
        `  ${url.slice(origin.length)}: performance ${s.performance}, accessibility ${s.accessibility}, SEO ${s.seo}: ${verdict(ok)}`,
      );
    }
  } finally {
    await server.stop();
  }
  console.info(
    `  budgets (performance >= ${minimum.performance}, accessibility >= ${minimum.accessibility}, SEO ${minimum.seo}): ${verdict(scoresOk)}`,
  );
  return sizeOk && scoresOk;
}

// Run on its own: tsx bench/src/web-bench.ts
if (import.meta.url === `file://${process.argv[1]}`) await runWebBenchmarks();
